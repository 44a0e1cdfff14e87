import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeResponse } from '../../contracts/network.js';
import { networkUsers } from '../../server/db/schema/network.js';
import { SAME_ORIGIN, sessionCookieOf, signUpMember } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

async function countUsers(t: TestApp): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(networkUsers);
  return row?.n ?? 0;
}

describe('network accounts and sessions', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      LOGIN_RATE_LIMIT: '1000',
      FAILED_SIGNIN_LIMIT: '3',
      NETWORK_SESSION_TTL_SECONDS: '3600',
      NETWORK_ADMIN_EMAILS: 'Boss@Example.test',
    });
  });
  afterAll(() => t.close());

  const signUp = (payload: unknown, headers: Record<string, string> = { origin: SAME_ORIGIN }) =>
    t.app.inject({ method: 'POST', url: '/api/network/auth/sign-up', headers, payload: payload as object });
  const signIn = (payload: unknown, headers: Record<string, string> = { origin: SAME_ORIGIN }) =>
    t.app.inject({ method: 'POST', url: '/api/network/auth/sign-in', headers, payload: payload as object });

  it('when a visitor signs up and then signs in, then a session cookie is set and the profile is not complete yet', async () => {
    const response = await signUp({ email: 'New.Member@Example.test', password: 'long enough' });
    expect(response.statusCode).toBe(202);
    expect(response.headers['set-cookie']).toBeUndefined();

    const signedIn = await signIn({ email: 'new.member@example.test', password: 'long enough' });
    expect(signedIn.json<MeResponse>().user).toMatchObject({
      email: 'new.member@example.test',
      isProfileComplete: false,
      username: null,
      emailVerified: false,
    });
    const setCookie = String(signedIn.headers['set-cookie']);
    expect(setCookie).toMatch(/pathway_session=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/network/me',
      headers: { cookie: sessionCookieOf(signedIn.headers['set-cookie']) },
    });
    expect(me.json<MeResponse>().user?.email).toBe('new.member@example.test');
  });

  it('when the email is malformed or the password short, then sign-up is refused with a clear 4xx; a taken email adds no account', async () => {
    await signUp({ email: 'taken@example.test', password: 'long enough' });
    const before = await countUsers(t);

    const malformed = await signUp({ email: 'not-an-email', password: 'long enough' });
    const short = await signUp({ email: 'short@example.test', password: 'seven77' });
    const taken = await signUp({ email: 'TAKEN@example.test', password: 'another one' });
    const missing = await signUp({});

    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatch(/valid email/);
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatch(/at least 8 characters/);
    // Answered like a new address (see test/attack/account-takeover.test.ts), but nothing is added.
    expect(taken.statusCode).toBe(202);
    expect(missing.statusCode).toBe(400);
    expect(await countUsers(t)).toBe(before);
  });

  it('when the password is wrong, then sign-in answers 401, and after the limit of failures 429 even for the right password', async () => {
    const member = await signUpMember(t);
    const wrong = await signIn({ email: member.email, password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid email or password' });
    await signIn({ email: member.email, password: 'wrong password' });
    await signIn({ email: 'nobody@example.test', password: 'wrong password' });

    const limited = await signIn({ email: member.email, password: member.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/Too many failed sign-in attempts/);

    t.clock.advance(15 * 60_000);
    const afterWindow = await signIn({ email: member.email, password: member.password });
    expect(afterWindow.statusCode).toBe(200);
    expect(afterWindow.json<MeResponse>().user?.uid).toBe(member.user.uid);
  });

  it('when a member signs out, then the session is revoked and the old cookie no longer works', async () => {
    const member = await signUpMember(t);
    const out = await t.app.inject({ method: 'POST', url: '/api/network/auth/sign-out', headers: member.headers });
    expect(out.statusCode).toBe(204);

    const me = await t.app.inject({ method: 'GET', url: '/api/network/me', headers: { cookie: member.cookie } });
    expect(me.json()).toEqual({ user: null });
    const feed = await t.app.inject({ method: 'GET', url: '/api/network/posts', headers: { cookie: member.cookie } });
    expect(feed.statusCode).toBe(401);
  });

  it('when the session is older than its lifetime, then it is no longer accepted', async () => {
    const member = await signUpMember(t);
    t.clock.advance(3601_000);
    const feed = await t.app.inject({ method: 'GET', url: '/api/network/posts', headers: { cookie: member.cookie } });
    expect(feed.statusCode).toBe(401);
  });

  it('when a cookie-authenticated change comes without our Origin, then it is refused with 403 and nothing changes', async () => {
    const member = await signUpMember(t);
    const body = { username: 'hijacked', displayName: 'Hijacked' };

    const foreign = await t.app.inject({
      method: 'PUT',
      url: '/api/network/me/profile',
      headers: { cookie: member.cookie, origin: 'https://evil.example' },
      payload: body,
    });
    const none = await t.app.inject({
      method: 'PUT',
      url: '/api/network/me/profile',
      headers: { cookie: member.cookie },
      payload: body,
    });
    const foreignReferer = await t.app.inject({
      method: 'PUT',
      url: '/api/network/me/profile',
      headers: { cookie: member.cookie, referer: 'https://evil.example/page' },
      payload: body,
    });
    const ownReferer = await t.app.inject({
      method: 'GET',
      url: '/api/network/me',
      headers: { cookie: member.cookie },
    });

    for (const response of [foreign, none, foreignReferer]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('CROSS_SITE_REQUEST');
    }
    expect(ownReferer.json<MeResponse>().user?.username).toBe(member.user.username);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/network/auth/sign-out',
      headers: { cookie: member.cookie, origin: 'https://evil.example' },
    });
    expect(signOut.statusCode).toBe(403);
    const still = await t.app.inject({ method: 'GET', url: '/api/network/me', headers: { cookie: member.cookie } });
    expect(still.json<MeResponse>().user).not.toBeNull();
  });

  it('when a member completes the profile, then it is complete, and a username already taken (in any case) is a 409', async () => {
    const first = await signUpMember(t, { username: 'Unique_Name' });
    expect(first.user).toMatchObject({
      username: 'Unique_Name',
      displayName: expect.any(String),
      isProfileComplete: true,
    });
    const second = await signUpMember(t, { complete: false });

    const clash = await t.app.inject({
      method: 'PUT',
      url: '/api/network/me/profile',
      headers: second.headers,
      payload: { username: 'unique_name', displayName: 'Two' },
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/network/me/profile',
      headers: second.headers,
      payload: { username: 'no spaces allowed', displayName: '' },
    });

    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ error: 'This username is already taken' });
    expect(bad.statusCode).toBe(400);
    // A right-to-left override would make "Zoë \u202Eevil" read as "Zoë live" next to posts.
    const reordering = await t.app.inject({
      method: 'PUT',
      url: '/api/network/me/profile',
      headers: second.headers,
      payload: { username: 'reorders', displayName: 'Zoë \u202Eevil' },
    });
    expect(reordering.statusCode).toBe(400);
    expect(reordering.json()).toEqual({
      error: 'Display name must not contain control characters.',
      code: 'VALIDATION_FAILED',
      field: 'displayName',
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/network/me', headers: { cookie: second.cookie } });
    expect(me.json<MeResponse>().user).toMatchObject({ username: null, isProfileComplete: false });
  });

  it('when the email is listed in NETWORK_ADMIN_EMAILS and verified, then the member is a network admin', async () => {
    const boss = await signUpMember(t, { email: 'boss@example.test', verified: true });
    expect(boss.user.isAdmin).toBe(true);
  });

  it('when the public configuration is read, then it tells that sign-up is open and no external provider is configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toMatchObject({ networkSignup: 'open', oidcConfigured: false, oidcProviderName: 'Google' });
  });
});

describe('network sign-up when closed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NETWORK_SIGNUP: 'closed' });
  });
  afterAll(() => t.close());

  it('when sign-up is closed, then the server refuses it with 403 and the public configuration says so', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/network/auth/sign-up',
      headers: { origin: SAME_ORIGIN },
      payload: { email: 'someone@example.test', password: 'long enough' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatch(/Only Authorized Person Can Access/);
    expect(await countUsers(t)).toBe(0);
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ networkSignup: 'closed' });
  });
});
