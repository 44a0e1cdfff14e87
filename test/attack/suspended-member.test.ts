import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTextPost, signUpMember, type TestMember } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { routesOf } from './support.js';

/** What a suspended member can no longer do: everything other members would see. */
const contributing = [
  'DELETE /api/network/posts/:param/like',
  'POST /api/network/me/photo',
  'POST /api/network/posts',
  'POST /api/network/posts/:param/comments',
  'POST /api/network/posts/:param/reports',
  'PUT /api/network/me/profile',
  'PUT /api/network/posts/:param/like',
];

/** The other network writes, each with why a suspension leaves it open. */
const stillOpen: Record<string, string> = {
  'POST /api/network/auth/sign-up': 'not signed in',
  'POST /api/network/auth/sign-in': 'signing in shows the suspension',
  'POST /api/network/auth/sign-out': 'leaving is always allowed',
  'POST /api/network/auth/verify-email': 'an emailed link, not signed in',
  'POST /api/network/auth/password-reset': 'an emailed link, not signed in',
  'POST /api/network/auth/password-reset/confirm': 'an emailed link, not signed in',
  'POST /api/network/me/verification-email': 'proving an address shows nobody anything',
  'PUT /api/network/me/password': 'keeping the account safe',
  'POST /api/network/me/sign-out-others': 'keeping the account safe',
  'DELETE /api/network/me': 'a member may always leave',
  'DELETE /api/network/posts/:param': "taking one's own words back",
  'POST /api/network/notifications/read': "the member's own bell",
  'PUT /api/network/me/email-digest': "the member's own mail",
  'POST /api/network/email-digest/unsubscribe': 'an emailed link, not signed in',
  'POST /api/network/moderation/reports/:param/resolve': 'moderators only (403 for everyone else)',
  'POST /api/network/moderation/appeals/:param/decide': 'moderators only (403 for everyone else)',
  'POST /api/network/moderation/suspensions/:param/change': 'moderators only (403 for everyone else)',
  'POST /api/network/moderation/removals/:param/undo': 'moderators only (403 for everyone else)',
  'POST /api/network/me/suspension/appeal': "the suspended member's one way to contest it",
  'POST /api/network/me/removals/:param/appeal': 'contesting a removal of their own post shows other members nothing',
  'POST /api/network/me/links': 'linking their own accounts shows other members nothing',
  'POST /api/network/me/links/codes': 'a code for their own other account shows other members nothing',
  'DELETE /api/network/me/links/:param/:param': 'unlinking is always allowed',
};

describe('a suspended member on every network write', () => {
  let t: TestApp;
  let suspended: TestMember;
  let ownPost: { id: string };

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000', NETWORK_ADMIN_EMAILS: 'mod@example.test' });
    const moderator = await signUpMember(t, { email: 'mod@example.test', verified: true });
    const reporter = await signUpMember(t);
    suspended = await signUpMember(t);
    ownPost = await createTextPost(t, suspended, 'A post that stays');
    const reported = await createTextPost(t, suspended, 'A post that goes');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/network/posts/${reported.id}/reports`,
          headers: reporter.headers,
          payload: { reason: 'spam' },
        })
      ).statusCode,
    ).toBe(201);
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/network/moderation/reports/${reported.id}/resolve`,
      headers: moderator.headers,
      payload: { action: 'suspend', days: 3, note: 'Spam' },
    });
    expect(resolved.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const networkWrites = () =>
    routesOf(t.app).filter((route) => / \/api\/network\//.test(route) && !route.startsWith('GET '));

  it('when the app lists its network writes, then each is either refused to a suspended member or named as left open, with a reason', () => {
    expect(networkWrites()).toEqual([...contributing, ...Object.keys(stillOpen)].sort());
  });

  it.each(contributing)(
    'when a suspended member calls %s, whatever the body, then it is a 403 naming the suspension before anything is read',
    async (route) => {
      const [method, path] = route.split(' ') as ['POST' | 'PUT' | 'DELETE', string];
      for (const payload of [
        undefined,
        {},
        { text: 'hello', reason: 'spam', username: 'someone_else', displayName: 'X' },
      ]) {
        const response = await t.app.inject({
          method,
          url: path.replace(':param', randomUUID()),
          headers: suspended.headers,
          ...(payload ? { payload } : {}),
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({
          code: 'SUSPENDED',
          error: expect.stringMatching(/^Your account is suspended until .+ UTC: Spam$/),
        });
      }
    },
  );

  it('when a suspended member deletes their own post or reads their notifications, then it works', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/network/notifications/read',
          headers: suspended.headers,
          payload: { all: true },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/network/posts/${ownPost.id}`, headers: suspended.headers }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/network/posts', headers: suspended.headers })).statusCode,
    ).toBe(200);
  });
});
