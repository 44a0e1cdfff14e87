import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SuspensionResponse } from '../../contracts/network-moderation.js';
import { issueOneTimeToken } from '../../server/platform/one-time-tokens.js';
import { findOrCreateMember } from '../../server/network/oidc.js';
import { openSession, SESSION_COOKIE } from '../../server/network/sessions.js';
import {
  createTextPost,
  multipartBody,
  ownOrigin,
  sessionCookieOf,
  signUpMember,
  type TestMember,
  verificationTokenOf,
} from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * The fourth review's suspension escape (issue 35): the suspension row went with the account, so a
 * suspended member deleted the account and signed up again at once with the same address. A
 * suspension is kept by what survives the account (a hash of its verified address and of its
 * external identity) and holds for any account that signs up, verifies or signs in with them.
 */

const DAY_MS = 24 * 3600_000;
const ISSUER = 'https://id.example.test';

describe('a suspension outlives the account', () => {
  let t: TestApp;
  let moderator: TestMember;
  let reporter: TestMember;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000', NETWORK_ADMIN_EMAILS: 'mod@example.test' });
    moderator = await signUpMember(t, { email: 'mod@example.test', verified: true });
    reporter = await signUpMember(t);
  });
  afterAll(() => t.close());

  /** Reports one of the member's posts and has the moderator suspend them for `days`. */
  async function suspend(member: TestMember, days: number) {
    const post = await createTextPost(t, member, 'Buy followers now');
    const reported = await t.app.inject({
      method: 'POST',
      url: `/api/network/posts/${post.id}/reports`,
      headers: reporter.headers,
      payload: { reason: 'spam' },
    });
    expect(reported.statusCode).toBe(201);
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/network/moderation/reports/${post.id}/resolve`,
      headers: moderator.headers,
      payload: { action: 'suspend', days, note: 'Spam' },
    });
    expect(resolved.statusCode).toBe(200);
  }
  const deleteAccount = async (member: TestMember) =>
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/network/me',
          headers: member.headers,
          payload: { password: member.password },
        })
      ).statusCode,
    ).toBe(204);
  const suspensionOf = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/network/me/suspension', headers })).json<SuspensionResponse>()
      .suspension;
  const post = (headers: Record<string, string>) => {
    const form = multipartBody([{ name: 'description', value: 'I am back' }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/network/posts',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  };
  /** A session for an account made by external sign-in, as the callback would make it. */
  async function sessionOf(accountId: string) {
    const token = await openSession(t.db, accountId, t.clock.now(), 3600);
    return { cookie: `${SESSION_COOKIE}=${token}`, origin: ownOrigin(t) };
  }

  it('when a suspended member deletes the account and signs up again with the same address, then the new account is suspended until the same end', async () => {
    const email = 'Returning.Spammer@Example.test';
    const first = await signUpMember(t, { email, verified: true });
    await suspend(first, 3);
    const endsAt = (await suspensionOf(first.headers))?.endsAt;
    expect(endsAt).toBeDefined();
    await deleteAccount(first);

    // Signed up again, not yet verified: held at sign-up.
    // Held at once, the profile included: the new account cannot even take the old name back.
    const again = await signUpMember(t, { email: email.toLowerCase(), complete: false });
    const profile = { username: first.user.username, displayName: 'Back again' };
    const named = await t.app.inject({
      method: 'PUT',
      url: '/api/network/me/profile',
      headers: again.headers,
      payload: profile,
    });
    expect(named.statusCode).toBe(403);
    expect((await suspensionOf(again.headers))?.endsAt).toBe(endsAt);
    const refused = await post(again.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'SUSPENDED' });

    // Following the verification link changes nothing.
    const token = await verificationTokenOf(t, again);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/network/auth/verify-email',
      headers: { origin: ownOrigin(t) },
      payload: { token },
    });
    expect(verified.statusCode).toBeLessThan(300);
    expect((await post(again.headers)).statusCode).toBe(403);

    // And it ends when it would have.
    t.clock.advance(3 * DAY_MS + 60_000);
    expect(await suspensionOf(again.headers)).toBeNull();
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/network/me/profile', headers: again.headers, payload: profile }))
        .statusCode,
    ).toBe(200);
    expect((await post(again.headers)).statusCode).toBe(201);
  });

  it('when a suspended member who signed in with a provider deletes the account, then signing in with that identity again is suspended, with or without the address', async () => {
    const member = await signUpMember(t, { email: 'provider.user@example.test', verified: true });
    const linked = await findOrCreateMember(
      t.db,
      ISSUER,
      { iss: ISSUER, sub: 'subject-42', aud: 'pathway', iat: 0, exp: 0, email: member.email, email_verified: true },
      'open',
      t.clock.now(),
    );
    expect(linked).toBe(member.user.uid);
    await suspend(member, 5);
    await deleteAccount(member);

    // The provider no longer shares the address: the subject alone still holds it.
    const returned = await findOrCreateMember(
      t.db,
      ISSUER,
      { iss: ISSUER, sub: 'subject-42', aud: 'pathway', iat: 0, exp: 0 },
      'open',
      t.clock.now(),
    );
    const headers = await sessionOf(returned);
    expect(await suspensionOf(headers)).toMatchObject({ reason: 'Spam' });
    expect((await post(headers)).statusCode).toBe(403);
  });

  it('when a suspended member verifies the address only after the suspension, then deleting the account still leaves the suspension on that address', async () => {
    const email = 'late.verifier@example.test';
    const member = await signUpMember(t, { email });
    await suspend(member, 2);
    const token = await verificationTokenOf(t, member);
    await t.app.inject({
      method: 'POST',
      url: '/api/network/auth/verify-email',
      headers: { origin: ownOrigin(t) },
      payload: { token },
    });
    await deleteAccount(member);
    const again = await signUpMember(t, { email, complete: false });
    expect((await post(again.headers)).statusCode).toBe(403);
  });

  it('when the owner of an address takes back an account a squatter was suspended on, then the owner is not suspended', async () => {
    const email = 'owner@example.test';
    const squatter = await signUpMember(t, { email });
    await suspend(squatter, 7);
    const token = await issueOneTimeToken(t.db, 'network-password-reset', squatter.user.uid, t.clock.now(), 3600);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/network/auth/password-reset/confirm',
      headers: { origin: ownOrigin(t) },
      payload: { token, password: 'the owner’s own password' },
    });
    expect(reset.statusCode).toBeLessThan(300);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/network/auth/sign-in',
      headers: { origin: ownOrigin(t) },
      payload: { email, password: 'the owner’s own password' },
    });
    const headers = { cookie: sessionCookieOf(signIn.headers['set-cookie']), origin: ownOrigin(t) };
    expect(await suspensionOf(headers)).toBeNull();
  });
});
