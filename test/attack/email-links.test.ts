import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '../../contracts/network.js';
import { oneTimeTokens } from '../../server/db/schema/one-time-tokens.js';
import { signInCaseAdmin } from '../factories/cases.js';
import { registerLearner } from '../factories/lms.js';
import { ownOrigin, signUpMember } from '../factories/network.js';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp-server.js';
import { createTestApp, type TestApp } from '../test-app.js';

const HOUR_MS = 60 * 60_000;

/** The token of the first link in the email whose path is `path`. */
function linkToken(mail: ReceivedMail, path: string): string {
  const link = mail.links.map((href) => new URL(href)).find((url) => url.pathname === path);
  const token = link?.searchParams.get('token');
  if (!token) throw new Error(`no ${path} link in: ${mail.text}`);
  return token;
}

/**
 * The statements `action` itself sends to PostgreSQL, in order, without their values. Background
 * work running meanwhile (the job workers) is not counted: it runs outside the action's async context.
 */
async function statementsOf(action: () => Promise<unknown>): Promise<string[]> {
  const statements = new AsyncLocalStorage<string[]>();
  const query = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const [config] = args;
    statements.getStore()?.push(typeof config === 'string' ? config : String((config as { text?: unknown }).text));
    return Reflect.apply(query, this, args) as never;
  } as typeof query);
  const sent: string[] = [];
  try {
    await statements.run(sent, action);
  } finally {
    spy.mockRestore();
  }
  return sent;
}

/**
 * Verification and password recovery, with the emails taken from a real SMTP server and their
 * links followed as a person would.
 */
