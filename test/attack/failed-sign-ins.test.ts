import type { Response as LightMyRequestResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertCaseAdmin } from '../../server/cases/case-admins.js';
import { upsertLmsAdmin } from '../../server/lms/accounts.js';
import { SAME_ORIGIN } from '../factories/network.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { createTestApp, type TestApp } from '../test-app.js';

const LIMIT = 3;
const PASSWORD = 'correct horse battery';

type Login = {
  name: string;
  /** Makes an account that signs in with PASSWORD; returns its login name. */
  account(t: TestApp, n: string): Promise<string>;
  signIn(t: TestApp, login: string, password: string, client: string): Promise<LightMyRequestResponse>;
};

const logins: Login[] = [
  {
    name: 'the case admin login',
    account: async (t, n) => {
      const email = `admin-${n}@example.test`;
      await upsertCaseAdmin(t.db, email, PASSWORD);
      return email;
    },
    signIn: (t, email, password, client) =>
      t.app.inject({
        method: 'POST',
        url: '/api/caseadmin/login',
        remoteAddress: client,
        payload: { email, password },
      }),
  },
  {
    name: 'the LMS login',
    account: async (t, n) => {
      const username = `learner_${n}`;
      await upsertLmsAdmin(t.db, username, PASSWORD);
      return username;
    },
    signIn: (t, username, password, client) =>
      t.app.inject({ method: 'POST', url: '/auth/login', remoteAddress: client, payload: { username, password } }),
  },
  {
    name: 'the member sign-in',
    account: async (t, n) => {
      const email = `member-${n}@example.test`;
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/network/auth/sign-up',
        headers: { origin: SAME_ORIGIN },
        payload: { email, password: PASSWORD },
      });
      if (response.statusCode !== 202) throw new Error(response.body);
      return email;
    },
    signIn: (t, email, password, client) =>
      t.app.inject({
        method: 'POST',
        url: '/api/network/auth/sign-in',
        remoteAddress: client,
        headers: { origin: SAME_ORIGIN },
        payload: { email, password },
      }),
  },
];

let counter = 0;
const unique = () => `${Date.now().toString(36)}${++counter}`;

describe.each([
  ['counted in process', false],
  ['counted in Redis (REDIS_URL)', true],
] as const)('failed sign-ins, %s', (_how, withRedis) => {
  let t: TestApp;
  let redis: RedisServer | undefined;

  beforeAll(async () => {
    redis = withRedis ? await startRedisServer() : undefined;
    t = await createTestApp({
      LOGIN_RATE_LIMIT: '1000',
      FAILED_SIGNIN_LIMIT: String(LIMIT),
      ...(redis ? { REDIS_URL: redis.url } : {}),
    });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  describe.each(logins.map((login) => [login.name, login] as const))('%s', (_name, login) => {
    it('when a client signs in to its own account between guesses at another, then the guesses still stop at the limit', async () => {
      const client = `198.51.100.${++counter % 250}`;
      const own = await login.account(t, unique());
      const victim = await login.account(t, unique());

      const statuses: number[] = [];
      for (let guess = 0; guess < LIMIT + 3; guess++) {
        statuses.push((await login.signIn(t, victim, `guess ${guess}`, client)).statusCode);
        // Before the fix this success reset the count of the client address.
        expect((await login.signIn(t, own, PASSWORD, `192.0.2.${counter % 250}`)).statusCode).toBe(200);
      }

      expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    });

    it('when many guesses at one account arrive at once, then no more than the limit are checked (issue 35: the count was read before the password check and written after it)', async () => {
      const victim = await login.account(t, unique());
      const statuses = (
        await Promise.all(
          Array.from({ length: LIMIT * 4 }, (_, guess) =>
            login.signIn(t, victim, `parallel guess ${guess}`, `203.0.114.${(guess % 200) + 1}`),
          ),
        )
      ).map((response) => response.statusCode);

      expect(statuses.filter((status) => status === 401)).toHaveLength(LIMIT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(LIMIT * 3);
    });

    it('when guesses at one account come from ever new addresses, then the account is locked for all of them, the right password too', async () => {
      const victim = await login.account(t, unique());
      for (let guess = 0; guess < LIMIT; guess++)
        expect((await login.signIn(t, victim, `guess ${guess}`, `203.0.113.${guess + 1}`)).statusCode).toBe(401);

      const locked = await login.signIn(t, victim, PASSWORD, '203.0.113.99');

      expect(locked.statusCode).toBe(429);
      expect(locked.json<{ error: string }>().error).toMatch(
        /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/,
      );
    });

    it('when one client guesses at ever new accounts, then the client is stopped, while another client is not', async () => {
      const client = `198.18.0.${++counter % 250}`;
      for (let guess = 0; guess < LIMIT; guess++)
        expect((await login.signIn(t, `n${unique()}@example.test`, 'wrong password', client)).statusCode).toBe(401);

      expect((await login.signIn(t, `n${unique()}@example.test`, 'wrong password', client)).statusCode).toBe(429);
      const someoneElse = await login.account(t, unique());
      expect((await login.signIn(t, someoneElse, PASSWORD, `198.18.1.${counter % 250}`)).statusCode).toBe(200);
    });

    it('when the owner signs in after a few typos, then their own count starts again', async () => {
      const own = await login.account(t, unique());
      const client = `100.64.0.${++counter % 250}`;
      for (let typo = 0; typo < LIMIT - 1; typo++)
        expect((await login.signIn(t, own, 'typo', `100.64.${typo + 1}.${counter % 250}`)).statusCode).toBe(401);
      expect((await login.signIn(t, own, PASSWORD, client)).statusCode).toBe(200);

      for (let typo = 0; typo < LIMIT - 1; typo++)
        expect((await login.signIn(t, own, 'typo', `100.65.${typo + 1}.${counter % 250}`)).statusCode).toBe(401);
      expect((await login.signIn(t, own, PASSWORD, client)).statusCode).toBe(200);
    });
  });
});
