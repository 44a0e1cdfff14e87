import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeResponse } from '../../contracts/network.js';
import { findOrCreateMember } from '../../server/network/oidc.js';
import { issueOneTimeToken } from '../../server/platform/one-time-tokens.js';
import { createTextPost, SAME_ORIGIN, signUpMember, type TestMember } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

const ISSUER = 'https://id.example.test';

/**
 * Someone signs up with another person's address (never verified), names the account, posts,
 * comments and likes. When the address's owner takes the account back (a reset link, or a verified
 * provider identity), none of that is theirs: the profile starts empty and the squatter's posts,
 * comments and likes are gone, with the counts of other members' posts put right.
 */
describe('a squatted account taken back by the owner of its address', () => {
  let t: TestApp;
  let bystander: TestMember;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    bystander = await signUpMember(t, { verified: true });
  });
  afterAll(() => t.close());

  const call = (member: TestMember, method: 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: member.headers, ...(payload ? { payload } : {}) });
  const counts = async (postId: string) =>
    (
      await t.database.pool.query<{ like_count: number; comment_count: number }>(
        `SELECT like_count, comment_count FROM network_posts WHERE id = $1`,
        [postId],
      )
    ).rows[0];

  /** A squatter on `email` with a name, a post, a comment and a like on the bystander's post. */
  async function squat(email: string) {
    const squatter = await signUpMember(t, { email, username: `squatter${++counter}` });
    expect(squatter.user.emailVerified).toBe(false);
    const own = await createTextPost(t, squatter, 'posted by the squatter');
    const theirs = await createTextPost(t, bystander, `a bystander's post ${counter}`);
    expect(
      (await call(squatter, 'POST', `/api/network/posts/${theirs.id}/comments`, { text: 'a squatter comment' }))
        .statusCode,
    ).toBe(201);
    expect((await call(squatter, 'PUT', `/api/network/posts/${theirs.id}/like`)).statusCode).toBe(200);
    expect(await counts(theirs.id)).toEqual({ like_count: 1, comment_count: 1 });
    expect((await call(squatter, 'PUT', '/api/network/me/email-digest', { enabled: true })).statusCode).toBe(200);
    return { squatter, own, theirs };
  }

  async function expectNothingLeft(accountId: string, own: { id: string }, theirs: { id: string }) {
    const [account] = (
      await t.database.pool.query(`SELECT username, display_name, photo_url FROM network_users WHERE id = $1`, [
        accountId,
      ])
    ).rows;
    expect(account).toMatchObject({ username: null, photo_url: null });
    const left = await t.database.pool.query(
      `SELECT (SELECT count(*)::int FROM network_posts WHERE user_id = $1) AS posts, (SELECT count(*)::int FROM network_comments WHERE user_id = $1) AS comments,
              (SELECT count(*)::int FROM network_likes WHERE user_id = $1) AS likes, (SELECT count(*)::int FROM network_posts WHERE id = $2) AS own_post`,
      [accountId, own.id],
    );
    expect(left.rows[0]).toEqual({ posts: 0, comments: 0, likes: 0, own_post: 0 });
    // The daily email the squatter asked for would go to the owner once the address is verified.
    expect(
      (await t.database.pool.query(`SELECT 1 FROM network_email_digests WHERE user_id = $1`, [accountId])).rowCount,
    ).toBe(0);
    expect(await counts(theirs.id)).toEqual({ like_count: 0, comment_count: 0 });
    const comments = await t.app.inject({
      method: 'GET',
      url: `/api/network/posts/${theirs.id}/comments`,
      headers: bystander.headers,
    });
    expect(comments.body).not.toContain('a squatter comment');
  }

  it("when the owner follows a password reset link, then the account is theirs without the squatter's name, posts, comments or likes", async () => {
    const email = `reset-owner-${Date.now()}@example.test`;
    const { squatter, own, theirs } = await squat(email);
    const token = await issueOneTimeToken(t.db, 'network-password-reset', squatter.user.uid, t.clock.now(), 3600);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/network/auth/password-reset/confirm',
      headers: { origin: SAME_ORIGIN },
      payload: { token, password: 'the owner password' },
    });
    expect(reset.statusCode).toBe(204);

    await expectNothingLeft(squatter.user.uid, own, theirs);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/network/auth/sign-in',
      headers: { origin: SAME_ORIGIN },
      payload: { email, password: 'the owner password' },
    });
    expect(signIn.json<MeResponse>().user).toMatchObject({
      username: null,
      displayName: null,
      isProfileComplete: false,
      emailVerified: true,
    });
  });

  it("when the owner signs in with a verified provider identity, then the same: the profile starts from the provider's name", async () => {
    const email = `oidc-owner-${Date.now()}@example.test`;
    const { squatter, own, theirs } = await squat(email);

    const id = await findOrCreateMember(
      t.db,
      ISSUER,
      {
        iss: ISSUER,
        sub: `owner-${counter}`,
        aud: 'pathway',
        iat: 0,
        exp: 0,
        email,
        email_verified: true,
        name: 'Real Owner',
      },
      'open',
      t.clock.now(),
    );

    expect(id).toBe(squatter.user.uid);
    await expectNothingLeft(id, own, theirs);
    const [account] = (await t.database.pool.query(`SELECT display_name FROM network_users WHERE id = $1`, [id])).rows;
    expect(account).toEqual({ display_name: 'Real Owner' });
  });

  it('when a verified member resets the password, then their profile and posts stay', async () => {
    const member = await signUpMember(t, { verified: true });
    const post = await createTextPost(t, member, 'mine to keep');
    const token = await issueOneTimeToken(t.db, 'network-password-reset', member.user.uid, t.clock.now(), 3600);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/network/auth/password-reset/confirm',
          headers: { origin: SAME_ORIGIN },
          payload: { token, password: 'a newer password' },
        })
      ).statusCode,
    ).toBe(204);
    const [row] = (
      await t.database.pool.query(
        `SELECT u.username, p.id FROM network_users u JOIN network_posts p ON p.user_id = u.id WHERE u.id = $1`,
        [member.user.uid],
      )
    ).rows;
    expect(row).toEqual({ username: member.user.username, id: post.id });
  });
});
