import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, MAX_PROXY_HOPS } from '../../server/config.js';
import { SAME_ORIGIN } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

const LIMIT = 3;
const LOAD_BALANCER = '10.0.0.5';

type Limited = { name: string; method: 'GET' | 'POST'; url: string; payload?: object };

const limitedRoutes: Limited[] = [
  {
    name: 'the case admin login',
    method: 'POST',
    url: '/api/caseadmin/login',
    payload: { email: 'nobody@example.test', password: 'wrong password' },
  },
  {
    name: 'the LMS login',
    method: 'POST',
    url: '/auth/login',
    payload: { username: 'nobody', password: 'wrong password' },
  },
  {
    name: 'the member sign-in',
    method: 'POST',
    url: '/api/network/auth/sign-in',
    payload: { email: 'nobody@example.test', password: 'wrong password' },
  },
  { name: 'the public case lookup', method: 'GET', url: '/api/progress?caseNumber=NOPE-1&passportNumber=X1' },
];

describe.each(['1', '10.0.0.0/8'])('client addresses behind one load balancer (TRUST_PROXY=%s)', (trustProxy) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: trustProxy,
      LOGIN_RATE_LIMIT: String(LIMIT),
      CASE_LOOKUP_RATE_LIMIT: String(LIMIT),
      FAILED_SIGNIN_LIMIT: '100',
    });
  });
  afterAll(() => t.close());

  it.each(limitedRoutes.map((route, index) => [route.name, route, index] as const))(
    'when a client puts a new address of its choice left of its own in X-Forwarded-For on each call to %s, then it is still limited as itself',
    async (_name, route, index) => {
      const client = `198.51.100.${index + 10}`;
      // The balancer appends the address it saw; everything left of it is whatever the client sent.
      const call = (attempt: number) =>
        t.app.inject({
          method: route.method,
          url: route.url,
          remoteAddress: LOAD_BALANCER,
          headers: { origin: SAME_ORIGIN, 'x-forwarded-for': `203.0.113.${attempt}, ${client}` },
          ...(route.payload ? { payload: route.payload } : {}),
        });
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= LIMIT + 3; attempt++) statuses.push((await call(attempt)).statusCode);

      expect(statuses.filter((status) => status !== 429)).toHaveLength(LIMIT);
      expect(statuses.slice(LIMIT)).toEqual([429, 429, 429]);
    },
  );

  it('when two clients come through the same balancer, then each has a limit of its own', async () => {
    const call = (client: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/progress?caseNumber=NOPE-2&passportNumber=X2',
        remoteAddress: LOAD_BALANCER,
        headers: { 'x-forwarded-for': client },
      });
    for (let attempt = 0; attempt < LIMIT; attempt++) await call('192.0.2.1');
    expect((await call('192.0.2.1')).statusCode).toBe(429);
    expect((await call('192.0.2.2')).statusCode).not.toBe(429);
  });
});

describe('TRUST_PROXY values that trust every client', () => {
  const refusal = (value: string) => {
    try {
      loadConfig({ TRUST_PROXY: value });
    } catch (error) {
      return error;
    }
    return undefined;
  };

  it.each([
    '1000',
    String(MAX_PROXY_HOPS + 1),
    '0.0.0.0/0',
    '::/0',
    '127.0.0.1/0',
    '10.0.0.0/8, 0.0.0.0/1',
    '::/64',
    '::ffff:0:0/96',
    '::ffff:0.0.0.0/100',
  ])('when TRUST_PROXY is %s, then start-up is refused as for true, with the same words and no TypeError', (value) => {
    const error = refusal(value);
    expect(error).toBeInstanceOf(ConfigError);
    const asTrue = refusal('true') as Error;
    const sameWords =
      /would let any client choose its own address through X-Forwarded-For\. Set the number of proxies .*$/m;
    expect((error as Error).message).toMatch(sameWords);
    expect((error as Error).message.match(sameWords)?.[0]).toBe(asTrue.message.match(sameWords)?.[0]);
  });

  it.each([String(MAX_PROXY_HOPS), '10.0.0.0/8', 'fd00::/8', '::ffff:10.0.0.0/104', '172.16.0.0/12, loopback'])(
    'when TRUST_PROXY is %s, then it is accepted and the app starts',
    async (value) => {
      const t = await createTestApp({ TRUST_PROXY: value });
      try {
        expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    },
  );
});
