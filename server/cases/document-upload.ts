import { fileTypeFromBuffer } from 'file-type';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { DOCUMENT_FILE_FIELD, documentFileTypes, type DocumentFileType } from '../../contracts/case-documents.js';
import { AppError } from '../platform/errors.js';

// How many leading bytes the type detection looks at (file-type's own sample size).
const SNIFF_BYTES = 4100;

export type ReceivedDocument = { path: string; size: number; type: DocumentFileType };

export const DOCUMENT_REFUSAL = 'Please choose a PDF or a photo (JPEG, PNG or WebP).';
const MALFORMED = 'The form could not be read. Please try again.';

/**
 * Reads a multipart form with one file field, `file`, into a temporary file, counting bytes and
 * judging the type from the first bytes (a renamed .exe is not a PDF). Over the limit: 413 and
 * nothing kept; another type: 400. The caller stores the file and removes the temporary one.
 */
export async function receiveDocument(request: FastifyRequest, options: { maxBytes: number; tmpDir: string }): Promise<ReceivedDocument> {
  if (!request.isMultipart()) throw new AppError(400, 'Send the document as multipart/form-data', undefined);
  let received: ReceivedDocument | undefined;
  const temporary: string[] = [];
  try {
    const parts = request.parts({ limits: { fileSize: options.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (part.fieldname !== DOCUMENT_FILE_FIELD) throw new AppError(400, `Send the document in the field "${DOCUMENT_FILE_FIELD}"`);
      const path = join(options.tmpDir, `pathway-document-${randomBytes(12).toString('hex')}`);
      temporary.push(path);
      let size = 0;
      const head: Buffer[] = [];
      let sniffed = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (sniffed < SNIFF_BYTES) {
            head.push(chunk.subarray(0, SNIFF_BYTES - sniffed));
            sniffed += Math.min(chunk.length, SNIFF_BYTES - sniffed);
          }
          callback(null, chunk);
        },
      });
      // Owner-only: a passport scan is personal, and the temporary folder is shared.
      await pipeline(part.file, counter, createWriteStream(path, { mode: 0o600 }));
      if (part.file.truncated) throw tooLarge(options.maxBytes);
      if (size === 0) throw new AppError(400, 'The file is empty.');
      const detected = await fileTypeFromBuffer(Buffer.concat(head));
      const type = documentFileTypes.find((accepted) => accepted === detected?.mime);
      if (!type) throw new AppError(400, DOCUMENT_REFUSAL);
      received = { path, size, type };
    }
    if (!received) throw new AppError(400, 'Choose a file to send.');
    return received;
  } catch (error) {
    await Promise.all(temporary.map((path) => rm(path, { force: true })));
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(options.maxBytes);
    if (code === 'FST_FILES_LIMIT') throw new AppError(400, 'Send one file at a time.');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError(400, 'The form has too many fields.');
    if (code === 'FST_PROTO_VIOLATION') throw new AppError(400, MALFORMED);
    // The multipart parser's own errors (a cut-off body, a missing boundary) are the client's.
    if (error instanceof Error && !(error instanceof AppError) && /boundary|unexpected end of multipart/i.test(error.message)) throw new AppError(400, MALFORMED);
    throw error;
  }
}

function tooLarge(maxBytes: number): AppError {
  const megabytes = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
  return new AppError(413, `The file is too large. The limit is ${megabytes} MB.`);
}

export const extensionOf: Record<DocumentFileType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
