import { describe, expect, it } from 'vitest';
import { readTextFile } from '../../web/lib/text-file.js';

describe('reading a chosen CSV file in the browser', () => {
  const csv = 'client_name\nZoë Brontë\n';

  it('when the file is UTF-8, with or without its byte-order mark, then the text is as written', async () => {
    expect(await readTextFile(new Blob([csv]))).toBe(csv);
    expect(await readTextFile(new Blob([new Uint8Array([0xef, 0xbb, 0xbf]), csv]))).toBe(csv);
  });

  it('when a spreadsheet saved it as Windows-1252, then accented letters survive instead of becoming "�"', async () => {
    const latin = Uint8Array.from(csv, (character) => character.charCodeAt(0));
    expect(await readTextFile(new Blob([latin]))).toBe(csv);
  });

  it('when it is UTF-16 with a byte-order mark, then it is decoded as UTF-16', async () => {
    const little = new Uint8Array([
      0xff,
      0xfe,
      ...Array.from(csv).flatMap((character) => [character.charCodeAt(0), 0]),
    ]);
    expect(await readTextFile(new Blob([little]))).toBe(csv);
    const big = new Uint8Array([0xfe, 0xff, ...Array.from(csv).flatMap((character) => [0, character.charCodeAt(0)])]);
    expect(await readTextFile(new Blob([big]))).toBe(csv);
  });
});