describe('emailed links: verification and password recovery', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      LOGIN_RATE_LIMIT: '1000',
      NETWORK_ADMIN_EMAILS: 'head@example.test',
      PUBLIC_URL: 'https://pathway.example.test',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = { origin: ownOrigin(t) }) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const mailTo = (address: string, subject: string) =>
    smtp.nextMessage((mail) => mail.to.includes(address) && mail.subject.includes(subject));

  it('when a member signs up, then a verification link arrives that verifies the address once, within 24 h, and only its hash is stored', async () => {
    const member = await signUpMember(t, { email: 'head@example.test' });
    expect(member.user).toMatchObject({ emailVerified: false, isAdmin: false });

    const mail = await mailTo('head@example.test', 'Verify your email address');
    expect(mail.links[0]).toMatch(/^https:\/\/pathway\.example\.test\/verify-email\?token=/);
    const token = linkToken(mail, '/verify-email');
    const stored = await t.db.select().from(oneTimeTokens);
    expect(JSON.stringify(stored)).not.toContain(token);

    t.clock.advance(23 * HOUR_MS);
    expect((await post('/api/network/auth/verify-email', { token })).statusCode).toBe(204);
    const me = await t.app.inject({ method: 'GET', url: '/api/network/me', headers: member.headers });
    expect(me.json<MeResponse>().user).toMatchObject({ emailVerified: true, isAdmin: true });
    const again = await post('/api/network/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatch(/invalid or has expired/);
  });

  it('when a verification link is older than 24 h, then it is refused; a resend is limited to one a minute and its new link works', async () => {
    const member = await signUpMember(t);
    const first = linkToken(await mailTo(member.email, 'Verify your email address'), '/verify-email');
    t.clock.advance(24 * HOUR_MS + 1000);
    expect((await post('/api/network/auth/verify-email', { token: first })).statusCode).toBe(400);

    const resend = await post('/api/network/me/verification-email', {}, member.headers);
    expect(resend.statusCode).toBe(202);
    const tooSoon = await post('/api/network/me/verification-email', {}, member.headers);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error).toMatch(/wait a minute/);

    const resent = await smtp.nextMessage(
      (mail) =>
        mail.to.includes(member.email) && mail.subject.includes('Verify') && linkToken(mail, '/verify-email') !== first,
    );
    expect(
      (await post('/api/network/auth/verify-email', { token: linkToken(resent, '/verify-email') })).statusCode,
    ).toBe(204);
    const verifiedResend = await post('/api/network/me/verification-email', {}, member.headers);
    expect(verifiedResend.statusCode).toBe(409);
  });

  it('when a taken address signs up, then its owner gets an email saying so, with a way to reset the password, and no verification link', async () => {
    const owner = await signUpMember(t);
    const response = await post('/api/network/auth/sign-up', { email: owner.email, password: 'someone else' });
    expect(response.statusCode).toBe(202);
    const mail = await mailTo(owner.email, 'Someone tried to sign up');
    expect(mail.links).toContain('https://pathway.example.test/?mode=signin');
    expect(mail.links.some((href) => new URL(href).pathname === '/forgot-password')).toBe(true);
    expect(mail.links.some((href) => new URL(href).pathname === '/verify-email')).toBe(false);
  });

  it('when a member forgets the password, then the emailed link sets a new one once, within 1 h, and ends every session', async () => {
    const member = await signUpMember(t);
    const unknown = await post('/api/network/auth/password-reset', { email: 'no-such-member@example.test' });
    const known = await post('/api/network/auth/password-reset', { email: member.email });
    expect(known.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);

    const token = linkToken(await mailTo(member.email, 'Reset your Pathway password'), '/reset-password');
    t.clock.advance(HOUR_MS - 1000);
    expect(
      (await post('/api/network/auth/password-reset/confirm', { token, password: 'the new password' })).statusCode,
    ).toBe(204);

    expect((await t.app.inject({ method: 'GET', url: '/api/network/posts', headers: member.headers })).statusCode).toBe(
      401,
    );
    expect(
      (await post('/api/network/auth/sign-in', { email: member.email, password: member.password })).statusCode,
    ).toBe(401);
    const signedIn = await post('/api/network/auth/sign-in', { email: member.email, password: 'the new password' });
    expect(signedIn.statusCode).toBe(200);
    // Following the link proved the address too.
    expect(signedIn.json<MeResponse>().user?.emailVerified).toBe(true);
    expect(
      (await post('/api/network/auth/password-reset/confirm', { token, password: 'yet another one' })).statusCode,
    ).toBe(400);
  });

  it('when a reset is asked for an address with an account and one without, then the request does the same work for both and the member still gets a working link', async () => {
    const member = await signUpMember(t);
    const resetRequest = (email: string) => async () =>
      expect((await post('/api/network/auth/password-reset', { email })).statusCode).toBe(202);

    const unknown = await statementsOf(resetRequest('nobody-here@example.test'));
    const known = await statementsOf(resetRequest(member.email));

    expect(known).toEqual(unknown);
    // One statement: the job is queued; looking up the account, the token and the email are the job's.
    expect(known).toHaveLength(1);
    expect(known[0]).toMatch(/INSERT INTO pgboss\.job/);
    const token = linkToken(await mailTo(member.email, 'Reset your Pathway password'), '/reset-password');
    expect(
      (await post('/api/network/auth/password-reset/confirm', { token, password: 'found it again' })).statusCode,
    ).toBe(204);
    expect(
      (await post('/api/network/auth/sign-in', { email: member.email, password: 'found it again' })).statusCode,
    ).toBe(200);
  });

  it.each([
    ['a case admin', '/api/caseadmin/password-reset', async () => (await signInCaseAdmin(t)).email],
    [
      'a learner',
      '/auth/password-reset',
      async () => {
        const email = `learner-${Date.now().toString(36)}@example.test`;
        expect(
          (
            await post('/auth/register', {
              username: `timed_${Date.now().toString(36)}`,
              password: 'learner password',
              profession: 'nurse',
              email,
            })
          ).statusCode,
        ).toBe(201);
        return email;
      },
    ],
  ])(
    'when a reset is asked for %s with an address that has an account and one that has none, then the request does the same work for both',
    async (_who, path, knownAddress) => {
      const email = await knownAddress();
      const resetRequest = (address: string) => async () =>
        expect((await post(path, { email: address })).statusCode).toBe(202);

      const unknown = await statementsOf(resetRequest('nobody-here@example.test'));
      const known = await statementsOf(resetRequest(email));

      expect(known).toEqual(unknown);
      expect(known).toHaveLength(1);
      expect(known[0]).toMatch(/INSERT INTO pgboss\.job/);
    },
  );

  it('when a reset link is older than 1 h, then it is refused and the password stays', async () => {
    const member = await signUpMember(t);
    await post('/api/network/auth/password-reset', { email: member.email });
    const token = linkToken(await mailTo(member.email, 'Reset your Pathway password'), '/reset-password');
    t.clock.advance(HOUR_MS + 1000);
    const late = await post('/api/network/auth/password-reset/confirm', { token, password: 'too late now' });
    expect(late.statusCode).toBe(400);
    expect(
      (await post('/api/network/auth/sign-in', { email: member.email, password: member.password })).statusCode,
    ).toBe(200);
  });

  it('when a case admin forgets the password, then POST /api/caseadmin/password-reset is 202 for any address, and the link sets a new password and ends every token', async () => {
    const admin = await signInCaseAdmin(t);
    const unknown = await post('/api/caseadmin/password-reset', { email: 'nobody-admin@example.test' });
    const known = await post('/api/caseadmin/password-reset', { email: admin.email.toUpperCase() });
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);

    const token = linkToken(
      await mailTo(admin.email, 'Reset your Pathway admin password'),
      '/caseadmin/reset-password',
    );
    expect(
      (await post('/api/caseadmin/password-reset/confirm', { token, password: 'admin new password' })).statusCode,
    ).toBe(204);

    expect(
      (await t.app.inject({ method: 'GET', url: '/api/caseadmin/dashboard-metrics', headers: admin.headers }))
        .statusCode,
    ).toBe(401);
    expect((await post('/api/caseadmin/login', { email: admin.email, password: admin.password })).statusCode).toBe(401);
    expect(
      (await post('/api/caseadmin/login', { email: admin.email, password: 'admin new password' })).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/caseadmin/password-reset/confirm', { token, password: 'admin newer password' })).statusCode,
    ).toBe(400);
  });

  it('when a learner registered an email and forgets the password, then the link sets a new one and ends every token; without an email nothing is sent', async () => {
    const username = `mailed_${Date.now().toString(36)}`;
    const registered = await post('/auth/register', {
      username,
      password: 'learner password',
      profession: 'dentist',
      email: 'Learner@Example.test',
    });
    expect(registered.statusCode).toBe(201);
    const headers = { authorization: `Bearer ${registered.json<{ token: string }>().token}` };
    const withoutEmail = await registerLearner(t);

    expect((await post('/auth/password-reset', { email: 'learner@example.test' })).statusCode).toBe(202);
    const token = linkToken(
      await mailTo('learner@example.test', 'Reset your Pathway learning password'),
      '/lms-system/reset-password',
    );
    expect((await post('/auth/password-reset/confirm', { token, password: 'learner new password' })).statusCode).toBe(
      204,
    );

    expect((await t.app.inject({ method: 'GET', url: '/user/progress', headers })).statusCode).toBe(401);
    expect((await post('/auth/login', { username, password: 'learner password' })).statusCode).toBe(401);
    expect((await post('/auth/login', { username, password: 'learner new password' })).statusCode).toBe(200);
    expect((await post('/auth/password-reset/confirm', { token, password: 'learner newer password' })).statusCode).toBe(
      400,
    );
    expect(smtp.messages.some((mail) => mail.text.includes(withoutEmail.username))).toBe(false);
    const taken = await post('/auth/register', {
      username: `other_${Date.now().toString(36)}`,
      password: 'learner password',
      profession: 'dentist',
      email: 'learner@example.test',
    });
    // Registering does not tell who uses an address (see account-enumeration.test.ts): the account is
    // made without it, and the address stays the first learner's.
    expect(taken.statusCode).toBe(201);
    const holders = await t.database.pool.query<{ username: string }>(
      `SELECT username FROM lms_users WHERE email = 'learner@example.test'`,
    );
    expect(holders.rows).toEqual([{ username }]);
  });
});
