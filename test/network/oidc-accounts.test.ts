import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkUsers } from '../../server/db/schema/network.js';
import { findOrCreateMember } from '../../server/network/oidc.js';
import { signUpMember } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

const ISSUER = 'https://id.example.test';
const claims = (sub: string, extra: Record<string, unknown> = {}) => ({
  iss: ISSUER,
  sub,
  aud: 'pathway',
  iat: 0,
  exp: 0,
  ...extra,
});

describe('members signing in with an OpenID provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  it('when a new identity signs in, then an account is made for it, and the same (issuer, subject) finds it again', async () => {
    const id = await findOrCreateMember(
      t.db,
      ISSUER,
      claims('subject-1', { email: 'New@Example.test', email_verified: true, name: 'New Person' }),
      'open',
      t.clock.now(),
    );
    const again = await findOrCreateMember(
      t.db,
      ISSUER,
      claims('subject-1', { email: 'changed@example.test', email_verified: true }),
      'open',
      t.clock.now(),
    );

    expect(again).toBe(id);
    const [row] = await t.db.select().from(networkUsers).where(eq(networkUsers.id, id));
    expect(row).toMatchObject({
      email: 'new@example.test',
      displayName: 'New Person',
      username: null,
      passwordHash: null,
      oidcSubject: 'subject-1',
    });
  });

  it('when the provider vouches for the verified email of an existing account, then the identity is linked to that account', async () => {
    const member = await signUpMember(t, { verified: true });
    const id = await findOrCreateMember(
      t.db,
      ISSUER,
      claims('subject-2', { email: member.email, email_verified: true }),
      'open',
      t.clock.now(),
    );
    expect(id).toBe(member.user.uid);
  });

  it('when the email of an existing account is not verified by the provider, then it is not linked and the sign-in is refused', async () => {
    const member = await signUpMember(t);
    await expect(
      findOrCreateMember(
        t.db,
        ISSUER,
        claims('subject-3', { email: member.email, email_verified: false }),
        'open',
        t.clock.now(),
      ),
    ).rejects.toMatchObject({
      statusCode: 409,
    });
    const [row] = await t.db.select().from(networkUsers).where(eq(networkUsers.id, member.user.uid));
    expect(row?.oidcSubject).toBeNull();
  });

  it('when sign-up is closed, then a new identity is refused with 403 but no account is made', async () => {
    const before = (await t.db.select().from(networkUsers)).length;
    await expect(
      findOrCreateMember(
        t.db,
        ISSUER,
        claims('subject-4', { email: 'closed@example.test', email_verified: true }),
        'closed',
        t.clock.now(),
      ),
    ).rejects.toMatchObject({
      statusCode: 403,
    });
    expect((await t.db.select().from(networkUsers)).length).toBe(before);
  });

  it('when no provider is configured, then the popup start page says so instead of redirecting', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/network/auth/oidc/start' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('not configured');
    expect(response.body).toContain('src="/api/network/auth/oidc/popup.js"');
  });
});
