import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSettings, Post, PostsPage } from '../../contracts/network.js';
import {
  createPost,
  createTextPost,
  SAME_ORIGIN,
  sessionCookieOf,
  signUpMember,
  tinyPng,
  type TestMember,
} from '../factories/network.js';
import { issueOneTimeToken } from '../../server/platform/one-time-tokens.js';
import { createTestApp, type TestApp } from '../test-app.js';

describe('member settings', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  const signIn = async (member: Pick<TestMember, 'email'>, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/network/auth/sign-in',
      headers: { origin: SAME_ORIGIN },
      payload: { email: member.email, password },
    });
  const me = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/network/me', headers: { cookie } })).json<{ user: unknown }>().user;
  const settingsOf = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/network/me/settings', headers })).json<AccountSettings>();

  it('when a member changes the password with the current one, then the new one signs in, the old one does not, and only this browser stays signed in', async () => {
    const member = await signUpMember(t);
    const elsewhere = sessionCookieOf((await signIn(member, member.password)).headers['set-cookie']);
    expect((await settingsOf(member.headers)).otherSessions).toBe(1);

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/network/me/password',
      headers: member.headers,
      payload: { currentPassword: member.password, newPassword: 'a brand new secret' },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await signIn(member, member.password)).statusCode).toBe(401);
    expect((await signIn(member, 'a brand new secret')).statusCode).toBe(200);
    expect(await me(member.cookie)).not.toBeNull();
    expect(await me(elsewhere)).toBeNull();
  });

  it('when the current password is wrong or missing, or the new one too short, then 400 with a sentence and nothing changes', async () => {
    const member = await signUpMember(t);
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/network/me/password', headers: member.headers, payload });
    const wrong = await put({ currentPassword: 'not the password', newPassword: 'a brand new secret' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ error: string }>().error).toBe('Your password is not right. Please try again.');
    const missing = await put({ newPassword: 'a brand new secret' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: string }>().error).toBe('Please enter your current password.');
    const short = await put({ currentPassword: member.password, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ error: string }>().error).toMatch(/at least 8 characters/);
    expect((await signIn(member, member.password)).statusCode).toBe(200);
    // 400, never 401: the page must not take a wrong password for a session that ended.
    expect(await me(member.cookie)).not.toBeNull();
  });

  // Issue 39: every way a member's password changes tells the owner, in the transaction that changed it.
  const passwordChangedEmails = async (email: string) =>
    (
      await t.database.pool.query<{ data: { subject?: string; text?: string } }>(
        `SELECT data FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1 AND data->>'subject' = 'Your Pathway password was changed'`,
        [email],
      )
    ).rows;

  it('when a password changes in Settings or through a reset link, then its owner is emailed that it changed, and a refused change sends nothing', async () => {
    const member = await signUpMember(t);
    const refused = await t.app.inject({
      method: 'PUT',
      url: '/api/network/me/password',
      headers: member.headers,
      payload: { currentPassword: 'not the password', newPassword: 'a brand new secret' },
    });
    expect(refused.statusCode).toBe(400);
    expect(await passwordChangedEmails(member.email)).toHaveLength(0);

    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/network/me/password',
      headers: member.headers,
      payload: { currentPassword: member.password, newPassword: 'a brand new secret' },
    });
    expect(changed.statusCode).toBe(204);
    expect(await passwordChangedEmails(member.email)).toHaveLength(1);

    const token = await issueOneTimeToken(t.db, 'network-password-reset', member.user.uid, t.clock.now(), 3600);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/network/auth/password-reset/confirm',
      headers: { origin: SAME_ORIGIN },
      payload: { token, password: 'كلمة سر جديدة ١٢٣ नया पासवर्ड' },
    });
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    expect(await passwordChangedEmails(member.email)).toHaveLength(2);
    // A used link changes nothing, and tells nobody again.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/network/auth/password-reset/confirm',
      headers: { origin: SAME_ORIGIN },
      payload: { token, password: 'yet another secret' },
    });
    expect(again.statusCode).toBe(400);
    expect(await passwordChangedEmails(member.email)).toHaveLength(2);
  });

  it('when a member signs out of other devices, then every other session ends and this one stays', async () => {
    const member = await signUpMember(t);
    const second = sessionCookieOf((await signIn(member, member.password)).headers['set-cookie']);
    const third = sessionCookieOf((await signIn(member, member.password)).headers['set-cookie']);
    const other = await signUpMember(t);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/network/me/sign-out-others',
      headers: member.headers,
    });
    expect(response.json()).toEqual({ ended: 2 });
    expect(await me(second)).toBeNull();
    expect(await me(third)).toBeNull();
    expect(await me(member.cookie)).not.toBeNull();
    expect(await me(other.cookie)).not.toBeNull();
    expect((await settingsOf(member.headers)).otherSessions).toBe(0);
  });

  it('when a member deletes the account with the password, then its posts, comments, likes, photo and sessions go, and other posts count without them', async () => {
    const leaving = await signUpMember(t);
    const staying = await signUpMember(t);
    const photo = await t.app.inject({
      method: 'POST',
      url: '/api/network/me/photo',
      headers: { ...leaving.headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: Buffer.concat([
        Buffer.from(
          '--x\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n',
        ),
        tinyPng,
        Buffer.from('\r\n--x--\r\n'),
      ]),
    });
    expect(photo.statusCode, photo.body).toBe(200);
    const photoUrl = photo.json<{ user: { photoURL: string } }>().user.photoURL;
    const ownPost = await createPost(t, leaving, 'mine, with a picture', {
      name: 'media',
      filename: 'p.png',
      contentType: 'image/png',
      data: tinyPng,
    });
    expect(ownPost.statusCode, ownPost.body).toBe(201);
    const mediaUrl = ownPost.json<Post>().mediaURL ?? '';
    const theirs = await createTextPost(t, staying, 'theirs');
    await t.app.inject({ method: 'PUT', url: `/api/network/posts/${theirs.id}/like`, headers: leaving.headers });
    await t.app.inject({ method: 'PUT', url: `/api/network/posts/${theirs.id}/like`, headers: staying.headers });
    await t.app.inject({
      method: 'POST',
      url: `/api/network/posts/${theirs.id}/comments`,
      headers: leaving.headers,
      payload: { text: 'a comment that goes' },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/network/posts/${theirs.id}/comments`,
      headers: staying.headers,
      payload: { text: 'a comment that stays' },
    });
    expect((await settingsOf(leaving.headers)).posts).toBe(1);

    const refused = await t.app.inject({
      method: 'DELETE',
      url: '/api/network/me',
      headers: leaving.headers,
      payload: { password: 'not the password' },
    });
    expect(refused.statusCode).toBe(400);
    expect(await me(leaving.cookie)).not.toBeNull();

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/network/me',
      headers: leaving.headers,
      payload: { password: leaving.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(String(deleted.headers['set-cookie'])).toMatch(/pathway_session=;/);
    expect(await me(leaving.cookie)).toBeNull();
    expect((await signIn(leaving, leaving.password)).statusCode).toBe(401);

    const feed = (
      await t.app.inject({ method: 'GET', url: '/api/network/posts', headers: staying.headers })
    ).json<PostsPage>();
    expect(feed.posts.map((post) => post.id)).not.toContain(ownPost.json<Post>().id);
    const kept = feed.posts.find((post) => post.id === theirs.id);
    expect(kept).toMatchObject({ likeCount: 1, commentCount: 1 });
    const comments = (
      await t.app.inject({ method: 'GET', url: `/api/network/posts/${theirs.id}/comments`, headers: staying.headers })
    ).json<{ comments: { text: string }[] }>();
    expect(comments.comments.map((comment) => comment.text)).toEqual(['a comment that stays']);
    // The stored files went with it.
    for (const url of [photoUrl, mediaUrl]) {
      expect((await t.app.inject({ method: 'GET', url, headers: staying.headers })).statusCode, url).toBe(404);
    }
  });

  it('when a signed-out visitor asks for the settings or a change, then 401 and nothing changes', async () => {
    for (const [method, url] of [
      ['GET', '/api/network/me/settings'],
      ['PUT', '/api/network/me/password'],
      ['POST', '/api/network/me/sign-out-others'],
      ['DELETE', '/api/network/me'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { origin: SAME_ORIGIN }, payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
