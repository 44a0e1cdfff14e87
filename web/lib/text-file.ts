/**
 * A text file chosen by a person, decoded the way it was most likely saved: UTF-8 (with or without
 * its byte-order mark), UTF-16 when it starts with that byte-order mark, and otherwise Windows-1252,
 * which is what spreadsheet programs on Windows write for "CSV (Comma delimited)". Reading such a
 * file as UTF-8 would turn every accented letter into "�".
 */
export async function readTextFile(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
