import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInCaseAdmin } from '../factories/cases.js';
import { registerLearner, signInLmsAdmin, type Learner } from '../factories/lms.js';
import { createTestApp, type TestApp } from '../test-app.js';

const decode = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

describe('LMS accounts and roles', () => {
  let t: TestApp;
  let learner: Learner;
  let admin: { headers: Record<string, string> };

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    learner = await registerLearner(t, { profession: 'dentist' });
    admin = await signInLmsAdmin(t);
  });
  afterAll(() => t.close());

  it('when a user registers, then the returned token holds id, username, profession and role user', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { username: 'Amal.K', password: 'longenough', profession: 'physiotherapist' },
    });
    expect(response.statusCode).toBe(201);
    const claims = decode(response.json<{ token: string }>().token);
    expect(claims).toMatchObject({ username: 'Amal.K', profession: 'physiotherapist', role: 'user', aud: 'lms' });
    expect(typeof claims.id).toBe('number');
  });

  it('when the username is taken in any letter case, then registration is a 409 and no second account exists', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { username: learner.username.toUpperCase(), password: 'longenough', profession: 'nurse' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'This username is already taken' });
    const users = await t.app.inject({
      method: 'GET',
      url: '/admin/users',
      headers: admin.headers,
      query: { search: learner.username },
    });
    expect(users.json<{ users: unknown[] }>().users).toHaveLength(1);
  });

  it.each([
    [{ username: 'shortpw', password: 'seven77', profession: 'nurse' }, 'Password must be at least 8 characters'],
    [{ username: 'badprof', password: 'longenough', profession: 'pilot' }, 'Profession must be one of'],
    [{ username: '', password: 'longenough', profession: 'nurse' }, 'sername'],
    [{ username: 'has space', password: 'longenough', profession: 'nurse' }, 'Username may hold only'],
  ])('when registration input is invalid (%j), then it is a 400 with a clear error', async (payload, message) => {
    const response = await t.app.inject({ method: 'POST', url: '/auth/register', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toContain(message);
  });

  it('when the password is wrong or the user unknown, then login answers the spec text with a 401', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: learner.username, password: 'not the password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: 'nobody-here', password: 'whatever1' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Login failed. Please check your credentials.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('when a user logs in with any letter case of the username, then the token carries the role from the database', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: learner.username.toUpperCase(), password: learner.password },
    });
    expect(response.statusCode).toBe(200);
    expect(decode(response.json<{ token: string }>().token)).toMatchObject({
      id: learner.id,
      username: learner.username,
      profession: 'dentist',
      role: 'user',
    });
  });

  const userRoutes: [string, string, unknown?][] = [
    ['GET', '/user/exam/questions'],
    ['POST', '/user/exam/submit', { questionId: 1, userAnswer: 'x' }],
    ['POST', '/user/exam/auto-save', { questionId: 1, userAnswer: 'x', timer: 10 }],
    ['POST', '/user/exam/events', { event: 'copy' }],
    ['POST', '/user/exam/finish'],
    ['GET', '/user/exam/summary'],
    ['GET', '/user/exam/upcoming'],
    ['GET', '/user/courses/recent'],
    ['GET', '/user/courses'],
    ['GET', '/user/courses/1'],
    ['PUT', '/user/courses/1/progress', { section: 0 }],
    ['GET', '/user/progress'],
    ['GET', '/user/achievements'],
    ['GET', '/user/profile'],
  ];
  const adminRoutes: [string, string, unknown?][] = [
    ['GET', '/exam-questions'],
    [
      'POST',
      '/exam-questions',
      { question: 'Q', options: ['a', 'b'], correct_answer: 'a', explanation: 'e', profession: 'nurse' },
    ],
    ['DELETE', '/exam-questions/1'],
    ['GET', '/admin/courses'],
    ['POST', '/admin/courses', { title: 'T', profession: 'all' }],
    ['DELETE', '/admin/courses/1'],
    ['GET', '/admin/exam-logs'],
    ['GET', '/admin/users'],
    ['PUT', '/admin/users/1/programs', { allowed_programs: ['course'] }],
    ['GET', '/admin/essays'],
    ['PUT', '/admin/essays/1', { correct: true }],
    ['GET', '/admin/upcoming-exams'],
    ['POST', '/admin/upcoming-exams', { title: 'T', exam_date: '2030-01-01', exam_time: '09:00' }],
    ['DELETE', '/admin/upcoming-exams/1'],
  ];
  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

  it.each([...userRoutes, ...adminRoutes])(
    'when %s %s is called without a token or with a case-admin token, then it is a 401',
    async (method, url, payload) => {
      const caseAdmin = await signInCaseAdmin(t);
      const anonymous = await t.app.inject({ method: method as Method, url, ...(payload ? { payload } : {}) });
      const wrongAudience = await t.app.inject({
        method: method as Method,
        url,
        headers: caseAdmin.headers,
        ...(payload ? { payload } : {}),
      });
      const garbage = await t.app.inject({
        method: method as Method,
        url,
        headers: { authorization: 'Bearer not.a.token' },
        ...(payload ? { payload } : {}),
      });
      expect([anonymous.statusCode, wrongAudience.statusCode, garbage.statusCode]).toEqual([401, 401, 401]);
    },
  );

  it.each(adminRoutes)(
    'when a learner calls %s %s, then it is a 403 and nothing changes',
    async (method, url, payload) => {
      const response = await t.app.inject({
        method: method as Method,
        url,
        headers: learner.headers,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'Only LMS admins may do this' });
    },
  );

  it('when a learner was made admin after signing in, then the same token is enough for admin routes (role is read per request)', async () => {
    const promoted = await registerLearner(t);
    expect((await t.app.inject({ method: 'GET', url: '/exam-questions', headers: promoted.headers })).statusCode).toBe(
      403,
    );
    const { upsertLmsAdmin } = await import('../../server/lms/accounts.js');
    // The same password: only the role changes (a new password would end the token, see test/attack/bearer-revocation.test.ts).
    await upsertLmsAdmin(t.db, promoted.username, promoted.password);
    expect((await t.app.inject({ method: 'GET', url: '/exam-questions', headers: promoted.headers })).statusCode).toBe(
      200,
    );
  });

  it('when the token has expired, then user routes answer 401', async () => {
    const fresh = await registerLearner(t);
    t.clock.advance(13 * 60 * 60 * 1000);
    const response = await t.app.inject({ method: 'GET', url: '/user/profile', headers: fresh.headers });
    expect(response.statusCode).toBe(401);
  });
});
