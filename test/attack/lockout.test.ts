import type { Response as LightMyRequestResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertCaseAdmin } from '../../server/cases/case-admins.js';
import { upsertLmsAdmin } from '../../server/lms/accounts.js';
import { SAME_ORIGIN } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

const LIMIT = 3;
const PASSWORD = 'correct horse battery';

type Login = {
  name: string;
  path: string;
  /** Makes an account that signs in with PASSWORD; returns its login name. */
  account(t: TestApp, n: string): Promise<string>;
  body(login: string, password: string): object;
};

const logins: Login[] = [
  {
    name: 'the case admin login',
    path: '/api/caseadmin/login',
    account: async (t, n) => {
      const email = `lock-admin-${n}@example.test`;
      await upsertCaseAdmin(t.db, email, PASSWORD);
      return email;
    },
    body: (email, password) => ({ email, password }),
  },
  {
    name: 'the LMS login',
    path: '/auth/login',
    account: async (t, n) => {
      const username = `lock_learner_${n}`;
      await upsertLmsAdmin(t.db, username, PASSWORD);
      return username;
    },
    body: (username, password) => ({ username, password }),
  },
  {
    name: 'the member sign-in',
    path: '/api/network/auth/sign-in',
    account: async (t, n) => {
      const email = `lock-member-${n}@example.test`;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/network/auth/sign-up',
        headers: { origin: SAME_ORIGIN },
        payload: { email, password: PASSWORD },
      });
      if (response.statusCode !== 202) throw new Error(response.body);
      return email;
    },
    body: (email, password) => ({ email, password }),
  },
];

let counter = 0;
const unique = () => `${Date.now().toString(36)}${++counter}`;

/** The device cookie a sign-in answer leaves, as `name=value` for a Cookie header. */
function deviceCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.startsWith('pathway_device_'));
  if (!cookie) throw new Error(`no device cookie in ${JSON.stringify(response.headers['set-cookie'])}`);
  return `${cookie.name}=${cookie.value}`;
}

/**
 * Lockout without denial of service (OWASP's device cookies): strangers' wrong passwords lock an
 * account for unknown devices only; the owner, on a device they signed in with before, still signs
 * in. Failed sign-ins from IPv6 clients count per /64, as every other per-client limit does.
 */
describe.each(logins.map((login) => [login.name, login] as const))('lockout of %s', (_name, login) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000', FAILED_SIGNIN_LIMIT: String(LIMIT) });
  });
  afterAll(() => t.close());

  const signIn = (account: string, password: string, client: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: login.path,
      remoteAddress: client,
      headers: { origin: SAME_ORIGIN, ...(cookie ? { cookie } : {}) },
      payload: login.body(account, password),
    });

  it('when strangers lock an account with wrong passwords, then the owner still signs in from a device they signed in with before, and unknown devices stay locked', async () => {
    const owner = await login.account(t, unique());
    const first = await signIn(owner, PASSWORD, '192.0.2.10');
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);
    const attributes = first.cookies.find((c) => c.name.startsWith('pathway_device_'));
    expect(attributes).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: login.path });

    for (let guess = 0; guess < LIMIT + 2; guess++) await signIn(owner, `guess ${guess}`, `203.0.113.${guess + 1}`);
    expect((await signIn(owner, PASSWORD, '203.0.113.50')).statusCode).toBe(429);

    const known = await signIn(owner, PASSWORD, '192.0.2.11', device);
    expect(known.statusCode).toBe(200);
    // Still locked for anyone without the cookie: the protection stays.
    expect((await signIn(owner, PASSWORD, '203.0.113.51')).statusCode).toBe(429);
  });

  it('when a device cookie is shown for another account, or forged, then it counts for nothing', async () => {
    const [owner, victim] = [await login.account(t, unique()), await login.account(t, unique())];
    const device = deviceCookieOf(await signIn(owner, PASSWORD, '192.0.2.20'));
    for (let guess = 0; guess < LIMIT; guess++) await signIn(victim, `guess ${guess}`, `198.51.100.${guess + 1}`);

    expect((await signIn(victim, PASSWORD, '192.0.2.21', device)).statusCode).toBe(429);
    const [name, value = ''] = device.split('=');
    const forged = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await signIn(victim, PASSWORD, '192.0.2.22', forged)).statusCode).toBe(429);
  });

  it('when someone guesses with a known device cookie, then that device is locked after the limit like any other', async () => {
    const owner = await login.account(t, unique());
    const device = deviceCookieOf(await signIn(owner, PASSWORD, '192.0.2.30'));
    const statuses: number[] = [];
    for (let guess = 0; guess < LIMIT + 2; guess++)
      statuses.push((await signIn(owner, `guess ${guess}`, `198.18.5.${guess + 1}`, device)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect((await signIn(owner, PASSWORD, '198.18.5.99', device)).statusCode).toBe(429);
  });

  it('when one IPv6 client guesses from ever new addresses of its /64, then it is stopped as one client', async () => {
    const network = `2001:db8:${++counter}`;
    const nobody = () => `nobody${unique()}@example.test`.replace('@', login.path === '/auth/login' ? '_' : '@');
    const statuses: number[] = [];
    for (let guess = 0; guess < LIMIT + 2; guess++)
      statuses.push((await signIn(nobody(), 'wrong password', `${network}:1::${(guess + 1).toString(16)}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // The neighbouring /64 is another client.
    expect((await signIn(nobody(), 'wrong password', `${network}:2::1`)).statusCode).toBe(401);
  });
});
