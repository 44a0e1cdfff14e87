import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicantCase } from '../../contracts/case-applicant.js';
import type { CaseProgress } from '../../contracts/cases.js';
import { caseNotificationRecipients, cases } from '../../server/db/schema/cases.js';
import {
  createCase,
  signInApplicant,
  signInCaseAdmin,
  snapshotCasesTables,
  type AdminHeaders,
} from '../factories/cases.js';
import { waitForLockWaits } from '../support/lock-waits.js';
import { createTestApp, type TestApp } from '../test-app.js';

const ORIGIN = 'https://pathway.test';

/**
 * Case numbers the tracker cannot tell apart (decision 048): "PW-1" and "PW1" are one number to the
 * public lookup, which ignores dashes, spaces and letter case. Staff cannot write a second one (create,
 * import); pairs written before the rule are told apart by the number as typed, never by chance.
 */
describe('case numbers that look alike to the tracker', () => {
  let t: TestApp;
  let headers: AdminHeaders;

  beforeAll(async () => {
    t = await createTestApp({ CASE_LOOKUP_RATE_LIMIT: '1000', PUBLIC_URL: ORIGIN });
    headers = (await signInCaseAdmin(t)).headers;
  });
  afterAll(() => t.close());

  const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/caseadmin/cases', headers, payload });

  /** A pair as an older version let staff write it: straight into the table, both of one passport. */
  async function legacyPair(dashed: string, undashed: string, passport: string) {
    const rows = await t.db
      .insert(cases)
      .values(
        [dashed, undashed].map((caseNumber, index) => ({
          caseNumber,
          passportNumber: passport,
          clientName: `Legacy ${caseNumber}`,
          clientEmail: `legacy-${index}-${caseNumber.toLowerCase()}@example.test`,
        })),
      )
      .returning({ id: cases.id, caseNumber: cases.caseNumber });
    return { dashed: rows[0]!, undashed: rows[1]! };
  }

  it('when staff create a number equal to an existing one but for dashes and letter case, then 409 names that case and nothing is added', async () => {
    await createCase(t, headers, { case_number: 'LA-2026-K7', passport_number: 'PLA1' });
    for (const typed of ['la2026k7', 'LA2026-K7', 'L-A-2026-K7']) {
      const before = await snapshotCasesTables(t);
      const response = await create({
        case_number: typed,
        passport_number: 'PLA1',
        client_name: 'Amal',
        serviceIds: [1],
      });
      expect(response.statusCode, typed).toBe(409);
      expect(response.json()).toEqual({
        error: `Case number ${typed.toUpperCase()} is the existing case LA-2026-K7 written differently: the tracker could not tell them apart. Open LA-2026-K7, or choose another number`,
        field: 'case_number',
      });
      expect(await snapshotCasesTables(t)).toEqual(before);
    }
  });

  it('when two staff create "PW-9" and "PW9" at the same moment, then exactly one is created', async () => {
    // The table is held so that neither create can write its row until both have come as far as
    // they can: without the number's lock, both have looked for the other, found nothing, and wait
    // to insert; with it, one waits to insert and the other waits for the lock, before looking.
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE cases IN SHARE MODE');
      const answering = Promise.all([
        create({ case_number: 'RACE-9', passport_number: 'PRACE', client_name: 'One', serviceIds: [1] }),
        create({ case_number: 'RACE9', passport_number: 'PRACE', client_name: 'Two', serviceIds: [1] }),
      ]);
      await waitForLockWaits(t, 2);
      await holder.query('COMMIT');
      const answers = await answering;
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    } finally {
      await holder.end();
    }
    const { rows } = await t.database.pool.query(`SELECT 1 FROM cases WHERE replace(case_number, '-', '') = 'RACE9'`);
    expect(rows).toHaveLength(1);
  });

  it('when an import holds a number like an existing case or like another row, then each is a row problem and nothing is imported', async () => {
    await createCase(t, headers, { case_number: 'IMP-55' });
    const csv = [
      'case_number,passport_number,client_name,client_email,services',
      'imp55,P1,Like Existing,,1',
      'NEW-77,P2,First,,1',
      'new77,P3,Like Row Three,,1',
      'NEW-88,P4,Fine,,1',
    ].join('\n');
    const before = await snapshotCasesTables(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/caseadmin/cases/import',
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(response.statusCode, response.body).toBe(400);
    const { errors } = response.json<{ errors: { row: number; error: string }[] }>();
    expect(errors).toEqual([
      {
        row: 2,
        error:
          'Case number IMP55 is the existing case IMP-55 written differently: the tracker could not tell them apart. Open IMP-55, or choose another number',
      },
      {
        row: 4,
        error: 'Case number NEW77 is NEW-77 of row 3 written differently: the tracker could not tell them apart',
      },
    ]);
    expect(await snapshotCasesTables(t)).toEqual(before);
    // One sentence for one refusal, whether the number came from the form or from a file.
    const typed = await create({ case_number: 'imp55', passport_number: 'P1', client_name: 'Like', serviceIds: [1] });
    expect(typed.statusCode).toBe(409);
    expect(typed.json<{ error: string }>().error).toBe(errors[0]!.error);
  });

  it('when an older pair shares a passport, then the lookup gives the number written exactly as typed, and none when neither is', async () => {
    await legacyPair('OLD-31', 'OLD31', 'PSAME31');
    const lookup = (caseNumber: string) =>
      t.app.inject({ method: 'GET', url: '/api/progress', query: { caseNumber, passportNumber: 'psame31' } });
    for (const [typed, found] of [
      ['OLD-31', 'OLD-31'],
      ['old31', 'OLD31'],
      ['old 31', 'OLD-31'],
      ['OLD\u201331', 'OLD-31'],
    ] as const) {
      const response = await lookup(typed);
      expect(response.statusCode, typed).toBe(200);
      expect(response.json<CaseProgress>().caseNumber, typed).toBe(found);
    }
    // Neither written so: the lookup does not pick one by chance.
    const neither = await lookup('O-LD31');
    expect(neither.statusCode).toBe(404);
    expect(neither.json()).toEqual({ error: 'Case details not found. Please verify your information.' });
  });

  it('when the applicant of one of an older pair asks for a sign-in link or emails, then it is for the case they typed', async () => {
    const pair = await legacyPair('SIGN-42', 'SIGN42', 'PSAME42');
    const access = await t.app.inject({
      method: 'POST',
      url: '/api/applicant/access',
      headers: { origin: ORIGIN },
      payload: { caseNumber: 'sign42', passportNumber: 'PSAME42' },
    });
    expect(access.statusCode, access.body).toBe(202);
    const { rows: jobs } = await t.database.pool.query<{ caseId: number }>(
      `SELECT (data->'data'->>'caseId')::int AS "caseId" FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' LIKE 'legacy-%sign42@example.test'`,
    );
    expect(jobs.map((job) => job.caseId)).toEqual([pair.undashed.id]);

    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/progress/subscribe',
      payload: { caseNumber: 'SIGN-42', passportNumber: 'PSAME42', email: 'watcher42@example.test' },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(202);
    const recipients = await t.db
      .select({ caseId: caseNotificationRecipients.caseId })
      .from(caseNotificationRecipients)
      .where(and(eq(caseNotificationRecipients.email, 'watcher42@example.test')));
    expect(recipients.map((row) => row.caseId)).toEqual([pair.dashed.id]);
  });

  it("when each applicant of an older pair opens their case page, then it is their own case's", async () => {
    const pair = await legacyPair('PAGE-53', 'PAGE53', 'PSAME53');
    for (const own of [pair.dashed, pair.undashed]) {
      const cookie = await signInApplicant(t, own.id, ORIGIN);
      const page = await t.app.inject({ method: 'GET', url: '/api/applicant/case', headers: cookie });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json<ApplicantCase>().caseNumber).toBe(own.caseNumber);
    }
  });
});
