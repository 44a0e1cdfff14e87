import type { FileHandle } from 'node:fs/promises';

/** A photo or video that cannot be read whole: cut off, or not what its first bytes say. The message is for the log. */
export class DamagedMedia extends Error {}

const ZEROS = Buffer.alloc(64 * 1024);

/** Overwrites `[start, end)` of an open file with zeros. */
export async function zeroRange(file: FileHandle, start: number, end: number): Promise<void> {
  for (let at = start; at < end; at += ZEROS.length) {
    await file.write(ZEROS, 0, Math.min(ZEROS.length, end - at), at);
  }
}
