import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailDigestSetting } from '../../contracts/network.js';
import { DIGEST_QUEUE, queueDailyDigests } from '../../server/network/email-digest.js';
import { startJobQueue, type JobQueue } from '../../server/platform/jobs.js';
import { startMailer } from '../../server/platform/mail.js';
import { createTextPost, ownOrigin, signUpMember, type TestMember } from '../factories/network.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { createTestApp, type TestApp } from '../test-app.js';

const PUBLIC_URL = 'https://pathway.test';
const DAY_MS = 24 * 60 * 60_000;

/**
 * The opt-in daily digest end to end: the member's switch, the schedule's job (sent by hand, as
 * pg-boss would at the cron time), the real mail queue and a real SMTP server, the unsubscribe link.
 */
describe('network email digest', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let jobs: JobQueue;
  let reader: TestMember;
  let actor: TestMember;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL, LOGIN_RATE_LIMIT: '1000' });
    jobs = await startJobQueue({ connectionString: t.databaseUrl, logger: t.logger, retryDelaySeconds: 1 });
    reader = await signUpMember(t, { verified: true });
    actor = await signUpMember(t, { verified: true });
  });
  afterAll(async () => {
    await jobs?.stop();
    await t?.close();
    await smtp?.close();
  });

  const setting = (member: TestMember) =>
    t.app.inject({ method: 'GET', url: '/api/network/me/email-digest', headers: member.headers });
  const turn = (member: TestMember, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/network/me/email-digest',
      headers: member.headers,
      payload: payload as object,
    });
  const query = async <T extends object>(text: string, values: unknown[] = []) =>
    (await t.database.pool.query<T & Record<string, unknown>>(text, values)).rows;
  // Members signed up here also get a verification email, which may arrive at any time: only digests count.
  const digestEmails = (to?: string) =>
    smtp.messages.filter((m) => m.subject.includes('unread notification') && (!to || m.to.includes(to)));
  const digestJobsTo = async (email: string) =>
    (
      await query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send' AND data->>'compose' = 'network-email-digest' AND data->>'to' = $1`,
        [email],
      )
    )[0]?.n ?? 0;
  /** Runs the schedule's job once, as pg-boss does at the cron time, and waits until it has run. */
  async function runSchedule(): Promise<void> {
    const [before] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = 'completed'`,
      [DIGEST_QUEUE],
    );
    await jobs.send(t.db, DIGEST_QUEUE, {});
    await expect
      .poll(
        async () =>
          (
            await query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = 'completed'`,
              [DIGEST_QUEUE],
            )
          )[0]?.n,
      )
      .toBe((before?.n ?? 0) + 1);
  }
  async function commentOn(postOf: TestMember, text: string) {
    const post = await createTextPost(t, postOf, `${text}: the post`);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/network/posts/${post.id}/comments`,
      headers: actor.headers,
      payload: { text },
    });
    expect(response.statusCode).toBe(201);
    return post;
  }

  it('when a member has not chosen, then the digest is off; they turn it on and off for themselves only, and bad input is a 400', async () => {
    expect((await setting(reader)).json<EmailDigestSetting>()).toEqual({ enabled: false });
    expect((await turn(reader, { enabled: true })).json<EmailDigestSetting>()).toEqual({ enabled: true });
    expect((await setting(reader)).json<EmailDigestSetting>()).toEqual({ enabled: true });
    expect((await setting(actor)).json<EmailDigestSetting>()).toEqual({ enabled: false });
    for (const bad of [{}, { enabled: 'yes' }, { enabled: true, memberId: actor.user.uid }]) {
      const response = await turn(actor, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json()).toHaveProperty('error');
    }
    expect((await setting(actor)).json<EmailDigestSetting>()).toEqual({ enabled: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/network/me/email-digest' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/network/me/email-digest',
          headers: { origin: ownOrigin(t) },
          payload: { enabled: true },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('when the schedule runs, then a subscriber with unread notifications gets one digest in the shared layout, and nobody else gets one', async () => {
    const quiet = await signUpMember(t, { verified: true });
    await turn(quiet, { enabled: true });
    const unverified = await signUpMember(t);
    await turn(unverified, { enabled: true });
    const notSubscribed = await signUpMember(t, { verified: true });
    await commentOn(unverified, 'Unverified address');
    await commentOn(notSubscribed, 'Never asked');
    const post = await commentOn(reader, 'Great point about ICU rotas');
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/network/posts/${post.id}/like`, headers: actor.headers }))
        .statusCode,
    ).toBe(200);

    await runSchedule();
    const mail = await smtp.nextMessage(
      (m) => m.to.includes(reader.email) && m.subject.includes('unread notification'),
    );
    expect(mail.subject).toBe('You have 2 unread notifications on Pathway');
    expect(mail.text).toContain(`${actor.user.displayName} liked your post`);
    expect(mail.text).toContain(`${actor.user.displayName} commented on your post`);
    expect(mail.text).toContain('See your notifications: https://pathway.test/notifications');
    expect(mail.html).toContain('#0a66c2');
    const unsubscribe = mail.links.find((link) => link.includes('/notifications/digest/unsubscribe?token='));
    expect(unsubscribe).toBeDefined();
    // mailparser reads List-Unsubscribe into its `list` header.
    expect(mail.headers.list).toContain(`"url":"${unsubscribe}"`);
    // The link's token was made when the email was written: the queued job never held it, nor the text.
    const [job] = await query<{ data: unknown }>(
      `SELECT data FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1`,
      [reader.email],
    );
    expect(JSON.stringify(job?.data)).not.toContain(new URL(unsubscribe ?? '').searchParams.get('token'));
    expect(JSON.stringify(job?.data)).not.toContain('liked your post');

    for (const member of [quiet, unverified, notSubscribed])
      expect(await digestJobsTo(member.email), member.email).toBe(0);
    // (Each got its sign-up's verification email, nothing more.)
    expect([quiet, unverified, notSubscribed].flatMap((member) => digestEmails(member.email))).toEqual([]);
  });

  it('when the schedule runs again the same day, or on several instances at once, then each member still gets one digest a day', async () => {
    await commentOn(reader, 'Another comment the same day');
    await runSchedule();
    expect(await digestJobsTo(reader.email)).toBe(1);

    t.clock.advance(DAY_MS);
    const other = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL }, { sameDatabaseAs: t });
    try {
      const mailers = await Promise.all([t, other].map((app) => startMailer(app.config, jobs, app.logger, app.db)));
      const queued = await Promise.all([
        queueDailyDigests(t.db, { mailer: mailers[0]! }, t.clock.now()),
        queueDailyDigests(other.db, { mailer: mailers[1]! }, t.clock.now()),
      ]);
      expect(queued[0] + queued[1]).toBe(1);
    } finally {
      await other.close();
    }
    expect(await digestJobsTo(reader.email)).toBe(2);
    await expect.poll(() => digestEmails(reader.email).length).toBe(2);
    expect(digestEmails(reader.email).at(-1)?.subject).toBe('You have 3 unread notifications on Pathway');
  });

  it('when everything was read by the time the email is written, then nothing is sent', async () => {
    t.clock.advance(DAY_MS);
    await commentOn(reader, 'Read before the email went');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/network/notifications/read',
          headers: reader.headers,
          payload: { all: true },
        })
      ).statusCode,
    ).toBe(200);
    // Nothing unread: the schedule claims nobody.
    expect(
      await queueDailyDigests(t.db, { mailer: await startMailer(t.config, jobs, t.logger, t.db) }, t.clock.now()),
    ).toBe(0);
    // A digest already queued when the member read everything (the job is what the claim queues) sends nothing either.
    const day = 'read-meanwhile';
    await (
      await startMailer(t.config, jobs, t.logger, t.db)
    ).sendComposed(t.db, 'network-email-digest', reader.email, { memberId: reader.user.uid, day });
    const before = digestEmails().length;
    await expect
      .poll(
        async () =>
          (
            await query<{ state: string }>(
              `SELECT state FROM pgboss.job WHERE name = 'mail.send' AND data->'data'->>'day' = $1`,
              [day],
            )
          )[0]?.state,
      )
      .toBe('completed');
    expect(digestEmails().length).toBe(before);
  });

  it('when the emailed unsubscribe link is followed, then the digest stops without signing in; a forged or borrowed token changes nothing', async () => {
    const mail = digestEmails(reader.email)[0];
    const token =
      new URL(mail?.links.find((link) => link.includes('/digest/unsubscribe')) ?? 'https://x').searchParams.get(
        'token',
      ) ?? '';
    await turn(actor, { enabled: true });
    const unsubscribe = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/network/email-digest/unsubscribe',
        headers: { origin: ownOrigin(t) },
        payload,
      });
    const [, mac] = token.split('.');
    for (const forged of [`${actor.user.uid}.${mac}`, `${reader.user.uid}.forged`, 'garbage', '']) {
      const response = await unsubscribe({ token: forged });
      expect(response.statusCode, forged).toBe(400);
      expect(response.json()).toHaveProperty('error');
    }
    expect((await setting(actor)).json<EmailDigestSetting>()).toEqual({ enabled: true });
    expect((await setting(reader)).json<EmailDigestSetting>()).toEqual({ enabled: true });

    const response = await unsubscribe({ token });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ message: string }>().message).toMatch(/^Unsubscribed/);
    expect((await setting(reader)).json<EmailDigestSetting>()).toEqual({ enabled: false });
    expect((await setting(actor)).json<EmailDigestSetting>()).toEqual({ enabled: true });
    // Following it again is no error.
    expect((await unsubscribe({ token })).statusCode).toBe(200);
  });
});
