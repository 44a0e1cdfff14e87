import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeResponse } from '../../contracts/network.js';
import { networkUsers } from '../../server/db/schema/network.js';
import { findOrCreateMember } from '../../server/network/oidc.js';
import { createTextPost, SAME_ORIGIN, signUpMember, verificationTokenOf } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

const ISSUER = 'https://id.example.test';
const verifiedIdentity = (sub: string, email: string) => ({
  iss: ISSUER,
  sub,
  aud: 'pathway',
  iat: 0,
  exp: 0,
  email,
  email_verified: true,
});

/**
 * Findings 1 and 2 of the review: an address nobody verified opened someone else's account
 * through the external sign-in, and made its squatter a network admin.
 */
describe('an address confers nothing until it is verified', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000', NETWORK_ADMIN_EMAILS: 'chief@example.test' });
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/network/auth/sign-in',
      headers: { origin: SAME_ORIGIN },
      payload: { email, password },
    });

  it("when someone signs up with another person's address and that person signs in with a verified provider identity, then the squatter loses the account: password removed, sessions ended", async () => {
    const squatter = await signUpMember(t, { email: 'victim@example.test' });
    expect(squatter.user.emailVerified).toBe(false);

    const id = await findOrCreateMember(
      t.db,
      ISSUER,
      verifiedIdentity('victim-subject', 'victim@example.test'),
      'open',
      t.clock.now(),
    );

    expect(id).toBe(squatter.user.uid);
    const feed = await t.app.inject({ method: 'GET', url: '/api/network/posts', headers: squatter.headers });
    expect(feed.statusCode).toBe(401);
    const passwordAgain = await signIn('victim@example.test', squatter.password);
    expect(passwordAgain.statusCode).toBe(401);
    const [row] = await t.db.select().from(networkUsers).where(eq(networkUsers.id, id));
    expect(row).toMatchObject({ passwordHash: null, oidcIssuer: ISSUER, oidcSubject: 'victim-subject' });
    expect(row?.emailVerifiedAt).not.toBeNull();
  });

  it('when the address of an account is verified, then a verified provider identity with it is linked and the password keeps working', async () => {
    const owner = await signUpMember(t, { verified: true });
    const id = await findOrCreateMember(
      t.db,
      ISSUER,
      verifiedIdentity('owner-subject', owner.email),
      'open',
      t.clock.now(),
    );
    expect(id).toBe(owner.user.uid);
    expect((await signIn(owner.email, owner.password)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/network/posts', headers: owner.headers })).statusCode).toBe(
      200,
    );
  });

  it("when someone signs up with an address listed in NETWORK_ADMIN_EMAILS, then they are no admin and cannot delete others' posts until the address is verified", async () => {
    const author = await signUpMember(t);
    const post = await createTextPost(t, author, 'not yours to delete');
    const squatter = await signUpMember(t, { email: 'chief@example.test' });

    expect(squatter.user.isAdmin).toBe(false);
    const feed = await t.app.inject({ method: 'GET', url: '/api/network/posts', headers: squatter.headers });
    expect(
      feed.json<{ posts: { id: string; canDelete: boolean }[] }>().posts.find((p) => p.id === post.id)?.canDelete,
    ).toBe(false);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/network/posts/${post.id}`,
      headers: squatter.headers,
    });
    expect(refused.statusCode).toBe(403);

    // The owner of the mailbox follows the link: from then on the address is an admin's.
    const token = await verificationTokenOf(t, squatter);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/network/auth/verify-email',
          headers: { origin: SAME_ORIGIN },
          payload: { token },
        })
      ).statusCode,
    ).toBe(204);
    const me = await t.app.inject({ method: 'GET', url: '/api/network/me', headers: squatter.headers });
    expect(me.json<MeResponse>().user).toMatchObject({ isAdmin: true, emailVerified: true });
  });

  it('when a taken address signs up, then the answer is the same as for a new one, with no cookie, and the account is unchanged', async () => {
    const existing = await signUpMember(t);
    const signUp = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/network/auth/sign-up',
        headers: { origin: SAME_ORIGIN },
        payload: { email, password: 'some other password' },
      });

    const taken = await signUp(existing.email);
    const fresh = await signUp('brand-new@example.test');

    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(202);
    expect(taken.body).toBe(fresh.body);
    expect(taken.headers['set-cookie']).toBeUndefined();
    expect(fresh.headers['set-cookie']).toBeUndefined();
    expect((await signIn(existing.email, 'some other password')).statusCode).toBe(401);
    expect((await signIn(existing.email, existing.password)).statusCode).toBe(200);
  });
});
