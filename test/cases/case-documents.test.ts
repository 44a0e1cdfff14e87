import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChecklistItem, ReviewQueueItem, ServiceDocument } from '../../contracts/case-documents.js';
import { createCase, createService, signInCaseAdmin, type AdminHeaders } from '../factories/cases.js';
import {
  checklistOf,
  defineDocument,
  sendDocumentAsStaff,
  sentDocument,
  storedFilesOf,
  tinyPdf,
  tinyPng,
} from '../factories/case-documents.js';
import { waitForLockWaits } from '../support/lock-waits.js';
import { createTestApp, type TestApp } from '../test-app.js';

const HOUR = 60 * 60 * 1000;

describe('case documents', () => {
  let t: TestApp;
  let headers: AdminHeaders;

  beforeAll(async () => {
    t = await createTestApp({ CASE_DOCUMENT_MAX_BYTES: String(64 * 1024) });
    headers = (await signInCaseAdmin(t)).headers;
  });
  afterAll(() => t.close());

  const review = (id: number, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/caseadmin/documents/${id}/review`, headers, payload });
  const events = async (caseId: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/caseadmin/cases/${caseId}`, headers })).json<{
      events: { kind: string; summary: string; changedBy: string }[];
    }>().events;

  describe('definitions', () => {
    it('when staff add documents to a service, then the service lists them in order with their description and whether required', async () => {
      const service = await createService(t, headers);
      await defineDocument(t, headers, service.id, 'Passport copy', { description: 'The photo page, in colour' });
      await defineDocument(t, headers, service.id, 'Reference letter', { required: false });
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/caseadmin/services/${service.id}/documents`,
        headers,
      });
      expect(response.statusCode).toBe(200);
      expect(
        response.json<ServiceDocument[]>().map(({ name, description, required }) => ({ name, description, required })),
      ).toEqual([
        { name: 'Passport copy', description: 'The photo page, in colour', required: true },
        { name: 'Reference letter', description: null, required: false },
      ]);
    });

    it('when a name is missing, repeated, or the service unknown, then 4xx with a sentence and nothing is added', async () => {
      const service = await createService(t, headers);
      await defineDocument(t, headers, service.id, 'Passport copy');
      const post = (serviceId: number, payload: object) =>
        t.app.inject({ method: 'POST', url: `/api/caseadmin/services/${serviceId}/documents`, headers, payload });
      const blank = await post(service.id, { name: '  ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toMatchObject({ field: 'name' });
      expect((await post(service.id, { name: 'X', status: 'accepted' })).statusCode).toBe(400);
      expect((await post(service.id, { name: 'X', required: 'yes' })).statusCode).toBe(400);
      const twice = await post(service.id, { name: 'Passport copy' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({
        error: 'This service already asks for a document named "Passport copy"',
        field: 'name',
      });
      expect((await post(999_999, { name: 'Lost' })).statusCode).toBe(404);
      const listed = await t.app.inject({
        method: 'GET',
        url: `/api/caseadmin/services/${service.id}/documents`,
        headers,
      });
      expect(listed.json<ServiceDocument[]>().map((d) => d.name)).toEqual(['Passport copy']);
    });

    it('when staff edit and remove a definition, then the service lists the change; a definition some case has sent is kept with 409', async () => {
      const service = await createService(t, headers);
      const passport = await defineDocument(t, headers, service.id, 'Passport');
      const letter = await defineDocument(t, headers, service.id, 'Letter');
      const edited = await t.app.inject({
        method: 'PATCH',
        url: `/api/caseadmin/service-documents/${letter.id}`,
        headers,
        payload: { name: 'Employer letter', required: false, description: 'Signed' },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ name: 'Employer letter', required: false, description: 'Signed' });
      expect(
        (
          await t.app.inject({
            method: 'PATCH',
            url: `/api/caseadmin/service-documents/${letter.id}`,
            headers,
            payload: {},
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (
          await t.app.inject({
            method: 'PATCH',
            url: `/api/caseadmin/service-documents/${letter.id}`,
            headers,
            payload: { name: 'Passport' },
          })
        ).statusCode,
      ).toBe(409);

      const applicant = await createCase(t, headers, { serviceIds: [service.id] });
      await sentDocument(t, headers, applicant.id, passport.id);
      const refused = await t.app.inject({
        method: 'DELETE',
        url: `/api/caseadmin/service-documents/${passport.id}`,
        headers,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('1 case(s) have sent this document; it cannot be removed');
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/caseadmin/service-documents/${letter.id}`, headers }))
          .statusCode,
      ).toBe(204);
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/caseadmin/service-documents/${letter.id}`, headers }))
          .statusCode,
      ).toBe(404);
      const listed = await t.app.inject({
        method: 'GET',
        url: `/api/caseadmin/services/${service.id}/documents`,
        headers,
      });
      expect(listed.json<ServiceDocument[]>().map((d) => d.name)).toEqual(['Passport']);
    });
  });

  describe('checklist, files and review', () => {
    it("when a case has services that need documents, then its details list each as requested, and only its own services' documents", async () => {
      const visa = await createService(t, headers, ['Filed']);
      const other = await createService(t, headers, ['Filed']);
      await defineDocument(t, headers, visa.id, 'Passport copy', { description: 'Photo page' });
      await defineDocument(t, headers, other.id, 'Not this one');
      const applicant = await createCase(t, headers, { serviceIds: [visa.id] });
      expect(await checklistOf(t, headers, applicant.id)).toEqual([
        expect.objectContaining({
          id: null,
          name: 'Passport copy',
          description: 'Photo page',
          serviceName: visa.name,
          required: true,
          status: 'requested',
          reason: null,
          uploadedAt: null,
        }),
      ]);
    });

    it('when staff send a photo, then the item is uploaded, the history says so, the file reads back as sent and the queue lists it', async () => {
      const service = await createService(t, headers, ['Filed']);
      const passport = await defineDocument(t, headers, service.id, 'Passport copy');
      const applicant = await createCase(t, headers, { serviceIds: [service.id] });
      const item = await sentDocument(t, headers, applicant.id, passport.id, tinyPng);
      expect(item).toMatchObject({
        status: 'uploaded',
        contentType: 'image/png',
        size: tinyPng.length,
        uploadedAt: t.clock.now().toISOString(),
      });
      expect(item.id).toEqual(expect.any(Number));
      expect(await checklistOf(t, headers, applicant.id)).toEqual([item]);
      expect(await events(applicant.id)).toContainEqual(
        expect.objectContaining({
          kind: 'document uploaded',
          summary: `Passport copy (${service.name}) sent by ${(await t.tokens.verify(headers.authorization.slice(7), 'caseadmin')).email}`,
        }),
      );

      const file = await t.app.inject({ method: 'GET', url: `/api/caseadmin/documents/${item.id}/file`, headers });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(file.headers['content-disposition']).toBe('inline; filename="Passport-copy.png"');
      expect(file.rawPayload.equals(tinyPng)).toBe(true);
      expect(await storedFilesOf(t, applicant.id)).toHaveLength(1);

      const queue = await t.app.inject({ method: 'GET', url: '/api/caseadmin/documents?pageSize=100', headers });
      expect(queue.json<ReviewQueueItem[]>()).toContainEqual(
        expect.objectContaining({
          id: item.id,
          caseNumber: applicant.case_number,
          name: 'Passport copy',
          serviceName: service.name,
        }),
      );
    });

    it('when the file is not a PDF or an image by its content, is empty, too large or in another field, then 4xx and nothing is stored', async () => {
      const service = await createService(t, headers, ['Filed']);
      const passport = await defineDocument(t, headers, service.id, 'Passport copy');
      const applicant = await createCase(t, headers, { serviceIds: [service.id] });
      const script = await sendDocumentAsStaff(
        t,
        headers,
        applicant.id,
        passport.id,
        Buffer.from('#!/bin/sh\necho pwned\n'),
        'passport.pdf',
      );
      expect(script.statusCode).toBe(400);
      expect(script.json().error).toBe('Please choose a PDF or a photo (JPEG, PNG or WebP).');
      expect((await sendDocumentAsStaff(t, headers, applicant.id, passport.id, Buffer.alloc(0))).statusCode).toBe(400);
      expect(
        (await sendDocumentAsStaff(t, headers, applicant.id, passport.id, tinyPng, 'a.png', 'photo')).statusCode,
      ).toBe(400);
      const huge = await sendDocumentAsStaff(
        t,
        headers,
        applicant.id,
        passport.id,
        Buffer.concat([tinyPdf, Buffer.alloc(65 * 1024, 32)]),
      );
      expect(huge.statusCode).toBe(413);
      expect(huge.json().error).toBe('The file is too large. The limit is 0.1 MB.');
      const json = await t.app.inject({
        method: 'POST',
        url: `/api/caseadmin/cases/${applicant.id}/documents/${passport.id}`,
        headers,
        payload: { file: 'x' },
      });
      expect(json.statusCode).toBe(400);
      expect((await checklistOf(t, headers, applicant.id))[0]).toMatchObject({ status: 'requested', id: null });
      expect(await storedFilesOf(t, applicant.id)).toEqual([]);
    });

    it('when a document belongs to a service the case does not have, or the case is unknown, then 404 and nothing is stored', async () => {
      const mine = await createService(t, headers, ['Filed']);
      const theirs = await createService(t, headers, ['Filed']);
      const foreign = await defineDocument(t, headers, theirs.id, 'Degree');
      const applicant = await createCase(t, headers, { serviceIds: [mine.id] });
      expect((await sendDocumentAsStaff(t, headers, applicant.id, foreign.id, tinyPng)).statusCode).toBe(404);
      expect((await sendDocumentAsStaff(t, headers, 999_999, foreign.id, tinyPng)).statusCode).toBe(404);
      expect(await storedFilesOf(t, applicant.id)).toEqual([]);
    });

    it('when staff reject without a reason, then 400; with one, the item says why, a new file replaces the old and waits again, and an accepted one is final', async () => {
      const service = await createService(t, headers, ['Filed']);
      const passport = await defineDocument(t, headers, service.id, 'Passport copy');
      const applicant = await createCase(t, headers, { serviceIds: [service.id] });
      const first = await sentDocument(t, headers, applicant.id, passport.id, tinyPng);
      const [firstFile] = await storedFilesOf(t, applicant.id);

      for (const payload of [
        { decision: 'rejected' },
        { decision: 'rejected', reason: '   ' },
        { decision: 'maybe' },
        { decision: 'accepted', note: 'x' },
      ]) {
        const refused = await review(first.id!, payload);
        expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect((await review(first.id!, { decision: 'rejected' })).json()).toMatchObject({
        error: expect.stringContaining('Say why the document is rejected'),
        field: 'reason',
      });
      expect((await checklistOf(t, headers, applicant.id))[0]!.status).toBe('uploaded');

      t.clock.advance(HOUR);
      const rejected = await review(first.id!, { decision: 'rejected', reason: 'The photo is blurred' });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json<ChecklistItem>()).toMatchObject({
        status: 'rejected',
        reason: 'The photo is blurred',
        reviewedAt: t.clock.now().toISOString(),
      });
      expect((await review(first.id!, { decision: 'accepted' })).statusCode).toBe(409);
      expect(await events(applicant.id)).toContainEqual(
        expect.objectContaining({
          kind: 'document reviewed',
          summary: `Passport copy (${service.name}) rejected: The photo is blurred`,
        }),
      );

      t.clock.advance(HOUR);
      const second = await sentDocument(t, headers, applicant.id, passport.id, tinyPdf);
      expect(second).toMatchObject({
        id: first.id,
        status: 'uploaded',
        reason: null,
        reviewedAt: null,
        contentType: 'application/pdf',
      });
      const files = await storedFilesOf(t, applicant.id);
      expect(files).toHaveLength(1);
      expect(files[0]).not.toBe(firstFile);
      expect(files[0]).toMatch(/\.pdf$/);

      const accepted = await review(first.id!, { decision: 'accepted' });
      expect(accepted.json<ChecklistItem>()).toMatchObject({ status: 'accepted', reason: null });
      const again = await sendDocumentAsStaff(t, headers, applicant.id, passport.id, tinyPng);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('Passport copy has already been accepted');
      expect(await storedFilesOf(t, applicant.id)).toEqual(files);
      expect((await review(424_242, { decision: 'accepted' })).statusCode).toBe(404);
    });

    it('when several documents wait, then the queue lists them oldest first, a page at a time, with the total, and leaves out reviewed ones', async () => {
      const queueApp = await createTestApp();
      try {
        const staff = (await signInCaseAdmin(queueApp)).headers;
        const service = await createService(queueApp, staff, ['Filed']);
        const passport = await defineDocument(queueApp, staff, service.id, 'Passport');
        const sent: ChecklistItem[] = [];
        for (let i = 0; i < 3; i++) {
          const applicant = await createCase(queueApp, staff, { serviceIds: [service.id] });
          sent.push(await sentDocument(queueApp, staff, applicant.id, passport.id));
          queueApp.clock.advance(-HOUR);
        }
        const page = async (query: string) => {
          const response = await queueApp.app.inject({
            method: 'GET',
            url: `/api/caseadmin/documents${query}`,
            headers: staff,
          });
          expect(response.statusCode, response.body).toBe(200);
          return {
            ids: response.json<ReviewQueueItem[]>().map((item) => item.id),
            total: response.headers['x-total-count'],
          };
        };
        // Sent later on the clock first: the last one sent is the oldest.
        expect(await page('?pageSize=2')).toEqual({ ids: [sent[2]!.id, sent[1]!.id], total: '3' });
        expect(await page('?pageSize=2&page=2')).toEqual({ ids: [sent[0]!.id], total: '3' });
        await queueApp.app.inject({
          method: 'POST',
          url: `/api/caseadmin/documents/${sent[1]!.id}/review`,
          headers: staff,
          payload: { decision: 'accepted' },
        });
        expect(await page('')).toEqual({ ids: [sent[2]!.id, sent[0]!.id], total: '2' });
        expect(
          (await queueApp.app.inject({ method: 'GET', url: '/api/caseadmin/documents?pageSize=1000', headers: staff }))
            .statusCode,
        ).toBe(400);
      } finally {
        await queueApp.close();
      }
    });

    it('when a case is deleted, then its files go with it', async () => {
      const service = await createService(t, headers, ['Filed']);
      const passport = await defineDocument(t, headers, service.id, 'Passport copy');
      const applicant = await createCase(t, headers, { serviceIds: [service.id] });
      await sentDocument(t, headers, applicant.id, passport.id);
      expect(await storedFilesOf(t, applicant.id)).toHaveLength(1);
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/caseadmin/cases/${applicant.id}`, headers })).statusCode,
      ).toBe(204);
      expect(await storedFilesOf(t, applicant.id)).toEqual([]);
    });

    it('when a file is recorded while its case is being deleted, then it goes with the case too', async () => {
      const service = await createService(t, headers, ['Filed']);
      const passport = await defineDocument(t, headers, service.id, 'Passport copy');
      const applicant = await createCase(t, headers, { serviceIds: [service.id] });
      // An upload holds the case's row while it records its file, as saveCaseDocument does.
      const upload = new pg.Client({ connectionString: t.databaseUrl });
      await upload.connect();
      try {
        await upload.query('BEGIN');
        await upload.query('SELECT id FROM cases WHERE id = $1 FOR UPDATE', [applicant.id]);
        const deleting = t.app.inject({ method: 'DELETE', url: `/api/caseadmin/cases/${applicant.id}`, headers });
        // The delete waits for the upload's lock.
        await waitForLockWaits(t, 1);
        const key = `case-documents/${applicant.id}/raced.png`;
        await mkdir(dirname(join(t.config.dataDir, key)), { recursive: true });
        await writeFile(join(t.config.dataDir, key), tinyPng);
        await upload.query(
          `INSERT INTO case_documents (case_id, service_document_id, status, storage_key, content_type, size, uploaded_at, uploaded_by)
           VALUES ($1, $2, 'uploaded', $3, 'image/png', $4, now(), 'applicant')`,
          [applicant.id, passport.id, key, tinyPng.length],
        );
        await upload.query('COMMIT');
        expect((await deleting).statusCode).toBe(204);
        expect(await storedFilesOf(t, applicant.id)).toEqual([]);
      } finally {
        await upload.end();
      }
    });
  });
});
