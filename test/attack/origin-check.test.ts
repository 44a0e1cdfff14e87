import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeResponse } from '../../contracts/network.js';
import { signUpMember } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { routesOf } from './support.js';

const PUBLIC_URL = 'https://pathway.example.test';

/**
 * The same-origin check of cookie-authenticated changes compares with PUBLIC_URL when it is set:
 * a request whose Host header names the attacker's site (a DNS-rebinding page, a misrouting
 * proxy) does not make that site "ours".
 */
describe('same-origin check with PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL, LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  const changeProfile = (cookie: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/network/me/profile',
      headers: { cookie, ...headers },
      payload: { username: `renamed${Date.now()}`, displayName: 'Renamed' },
    });

  it('when the Origin matches the Host header but not PUBLIC_URL, then the change is refused and nothing changes', async () => {
    const member = await signUpMember(t);
    const spoofed = await changeProfile(member.cookie, { host: 'evil.example', origin: 'http://evil.example' });
    expect(spoofed.statusCode).toBe(403);
    expect(spoofed.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
    const plainHost = await changeProfile(member.cookie, { origin: 'http://localhost' });
    expect(plainHost.statusCode).toBe(403);

    const me = await t.app.inject({ method: 'GET', url: '/api/network/me', headers: { cookie: member.cookie } });
    expect(me.json<MeResponse>().user?.username).toBe(member.user.username);
  });

  it("when the Origin is PUBLIC_URL's, then the change goes through whatever the Host header says", async () => {
    const member = await signUpMember(t);
    const response = await changeProfile(member.cookie, { host: '10.0.0.7:3000', origin: PUBLIC_URL });
    expect(response.statusCode, response.body).toBe(200);
  });
});

/**
 * One same-origin rule for every cookie-authenticated route (issue 35: the applicant's cookie
 * routes had none, the network's had their own): every change in an area a cookie signs in to
 * (the network, the applicant's own routes) is refused when it comes from another site or says
 * nowhere where it comes from, before anything is read. Bearer-token areas need none: a browser
 * never attaches a bearer token to another site's request.
 */
describe('same-origin check on every cookie-authenticated change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL, LOGIN_RATE_LIMIT: '1000', CASE_LOOKUP_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  const cookieAreas = /^(POST|PUT|PATCH|DELETE) \/api\/(network|applicant)\//;

  it('when any change of the network or the applicant comes from another site or from nowhere, then it is 403 CROSS_SITE_REQUEST', async () => {
    const changes = routesOf(t.app).filter((route) => cookieAreas.test(route));
    expect(changes.filter((route) => route.includes('/api/applicant/')).length).toBeGreaterThanOrEqual(4);
    for (const route of changes) {
      const [method, path] = route.split(' ') as ['POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      const url = path.replace(/:param/g, '1');
      for (const headers of [
        { origin: 'https://evil.example' },
        { referer: 'https://evil.example/page' },
        { origin: 'null' },
        {},
      ]) {
        const response = await t.app.inject({ method, url, headers, payload: {} });
        expect(response.statusCode, `${route} with ${JSON.stringify(headers)}`).toBe(403);
        expect(response.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
      }
    }
  });

  it('when the applicant asks for a link, signs in or out from the site itself, then the same-origin check lets it through', async () => {
    const ok = { origin: PUBLIC_URL };
    const access = await t.app.inject({
      method: 'POST',
      url: '/api/applicant/access',
      headers: ok,
      payload: { caseNumber: 'NONE-1', passportNumber: 'X' },
    });
    expect(access.statusCode).toBe(202);
    const logout = await t.app.inject({ method: 'POST', url: '/api/applicant/logout', headers: ok });
    expect(logout.statusCode).toBe(204);
  });
});
