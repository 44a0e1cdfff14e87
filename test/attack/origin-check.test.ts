import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeResponse } from '../../contracts/network.js';
import { signUpMember } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

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
