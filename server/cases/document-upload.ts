import { fileTypeFromBuffer } from 'file-type';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { DOCUMENT_FILE_FIELD, documentFileTypes, type DocumentFileType } from '../../contracts/case-documents.js';
import { AppError } from '../platform/errors.js';
import { fileTooLarge, formRefusal, savePartToFile } from '../platform/form-upload.js';

export type ReceivedDocument = { path: string; size: number; type: DocumentFileType };

export const DOCUMENT_REFUSAL = 'Please choose a PDF or a photo (JPEG, PNG or WebP).';

/**
 * Reads a multipart form with one file field, `file`, into a temporary file, counting bytes and
 * judging the type from the first bytes (a renamed .exe is not a PDF). Over the limit: 413 and
 * nothing kept; another type: 400. The caller stores the file and removes the temporary one.
 */
export async function receiveDocument(
  request: FastifyRequest,
  options: { maxBytes: number; tmpDir: string },
): Promise<ReceivedDocument> {
  if (!request.isMultipart()) throw new AppError(400, 'Send the document as multipart/form-data', undefined);
  let received: ReceivedDocument | undefined;
  const temporary: string[] = [];
  try {
    const parts = request.parts({
      limits: { fileSize: options.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (part.fieldname !== DOCUMENT_FILE_FIELD)
        throw new AppError(400, `Send the document in the field "${DOCUMENT_FILE_FIELD}"`);
      const path = join(options.tmpDir, `pathway-document-${randomBytes(12).toString('hex')}`);
      temporary.push(path);
      const { size, head } = await savePartToFile(part, path);
      if (part.file.truncated) throw fileTooLarge(options.maxBytes);
      if (size === 0) throw new AppError(400, 'The file is empty.');
      const detected = await fileTypeFromBuffer(head);
      const type = documentFileTypes.find((accepted) => accepted === detected?.mime);
      if (!type) throw new AppError(400, DOCUMENT_REFUSAL);
      received = { path, size, type };
    }
    if (!received) throw new AppError(400, 'Choose a file to send.');
    return received;
  } catch (error) {
    await Promise.all(temporary.map((path) => rm(path, { force: true })));
    throw formRefusal(error, options.maxBytes) ?? error;
  }
}

export const extensionOf: Record<DocumentFileType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
