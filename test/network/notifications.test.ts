import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedEvents } from '../../contracts/network-constants.js';
import type { NotificationsPage, UnreadResponse } from '../../contracts/network.js';
import { mentionedUsernames } from '../../server/network/notifications.js';
import { createTextPost, signUpMember, type TestMember } from '../factories/network.js';
import { openEventStream } from '../support/event-stream.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { timeouts } from '../support/timeouts.js';

describe('network notifications', () => {
  let t: TestApp;
  let baseUrl: string;
  let author: TestMember;
  let fan: TestMember;
  let other: TestMember;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    author = await signUpMember(t);
    fan = await signUpMember(t);
    other = await signUpMember(t);
  });
  afterAll(() => t.close());
  // Each test's notifications are newer than the last test's, so "newest first" is about this test's.
  beforeEach(() => t.clock.advance(60_000));

  const notifications = async (member: TestMember, cursor?: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/network/notifications',
      headers: member.headers,
      query: cursor ? { cursor } : {},
    });
    expect(response.statusCode).toBe(200);
    return response.json<NotificationsPage>();
  };
  const markRead = (member: TestMember, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/network/notifications/read', headers: member.headers, payload });
  const comment = (member: TestMember, postId: string, text: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/network/posts/${postId}/comments`,
      headers: member.headers,
      payload: { text },
    });
  const like = (member: TestMember, postId: string, method: 'PUT' | 'DELETE' = 'PUT') =>
    t.app.inject({ method, url: `/api/network/posts/${postId}/like`, headers: member.headers });
  const readAll = async (member: TestMember) => expect((await markRead(member, { all: true })).statusCode).toBe(200);

  it('when someone comments on a post, then its author is told, newest first, with who did it', async () => {
    await readAll(author);
    const post = await createTextPost(t, author, 'Hiring two ICU nurses');
    t.clock.advance(1000);
    expect((await comment(fan, post.id, 'Interested!')).statusCode).toBe(201);

    const page = await notifications(author);
    expect(page.unread).toBe(1);
    expect(page.items[0]).toMatchObject({
      type: 'comment',
      postId: post.id,
      actors: [{ username: fan.user.username, displayName: fan.user.displayName, photoURL: null }],
      count: 1,
      read: false,
      createdAt: t.clock.now().toISOString(),
    });
    // The commenter is told nothing about it.
    expect((await notifications(fan)).items.some((item) => item.postId === post.id)).toBe(false);
  });

  it("when someone comments on, likes or mentions in a comment, then each notification says what it is about: the post's first words, and the comment's with its id", async () => {
    await readAll(author);
    await readAll(other);
    const long = `نبحث عن ممرضين — हम नर्सों की तलाश में हैं ${'for the night shift in the intensive care unit '.repeat(4)}`;
    const post = await createTextPost(t, author, long);
    t.clock.advance(1000);
    const written = await comment(fan, post.id, `@${other.user.username} شاهد هذا — यह देखो, 24/7`);
    expect(written.statusCode).toBe(201);
    const commentId = written.json<{ id: string }>().id;
    t.clock.advance(1000);
    expect((await like(fan, post.id)).statusCode).toBe(200);

    const [liked, commented] = (await notifications(author)).items;
    const excerpt = commented?.postExcerpt ?? '';
    expect(excerpt.startsWith('نبحث عن ممرضين — हम नर्सों की तलाश में हैं for the night shift')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(120);
    expect(commented).toMatchObject({
      type: 'comment',
      comment: { id: commentId, excerpt: `@${other.user.username} شاهد هذا — यह देखो, 24/7` },
    });
    expect(liked).toMatchObject({ type: 'like', postExcerpt: excerpt, comment: null });
    const [mentioned] = (await notifications(other)).items;
    expect(mentioned).toMatchObject({ type: 'mention', postExcerpt: excerpt, comment: { id: commentId } });
  });

  it('when members act on their own post, then nobody is notified', async () => {
    await readAll(author);
    const post = await createTextPost(t, author, `Note to self @${author.user.username}`);
    expect((await comment(author, post.id, 'Reminder')).statusCode).toBe(201);
    expect((await like(author, post.id)).statusCode).toBe(200);
    const page = await notifications(author);
    expect(page.unread).toBe(0);
    expect(page.items.some((item) => item.postId === post.id)).toBe(false);
  });

  it('when several members like a post, then the author gets one grouped notification, newest liker first, counted once each', async () => {
    await readAll(author);
    const post = await createTextPost(t, author, 'Like me');
    const likers = [fan, other, await signUpMember(t), await signUpMember(t)];
    for (const liker of likers) {
      t.clock.advance(1000);
      expect((await like(liker, post.id)).statusCode).toBe(200);
    }
    // An unlike and a like again do not count the same member twice.
    expect((await like(fan, post.id, 'DELETE')).statusCode).toBe(200);
    expect((await like(fan, post.id)).statusCode).toBe(200);

    const page = await notifications(author);
    const likes = page.items.filter((item) => item.postId === post.id);
    expect(likes).toHaveLength(1);
    expect(likes[0]).toMatchObject({ type: 'like', count: 4, read: false });
    // Three named, newest first: fan liked again last.
    expect(likes[0]?.actors.map((actor) => actor.username)).toEqual([
      fan.user.username,
      likers[3]?.user.username,
      likers[2]?.user.username,
    ]);
    expect(page.unread).toBe(1);

    // Once read, the next like starts a new group.
    await readAll(author);
    t.clock.advance(1000);
    const late = await signUpMember(t);
    expect((await like(late, post.id)).statusCode).toBe(200);
    const after = (await notifications(author)).items.filter((item) => item.postId === post.id);
    expect(after.map((item) => [item.count, item.read])).toEqual([
      [1, false],
      [4, true],
    ]);
  });

  it('when a post or comment mentions @username, then that member is told once (the post author hearing of a comment once, as a comment)', async () => {
    await readAll(author);
    await readAll(other);
    const post = await createTextPost(t, fan, `Ask @${other.user.username!.toUpperCase()} and @nobody_here_at_all.`);
    expect((await notifications(other)).items[0]).toMatchObject({ type: 'mention', postId: post.id, count: 1 });

    t.clock.advance(1000);
    const own = await createTextPost(t, author, 'My post');
    expect(
      (await comment(fan, own.id, `@${author.user.username} and @${other.user.username} see this`)).statusCode,
    ).toBe(201);
    const authorItems = (await notifications(author)).items.filter((item) => item.postId === own.id);
    expect(authorItems.map((item) => item.type)).toEqual(['comment']);
    expect((await notifications(other)).items[0]).toMatchObject({ type: 'mention', postId: own.id });
  });

  it('when mentions are parsed, then e-mail addresses and punctuation are not names', () => {
    expect(mentionedUsernames('hi @Anna.B. and @bob_1, mail x@example.com or @an')).toEqual(['anna.b', 'bob_1']);
  });

  it("when a member marks some ids read, then only their own change, and another member's ids are ignored", async () => {
    await readAll(author);
    await readAll(fan);
    const post = await createTextPost(t, author, 'Mark me');
    const fanPost = await createTextPost(t, fan, 'Mine');
    await comment(fan, post.id, 'one');
    t.clock.advance(1000);
    await comment(other, post.id, 'two');
    await comment(author, fanPost.id, 'three');
    const [first, second] = (await notifications(author)).items;
    const fansOwn = (await notifications(fan)).items[0];

    // The author tries to mark the fan's notification along with one of their own.
    const response = await markRead(author, { ids: [first!.id, fansOwn!.id] });
    expect(response.statusCode).toBe(200);
    expect(response.json<UnreadResponse>()).toEqual({ unread: 1 });
    const page = await notifications(author);
    expect(page.items.find((item) => item.id === first!.id)?.read).toBe(true);
    expect(page.items.find((item) => item.id === second!.id)?.read).toBe(false);
    expect((await notifications(fan)).items[0]).toMatchObject({ id: fansOwn!.id, read: false });
  });

  it('when the read body is malformed, then it is a 400 and nothing changes', async () => {
    const post = await createTextPost(t, author, 'Bad bodies');
    await comment(fan, post.id, 'hey');
    const before = (await notifications(author)).unread;
    expect(before).toBeGreaterThan(0);
    for (const payload of [
      {},
      { ids: ['not-a-uuid'] },
      { ids: [] },
      { all: false },
      { all: true, ids: [post.id] },
      { ids: 'x' },
      { every: true },
    ]) {
      const response = await markRead(author, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toEqual(expect.any(String));
    }
    expect((await notifications(author)).unread).toBe(before);
  });

  it('when a visitor is not signed in, then both routes answer 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/network/notifications' })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/network/notifications/read',
          headers: { origin: 'http://localhost' },
          payload: { all: true },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('when a member has more notifications than a page, then the cursor walks them newest first without repeats', async () => {
    const reader = await signUpMember(t);
    const post = await createTextPost(t, reader, 'Popular');
    for (let i = 0; i < 25; i++) {
      t.clock.advance(1000);
      await comment(fan, post.id, `comment ${i}`);
    }
    const first = await notifications(reader);
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = await notifications(reader, first.nextCursor!);
    expect(second.items).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(25);
    const times = [...first.items, ...second.items].map((item) => item.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/network/notifications',
          headers: reader.headers,
          query: { cursor: 'garbage' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it("when a member is notified, then their own streams get the unread count live, and nobody else's stream does", async () => {
    await readAll(author);
    const authorStream = await openEventStream(baseUrl, author.cookie);
    const otherStream = await openEventStream(baseUrl, other.cookie);
    try {
      // A stream opened just after a write may still be sent that write's event (here, under load, the
      // read-all's unread count): a first post, which every stream is sent, marks where this test's begin.
      await createTextPost(t, fan, 'Start');
      const authorFrom = await authorStream.waitForPost('Start');
      const otherFrom = await otherStream.waitForPost('Start');

      const post = await createTextPost(t, author, 'Live bell');
      await comment(fan, post.id, 'ding');
      const events = (await authorStream.waitFor(authorFrom + 3)).slice(authorFrom);
      expect(events.map((event) => event.event)).toEqual([
        feedEvents.postCreated,
        feedEvents.commentCreated,
        feedEvents.notificationsChanged,
      ]);
      expect(JSON.parse(events[2]!.data!)).toEqual({ unread: 1 });

      await markRead(author, { all: true });
      const afterRead = (await authorStream.waitFor(authorFrom + 4)).slice(authorFrom);
      expect(JSON.parse(afterRead[3]!.data!)).toEqual({ unread: 0 });

      // The other member saw the public events, and a later public one proves their stream is caught up.
      await createTextPost(t, fan, 'Later');
      const seen = (await otherStream.waitFor(otherFrom + 3)).slice(otherFrom);
      expect(seen.map((event) => event.event)).toEqual([
        feedEvents.postCreated,
        feedEvents.commentCreated,
        feedEvents.postCreated,
      ]);
    } finally {
      authorStream.close();
      otherStream.close();
    }
  });

  it("when a reconnecting stream replays with Last-Event-ID, then it replays only its own member's notifications", async () => {
    const stream = await openEventStream(baseUrl, other.cookie);
    // The stream's first line names where it starts.
    const from = await vi.waitFor(() => stream.lastId() ?? Promise.reject(new Error('no id yet')), timeouts.condition);
    stream.close();
    const post = await createTextPost(t, author, 'Replay');
    await comment(fan, post.id, 'for the author only');
    const replay = await openEventStream(baseUrl, other.cookie, from);
    try {
      await createTextPost(t, fan, 'Marker');
      const events = await replay.waitFor(3);
      expect(events.map((event) => event.event)).toEqual([
        feedEvents.postCreated,
        feedEvents.commentCreated,
        feedEvents.postCreated,
      ]);
    } finally {
      replay.close();
    }
  });

  it('when a post is deleted, then its notifications go with it', async () => {
    const post = await createTextPost(t, author, 'Short-lived');
    await comment(fan, post.id, 'quick');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/network/posts/${post.id}`, headers: author.headers }))
        .statusCode,
    ).toBe(204);
    const { rows } = await t.database.pool.query(
      'SELECT count(*)::int AS n FROM network_notifications WHERE post_id = $1',
      [post.id],
    );
    expect(rows[0]).toEqual({ n: 0 });
  });
});
