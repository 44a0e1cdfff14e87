import { decodeTextFile, encodingNames, type DecodedText, type TextEncoding } from '../../contracts/text-files.js';

/** A chosen file that no encoding the imports read makes sense of; the message says how to save it. */
export class TextFileRefused extends Error {}

/**
 * A text file chosen by a person, decoded by the same step the server's imports use
 * (`contracts/text-files.ts`): UTF-8 with or without its byte-order mark, UTF-16, or the
 * Windows-1252 or Windows-1256 a spreadsheet on Windows writes for "CSV (Comma delimited)". Reading
 * such a file as UTF-8 would turn every accented or Arabic letter into "�".
 */
export async function readTextFile(file: Blob): Promise<string> {
  return (await readTextFileWithEncoding(file)).text;
}

export async function readTextFileWithEncoding(file: Blob): Promise<DecodedText> {
  const decoded = decodeTextFile(new Uint8Array(await file.arrayBuffer()));
  if ('error' in decoded) throw new TextFileRefused(decoded.error);
  return decoded;
}

/** How a preview names the encoding a file was read in ("Windows-1252 (Western European)"). */
export const encodingName = (encoding: string) => encodingNames[encoding as TextEncoding] ?? encoding;
