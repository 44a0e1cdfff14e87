import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIGEST_QUEUE } from '../../server/network/email-digest.js';
import { startJobQueue, type JobQueue } from '../../server/platform/jobs.js';
import { createCase, signInCaseAdmin } from '../factories/cases.js';
import { createTextPost, signUpMember, type TestMember } from '../factories/network.js';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp-server.js';
import { createTestApp, type TestApp } from '../test-app.js';

const PUBLIC_URL = 'https://pathway.test';

/**
 * One-click unsubscribe (RFC 8058) as a mail provider does it: read the received message's raw
 * headers, check it offers one-click, and POST `List-Unsubscribe=One-Click` to the address from the
 * provider's own servers: no cookie, no Origin, no Referer, no JavaScript. Every kind of email a
 * person can stop is here: case emails (tracker updates) and the network's daily digest.
 */

/** A header of the raw message, unfolded (RFC 5322 2.2.3), as a mail provider reads it. */
function rawHeader(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded
    .split(/\r?\n/)
    .find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The https address of List-Unsubscribe, after checking the message offers one-click. */
function oneClickAddress(mail: ReceivedMail): URL {
  expect(rawHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  const addresses = [...(rawHeader(mail, 'List-Unsubscribe') ?? '').matchAll(/<([^>]+)>/g)].map((match) => match[1]);
  const https = addresses.find((address) => address?.startsWith('https://'));
  expect(https, 'an https address in List-Unsubscribe').toBeDefined();
  return new URL(https ?? '');
}

describe('one-click unsubscribe from every email a person can stop', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let jobs: JobQueue;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, LOGIN_RATE_LIMIT: '1000' });
    jobs = await startJobQueue({ connectionString: t.databaseUrl, logger: t.logger, retryDelaySeconds: 1 });
  });
  afterAll(async () => {
    await jobs?.stop();
    await t?.close();
    await smtp?.close();
  });

  /** POSTs as a mail provider: the address exactly as given, the one field, nothing of a browser's. */
  function providerPost(address: URL, as: 'multipart' | 'form' = 'multipart') {
    expect(address.origin).toBe(PUBLIC_URL);
    const boundary = '----provider-one-click';
    return t.app.inject({
      method: 'POST',
      url: `${address.pathname}${address.search}`,
      headers:
        as === 'multipart'
          ? { 'content-type': `multipart/form-data; boundary=${boundary}` }
          : { 'content-type': 'application/x-www-form-urlencoded' },
      payload:
        as === 'multipart'
          ? `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`
          : 'List-Unsubscribe=One-Click',
    });
  }

  const query = async <T extends object>(text: string, values: unknown[] = []) =>
    (await t.database.pool.query<T & Record<string, unknown>>(text, values)).rows;

  it('when a case email arrives, then its List-Unsubscribe address takes a provider one-click POST, twice alike, and the address hears nothing more of the case', async () => {
    const { headers } = await signInCaseAdmin(t);
    const email = `one-click-${Date.now().toString(36)}@example.test`;
    const created = await createCase(t, headers, { client_email: email, serviceIds: [1] });
    const mail = await smtp.nextMessage((m) => m.to.includes(email));
    const address = oneClickAddress(mail);
    expect(address.pathname).toBe('/casetracking/unsubscribe');

    const first = await providerPost(address, 'multipart');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ message: string }>().message).toBe(
      `Unsubscribed: no more emails about case ${created.case_number} will be sent to this address.`,
    );
    const [row] = await query<{ unsubscribed_at: Date | null }>(
      'SELECT unsubscribed_at FROM case_notification_recipients WHERE case_id = $1 AND email = $2',
      [created.id, email],
    );
    expect(row?.unsubscribed_at).not.toBeNull();

    // Providers retry: the same POST again (the other encoding RFC 8058 allows) answers the same and changes nothing.
    const again = await providerPost(address, 'form');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const [after] = await query<{ unsubscribed_at: Date | null }>(
      'SELECT unsubscribed_at FROM case_notification_recipients WHERE case_id = $1 AND email = $2',
      [created.id, email],
    );
    expect(after?.unsubscribed_at).toEqual(row?.unsubscribed_at);
  });

  it('when the daily digest arrives, then its List-Unsubscribe address takes a provider one-click POST and the digest stops', async () => {
    const reader: TestMember = await signUpMember(t, { verified: true });
    const actor: TestMember = await signUpMember(t, { verified: true });
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/network/me/email-digest',
      headers: reader.headers,
      payload: { enabled: true },
    });
    expect(on.statusCode).toBe(200);
    const post = await createTextPost(t, reader, 'A post to comment on');
    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/network/posts/${post.id}/comments`,
      headers: actor.headers,
      payload: { text: 'A comment' },
    });
    expect(comment.statusCode).toBe(201);
    await jobs.send(t.db, DIGEST_QUEUE, {});
    const digest = await smtp.nextMessage((m) => m.to.includes(reader.email) && m.subject.includes('unread'));
    const address = oneClickAddress(digest);
    expect(address.pathname).toBe('/notifications/digest/unsubscribe');

    for (const as of ['multipart', 'form'] as const) {
      const response = await providerPost(address, as);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ message: string }>().message).toMatch(/^Unsubscribed/);
    }
    const setting = await t.app.inject({ method: 'GET', url: '/api/network/me/email-digest', headers: reader.headers });
    expect(setting.json()).toEqual({ enabled: false });
  });

  it('when a one-click POST carries a token the server did not make, then it is refused as the unsubscribe page refuses it', async () => {
    for (const [url, status] of [
      ['/casetracking/unsubscribe?token=1-forged', 404],
      ['/notifications/digest/unsubscribe?token=forged', 400],
    ] as const) {
      const response = await providerPost(new URL(url, PUBLIC_URL));
      expect(response.statusCode, url).toBe(status);
      expect(response.json()).toHaveProperty('error');
    }
    const missing = await providerPost(new URL('/casetracking/unsubscribe', PUBLIC_URL));
    expect(missing.statusCode).toBe(400);
  });
});
