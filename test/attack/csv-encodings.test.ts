import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInCaseAdmin, type AdminHeaders } from '../factories/cases.js';
import { createTestApp, type TestApp } from '../test-app.js';

/**
 * The case import reads the bytes it is sent through the imports' one decoding step: never imported
 * as "�"; Windows-1252 (Excel's "CSV (Comma delimited)") and UTF-16 with or without its mark are
 * recognised, a declared charset is used, and bytes that are none of these are refused naming the line.
 */
describe('case CSV import: encodings', () => {
  let t: TestApp;
  let headers: AdminHeaders;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp();
    headers = (await signInCaseAdmin(t)).headers;
  });
  afterAll(() => t.close());

  const csv = (name: string) =>
    `case_number,passport_number,client_name\nENC-${Date.now()}-${++counter},P-${counter},Anna\nENC-${Date.now()}-${++counter},P-${counter},${name}\n`;
  const upload = (payload: Buffer, contentType = 'text/csv') =>
    t.app.inject({
      method: 'POST',
      url: '/api/caseadmin/cases/import',
      headers: { ...headers, 'content-type': contentType },
      payload,
    });
  const clientNames = async () =>
    (await t.database.pool.query<{ client_name: string }>(`SELECT client_name FROM cases ORDER BY id`)).rows.map(
      (row) => row.client_name,
    );

  it('when a Windows-1252 file is sent without a charset, then it imports with its letters; bytes no encoding explains are refused naming the line, and nothing is imported', async () => {
    const latin = await upload(Buffer.from(csv('Jürgen Weiß'), 'latin1'));
    expect(latin.statusCode, latin.body).toBe(200);
    expect(await clientNames()).toContain('Jürgen Weiß');

    const before = await clientNames();
    const broken = Buffer.concat([Buffer.from(csv('Anna'), 'utf8'), Buffer.from([0xc3, 0x28, 0x01, 0x0a])]);
    const response = await upload(broken);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toMatch(/^Line 4 is not UTF-8 text.*CSV UTF-8/);
    expect(await clientNames()).toEqual(before);
  });

  it('when the request declares charset=iso-8859-1, then the Latin-1 file imports with its letters', async () => {
    const response = await upload(Buffer.from(csv('Jürgen Müller'), 'latin1'), 'text/csv; charset=iso-8859-1');
    expect(response.statusCode, response.body).toBe(200);
    expect(await clientNames()).toContain('Jürgen Müller');
  });

  it('when a UTF-16 file is sent, with its byte-order mark or without (as some tools save it), then it imports as written', async () => {
    const text = csv('Zoë Ångström');
    const withMark = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const imported = await upload(withMark);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await clientNames()).toContain('Zoë Ångström');

    const withoutMark = await upload(Buffer.from(csv('Zoë Brontë'), 'utf16le'));
    expect(withoutMark.statusCode, withoutMark.body).toBe(200);
    expect(await clientNames()).toContain('Zoë Brontë');
  });

  it('when a charset nobody knows is declared, then the answer says so', async () => {
    const response = await upload(Buffer.from(csv('Anna')), 'text/csv; charset=x-no-such-charset');
    expect(response.statusCode).toBe(415);
    expect(response.json<{ error: string }>().error).toMatch(/x-no-such-charset is not supported/);
  });

  it('when a UTF-8 file with accents is sent, then it imports as it is', async () => {
    const response = await upload(Buffer.from(csv('Jürgen Ä'), 'utf8'));
    expect(response.statusCode, response.body).toBe(200);
    expect(await clientNames()).toContain('Jürgen Ä');
  });
});
