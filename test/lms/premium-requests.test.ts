import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPremiumRequest, CoursePreview, LatestPremiumRequest, PremiumRequest } from '../../contracts/lms.js';
import { mailQueueSettled } from '../attack/support.js';
import { registerLearner, signInLmsAdmin } from '../factories/lms.js';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { createTestApp, type TestApp } from '../test-app.js';

const PUBLIC_URL = 'https://pathway.test';

describe('premium requests', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let admin: { headers: Record<string, string> };
  let counter = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // Tokens outlive the day the request limit is tested over.
    t = await createTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      LOGIN_RATE_LIMIT: '1000',
      LMS_TOKEN_TTL_SECONDS: String(7 * 86_400),
    });
    admin = await signInLmsAdmin(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  type Headers = Record<string, string>;
  const ask = (headers: Headers, payload?: object) =>
    t.app.inject({ method: 'POST', url: '/user/premium-requests', headers, ...(payload ? { payload } : {}) });
  const latest = async (headers: Headers) =>
    (await t.app.inject({ method: 'GET', url: '/user/premium-requests/latest', headers })).json<LatestPremiumRequest>();
  const decide = (id: number, action: 'grant' | 'decline', headers: Headers = admin.headers) =>
    t.app.inject({ method: 'POST', url: `/admin/premium-requests/${id}/${action}`, headers });
  const list = (query = '', headers: Headers = admin.headers) =>
    t.app.inject({ method: 'GET', url: `/admin/premium-requests${query}`, headers });
  const programsOf = async (id: number) =>
    (
      await t.database.pool.query<{ programs: string[] }>(
        'SELECT allowed_programs AS programs FROM lms_users WHERE id = $1',
        [id],
      )
    ).rows[0]?.programs;
  const requestCount = async () =>
    (await t.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM premium_requests')).rows[0]?.n;

  /** A learner registered with an email address, as a self-registered candidate may. */
  async function learnerWithEmail() {
    const username = `asker${++counter}_${Date.now().toString(36)}`;
    const email = `${username}@example.test`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { username, password: 'correct horse battery', profession: 'nurse', email },
    });
    const { token } = response.json<{ token: string }>();
    const id = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { id: number }).id;
    return { id, username, email, headers: { authorization: `Bearer ${token}` } };
  }

  it('when a learner asks and an admin grants, then the learner gains the programs they lacked, sees the decision once and is emailed', async () => {
    const learner = await learnerWithEmail();
    expect(await latest(learner.headers)).toEqual({ request: null, noticeSeen: false });
    const asked = await ask(learner.headers, { note: '  Preparing for the March exam  ' });
    expect(asked.statusCode).toBe(201);
    const request = asked.json<PremiumRequest>();
    expect(request).toMatchObject({
      programs: ['course', 'exam-results'],
      note: 'Preparing for the March exam',
      status: 'open',
      decided_at: null,
    });
    expect(request.created_at).toBe(t.clock.now().toISOString());
    expect((await latest(learner.headers)).request).toEqual(request);

    const open = await list();
    expect(open.statusCode).toBe(200);
    expect(Number(open.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    const listed = open
      .json<{ premiumRequests: AdminPremiumRequest[] }>()
      .premiumRequests.find((r) => r.id === request.id);
    expect(listed).toMatchObject({
      user: { id: learner.id, username: learner.username, profession: 'nurse', allowed_programs: [] },
      decided_by: null,
      status: 'open',
    });

    const granted = await decide(request.id, 'grant');
    expect(granted.statusCode).toBe(200);
    expect(granted.json<PremiumRequest>()).toMatchObject({
      status: 'granted',
      decided_at: t.clock.now().toISOString(),
    });
    expect(await programsOf(learner.id)).toEqual(['course', 'exam-results']);
    expect((await t.app.inject({ method: 'GET', url: '/user/courses', headers: learner.headers })).statusCode).toBe(
      200,
    );
    expect(
      (await list())
        .json<{ premiumRequests: AdminPremiumRequest[] }>()
        .premiumRequests.some((r) => r.id === request.id),
    ).toBe(false);
    const decided = (await list('?status=granted'))
      .json<{ premiumRequests: AdminPremiumRequest[] }>()
      .premiumRequests.find((r) => r.id === request.id);
    expect(decided?.decided_by).toMatch(/^admin/);

    const mail = await smtp.nextMessage((m) => m.to.includes(learner.email));
    expect(mail.subject).toBe('Your Pathway premium access is open');
    expect(mail.text).toContain('Course library');
    expect(mail.text).toContain('Detailed exam results');
    expect(mail.links).toContain(`${PUBLIC_URL}/lms-system/dashboard`);

    // The dashboard's notice until dismissed.
    expect(await latest(learner.headers)).toMatchObject({
      request: { id: request.id, status: 'granted' },
      noticeSeen: false,
    });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/user/premium-requests/${request.id}/seen`,
          headers: learner.headers,
        })
      ).statusCode,
    ).toBe(204);
    expect((await latest(learner.headers)).noticeSeen).toBe(true);

    // Answered once: a second click, or the other button, changes nothing.
    expect((await decide(request.id, 'grant')).json()).toEqual({ error: 'This request was already granted.' });
    expect((await decide(request.id, 'decline')).statusCode).toBe(409);
    expect(await programsOf(learner.id)).toEqual(['course', 'exam-results']);
  });

  it('when an admin declines, then the programs stay as they were, the learner is told and may ask again', async () => {
    const learner = await learnerWithEmail();
    const request = (await ask(learner.headers)).json<PremiumRequest>();
    const declined = await decide(request.id, 'decline');
    expect(declined.json<PremiumRequest>().status).toBe('declined');
    expect(await programsOf(learner.id)).toEqual([]);
    const mail = await smtp.nextMessage((m) => m.to.includes(learner.email));
    expect(mail.subject).toBe('Your Pathway premium request was declined');
    expect((await latest(learner.headers)).request?.status).toBe('declined');
    expect((await ask(learner.headers)).statusCode).toBe(201);
  });

  it('when a learner without an email address is granted, then nothing is emailed and the notice still tells them', async () => {
    const learner = await registerLearner(t);
    const request = (await ask(learner.headers)).json<PremiumRequest>();
    const before = smtp.messages.length;
    expect((await decide(request.id, 'grant')).statusCode).toBe(200);
    await mailQueueSettled(t);
    expect(smtp.messages.length).toBe(before);
    expect((await latest(learner.headers)).request?.status).toBe('granted');
  });

  it('when a learner asks while a request is open, or for what they already have, then the refusal says why and nothing is stored', async () => {
    const learner = await registerLearner(t, { programs: ['course'] });
    const first = await ask(learner.headers, { programs: ['course', 'exam-results'] });
    // Only what they lack is asked for.
    expect(first.json<PremiumRequest>().programs).toEqual(['exam-results']);
    const count = await requestCount();
    const again = await ask(learner.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: `You already asked for premium on ${t.clock.now().toISOString().slice(0, 10)}; an LMS administrator will answer it.`,
    });

    const full = await registerLearner(t, { programs: ['course', 'exam-results'] });
    const nothing = await ask(full.headers);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toEqual({ error: 'You already have the premium access you asked for.' });
    const some = await registerLearner(t, { programs: ['course'] });
    expect((await ask(some.headers, { programs: ['course'] })).statusCode).toBe(409);
    expect(await requestCount()).toBe(count);
  });

  it('when a learner asks twice at the same instant, then one request is stored', async () => {
    const learner = await registerLearner(t);
    const answers = await Promise.all([ask(learner.headers), ask(learner.headers), ask(learner.headers)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('when two admins answer one request at once, then it is answered once', async () => {
    const other = await signInLmsAdmin(t);
    const learner = await registerLearner(t);
    const request = (await ask(learner.headers)).json<PremiumRequest>();
    const answers = await Promise.all([decide(request.id, 'decline', other.headers), decide(request.id, 'grant')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const status = answers.find((a) => a.statusCode === 200)?.json<PremiumRequest>().status;
    expect(await programsOf(learner.id)).toEqual(status === 'granted' ? ['course', 'exam-results'] : []);
  });

  it('when the input is bad, then it is a 400 with the reason and nothing is stored', async () => {
    const count = await requestCount();
    for (const payload of [
      { note: 'x'.repeat(501) },
      { programs: ['gold'] },
      { programs: [] },
      { programs: 'course' },
      { note: 5 },
      { note: 'hi', role: 'admin' },
    ]) {
      // A learner each: tries count against the day's limit, right or wrong.
      const response = await ask((await registerLearner(t)).headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof response.json<{ error: string }>().error).toBe('string');
    }
    expect((await list('?status=maybe')).statusCode).toBe(400);
    expect((await list('?pageSize=1000')).statusCode).toBe(400);
    expect((await decide(2_147_483_647, 'grant')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/admin/premium-requests/abc/grant', headers: admin.headers }))
        .statusCode,
    ).toBe(400);
    expect(await requestCount()).toBe(count);
  });

  it('when a learner lists or answers requests, or dismisses a notice not theirs, then they are refused', async () => {
    const learner = await registerLearner(t);
    const other = await registerLearner(t);
    const request = (await ask(other.headers)).json<PremiumRequest>();
    expect((await list('', learner.headers)).statusCode).toBe(403);
    expect((await decide(request.id, 'grant', learner.headers)).statusCode).toBe(403);
    expect((await decide(request.id, 'grant', other.headers)).statusCode).toBe(403);
    expect(await programsOf(other.id)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/admin/premium-requests' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/user/premium-requests' })).statusCode).toBe(401);
    // An open request has no notice to dismiss; another learner's is not found.
    expect(
      (await t.app.inject({ method: 'POST', url: `/user/premium-requests/${request.id}/seen`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
    await decide(request.id, 'decline');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/user/premium-requests/${request.id}/seen`,
          headers: learner.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect((await latest(other.headers)).noticeSeen).toBe(false);
  });

  it('when a learner keeps asking after declines, then the fourth request in a day gets 429, and a day later they may ask again', async () => {
    const learner = await registerLearner(t);
    for (let i = 0; i < 3; i++) {
      const asked = await ask(learner.headers);
      expect(asked.statusCode).toBe(201);
      await decide(asked.json<PremiumRequest>().id, 'decline');
    }
    const count = await requestCount();
    const fourth = await ask(learner.headers);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
    expect(await requestCount()).toBe(count);
    t.clock.advance(86_400_000);
    expect((await ask(learner.headers)).statusCode).toBe(201);
  });

  it('when the admin list has more requests than a page, then it is paged with the total', async () => {
    for (let i = 0; i < 3; i++) await ask((await registerLearner(t)).headers);
    const response = await list('?page=1&pageSize=2');
    expect(response.json<{ premiumRequests: unknown[] }>().premiumRequests).toHaveLength(2);
    const total = Number(response.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(3);
    const pages = [];
    for (let page = 1; page <= Math.ceil(total / 2); page++)
      pages.push(
        ...(await list(`?page=${page}&pageSize=2`))
          .json<{ premiumRequests: { id: number }[] }>()
          .premiumRequests.map((r) => r.id),
      );
    expect(new Set(pages).size).toBe(total);
  });
});

describe('the locked course library', () => {
  let t: TestApp;
  let admin: { headers: Record<string, string> };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInLmsAdmin(t);
  });
  afterAll(() => t.close());

  it('when a free learner opens the library, then they see the titles, levels and lesson counts of their courses and no lesson or description', async () => {
    const lesson = 'SECRET LESSON BODY about fluid balance';
    const created = [];
    for (const [title, profession, level, lessons] of [
      ['Fluids for nurses', 'nurse', 'Advanced', 3],
      ['Ethics for everyone', 'all', 'Beginner', 1],
      ['Dental hygiene', 'dentist', 'Beginner', 1],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/admin/courses',
        headers: admin.headers,
        payload: {
          title,
          profession,
          level,
          description: 'SECRET DESCRIPTION',
          duration: '2 hours',
          sections: Array.from({ length: lessons }, (_, n) => ({ title: `Lesson ${n + 1}`, body: lesson })),
          published: true,
        },
      });
      created.push(response.json<{ id: number }>().id);
    }
    const learner = await registerLearner(t, { profession: 'nurse' });
    expect((await t.app.inject({ method: 'GET', url: '/user/courses', headers: learner.headers })).statusCode).toBe(
      403,
    );
    const preview = await t.app.inject({ method: 'GET', url: '/user/courses/preview', headers: learner.headers });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).not.toContain('SECRET');
    expect(preview.body).not.toContain('Lesson 1');
    const { courses } = preview.json<{ courses: CoursePreview[] }>();
    expect(courses).toEqual([
      {
        id: created[0],
        title: 'Fluids for nurses',
        level: 'Advanced',
        profession: 'nurse',
        duration: '2 hours',
        lessons: 3,
      },
      {
        id: created[1],
        title: 'Ethics for everyone',
        level: 'Beginner',
        profession: 'all',
        duration: '2 hours',
        lessons: 1,
      },
    ]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/user/courses/${created[0]}`, headers: learner.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/user/courses/preview' })).statusCode).toBe(401);
  });
});
