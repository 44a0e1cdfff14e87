import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAME_ORIGIN } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

const LIMIT = 3;

type Limited = { name: string; method: 'GET' | 'POST'; url: string; payload?: () => object };

let counter = 0;
const next = () => `${Date.now().toString(36)}${++counter}`;

// Every way in by password, account creation, and the public lookup that guesses could be run against.
const limitedRoutes: Limited[] = [
  {
    name: 'the case admin login',
    method: 'POST',
    url: '/api/caseadmin/login',
    payload: () => ({ email: 'nobody@example.test', password: 'wrong password' }),
  },
  {
    name: 'the LMS login',
    method: 'POST',
    url: '/auth/login',
    payload: () => ({ username: 'nobody', password: 'wrong password' }),
  },
  {
    name: 'the LMS registration',
    method: 'POST',
    url: '/auth/register',
    payload: () => ({ username: `r${next()}`, password: 'long enough', profession: 'nurse' }),
  },
  {
    name: 'the network sign-in',
    method: 'POST',
    url: '/api/network/auth/sign-in',
    payload: () => ({ email: 'nobody@example.test', password: 'wrong password' }),
  },
  {
    name: 'the network sign-up',
    method: 'POST',
    url: '/api/network/auth/sign-up',
    payload: () => ({ email: `s${next()}@example.test`, password: 'long enough' }),
  },
  {
    name: 'the network password-reset request',
    method: 'POST',
    url: '/api/network/auth/password-reset',
    payload: () => ({ email: 'nobody@example.test' }),
  },
  {
    name: 'the network password-reset link',
    method: 'POST',
    url: '/api/network/auth/password-reset/confirm',
    payload: () => ({ token: 'guessed', password: 'long enough' }),
  },
  {
    name: 'the network verification link',
    method: 'POST',
    url: '/api/network/auth/verify-email',
    payload: () => ({ token: 'guessed' }),
  },
  {
    name: 'the case admin password-reset request',
    method: 'POST',
    url: '/api/caseadmin/password-reset',
    payload: () => ({ email: 'nobody@example.test' }),
  },
  {
    name: 'the case admin password-reset link',
    method: 'POST',
    url: '/api/caseadmin/password-reset/confirm',
    payload: () => ({ token: 'guessed', password: 'long enough' }),
  },
  {
    name: 'the LMS password-reset request',
    method: 'POST',
    url: '/auth/password-reset',
    payload: () => ({ email: 'nobody@example.test' }),
  },
  {
    name: 'the LMS password-reset link',
    method: 'POST',
    url: '/auth/password-reset/confirm',
    payload: () => ({ token: 'guessed', password: 'long enough' }),
  },
  { name: 'the public case lookup', method: 'GET', url: '/api/progress?caseNumber=NOPE-1&passportNumber=X1' },
  {
    name: 'the tracker subscription',
    method: 'POST',
    url: '/api/progress/subscribe',
    payload: () => ({ caseNumber: 'NOPE-1', passportNumber: 'X1', email: `s${next()}@example.test` }),
  },
  {
    name: 'the subscription confirmation',
    method: 'POST',
    url: '/api/progress/subscribe/confirm',
    payload: () => ({ token: `guess${next()}`.padEnd(32, 'x') }),
  },
  {
    name: 'the unsubscribe link',
    method: 'POST',
    url: '/api/progress/unsubscribe',
    payload: () => ({ token: `guess${next()}`.padEnd(32, 'x') }),
  },
];

describe('rate limits', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      LOGIN_RATE_LIMIT: String(LIMIT),
      CASE_LOOKUP_RATE_LIMIT: String(LIMIT),
      FAILED_SIGNIN_LIMIT: '100',
    });
  });
  afterAll(() => t.close());

  it.each(limitedRoutes.map((route, index) => [route.name, route, index] as const))(
    'when one client calls %s more often than the limit, then it gets 429 with a clear error, and another client does not',
    async (_name, route, index) => {
      const call = (remoteAddress: string) =>
        t.app.inject({
          method: route.method,
          url: route.url,
          remoteAddress,
          headers: { origin: SAME_ORIGIN },
          ...(route.payload ? { payload: route.payload() } : {}),
        });
      const attacker = `198.51.100.${index + 1}`;
      for (let attempt = 0; attempt < LIMIT; attempt++) expect((await call(attacker)).statusCode).not.toBe(429);

      const limited = await call(attacker);

      expect(limited.statusCode).toBe(429);
      expect(limited.json<{ error: string }>().error).toMatch(
        /^Too many requests\. Please try again in \d+ (second|minute)s?\.$/,
      );
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await call(`203.0.113.${index + 1}`)).statusCode).not.toBe(429);
    },
  );

  it('when a client has used its lookups, then guessing passports through the tracker subscription is refused too', async () => {
    const remoteAddress = '198.51.100.200';
    const lookup = () =>
      t.app.inject({ method: 'GET', url: '/api/progress?caseNumber=NOPE-1&passportNumber=X1', remoteAddress });
    for (let attempt = 0; attempt < LIMIT; attempt++) expect((await lookup()).statusCode).toBe(404);
    expect((await lookup()).statusCode).toBe(429);

    const subscribe = await t.app.inject({
      method: 'POST',
      url: '/api/progress/subscribe',
      remoteAddress,
      payload: { caseNumber: 'NOPE-1', passportNumber: 'X2', email: `s${next()}@example.test` },
    });

    expect(subscribe.statusCode).toBe(429);
  });
});
