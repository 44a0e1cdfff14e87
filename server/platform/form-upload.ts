import type { MultipartFile } from '@fastify/multipart';
import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { tooLargeRefusal } from '../../contracts/media-constants.js';
import { AppError } from './errors.js';

/*
 * What every upload form shares (the network's media, a case's documents): a file part written to
 * an owner-only temporary file while its bytes are counted and its first bytes kept for judging
 * the type by content, and the multipart parser's refusals told as sentences.
 */

// How many leading bytes type detection looks at (file-type's own sample size).
const SNIFF_BYTES = 4100;

/** Streams a file part to `path` (mode 0600: an upload may be personal, the temporary folder is shared). */
export async function savePartToFile(part: MultipartFile, path: string): Promise<{ size: number; head: Buffer }> {
  let size = 0;
  const chunks: Buffer[] = [];
  let sniffed = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (sniffed < SNIFF_BYTES) {
        chunks.push(chunk.subarray(0, SNIFF_BYTES - sniffed));
        sniffed += Math.min(chunk.length, SNIFF_BYTES - sniffed);
      }
      callback(null, chunk);
    },
  });
  await pipeline(part.file, counter, createWriteStream(path, { mode: 0o600 }));
  return { size, head: Buffer.concat(chunks) };
}

export function fileTooLarge(maxBytes: number): AppError {
  return new AppError(413, tooLargeRefusal(maxBytes));
}

export const MALFORMED_FORM_MESSAGE = 'The form could not be read. Please try again.';

// The parser's own texts ("reach files limit") and its 413s are not for people.
const formRefusals: Partial<Record<string, string>> = {
  FST_FILES_LIMIT: 'Attach one file only.',
  FST_FIELDS_LIMIT: 'The form has too many fields.',
  FST_PARTS_LIMIT: 'The form has too many fields.',
  FST_PROTO_VIOLATION: MALFORMED_FORM_MESSAGE,
};

// The parser's own errors (a cut-off body, a missing or wrong boundary) are the client's, not ours.
const MALFORMED_FORM =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data)$/;

/** The client's mistake behind a failed form read, as the error to answer; undefined when it is not the client's. */
export function formRefusal(error: unknown, maxBytes: number): AppError | undefined {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge(maxBytes);
  const refusal = code === undefined ? undefined : formRefusals[code];
  if (refusal) return new AppError(400, refusal);
  if (error instanceof Error && MALFORMED_FORM.test(error.message)) return new AppError(400, MALFORMED_FORM_MESSAGE);
  return undefined;
}
