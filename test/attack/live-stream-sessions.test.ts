import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueOneTimeToken } from '../../server/platform/one-time-tokens.js';
import { createTextPost, SAME_ORIGIN, sessionCookieOf, signUpMember, type TestMember } from '../factories/network.js';
import { openEventStream } from '../support/event-stream.js';
import { createTestApp, type TestApp } from '../test-app.js';

/**
 * Findings 5 and 6 of the review: an open event stream kept delivering after sign-out or expiry,
 * and `Last-Event-ID: 0` replayed deleted posts and comments.
 */
describe('live streams end with their session and never replay deleted content', () => {
  let first: TestApp;
  let second: TestApp;
  let firstUrl: string;
  let secondUrl: string;

  beforeAll(async () => {
    first = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    second = await createTestApp({ LOGIN_RATE_LIMIT: '1000' }, { sameDatabaseAs: first });
    firstUrl = await first.app.listen({ host: '127.0.0.1', port: 0 });
    secondUrl = await second.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  async function anotherSession(member: TestMember): Promise<string> {
    const response = await first.app.inject({
      method: 'POST',
      url: '/api/network/auth/sign-in',
      headers: { origin: SAME_ORIGIN },
      payload: { email: member.email, password: member.password },
    });
    return sessionCookieOf(response.headers['set-cookie']);
  }

  it('when a member signs out, then the stream of that session ends within seconds, on this and on another instance, and other sessions keep theirs', async () => {
    const member = await signUpMember(first);
    const here = await openEventStream(firstUrl, member.cookie);
    const elsewhere = await openEventStream(secondUrl, member.cookie);
    const otherCookie = await anotherSession(member);
    const otherSession = await openEventStream(secondUrl, otherCookie);
    expect(here.response.status).toBe(200);

    const out = await first.app.inject({ method: 'POST', url: '/api/network/auth/sign-out', headers: member.headers });
    expect(out.statusCode).toBe(204);

    await here.waitForEnd();
    await elsewhere.waitForEnd();
    // The member's other session is untouched: its stream still delivers.
    const post = await createTextPost(
      first,
      { ...member, cookie: otherCookie, headers: { cookie: otherCookie, origin: SAME_ORIGIN } },
      'still live',
    );
    await expect.poll(() => otherSession.events.some((event) => event.data?.includes(post.id))).toBe(true);
    expect(otherSession.isEnded()).toBe(false);
    const reopened = await fetch(`${firstUrl}/api/network/events`, { headers: { cookie: member.cookie } });
    expect(reopened.status).toBe(401);
    otherSession.close();
  });

  it('when a session expires while its stream is open, then the stream ends within seconds', async () => {
    const member = await signUpMember(first);
    await first.database.pool.query('UPDATE network_sessions SET expires_at = $1 WHERE user_id = $2', [
      new Date(first.clock.now().getTime() + 60_000),
      member.user.uid,
    ]);
    const stream = await openEventStream(firstUrl, member.cookie);
    expect(stream.response.status).toBe(200);

    first.clock.advance(120_000);

    await stream.waitForEnd();
  });

  it('when the password is reset through the emailed link, then every stream of the account ends, on every instance', async () => {
    const member = await signUpMember(first);
    const here = await openEventStream(firstUrl, member.cookie);
    const elsewhere = await openEventStream(secondUrl, await anotherSession(member));
    const token = await issueOneTimeToken(first.db, 'network-password-reset', member.user.uid, first.clock.now(), 3600);

    const reset = await first.app.inject({
      method: 'POST',
      url: '/api/network/auth/password-reset/confirm',
      headers: { origin: SAME_ORIGIN },
      payload: { token, password: 'a new password' },
    });

    expect(reset.statusCode).toBe(204);
    await here.waitForEnd();
    await elsewhere.waitForEnd();
  });

  it('when a post with comments was deleted, then a replay from Last-Event-ID 0 returns neither it nor its comments, only what still exists', async () => {
    const author = await signUpMember(first);
    const reader = await signUpMember(first);
    const kept = await createTextPost(first, author, 'this post stays');
    const doomed = await createTextPost(first, author, 'secret text that was deleted');
    const comment = await first.app.inject({
      method: 'POST',
      url: `/api/network/posts/${doomed.id}/comments`,
      headers: reader.headers,
      payload: { text: 'a deleted comment' },
    });
    expect(comment.statusCode).toBe(201);
    await first.app.inject({ method: 'PUT', url: `/api/network/posts/${doomed.id}/like`, headers: reader.headers });
    expect(
      (await first.app.inject({ method: 'DELETE', url: `/api/network/posts/${doomed.id}`, headers: author.headers }))
        .statusCode,
    ).toBe(204);

    for (const baseUrl of [firstUrl, secondUrl]) {
      const replay = await openEventStream(baseUrl, reader.cookie, '0');
      await expect
        .poll(() => replay.events.some((event) => event.event === 'post-deleted' && event.data?.includes(doomed.id)))
        .toBe(true);
      replay.close();
      const replayed = replay.events.map((event) => event.data ?? '').join('\n');
      expect(replayed).toContain(kept.id);
      expect(replayed).not.toContain('secret text that was deleted');
      expect(replayed).not.toContain('a deleted comment');
      expect(
        replay.events.filter((event) => event.event !== 'post-deleted' && event.data?.includes(doomed.id)),
      ).toEqual([]);
    }
  });
});
