import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readOptionsCell, writeOptionsCell } from '../../contracts/lms-constants.js';
import { decodeTextFile, detectSeparator } from '../../contracts/text-files.js';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../fixtures/spreadsheets/${name}`, import.meta.url)));

describe('the one decoding step every import uses', () => {
  const text = 'client_name\nJürgen Müller – Zoë\n';

  it('when a file is UTF-8, with or without its byte-order mark, then it reads as written', () => {
    expect(decodeTextFile(new TextEncoder().encode(text))).toEqual({ text, encoding: 'utf-8' });
    expect(decodeTextFile(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]))).toEqual({
      text,
      encoding: 'utf-8',
    });
  });

  it('when a file is UTF-16, little or big endian, with or without its mark, then it reads as written', () => {
    const units = Array.from(text).map((c) => c.charCodeAt(0));
    const le = units.flatMap((u) => [u & 0xff, u >> 8]);
    const be = units.flatMap((u) => [u >> 8, u & 0xff]);
    expect(decodeTextFile(new Uint8Array([0xff, 0xfe, ...le]))).toEqual({ text, encoding: 'utf-16le' });
    expect(decodeTextFile(new Uint8Array([0xfe, 0xff, ...be]))).toEqual({ text, encoding: 'utf-16be' });
    expect(decodeTextFile(new Uint8Array(le))).toEqual({ text, encoding: 'utf-16le' });
    expect(decodeTextFile(new Uint8Array(be))).toEqual({ text, encoding: 'utf-16be' });
  });

  it('when Excel saved "CSV (Comma delimited)" on Western or Arabic Windows, then the single-byte encoding is recognised', () => {
    expect(decodeTextFile(fixture('questions-excel-windows-1252.csv'))).toMatchObject({ encoding: 'windows-1252' });
    const latin = decodeTextFile(fixture('cases-excel-windows-1252.csv'));
    expect(latin).toMatchObject({ encoding: 'windows-1252', text: expect.stringContaining('Jürgen Müller') });
    const arabic = decodeTextFile(fixture('cases-excel-windows-1256.csv'));
    expect(arabic).toMatchObject({ encoding: 'windows-1256', text: expect.stringContaining('محمد عبد الله') });
  });

  it('when bytes are neither UTF-8 nor a believable single-byte text, then the refusal names the line and how to save the file', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('a,b\nok,fine\n'), 0xc3, 0x28, 0x01, 0x0a]);
    const refused = decodeTextFile(bytes);
    expect(refused).toMatchObject({ line: 3, error: expect.stringMatching(/^Line 3 is not UTF-8 text.*CSV UTF-8/) });
  });

  it('when the sender declares a charset, then it is used; an unknown one is refused by name', () => {
    const latin1 = new Uint8Array(Array.from('Jürgen', (c) => c.charCodeAt(0)));
    expect(decodeTextFile(latin1, 'iso-8859-1')).toEqual({ text: 'Jürgen', encoding: 'windows-1252' });
    expect(decodeTextFile(latin1, 'x-no-such-charset')).toMatchObject({
      error: expect.stringContaining('x-no-such-charset is not supported'),
    });
  });
});

describe('the separator, from the header', () => {
  it('when the header is separated by commas, semicolons or tabs, then that is the separator; quoted ones do not count', () => {
    expect(detectSeparator('question,question_type,options\n"a;b;c;d",x,y')).toBe(',');
    expect(detectSeparator('passport_number;client_name;"a,b"\r\n1;2;3')).toBe(';');
    expect(detectSeparator('question\tquestion_type\toptions\n')).toBe('\t');
    expect(detectSeparator('question\n')).toBe(',');
  });
});

describe('the options cell', () => {
  it('when options are one per line, then commas stay inside them; a line-less cell is read the old way, quotes keeping commas', () => {
    expect(readOptionsCell('50,000 IU\r\n10,000 IU\n\n400 IU ')).toEqual(['50,000 IU', '10,000 IU', '400 IU']);
    expect(readOptionsCell('14G, 18G,, 22G')).toEqual(['14G', '18G', '22G']);
    expect(readOptionsCell('"50,000 IU", 400 IU, "say ""when"""')).toEqual(['50,000 IU', '400 IU', 'say "when"']);
    expect(readOptionsCell('5" needle, 3" needle')).toEqual(['5" needle', '3" needle']);
    const options = ['Upright, leaning forward', 'Supine, flat', '"Quoted"'];
    expect(readOptionsCell(writeOptionsCell(options))).toEqual(options);
  });
});
