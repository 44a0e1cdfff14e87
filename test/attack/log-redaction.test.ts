import { sql } from 'drizzle-orm';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCase, signInCaseAdmin } from '../factories/cases.js';
import { SAME_ORIGIN, signUpMember } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

/** Every line the app logs, at the most detailed level. */
function captureLog() {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

describe('secrets and personal data in the log', () => {
  let t: TestApp;
  const log = captureLog();

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'trace' }, { logDestination: log.stream });
  });
  afterAll(() => t.close());

  it('when real flows run, some of their writes failing in the database, then the log holds none of the passwords, hashes, emails or passport numbers they used', async () => {
    // Flows that work: a case admin signs in and creates a case, the public looks it up, a member signs up and signs in.
    const admin = await signInCaseAdmin(t);
    const created = await createCase(t, admin.headers, {
      passport_number: 'PASSPORT7731X',
      client_name: 'Ada Lovelace-Byron',
    });
    const lookup = await t.app.inject({
      method: 'GET',
      url: `/api/progress?caseNumber=${created.case_number}&passportNumber=PASSPORT7731X`,
    });
    expect(lookup.statusCode).toBe(200);
    const member = await signUpMember(t, { email: 'secret.member@example.test' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/network/auth/sign-in',
      headers: { origin: SAME_ORIGIN },
      payload: { email: member.email, password: 'not the right one at all' },
    });
    expect(signIn.statusCode).toBe(401);

    // Writes that fail inside the database (as a broken disk or a bad migration would): before the fix
    // the error log carried the query's parameters, among them the argon2id hash and the email.
    await t.db.execute(
      sql`CREATE FUNCTION refuse_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the disk said no'; END $$`,
    );
    await t.db.execute(
      sql`CREATE TRIGGER refuse_members BEFORE INSERT ON network_users FOR EACH ROW EXECUTE FUNCTION refuse_write()`,
    );
    await t.db.execute(
      sql`CREATE TRIGGER refuse_cases BEFORE INSERT ON cases FOR EACH ROW EXECUTE FUNCTION refuse_write()`,
    );
    await t.db.execute(
      sql`CREATE TRIGGER refuse_learners BEFORE INSERT ON lms_users FOR EACH ROW EXECUTE FUNCTION refuse_write()`,
    );
    const failedSignUp = await t.app.inject({
      method: 'POST',
      url: '/api/network/auth/sign-up',
      headers: { origin: SAME_ORIGIN },
      payload: { email: 'failed.signup@example.test', password: 'failed-signup-password' },
    });
    expect(failedSignUp.statusCode).toBe(500);
    const failedCase = await t.app.inject({
      method: 'POST',
      url: '/api/caseadmin/cases',
      headers: admin.headers,
      payload: {
        case_number: 'FAILS-1',
        passport_number: 'PASSPORT9902Z',
        client_name: 'Grace Hopper-Murray',
        serviceIds: [],
      },
    });
    expect(failedCase.statusCode).toBe(500);
    const failedRegistration = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { username: 'failing_learner', password: 'learner-secret-password', profession: 'nurse' },
    });
    expect(failedRegistration.statusCode).toBe(500);

    const text = log.text();
    // The failures were logged, so the check below looks at real error entries.
    expect(text).toContain('Failed query: insert into \\"network_users\\"');
    expect(text).toContain('Failed query: insert into \\"cases\\"');
    expect(text).toContain('Failed query: insert into \\"lms_users\\"');
    expect(text).toMatch(/\/api\/progress\?caseNumber=\[redacted\]&passportNumber=\[redacted\]/);
    for (const secret of [
      admin.password,
      member.password,
      'not the right one at all',
      'failed-signup-password',
      'learner-secret-password',
      '$argon2id$',
      'secret.member@example.test',
      'failed.signup@example.test',
      'PASSPORT7731X',
      'PASSPORT9902Z',
      'Grace Hopper-Murray',
      created.case_number,
    ]) {
      expect(text, `the log contains ${secret}`).not.toContain(secret);
    }
  });
});

describe('emailed links in the log when there is no mail server', () => {
  let t: TestApp;
  const log = captureLog();

  beforeAll(async () => {
    // No SMTP_URL: every email goes to DATA_DIR/outbox.
    t = await createTestApp({ LOG_LEVEL: 'trace', CASE_LOOKUP_RATE_LIMIT: '1000' }, { logDestination: log.stream });
  });
  afterAll(() => t.close());

  it('when emails with sign-in, verification and reset links are written to the outbox, then the log names each file and holds none of their links', async () => {
    const admin = await signInCaseAdmin(t);
    const created = await createCase(t, admin.headers, {
      passport_number: 'LINKS123',
      client_email: 'applicant.links@example.test',
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/applicant/access',
      headers: { origin: SAME_ORIGIN },
      payload: { caseNumber: created.case_number, passportNumber: 'LINKS123' },
    });
    const member = await signUpMember(t, { email: 'links.member@example.test' });
    await t.app.inject({
      method: 'POST',
      url: '/api/network/auth/password-reset',
      headers: { origin: SAME_ORIGIN },
      payload: { email: member.email },
    });
    await t.app.inject({ method: 'POST', url: '/api/caseadmin/password-reset', payload: { email: admin.email } });

    // Each email's link, read from the file it was written to.
    const outbox = join(t.config.dataDir, 'outbox');
    const links = async () => {
      const files = await readdir(outbox).catch(() => []);
      const texts = await Promise.all(
        files.map(async (file) => (await simpleParser(await readFile(join(outbox, file)))).text ?? ''),
      );
      return { files, links: texts.flatMap((text) => text.match(/https?:\/\/[^\s<>"]+token=[^\s<>"]+/g) ?? []) };
    };
    // The case's opening email, the sign-in link, the verification link and the two reset links.
    await expect.poll(async () => (await links()).files.length).toBeGreaterThanOrEqual(5);
    const written = await links();
    expect(written.links.length).toBeGreaterThanOrEqual(4);

    const text = log.text();
    for (const file of written.files) expect(text).toContain(file);
    for (const link of written.links) {
      const token = new URL(link).searchParams.get('token') ?? link;
      expect(text, `the log holds the link ${link}`).not.toContain(token);
    }
    expect(text).not.toMatch(/token=/);
  });
});
