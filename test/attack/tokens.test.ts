import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_ORIGIN } from '../factories/network.js';
import { createWorld, type World } from './callers.js';
import { editedPayload, forgedToken, tableDigest, tamperedSignature, unsignedToken } from './support.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Bad bearer tokens against the LMS and across areas (the cases area has its own table in
 * test/cases/case-permissions.test.ts). Every variant names a real account, so only the token
 * itself is what is wrong.
 */
describe('bearer tokens that must not be accepted', () => {
  let w: World;

  beforeAll(async () => {
    w = await createWorld();
  });
  afterAll(() => w.close());

  const nowSeconds = () => Math.floor(w.t.clock.now().getTime() / 1000);
  const adminClaims = () => ({
    sub: String(w.lmsAdmin.id),
    id: w.lmsAdmin.id,
    username: w.lmsAdmin.username,
    profession: 'doctor',
    role: 'admin',
  });

  // An LMS user route and an LMS admin route that would change data, plus reads of both kinds.
  const lmsRoutes: [Method, string, object?][] = [
    ['GET', '/user/profile'],
    ['POST', '/user/exam/events', { event: 'copy' }],
    ['GET', '/admin/users'],
    ['POST', '/admin/upcoming-exams', { title: 'Forged', exam_date: '2030-01-01', exam_time: '09:00' }],
  ];

  const lmsTokens: [string, () => Promise<string> | string][] = [
    ['an unsigned alg none token', () => unsignedToken(adminClaims(), 'lms', nowSeconds())],
    [
      'an alg none token with an empty signature claiming HS256 elsewhere',
      () => `${unsignedToken(adminClaims(), 'lms', nowSeconds())}AAAA`,
    ],
    ['a real token with a changed signature', () => tamperedSignature(w.lmsAdmin.token)],
    [
      "a learner's real token edited to say role admin",
      () => editedPayload(w.learner.token, { role: 'admin', sub: String(w.lmsAdmin.id), id: w.lmsAdmin.id }),
    ],
    ['a token signed with another key', () => forgedToken(adminClaims(), 'lms', nowSeconds())],
    ['a token of the case admin area', () => w.caseAdmin.token],
    ['a case-admin-audience token signed with the right key', () => w.t.tokens.sign(adminClaims(), 'caseadmin', 3600)],
    [
      'a token without an audience, signed with the right key',
      async () => editedPayload(await w.t.tokens.sign(adminClaims(), 'lms', 3600), { aud: undefined }),
    ],
    [
      'an expired token',
      async () => {
        const token = await w.t.tokens.sign(adminClaims(), 'lms', 30);
        w.t.clock.advance(31_000);
        return token;
      },
    ],
    [
      'a token issued in the future by another issuer',
      () => forgedToken({ ...adminClaims(), iss: 'elsewhere' }, 'lms', nowSeconds() + 3600),
    ],
    ['a network session token used as a bearer', () => w.member.cookie.split('=')[1] ?? ''],
  ];

  it.each(lmsTokens)('when LMS routes get %s, then each answers 401 and nothing changes', async (_name, makeToken) => {
    const token = await makeToken();
    const before = await tableDigest(w.t);
    for (const [method, url, payload] of lmsRoutes) {
      const response = await w.t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json<{ error: string }>().error).toMatch(
        /Invalid token|Your session has expired|Authentication required/,
      );
    }
    expect(await tableDigest(w.t)).toEqual(before);
  });

  it('when an LMS token or a case admin token is sent to the network, then it is still anonymous there (401), and an LMS token opens no case admin route', async () => {
    for (const token of [w.learner.token, w.lmsAdmin.token, w.caseAdmin.token]) {
      const feed = await w.t.app.inject({
        method: 'GET',
        url: '/api/network/posts',
        headers: { authorization: `Bearer ${token}`, cookie: `pathway_session=${token}`, origin: SAME_ORIGIN },
      });
      expect(feed.statusCode).toBe(401);
    }
    for (const token of [w.learner.token, w.lmsAdmin.token]) {
      const cases = await w.t.app.inject({
        method: 'GET',
        url: '/api/caseadmin/cases',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(cases.statusCode).toBe(401);
      expect(cases.json()).toEqual({ error: 'Invalid token' });
    }
  });

  it('when the token belongs to an account deleted since, then it is a 401', async () => {
    const learner = w.otherLearner;
    await w.t.database.pool.query('DELETE FROM lms_users WHERE id = $1', [learner.id]);
    const response = await w.t.app.inject({ method: 'GET', url: '/user/profile', headers: learner.headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Your account no longer exists' });
  });
});
