import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseAdminSessionVersion, upsertCaseAdmin } from '../../server/cases/case-admins.js';
import {
  createCase,
  createService,
  signInCaseAdmin,
  snapshotCasesTables,
  type AdminHeaders,
} from '../factories/cases.js';
import { createTestApp, type TestApp } from '../test-app.js';

type Route = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('case admin permissions', () => {
  let t: TestApp;
  let headers: AdminHeaders;
  let adminId: string;
  let routes: Route[];

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '5' });
    const admin = await signInCaseAdmin(t);
    headers = admin.headers;
    adminId = (await t.tokens.verify(admin.token, 'caseadmin')).sub;
    const service = await createService(t, headers, ['One', 'Two']);
    const created = await createCase(t, headers, { serviceIds: [service.id] });
    const caseServiceId = created.CaseServices[0]!.id;
    // Every /api/caseadmin route but login, with input that would succeed with a valid token.
    routes = [
      { method: 'GET', url: '/api/caseadmin/dashboard-metrics' },
      { method: 'GET', url: '/api/caseadmin/cases' },
      { method: 'GET', url: '/api/caseadmin/cases?sortBy=createdAt&order=DESC' },
      {
        method: 'POST',
        url: '/api/caseadmin/cases',
        payload: { case_number: 'NEW-1', passport_number: 'P', client_name: 'N', serviceIds: [1] },
      },
      { method: 'GET', url: `/api/caseadmin/cases/${created.id}` },
      { method: 'DELETE', url: `/api/caseadmin/cases/${created.id}` },
      { method: 'PUT', url: `/api/caseadmin/cases/${created.id}/services`, payload: { serviceIds: [1] } },
      { method: 'GET', url: '/api/caseadmin/services' },
      { method: 'POST', url: '/api/caseadmin/services', payload: { name: 'Sneaky' } },
      { method: 'DELETE', url: `/api/caseadmin/services/${service.id}` },
      { method: 'GET', url: `/api/caseadmin/services/${service.id}/steps` },
      { method: 'POST', url: `/api/caseadmin/services/${service.id}/steps`, payload: { name: 'Three', sequence: 3 } },
      { method: 'DELETE', url: `/api/caseadmin/steps/${service.steps[1]!.id}` },
      { method: 'PUT', url: `/api/caseadmin/caseservices/${caseServiceId}/step`, payload: { newStep: 'Two' } },
    ];
  });
  afterAll(() => t.close());

  const signWith = (key: Uint8Array, audience: string) =>
    new SignJWT({ sub: adminId, email: 'intruder@example.test' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('pathway')
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);

  const badCredentials: [string, () => Promise<Record<string, string>>][] = [
    ['no Authorization header', async () => ({})],
    ['a Basic Authorization header', async () => ({ authorization: 'Basic YWRtaW46cGFzc3dvcmQ=' })],
    ['a Bearer header without a token', async () => ({ authorization: 'Bearer ' })],
    ['a token that is not a JWT', async () => ({ authorization: 'Bearer not-a-token' })],
    [
      'a token signed with another key',
      async () => ({ authorization: `Bearer ${await signWith(randomBytes(32), 'caseadmin')}` }),
    ],
    [
      'an unsigned alg none token',
      async () => {
        const now = Math.floor(t.clock.now().getTime() / 1000);
        const payload = {
          sub: adminId,
          email: 'x@example.test',
          iss: 'pathway',
          aud: 'caseadmin',
          iat: now,
          exp: now + 3600,
        };
        return { authorization: `Bearer ${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.` };
      },
    ],
    [
      'a token of the LMS audience signed with the right key',
      async () => ({ authorization: `Bearer ${await t.tokens.sign({ sub: adminId }, 'lms', 3600)}` }),
    ],
  ];

  it.each(badCredentials)(
    'when a request carries %s, then every admin route answers 401 and nothing changes',
    async (_name, credentials) => {
      const before = await snapshotCasesTables(t);
      const authorization = await credentials();
      for (const route of routes) {
        const response = await t.app.inject({
          method: route.method,
          url: route.url,
          headers: authorization,
          ...(route.payload ? { payload: route.payload } : {}),
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(response.json<{ error: string }>().error).toMatch(/Authentication required|Invalid token/);
      }
      expect(await snapshotCasesTables(t)).toEqual(before);
    },
  );

  it('when the token has expired, then every admin route answers 401 asking to sign in again', async () => {
    // Signed as the login would, with the admin's current session version.
    const ver = await caseAdminSessionVersion(t.database.pool, Number(adminId));
    const shortLived = await t.tokens.sign({ sub: adminId, email: 'a@example.test', ver }, 'caseadmin', 60);
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/caseadmin/services',
      headers: { authorization: `Bearer ${shortLived}` },
    });
    expect(ok.statusCode).toBe(200);

    t.clock.advance(61_000);
    const before = await snapshotCasesTables(t);
    for (const route of routes) {
      const response = await t.app.inject({
        method: route.method,
        url: route.url,
        headers: { authorization: `Bearer ${shortLived}` },
        ...(route.payload ? { payload: route.payload } : {}),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json()).toEqual({ error: 'Your session has expired, please sign in again' });
    }
    expect(await snapshotCasesTables(t)).toEqual(before);
  });

  it('when a login token reaches its configured lifetime, then it is refused', async () => {
    const { token } = await signInCaseAdmin(t);
    t.clock.advance(t.config.cases.tokenTtlSeconds * 1000 - 1000);
    const stillValid = await t.app.inject({
      method: 'GET',
      url: '/api/caseadmin/services',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(stillValid.statusCode).toBe(200);
    t.clock.advance(2000);
    const expired = await t.app.inject({
      method: 'GET',
      url: '/api/caseadmin/services',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(expired.statusCode).toBe(401);
  });

  it('when the public lookup is called without a token, then it is not refused for that', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/progress',
      query: { caseNumber: 'NONE', passportNumber: 'NONE' },
    });
    expect(response.statusCode).toBe(404);
  });

  describe('login', () => {
    it('when the password is wrong or the email unknown, then both answer the same 401', async () => {
      const { email } = await signInCaseAdmin(t);
      const wrongPassword = await t.app.inject({
        method: 'POST',
        url: '/api/caseadmin/login',
        payload: { email, password: 'wrong password' },
      });
      const unknownEmail = await t.app.inject({
        method: 'POST',
        url: '/api/caseadmin/login',
        payload: { email: 'nobody@example.test', password: 'correct horse battery' },
      });
      expect(wrongPassword.statusCode).toBe(401);
      expect(unknownEmail.statusCode).toBe(401);
      expect(wrongPassword.json()).toEqual({ error: 'Invalid credentials. Please try again.' });
      expect(unknownEmail.json()).toEqual(wrongPassword.json());
    });

    it('when one client tries too many logins, then 429 with a clear error, even for the right password', async () => {
      const email = 'limited@example.test';
      const password = 'correct horse battery';
      await upsertCaseAdmin(t.db, email, password);
      const login = (remoteAddress: string) =>
        t.app.inject({ method: 'POST', url: '/api/caseadmin/login', remoteAddress, payload: { email, password } });
      for (let attempt = 0; attempt < 5; attempt++) expect((await login('198.51.100.7')).statusCode).toBe(200);

      const limited = await login('198.51.100.7');

      expect(limited.statusCode).toBe(429);
      expect(limited.json<{ error: string }>().error).toMatch(
        /^Too many requests\. Please try again in \d+ (second|minute)s?\.$/,
      );
      expect((await login('203.0.113.9')).statusCode).toBe(200);
    });
  });
});
