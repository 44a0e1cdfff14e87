import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeStep, createCase, signInCaseAdmin, type AdminHeaders } from '../factories/cases.js';
import { ownOrigin, signUpMember } from '../factories/network.js';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp-server.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { mailQueueSettled } from './support.js';

const HOUR_MS = 60 * 60_000;

/** The token of the link in `mail` whose path ends with `path`. */
function linkToken(mail: ReceivedMail, path: string): string {
  const link = mail.links.map((href) => new URL(href)).find((url) => url.pathname.endsWith(path));
  const token = link?.searchParams.get('token');
  if (!token) throw new Error(`no ${path} link in: ${mail.text}`);
  return token;
}

/**
 * What a reader of the database (a backup, a replica, a support query) finds: no usable secret of
 * an emailed link, in any table of the app or of the job queue, once the emails have gone.
 */
describe('secrets at rest: emailed links', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let admin: { email: string; headers: AdminHeaders };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      LOGIN_RATE_LIMIT: '1000',
      CASE_LOOKUP_RATE_LIMIT: '1000',
      CASE_NOTIFICATION_DELAY_SECONDS: '0',
      CASE_STEP_UNDO_SECONDS: '1',
      PUBLIC_URL: 'https://pathway.example.test',
    });
    admin = await signInCaseAdmin(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = { origin: ownOrigin(t) }) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const mailTo = (address: string, subject: string) =>
    smtp.nextMessage((mail) => mail.to.includes(address) && mail.subject.includes(subject));

  /** Every row of every table of the app and of pg-boss, as text. */
  async function everyStoredRow(): Promise<string> {
    const { rows: tables } = await t.database.pool.query<{ schemaname: string; tablename: string }>(
      `SELECT schemaname, tablename FROM pg_tables WHERE schemaname IN ('public', 'pgboss') ORDER BY 1, 2`,
    );
    expect(tables.map((table) => `${table.schemaname}.${table.tablename}`)).toContain('pgboss.job');
    const dumps = await Promise.all(
      tables.map(async ({ schemaname, tablename }) => {
        const name = `"${schemaname}"."${tablename}"`;
        const { rows } = await t.database.pool.query<{ dump: string | null }>(
          `SELECT string_agg(r::text, E'\\n') AS dump FROM ${name} r`,
        );
        return `${name}\n${rows[0]?.dump ?? ''}`;
      }),
    );
    return dumps.join('\n');
  }

  it('when every kind of emailed link has been sent (verification, three resets, a tracker confirmation, an unsubscribe), then no table holds one of their tokens, pg-boss included', async () => {
    const member = await signUpMember(t);
    const verification = linkToken(await mailTo(member.email, 'Verify your email address'), '/verify-email');

    await post('/api/network/auth/password-reset', { email: member.email });
    const networkReset = linkToken(await mailTo(member.email, 'Reset your Pathway password'), '/reset-password');

    const learnerEmail = `learner-${Date.now()}@example.test`;
    const learner = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: {
        username: `learner${Date.now()}`,
        password: 'learner password',
        profession: 'doctor',
        email: learnerEmail,
      },
    });
    expect(learner.statusCode, learner.body).toBe(201);
    await post('/auth/password-reset', { email: learnerEmail });
    const lmsReset = linkToken(await mailTo(learnerEmail, 'Reset your Pathway learning password'), '/reset-password');

    const resetAdmin = await signInCaseAdmin(t);
    await post('/api/caseadmin/password-reset', { email: resetAdmin.email });
    const adminReset = linkToken(
      await mailTo(resetAdmin.email, 'Reset your Pathway admin password'),
      '/reset-password',
    );

    const applicant = `applicant-${Date.now()}@example.test`;
    const created = await createCase(t, admin.headers, {
      passport_number: 'AT-REST-1',
      client_email: applicant,
      serviceIds: [1],
    });
    const subscriber = `subscriber-${Date.now()}@example.test`;
    expect(
      (
        await post('/api/progress/subscribe', {
          caseNumber: created.case_number,
          passportNumber: 'AT-REST-1',
          email: subscriber,
        })
      ).statusCode,
    ).toBe(202);
    const confirmation = linkToken(await mailTo(subscriber, 'Confirm email updates'), '/confirm');
    await changeStep(t, admin.headers, created.CaseServices[0]!.id, 'Documents Under Review');
    const unsubscribe = linkToken(await mailTo(applicant, 'moved to Documents Under Review'), '/unsubscribe');

    await mailQueueSettled(t);
    const stored = await everyStoredRow();
    const tokens = { verification, networkReset, lmsReset, adminReset, confirmation, unsubscribe };
    const found = Object.entries(tokens).filter(([, token]) => stored.includes(token));
    expect(found.map(([kind]) => kind)).toEqual([]);
    // The links still work: nothing was lost by keeping them out of the tables.
    expect((await post('/api/network/auth/verify-email', { token: verification })).statusCode).toBe(204);
    expect(
      (
        await post('/api/network/auth/password-reset/confirm', {
          token: networkReset,
          password: 'a brand new password',
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (await post('/auth/password-reset/confirm', { token: lmsReset, password: 'a brand new password' })).statusCode,
    ).toBe(204);
    expect(
      (await post('/api/caseadmin/password-reset/confirm', { token: adminReset, password: 'a brand new password' }))
        .statusCode,
    ).toBe(204);
    expect((await post('/api/progress/subscribe/confirm', { token: confirmation })).statusCode).toBe(200);
    expect((await post('/api/progress/unsubscribe', { token: unsubscribe })).statusCode).toBe(200);
  });

  it('when a tracker subscription is made, then its confirmation link expires after 48 h, does not unsubscribe, and an unsubscribe link does not confirm', async () => {
    const created = await createCase(t, admin.headers, { passport_number: 'AT-REST-2', serviceIds: [1] });
    const [early, late] = [`early-${Date.now()}@example.test`, `late-${Date.now()}@example.test`];
    for (const email of [early, late]) {
      expect(
        (await post('/api/progress/subscribe', { caseNumber: created.case_number, passportNumber: 'AT-REST-2', email }))
          .statusCode,
      ).toBe(202);
    }
    const earlyToken = linkToken(await mailTo(early, 'Confirm email updates'), '/confirm');
    const lateToken = linkToken(await mailTo(late, 'Confirm email updates'), '/confirm');

    // A confirmation token is no unsubscribe token, and the other way round.
    expect((await post('/api/progress/unsubscribe', { token: earlyToken })).statusCode).toBe(404);
    t.clock.advance(47 * HOUR_MS);
    expect((await post('/api/progress/subscribe/confirm', { token: earlyToken })).statusCode).toBe(200);
    t.clock.advance(2 * HOUR_MS);
    const expired = await post('/api/progress/subscribe/confirm', { token: lateToken });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error).toMatch(/not valid/);

    const { rows } = await t.database.pool.query<{ email: string; confirmed: boolean }>(
      `SELECT email, confirmed_at IS NOT NULL AS confirmed FROM case_notification_recipients WHERE email = ANY($1) ORDER BY email`,
      [[early, late]],
    );
    expect(rows).toEqual([
      { email: early, confirmed: true },
      { email: late, confirmed: false },
    ]);
    // An unsubscribe token made for another row (its digest) is refused.
    expect((await post('/api/progress/unsubscribe', { token: `1-${'A'.repeat(43)}` })).statusCode).toBe(404);
  });
});
