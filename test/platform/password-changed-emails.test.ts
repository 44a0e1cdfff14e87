import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueOneTimeToken } from '../../server/platform/one-time-tokens.js';
import { signInCaseAdmin } from '../factories/cases.js';
import { registerLearner, signInLmsAdmin } from '../factories/lms.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * Issue 39: "your password was changed" for every kind of account, from one helper
 * (`queuePasswordChangedEmail`), queued in the transaction that changed the password. The
 * network's members are covered in test/network/account-settings.test.ts; here the case admins,
 * the LMS's learners and the LMS's admins.
 */

const PASSWORD = 'correct horse battery';

describe('"your password was changed" for case admins and LMS accounts', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      LOGIN_RATE_LIMIT: '1000',
      PUBLIC_URL: 'https://pathway.example.test',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** How many such emails were queued (a queued job stays; its text is wiped once sent). */
  const queued = async (email: string, subject: string) =>
    (
      await t.database.pool.query(
        `SELECT 1 FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1 AND data->>'subject' = $2`,
        [email, subject],
      )
    ).rowCount;
  /** The text of the email to `email` with `subject` holding `words`, as the SMTP server received it. */
  const received = async (email: string, subject: string, words: string) =>
    (await smtp.nextMessage((mail) => mail.to.includes(email) && mail.subject === subject && mail.text.includes(words)))
      .text;
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

  it('when a case admin sets a new password through the reset link, then the admin is emailed that it changed, with a link to reset it; a used link sends nothing', async () => {
    const admin = await signInCaseAdmin(t);
    const { rows } = await t.database.pool.query<{ id: number }>('SELECT id FROM case_admins WHERE email = $1', [
      admin.email,
    ]);
    const token = await issueOneTimeToken(t.db, 'caseadmin-password-reset', String(rows[0]?.id), t.clock.now(), 3600);
    const reset = await post('/api/caseadmin/password-reset/confirm', { token, password: 'كلمة سر ١٢٣ नया पासवर्ड' });
    expect(reset.statusCode, reset.body).toBe(204);
    expect(await queued(admin.email, 'Your Pathway admin password was changed')).toBe(1);
    const text = await received(
      admin.email,
      'Your Pathway admin password was changed',
      'The password of your Pathway case admin account was changed on 2026-01-15 09:00 UTC.',
    );
    expect(text).toContain('It was not me: reset my password: https://pathway.example.test/caseadmin/forgot-password');

    const again = await post('/api/caseadmin/password-reset/confirm', { token, password: 'yet another secret' });
    expect(again.statusCode).toBe(400);
    expect(await queued(admin.email, 'Your Pathway admin password was changed')).toBe(1);
  });

  it('when a learner resets the password, or an LMS admin sets it, then the learner is emailed each time, saying who changed it; a learner without an address gets nothing', async () => {
    const username = `amal_${Date.now().toString(36)}`;
    const email = `${username}@example.test`;
    const registered = await post('/auth/register', { username, password: PASSWORD, profession: 'nurse', email });
    expect(registered.statusCode, registered.body).toBe(201);
    const id = await idOf(username);
    const subject = 'Your Pathway learning password was changed';

    const token = await issueOneTimeToken(t.db, 'lms-password-reset', String(id), t.clock.now(), 3600);
    const reset = await post('/auth/password-reset/confirm', { token, password: 'पासवर्ड नया ٤٥٦ secret' });
    expect(reset.statusCode, reset.body).toBe(204);
    expect(await queued(email, subject)).toBe(1);
    const afterReset = await received(email, subject, 'was changed on 2026-01-15 09:00 UTC.');
    expect(afterReset).toContain(`The password of your Pathway learning account "${username}" was changed on`);
    expect(afterReset).toContain('https://pathway.example.test/lms-system/forgot-password');

    const admin = await signInLmsAdmin(t);
    t.clock.advance(60_000);
    const set = await t.app.inject({
      method: 'PUT',
      url: `/admin/users/${id}/password`,
      headers: admin.headers,
      payload: { password: 'set by the admin' },
    });
    expect(set.statusCode, set.body).toBe(204);
    expect(await queued(email, subject)).toBe(2);
    await received(email, subject, 'was changed on 2026-01-15 09:01 UTC by an administrator.');

    // No address, no email, and the change itself goes through.
    const withoutEmail = await registerLearner(t);
    const setOther = await t.app.inject({
      method: 'PUT',
      url: `/admin/users/${withoutEmail.id}/password`,
      headers: admin.headers,
      payload: { password: 'set by the admin too' },
    });
    expect(setOther.statusCode).toBe(204);
    const { rows } = await t.database.pool.query(
      `SELECT 1 FROM pgboss.job WHERE name = 'mail.send' AND data->>'subject' = $1`,
      [subject],
    );
    expect(rows).toHaveLength(2);
  });

  it('when an LMS admin sets their own password, then they are emailed as its owner; a refused change (wrong own password) sends nothing', async () => {
    const admin = await signInLmsAdmin(t);
    const id = await idOf(admin.username);
    const email = `${admin.username}@example.test`;
    await t.database.pool.query('UPDATE lms_users SET email = $1 WHERE id = $2', [email, id]);
    const subject = 'Your Pathway learning password was changed';
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/admin/users/${id}/password`, headers: admin.headers, payload });

    const refused = await put({ password: 'a new admin password', adminPassword: 'not my password' });
    expect(refused.statusCode).toBe(400);
    expect(await queued(email, subject)).toBe(0);

    const set = await put({ password: 'a new admin password', adminPassword: PASSWORD });
    expect(set.statusCode, set.body).toBe(204);
    expect(await queued(email, subject)).toBe(1);
    const text = await received(
      email,
      subject,
      `The password of your Pathway learning admin account "${admin.username}" was changed on`,
    );
    expect(text).not.toContain('by an administrator');
  });

  async function idOf(username: string): Promise<number> {
    const { rows } = await t.database.pool.query<{ id: number }>('SELECT id FROM lms_users WHERE username = $1', [
      username,
    ]);
    const id = rows[0]?.id;
    if (id === undefined) throw new Error(`no LMS user ${username}`);
    return id;
  }
});
