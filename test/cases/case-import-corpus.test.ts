import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, signInCaseAdmin, type AdminHeaders } from '../factories/cases.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * The case import against files as spreadsheet programs save them (test/fixtures/spreadsheets):
 * every encoding, separator and trailing empty column is read as the program meant it.
 */

const fixture = (name: string) => readFileSync(new URL(`../fixtures/spreadsheets/${name}`, import.meta.url));

describe('case CSV files as spreadsheet programs save them', () => {
  let t: TestApp;
  let headers: AdminHeaders;
  beforeAll(async () => {
    t = await createTestApp();
    headers = (await signInCaseAdmin(t)).headers;
    await createService(t, headers, ['Submitted', 'Approved'], 'Licensing');
  });
  afterAll(() => t.close());

  const importFile = (payload: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/caseadmin/cases/import',
      headers: { ...headers, 'content-type': 'text/csv' },
      payload,
    });
  const casesOf = async (passports: string[]) =>
    (
      await t.database.pool.query<{ passport_number: string; client_name: string; client_email: string | null }>(
        `SELECT passport_number, client_name, client_email FROM cases WHERE passport_number = ANY($1) ORDER BY id`,
        [passports],
      )
    ).rows;
  const forget = (passports: string[]) =>
    t.database.pool.query(`DELETE FROM cases WHERE passport_number = ANY($1)`, [passports]);

  const latin = [
    { passport_number: 'P1234567', client_name: 'Jürgen Müller', client_email: 'jurgen@example.de' },
    { passport_number: 'X7654321', client_name: 'Zoë Ångström', client_email: null },
  ];
  const unicode = [
    ...latin,
    { passport_number: 'A9988776', client_name: 'محمد عبد الله', client_email: 'mohammed@example.sa' },
    { passport_number: 'H1122334', client_name: 'प्रिया शर्मा', client_email: null },
  ];
  const arabic = [
    { passport_number: 'A9988776', client_name: 'محمد عبد الله', client_email: null },
    { passport_number: 'A5566778', client_name: 'فاطمة الزهراء', client_email: null },
  ];

  it.each([
    ['cases-excel-windows-1252.csv', latin],
    ['cases-excel-semicolon-1252.csv', latin],
    ['cases-excel-windows-1256.csv', arabic],
    ['cases-excel-unicode-text.txt', unicode],
    ['cases-excel-utf8-bom.csv', unicode],
    ['cases-libreoffice.csv', unicode],
  ] as const)('when %s is imported, then every case is stored with its names as written', async (name, expected) => {
    const passports = expected.map((c) => c.passport_number);
    await forget(passports);
    const response = await importFile(fixture(name));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imported: expected.length });
    expect(await casesOf(passports)).toEqual(expected);
  });

  it('when the case list is exported, then it starts with a byte-order mark so Excel reads the Arabic and Hindi names', async () => {
    const exported = await t.app.inject({ method: 'GET', url: '/api/caseadmin/cases/export', headers });
    expect(exported.statusCode).toBe(200);
    expect([...exported.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(exported.rawPayload.toString('utf8')).toContain('प्रिया शर्मा');
  });
});
