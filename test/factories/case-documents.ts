import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { ChecklistItem, ServiceDocument } from '../../contracts/case-documents.js';
import type { TestApp } from '../test-app.js';
import type { AdminHeaders } from './cases.js';
import { multipartBody, tinyPng } from './network.js';

export { tinyPng };

/** A small PDF: file-type knows one by its `%PDF-` start. */
export const tinyPdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

export async function defineDocument(
  t: TestApp,
  headers: AdminHeaders,
  serviceId: number,
  name: string,
  extra: { description?: string; required?: boolean } = {},
): Promise<ServiceDocument> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/caseadmin/services/${serviceId}/documents`,
    headers,
    payload: { name, ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ServiceDocument>();
}

/** Sends a file as staff; the answer is returned as it is, for tests of refusals. */
export function sendDocumentAsStaff(
  t: TestApp,
  headers: AdminHeaders,
  caseId: number,
  documentId: number,
  data: Buffer,
  filename = 'passport.png',
  field = 'file',
) {
  const form = multipartBody([{ name: field, filename, contentType: 'application/octet-stream', data }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/caseadmin/cases/${caseId}/documents/${documentId}`,
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

export async function sentDocument(
  t: TestApp,
  headers: AdminHeaders,
  caseId: number,
  documentId: number,
  data: Buffer = tinyPng,
): Promise<ChecklistItem> {
  const response = await sendDocumentAsStaff(t, headers, caseId, documentId, data);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ChecklistItem>();
}

export async function checklistOf(t: TestApp, headers: AdminHeaders, caseId: number): Promise<ChecklistItem[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/caseadmin/cases/${caseId}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ documents: ChecklistItem[] }>().documents;
}

/** The files a case has in local storage (DATA_DIR/case-documents/{caseId}). */
export async function storedFilesOf(t: TestApp, caseId: number): Promise<string[]> {
  try {
    return await readdir(join(t.config.dataDir, 'case-documents', String(caseId)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
