import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { readSheet as readSheetWith, SheetRefused, type Sheet, type SheetLimits } from '../../contracts/spreadsheet.js';
import { decodeTextFile, type DecodedText } from '../../contracts/text-files.js';
import { AppError, ImportRejected } from './errors.js';

export { cellsByName, type Sheet, type SheetLimits, type SheetRow } from '../../contracts/spreadsheet.js';

/*
 * The server's side of every spreadsheet import: the uploaded bytes decoded by the shared step
 * (`contracts/text-files.ts`) and the text read by the shared reader (`contracts/spreadsheet.ts`),
 * which the browser's preview runs too. Runs inside an import worker (`worker-task.ts`), never on
 * the event loop.
 */

/** The text of uploaded bytes, or a 400 (415 for a declared character set it does not read) saying how to save the file. */
export function decodeUpload(bytes: Uint8Array, charset?: string): DecodedText {
  const decoded = decodeTextFile(bytes, charset);
  if ('error' in decoded)
    throw new AppError(/^The character set .* is not supported/.test(decoded.error) ? 415 : 400, decoded.error);
  return decoded;
}

/**
 * The header and the rows of a CSV text (contracts/spreadsheet.ts, which the browser's import
 * preview runs too); a file refused whole is an ImportRejected (400) naming the row.
 */
export function readSheet(text: string, limits: SheetLimits): Sheet {
  try {
    return readSheetWith(parse, text, limits);
  } catch (error) {
    if (error instanceof SheetRefused) throw new ImportRejected(error.message, error.rows);
    throw error;
  }
}

/**
 * The body schema of a route that takes a file as its raw body (its content-type parser keeps the
 * bytes): the bytes go to the decoding step untouched; the API document calls them binary.
 */
export const uploadedFile = (error: string) =>
  z
    .custom<Buffer>((value) => Buffer.isBuffer(value), { error })
    .meta({ type: 'string', format: 'binary', description: 'The file as saved, in any encoding the import reads' });
