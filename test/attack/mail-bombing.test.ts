import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInCaseAdmin } from '../factories/cases.js';
import { SAME_ORIGIN, signUpMember } from '../factories/network.js';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp-server.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { mailQueueSettled } from './support.js';

const MINUTE_MS = 60_000;

/**
 * Emails an anonymous caller can trigger go to one address at most once per 10 minutes, however
 * many clients ask: a crowd cannot flood an inbox, nor keep replacing the owner's reset link.
 */
describe('mail bombing: a per-recipient cooldown', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** `path` asked by 8 different clients, as a botnet would. */
  async function fromEightClients(path: string, payload: object): Promise<void> {
    for (let client = 1; client <= 8; client += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: path,
        payload,
        headers: { origin: SAME_ORIGIN },
        remoteAddress: `198.51.100.${client}`,
      });
      expect(response.statusCode, response.body).toBe(202);
    }
  }

  const mailsTo = (address: string, subject: string): ReceivedMail[] =>
    smtp.messages.filter((mail) => mail.to.includes(address) && mail.subject.includes(subject));
  const tokenOf = (mail: ReceivedMail) => new URL(mail.links[0] ?? 'https://x/').searchParams.get('token') ?? '';

  it.each([
    [
      'a member',
      '/api/network/auth/password-reset',
      '/api/network/auth/password-reset/confirm',
      'Reset your Pathway password',
      async () => (await signUpMember(t)).email,
    ],
    [
      'a case admin',
      '/api/caseadmin/password-reset',
      '/api/caseadmin/password-reset/confirm',
      'Reset your Pathway admin password',
      async () => (await signInCaseAdmin(t)).email,
    ],
    [
      'a learner',
      '/auth/password-reset',
      '/auth/password-reset/confirm',
      'Reset your Pathway learning password',
      async () => {
        const email = `bombed-learner-${Date.now()}@example.test`;
        await t.app.inject({
          method: 'POST',
          url: '/auth/register',
          payload: { username: `bombed${Date.now()}`, password: 'learner password', profession: 'doctor', email },
        });
        return email;
      },
    ],
  ])(
    'when 8 clients ask a password reset for %s, then one email goes out, its link keeps working, and the next comes only after 10 minutes',
    async (_who, path, confirmPath, subject, accountEmail) => {
      const email = await accountEmail();
      await fromEightClients(path, { email });
      await mailQueueSettled(t);
      expect(mailsTo(email, subject)).toHaveLength(1);
      const first = tokenOf(mailsTo(email, subject)[0]!);
      // The seven requests after it did not replace the owner's link.
      const confirm = (token: string) =>
        t.app.inject({
          method: 'POST',
          url: confirmPath,
          headers: { origin: SAME_ORIGIN },
          payload: { token, password: 'a fresh password' },
        });
      expect((await confirm(first)).statusCode).toBe(204);

      t.clock.advance(10 * MINUTE_MS + 1000);
      await fromEightClients(path, { email });
      await mailQueueSettled(t);
      expect(mailsTo(email, subject)).toHaveLength(2);
      expect((await confirm(tokenOf(mailsTo(email, subject)[1]!))).statusCode).toBe(204);
    },
  );

  it('when 8 clients sign up with a member\'s address, then the member gets one "someone tried" email per 10 minutes', async () => {
    const member = await signUpMember(t);
    await fromEightClients('/api/network/auth/sign-up', { email: member.email, password: 'some password' });
    await mailQueueSettled(t);
    expect(mailsTo(member.email, 'Someone tried to sign up')).toHaveLength(1);
    t.clock.advance(10 * MINUTE_MS + 1000);
    await fromEightClients('/api/network/auth/sign-up', { email: member.email, password: 'some password' });
    await mailQueueSettled(t);
    expect(mailsTo(member.email, 'Someone tried to sign up')).toHaveLength(2);
  });
});
