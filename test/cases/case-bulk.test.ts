import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importColumnLabels, type AdminCase, type CaseDetails, type Step } from '../../contracts/cases.js';
import {
  createCase,
  createService,
  getCase,
  signInCaseAdmin,
  snapshotCasesTables,
  type AdminHeaders,
} from '../factories/cases.js';
import { createTestApp, type TestApp } from '../test-app.js';

const csvHeaders = (headers: AdminHeaders) => ({ ...headers, 'content-type': 'text/csv' });

describe('cases in bulk: step explanations, applicant email, history, import, export, bulk step', () => {
  let t: TestApp;
  let headers: AdminHeaders;
  let adminEmail: string;

  beforeAll(async () => {
    t = await createTestApp({ CASE_LOOKUP_RATE_LIMIT: '1000' });
    const admin = await signInCaseAdmin(t);
    headers = admin.headers;
    adminEmail = admin.email;
  });
  afterAll(() => t.close());

  const importCsv = (csv: string) =>
    t.app.inject({ method: 'POST', url: '/api/caseadmin/cases/import', headers: csvHeaders(headers), payload: csv });

  describe('steps', () => {
    it('when a step is added with a description and expected days, then they are stored, listed, editable and public', async () => {
      const service = await createService(t, headers, []);
      const added = await t.app.inject({
        method: 'POST',
        url: `/api/caseadmin/services/${service.id}/steps`,
        headers,
        payload: { name: 'Filed', sequence: 1, description: 'We filed it.\nNothing to do.', expected_days: '4' },
      });
      expect(added.statusCode, added.body).toBe(201);
      const step = added.json<Step>();
      expect(step).toMatchObject({ description: 'We filed it.\nNothing to do.', expected_days: 4 });

      const patched = await t.app.inject({
        method: 'PATCH',
        url: `/api/caseadmin/steps/${step.id}`,
        headers,
        payload: { expected_days: 6, description: '' },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json<Step>()).toMatchObject({ description: null, expected_days: 6 });
      const listed = await t.app.inject({ method: 'GET', url: `/api/caseadmin/services/${service.id}/steps`, headers });
      expect(listed.json<Step[]>()[0]).toMatchObject({ name: 'Filed', description: null, expected_days: 6 });
    });

    it('when expected days are negative or not whole, or a patch is empty, then 400 and nothing changes', async () => {
      const service = await createService(t, headers, ['A']);
      const before = await snapshotCasesTables(t);
      for (const payload of [
        { name: 'B', sequence: 2, expected_days: -1 },
        { name: 'B', sequence: 2, expected_days: 1.5 },
        { name: 'B', sequence: 2, expected_days: 'soon' },
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/caseadmin/services/${service.id}/steps`,
          headers,
          payload,
        });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      }
      const empty = await t.app.inject({
        method: 'PATCH',
        url: `/api/caseadmin/steps/${service.steps[0]!.id}`,
        headers,
        payload: {},
      });
      expect(empty.statusCode).toBe(400);
      const unknown = await t.app.inject({
        method: 'PATCH',
        url: '/api/caseadmin/steps/2147483647',
        headers,
        payload: { expected_days: 1 },
      });
      expect(unknown.statusCode).toBe(404);
      expect(await snapshotCasesTables(t)).toEqual(before);
    });
  });

  describe('applicant email and history', () => {
    it('when a case is created with client_email and edited, then the email is kept lower-case and every change is in the history with who made it', async () => {
      const service = await createService(t, headers, ['A', 'B']);
      const created = await createCase(t, headers, { client_email: ' Ana@Example.TEST ', serviceIds: [1] });
      expect(created.client_email).toBe('ana@example.test');
      t.clock.advance(60_000);
      const edited = await t.app.inject({
        method: 'PUT',
        url: `/api/caseadmin/cases/${created.id}/services`,
        headers,
        payload: { serviceIds: [service.id], client_email: 'ana.new@example.test' },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json<AdminCase>().client_email).toBe('ana.new@example.test');

      const details = (await getCase(t, headers, created.id)) as unknown as CaseDetails;
      // Newest first. A changed applicant email ends the applicant's sign-ins, and says so even when none were open.
      expect(details.events.map((event) => [event.kind, event.summary, event.changedBy])).toEqual([
        [
          'applicant sign-ins ended',
          "Ended the applicant's sign-ins because the applicant email changed (0 signed in, 0 unused links)",
          adminEmail,
        ],
        ['case edited', 'Applicant email set to ana.new@example.test', adminEmail],
        ['services removed', 'Services removed: Documents Verification', adminEmail],
        ['services added', `Services added: ${service.name}`, adminEmail],
        ['case created', 'Case created with Documents Verification', adminEmail],
      ]);
    });

    it('when client_email is not an email, then 400 and nothing changes', async () => {
      const before = await snapshotCasesTables(t);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/caseadmin/cases',
        headers,
        payload: { passport_number: 'P', client_name: 'N', client_email: 'not-an-email' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string; field?: string }>()).toMatchObject({
        field: 'client_email',
        error: expect.stringMatching(/email/i),
      });
      expect(await snapshotCasesTables(t)).toEqual(before);
    });
  });

  describe('import', () => {
    it('when a CSV with names, ids, generated and given case numbers is imported, then every case is there with its services on their first steps', async () => {
      const csv = [
        'case_number,passport_number,client_name,client_email,services',
        'imp-1,P100,Ada One,ada@example.test,Documents Verification;3',
        ',P101,"Bo, Two",,license registration',
        'IMP-3,P102,Cy Three,,',
      ].join('\n');
      const response = await importCsv(csv);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ imported: 3 });

      const list = await t.app.inject({
        method: 'GET',
        url: '/api/caseadmin/cases?search=IMP-&sortBy=case_number&order=ASC',
        headers,
      });
      const cases = list.json<AdminCase[]>();
      expect(
        cases.map((c) => [c.case_number, c.client_name, c.client_email, c.CaseServices.map((s) => s.current_step)]),
      ).toEqual([
        ['IMP-1', 'Ada One', 'ada@example.test', ['Documents Received', 'Registration Submitted']],
        ['IMP-3', 'Cy Three', null, []],
      ]);
      const generated = await t.database.pool.query(`SELECT case_number FROM cases WHERE client_name = 'Bo, Two'`);
      expect(generated.rows[0]?.case_number).toMatch(/^PW-\d{4}-[2-9A-Z]{6}$/);
      const details = (await getCase(t, headers, cases[0]!.id)) as unknown as CaseDetails;
      expect(details.events[0]).toMatchObject({
        kind: 'case created',
        summary: expect.stringContaining('CSV import (row 2)'),
        changedBy: adminEmail,
      });
    });

    it('when some rows are bad, then 400 names each bad row and nothing is imported', async () => {
      await createCase(t, headers, { case_number: 'TAKEN-1' });
      const csv = [
        'case_number,passport_number,client_name,client_email,services',
        'OK-1,P1,Fine,,1',
        'OK-2,,No Passport,,1',
        'OK-3,P3,Bad Mail,nope,1',
        'OK-4,P4,Bad Service,,Teleportation',
        'taken-1,P5,Taken,,',
        'OK-1,P6,Twice,,',
      ].join('\n');
      const before = await snapshotCasesTables(t);
      const response = await importCsv(csv);
      expect(response.statusCode).toBe(400);
      const body = response.json<{ error: string; errors: { row: number; error: string }[] }>();
      expect(body.error).toMatch(/nothing was imported/);
      expect(body.errors.map((e) => e.row)).toEqual([3, 4, 5, 6, 7]);
      expect(body.errors.map((e) => e.error)).toEqual([
        expect.stringMatching(/passport_number is required/),
        expect.stringMatching(/client_email/),
        expect.stringMatching(/Unknown service.*Teleportation/),
        expect.stringMatching(/TAKEN-1 already exists/),
        expect.stringMatching(/also on row 2/),
      ]);
      expect(await snapshotCasesTables(t)).toEqual(before);
    });

    it('when the file is not CSV of our columns, or is sent as JSON, then 400 with a clear message', async () => {
      for (const csv of [
        'passport_number,client_name,colour\nP,N,red',
        'case_number,client_name\nA,B',
        'passport_number,client_name\n"unclosed,x',
        'passport_number,client_name\n',
      ]) {
        const response = await importCsv(csv);
        expect(response.statusCode, csv).toBe(400);
        expect(response.json<{ error: string }>().error.length).toBeGreaterThan(5);
      }
      const unclosed = await importCsv('passport_number,client_name\n"unclosed,x');
      expect(unclosed.json()).toMatchObject({
        error: 'The file is not valid CSV',
        errors: [{ error: 'A quoted value is never closed (line 2). Check the quotes in the file.' }],
      });
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/caseadmin/cases/import',
        headers,
        payload: { rows: [] },
      });
      expect(json.statusCode).toBe(400);
    });

    it('when a service name is written in another letter case, then it matches only when one service has that name', async () => {
      const upper = await createService(t, headers, ['Filed'], 'Visa Stamping Z');
      const lower = await createService(t, headers, ['Filed'], 'visa stamping z');
      const only = await createService(t, headers, ['Filed'], 'Medical Test Z');
      const imported = await importCsv(
        [
          'case_number,passport_number,client_name,services',
          'CASE-MATCH-1,P1,Exact,visa stamping z',
          'CASE-MATCH-2,P2,Alike,medical test z',
        ].join('\n'),
      );
      expect(imported.statusCode, imported.body).toBe(200);
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/caseadmin/cases?search=CASE-MATCH-&sortBy=case_number&order=ASC',
        headers,
      });
      expect(list.json<AdminCase[]>().map((c) => c.CaseServices.map((s) => s.service_id))).toEqual([
        [lower.id],
        [only.id],
      ]);

      const before = await snapshotCasesTables(t);
      const ambiguous = await importCsv(
        ['case_number,passport_number,client_name,services', 'CASE-MATCH-3,P3,Neither,VISA STAMPING Z'].join('\n'),
      );
      expect(ambiguous.statusCode).toBe(400);
      expect(ambiguous.json<{ errors: { row: number; error: string }[] }>().errors).toEqual([
        { row: 2, error: `"VISA STAMPING Z" could be "${upper.name}" or "${lower.name}": write the name exactly` },
      ]);
      expect(await snapshotCasesTables(t)).toEqual(before);
    });

    it("when the header uses the case form's own column names (the template's), then the file imports as with the import's names", async () => {
      const header = Object.values(importColumnLabels).join(',');
      // The spec's five, and ours: the applicant's language and the case's owner.
      expect(header).toBe('Case Number,Passport Number,Client Name,Applicant Email,Services,Applicant Language,Owner');
      const response = await importCsv(
        [header, 'FORM-1,P900,Form Named,form@example.test,Documents Verification,Arabic,'].join('\n'),
      );
      expect(response.statusCode, response.body).toBe(200);
      // Spelt as a person would type them: any letter case, "(optional)", spaces or underscores.
      const typed = await importCsv(
        [
          'passport number,CLIENT NAME,Applicant Email (optional),case_number',
          'P901,Typed Names,typed@example.test,FORM-2',
        ].join('\n'),
      );
      expect(typed.statusCode, typed.body).toBe(200);
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/caseadmin/cases?search=FORM-&sortBy=case_number&order=ASC',
        headers,
      });
      expect(
        list
          .json<AdminCase[]>()
          .map((c) => [
            c.case_number,
            c.passport_number,
            c.client_name,
            c.client_email,
            c.CaseServices.map((s) => s.service_id),
            c.applicant_language,
          ]),
      ).toEqual([
        ['FORM-1', 'P900', 'Form Named', 'form@example.test', [1], 'ar'],
        ['FORM-2', 'P901', 'Typed Names', 'typed@example.test', [], 'en'],
      ]);
    });

    it('when a header has unknown columns or names one column in two spellings, then 400 names them and nothing is imported', async () => {
      const before = await snapshotCasesTables(t);
      const unknown = await importCsv(['Passport Number,Client Name,Nationality,Phone', 'P1,Someone,X,Y'].join('\n'));
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json<{ error: string }>().error).toMatch(
        /^Unknown column\(s\): Nationality, Phone\. The columns are: .*Case Number, Passport Number, Client Name, Applicant Email, Services/,
      );
      const twice = await importCsv(
        ['passport_number,client_name,client_email,Applicant Email', 'P1,Someone,a@example.test,b@example.test'].join(
          '\n',
        ),
      );
      expect(twice.statusCode).toBe(400);
      expect(twice.json<{ error: string }>().error).toBe('Column(s) named more than once: client_email');
      expect(await snapshotCasesTables(t)).toEqual(before);
    });

    it('when a header names a column twice, then 400 says which and nothing is imported', async () => {
      const before = await snapshotCasesTables(t);
      const response = await importCsv(['passport_number,client_name,Client_Name', 'P1,First,Second'].join('\n'));
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toBe('Column(s) named more than once: client_name');
      expect(await snapshotCasesTables(t)).toEqual(before);
    });

    it('when an export is imported as it is, then the cases come back with the same values', async () => {
      const service = await createService(t, headers, ['Filed', 'Done'], 'Round Trip Service');
      const originals = [
        await createCase(t, headers, {
          case_number: 'TRIP-1',
          client_name: '=HYPERLINK("x")',
          client_email: 'trip@example.test',
          serviceIds: [service.id, 1],
        }),
        await createCase(t, headers, {
          case_number: 'TRIP-2',
          client_name: "'quoted",
          passport_number: '-123',
          serviceIds: [],
        }),
        await createCase(t, headers, { case_number: 'TRIP-3', client_name: '@home +1', serviceIds: [service.id] }),
      ];
      const exportTrips = async () =>
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/caseadmin/cases/export?search=TRIP-&sortBy=case_number&order=ASC',
            headers,
          })
        ).body;
      const exported = await exportTrips();
      const valuesOf = (csv: string) =>
        (parse(csv, { columns: true, bom: true }) as Record<string, string>[]).map((row) => [
          row.case_number,
          row.passport_number,
          row.client_name,
          row.client_email,
          row.services,
        ]);

      await t.database.pool.query(`DELETE FROM cases WHERE case_number LIKE 'TRIP-%'`);
      const imported = await importCsv(exported);
      expect(imported.statusCode, imported.body).toBe(200);
      expect(imported.json()).toEqual({ imported: 3 });
      expect(valuesOf(await exportTrips())).toEqual(valuesOf(exported));
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/caseadmin/cases?search=TRIP-&sortBy=case_number&order=ASC',
        headers,
      });
      const fields = (c: AdminCase) => [
        c.case_number,
        c.passport_number,
        c.client_name,
        c.client_email,
        c.CaseServices.map((s) => s.service_id),
      ];
      expect(list.json<AdminCase[]>().map(fields)).toEqual(originals.map(fields));
    });

    it('when 2,000 rows are imported, then they all go in with a few statements', async () => {
      const rows = Array.from(
        { length: 2000 },
        (_, i) => `BULK-${i},P${i},Client ${i},c${i}@example.test,Documents Verification;Recruitment Progress`,
      );
      const queries: string[] = [];
      const count = (query: unknown) =>
        queries.push(String(typeof query === 'string' ? query : (query as { text?: string }).text));
      // Counts the statements the import sends (through pool clients, which drizzle's transaction uses).
      t.database.pool.on('acquire', (client) => {
        const clientQuery = client.query.bind(client) as (...args: unknown[]) => unknown;
        (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
          count(args[0]);
          return clientQuery(...args);
        };
      });
      const response = await importCsv(
        ['case_number,passport_number,client_name,client_email,services', ...rows].join('\n'),
      );
      t.database.pool.removeAllListeners('acquire');
      expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
      expect(response.json()).toEqual({ imported: 2000 });
      expect(queries.length).toBeGreaterThan(5);
      expect(queries.length).toBeLessThan(30);
      const stored = await t.database.pool.query(
        `SELECT count(*)::int AS n FROM case_services cs JOIN cases c ON c.id = cs.case_id WHERE c.case_number LIKE 'BULK-%'`,
      );
      expect(stored.rows[0]?.n).toBe(4000);
    });
  });

  describe('export', () => {
    it('when the list is exported with a filter, then the CSV holds exactly the filtered cases in the list order', async () => {
      await createCase(t, headers, { case_number: 'EXP-2', client_name: '=HYPERLINK("x")', serviceIds: [3] });
      await createCase(t, headers, { case_number: 'EXP-1', client_email: 'e1@example.test', serviceIds: [1, 3] });
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/caseadmin/cases/export?search=EXP-&sortBy=case_number&order=ASC',
        headers,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.headers['content-disposition']).toMatch(/attachment; filename="cases-\d{4}-\d{2}-\d{2}\.csv"/);
      const rows = parse(response.body, { columns: true, bom: true }) as Record<string, string>[];
      expect(
        rows.map((row) => [row.case_number, row.client_email, row.services, row.current_steps, row.status]),
      ).toEqual([
        [
          'EXP-1',
          'e1@example.test',
          'Documents Verification;License Registration',
          'Documents Verification: Documents Received; License Registration: Registration Submitted',
          'Under Review',
        ],
        ['EXP-2', '', 'License Registration', 'License Registration: Registration Submitted', 'Under Review'],
      ]);
      // A cell a spreadsheet would run as a formula is neutralized.
      expect(rows[1]!.client_name).toBe(`'=HYPERLINK("x")`);
    });

    it('when the export gets a bad filter, then 400', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/caseadmin/cases/export?status=Lost', headers });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('bulk step', () => {
    it('when several cases are moved at once, then each moves, with one history entry each and the statuses refreshed', async () => {
      const service = await createService(t, headers, ['Filed', 'Reviewed', 'Decided']);
      const a = await createCase(t, headers, { serviceIds: [service.id] });
      const b = await createCase(t, headers, { serviceIds: [service.id, 1] });
      t.clock.advance(60_000);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/caseadmin/cases/bulk-step',
        headers,
        payload: { caseIds: [a.id, b.id], serviceId: service.id, newStep: 'Decided' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ changed: 2 });
      const [afterA, afterB] = [
        (await getCase(t, headers, a.id)) as unknown as CaseDetails,
        (await getCase(t, headers, b.id)) as unknown as CaseDetails,
      ];
      expect(afterA.status).toBe('Completed');
      expect(afterB.status).toBe('In Progress');
      for (const details of [afterA, afterB]) {
        expect(details.history).toEqual([
          expect.objectContaining({
            fromStep: 'Filed',
            toStep: 'Decided',
            changedBy: adminEmail,
            changedAt: t.clock.now().toISOString(),
          }),
        ]);
      }
    });

    it('when a selected case has been deleted, then 400 says a selected case no longer exists, naming no ids, and no case moves', async () => {
      const service = await createService(t, headers, ['Filed', 'Decided']);
      const kept = await createCase(t, headers, { serviceIds: [service.id] });
      const deleted = await createCase(t, headers, { serviceIds: [service.id] });
      const without = await createCase(t, headers, { serviceIds: [1] });
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/caseadmin/cases/${deleted.id}`, headers })).statusCode,
      ).toBe(204);
      const before = await snapshotCasesTables(t);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/caseadmin/cases/bulk-step',
        headers,
        payload: { caseIds: [kept.id, deleted.id, without.id], serviceId: service.id, newStep: 'Decided' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toBe(
        `1 selected case(s) no longer exist; 1 case(s) do not have the service "${service.name}": ${without.case_number}; nothing was changed`,
      );
      expect(await snapshotCasesTables(t)).toEqual(before);
    });

    it('when one case lacks the service or the step is not of the service, then 400 and no case moves', async () => {
      const service = await createService(t, headers, ['Filed', 'Decided']);
      const other = await createService(t, headers, ['Elsewhere']);
      const withIt = await createCase(t, headers, { serviceIds: [service.id] });
      const without = await createCase(t, headers, { serviceIds: [1] });
      const before = await snapshotCasesTables(t);
      const bulk = (payload: object) =>
        t.app.inject({ method: 'POST', url: '/api/caseadmin/cases/bulk-step', headers, payload });

      const missing = await bulk({ caseIds: [withIt.id, without.id], serviceId: service.id, newStep: 'Decided' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json<{ error: string }>().error).toBe(
        `1 case(s) do not have the service "${service.name}": ${without.case_number}; nothing was changed`,
      );
      const wrongStep = await bulk({ caseIds: [withIt.id], serviceId: service.id, newStep: 'Elsewhere' });
      expect(wrongStep.statusCode).toBe(400);
      const unknownService = await bulk({ caseIds: [withIt.id], serviceId: 2147483647, newStep: 'Decided' });
      expect(unknownService.statusCode).toBe(400);
      const empty = await bulk({ caseIds: [], serviceId: other.id, newStep: 'Elsewhere' });
      expect(empty.statusCode).toBe(400);
      expect(await snapshotCasesTables(t)).toEqual(before);
    });
  });
});
