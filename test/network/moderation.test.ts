import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedEvents } from '../../contracts/network-constants.js';
import {
  MODERATION_PAGE_SIZE,
  type ModerationLog,
  type ReportQueue,
  type SuspensionResponse,
} from '../../contracts/network-moderation.js';
import type { NotificationsPage, Post } from '../../contracts/network.js';
import {
  createPost,
  createTextPost,
  multipartBody,
  signUpMember,
  tinyPng,
  type TestMember,
} from '../factories/network.js';
import { openEventStream } from '../support/event-stream.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { timeouts } from '../support/timeouts.js';

const MODERATOR_EMAIL = 'moderator@example.test';
const UNVERIFIED_ADMIN_EMAIL = 'unverified-admin@example.test';
const REPORTS_PER_HOUR = 40;

describe('network reports and moderation', () => {
  let t: TestApp;
  let baseUrl: string;
  let moderator: TestMember;
  let unverifiedAdmin: TestMember;
  let author: TestMember;
  let reporter: TestMember;
  let secondReporter: TestMember;

  beforeAll(async () => {
    t = await createTestApp({
      LOGIN_RATE_LIMIT: '1000',
      NETWORK_ADMIN_EMAILS: `${MODERATOR_EMAIL},${UNVERIFIED_ADMIN_EMAIL}`,
      MEMBER_REPORTS_PER_HOUR: String(REPORTS_PER_HOUR),
    });
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    moderator = await signUpMember(t, { email: MODERATOR_EMAIL, verified: true });
    unverifiedAdmin = await signUpMember(t, { email: UNVERIFIED_ADMIN_EMAIL });
    author = await signUpMember(t);
    reporter = await signUpMember(t);
    secondReporter = await signUpMember(t);
  });
  afterAll(() => t.close());
  // A fresh hour for every test: each starts with its members' full report allowance.
  beforeEach(() => t.clock.advance(61 * 60_000));

  const report = (member: TestMember, postId: string, payload: object = { reason: 'spam' }) =>
    t.app.inject({ method: 'POST', url: `/api/network/posts/${postId}/reports`, headers: member.headers, payload });
  const queue = (member: TestMember, cursor?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/network/moderation/reports',
      headers: member.headers,
      query: cursor ? { cursor } : {},
    });
  const resolve = (member: TestMember, postId: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/network/moderation/reports/${postId}/resolve`,
      headers: member.headers,
      payload,
    });
  const log = (member: TestMember, cursor?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/network/moderation/log',
      headers: member.headers,
      query: cursor ? { cursor } : {},
    });
  const notifications = async (member: TestMember) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/network/notifications', headers: member.headers });
    expect(response.statusCode).toBe(200);
    return response.json<NotificationsPage>();
  };
  const openReportsOf = async (postId: string) =>
    (
      await t.database.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM network_reports WHERE post_id = $1 AND resolved_at IS NULL',
        [postId],
      )
    ).rows[0]?.n;
  const groupOf = async (postId: string) => {
    let cursor: string | undefined;
    do {
      const page = (await queue(moderator, cursor)).json<ReportQueue>();
      const found = page.items.find((item) => item.id === postId);
      if (found) return found;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return undefined;
  };

  it("when a member reports someone else's post, then it is recorded once, and a second report of theirs is a 409", async () => {
    const post = await createTextPost(t, author, 'Buy followers cheap');
    const first = await report(reporter, post.id, { reason: 'spam', note: '  Selling followers  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ postId: post.id, reason: 'spam', createdAt: t.clock.now().toISOString() });

    const again = await report(reporter, post.id, { reason: 'harassment' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/already reported/);
    expect(await openReportsOf(post.id)).toBe(1);
    // The post stays up for everyone until a moderator decides (decision 026).
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/network/posts/${post.id}`, headers: secondReporter.headers }))
        .statusCode,
    ).toBe(200);
  });

  it('when a member reported a post, then the feed, the post, the author\'s page and search say so to them only ("Reported" in the menu)', async () => {
    const post = await createTextPost(t, author, 'Followers for sale — متابعون للبيع — फ़ॉलोअर्स बिक्री');
    const get = async (member: TestMember, url: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: member.headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ posts?: Post[] } & Partial<Post>>();
    };
    const flags = async (member: TestMember) => ({
      feed: (await get(member, '/api/network/posts')).posts?.find((p) => p.id === post.id)?.reportedByMe,
      post: (await get(member, `/api/network/posts/${post.id}`)).reportedByMe,
      page: (await get(member, `/api/network/members/${author.user.username}`)).posts?.find((p) => p.id === post.id)
        ?.reportedByMe,
      search: (await get(member, '/api/network/search?q=followers')).posts?.find((p) => p.id === post.id)?.reportedByMe,
    });
    const none = { feed: false, post: false, page: false, search: false };
    expect(await flags(reporter)).toEqual(none);
    expect((await report(reporter, post.id, { reason: 'spam' })).statusCode).toBe(201);
    expect(await flags(reporter)).toEqual({ feed: true, post: true, page: true, search: true });
    expect(await flags(secondReporter)).toEqual(none);
  });

  it('when members report their own post, an unknown post or send a bad body, then they get a clear 4xx and nothing is recorded', async () => {
    const post = await createTextPost(t, author, 'My own words');
    const own = await report(author, post.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toMatch(/own post/);
    expect((await report(reporter, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await report(reporter, 'not-a-uuid')).statusCode).toBe(400);
    for (const payload of [
      {},
      { reason: 'boring' },
      { reason: 'other', note: 'x'.repeat(501) },
      { reason: 'spam', extra: true },
    ]) {
      const response = await report(reporter, post.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof response.json().error).toBe('string');
    }
    expect(await openReportsOf(post.id)).toBe(0);
  });

  it('when a member sends more reports in an hour than the limit, then the next is a 429 until the hour is over', async () => {
    const spammer = await signUpMember(t);
    const posts = [];
    for (let i = 0; i <= REPORTS_PER_HOUR; i++) posts.push(await createTextPost(t, author, `Post ${i}`));
    for (const post of posts.slice(0, REPORTS_PER_HOUR)) expect((await report(spammer, post.id)).statusCode).toBe(201);
    const over = await report(spammer, posts[REPORTS_PER_HOUR]!.id);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatch(/reports in the last hour/);
    expect(await openReportsOf(posts[REPORTS_PER_HOUR]!.id)).toBe(0);
    t.clock.advance(61 * 60_000);
    expect((await report(spammer, posts[REPORTS_PER_HOUR]!.id)).statusCode).toBe(201);
    // Leave the queue as found: these posts are not what the other tests look at.
    for (const post of posts) await resolve(moderator, post.id, { action: 'dismiss' });
  });

  it('when anyone but a moderator asks for the queue, the log or a resolution, then they get 403 and nothing changes', async () => {
    const post = await createTextPost(t, author, 'Contested');
    expect((await report(reporter, post.id)).statusCode).toBe(201);
    // An address in NETWORK_ADMIN_EMAILS that its owner has not verified confers nothing.
    for (const member of [author, reporter, unverifiedAdmin]) {
      expect((await queue(member)).statusCode).toBe(403);
      expect((await log(member)).statusCode).toBe(403);
      const attempt = await resolve(member, post.id, { action: 'remove', note: 'mine now' });
      expect(attempt.statusCode).toBe(403);
      expect(attempt.json().error).toMatch(/moderators/i);
    }
    expect(await openReportsOf(post.id)).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/network/moderation/reports' })).statusCode).toBe(401);
    await resolve(moderator, post.id, { action: 'dismiss' });
  });

  it('when several members report a post, then the moderator sees one group with its count, reasons and reports, longest waiting first', async () => {
    const older = await createTextPost(t, author, 'Older reported post');
    const post = await createTextPost(t, author, 'Vaccines cause everything');
    expect((await report(reporter, older.id)).statusCode).toBe(201);
    t.clock.advance(1000);
    expect((await report(reporter, post.id, { reason: 'misinformation', note: 'False claim' })).statusCode).toBe(201);
    t.clock.advance(1000);
    expect((await report(secondReporter, post.id, { reason: 'misinformation' })).statusCode).toBe(201);
    const third = await signUpMember(t);
    expect((await report(third, post.id, { reason: 'harassment' })).statusCode).toBe(201);

    const response = await queue(moderator);
    expect(response.statusCode).toBe(200);
    const items = response.json<ReportQueue>().items;
    expect(items.findIndex((item) => item.id === older.id)).toBeLessThan(
      items.findIndex((item) => item.id === post.id),
    );
    const group = items.find((item) => item.id === post.id);
    expect(group).toMatchObject({
      count: 3,
      reasons: [
        { reason: 'misinformation', count: 2 },
        { reason: 'harassment', count: 1 },
      ],
      post: { description: 'Vaccines cause everything', author: { username: author.user.username } },
    });
    expect(group?.reports.map((entry) => entry.reporter.username).sort()).toEqual(
      [reporter.user.username, secondReporter.user.username, third.user.username].sort(),
    );
    expect(group?.reports.find((entry) => entry.reporter.username === reporter.user.username)?.note).toBe(
      'False claim',
    );
    // Reporters' addresses never reach the screen.
    expect(response.body).not.toContain(reporter.email);
    await resolve(moderator, older.id, { action: 'dismiss' });
    await resolve(moderator, post.id, { action: 'dismiss' });
  });

  it('when more posts are reported than a page holds, then the queue pages by its cursor without repeats', async () => {
    const ids: string[] = [];
    for (let i = 0; i < MODERATION_PAGE_SIZE + 2; i++) {
      const post = await createTextPost(t, author, `Paged ${i}`);
      ids.push(post.id);
      t.clock.advance(1000);
      expect((await report(reporter, post.id)).statusCode).toBe(201);
    }
    const first = (await queue(moderator)).json<ReportQueue>();
    expect(first.items).toHaveLength(MODERATION_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const second = (await queue(moderator, first.nextCursor ?? '')).json<ReportQueue>();
    const seen = [...first.items, ...second.items].map((item) => item.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => ids.includes(id))).toEqual(ids);
    expect((await queue(moderator, 'garbage')).statusCode).toBe(400);
    for (const id of ids) await resolve(moderator, id, { action: 'dismiss' });
  });

  it("when a moderator dismisses a post's reports, then the post stays, every open report closes, reporters hear it was kept, and it cannot be resolved twice", async () => {
    const post = await createTextPost(t, author, 'Strong opinion, within the rules');
    await report(reporter, post.id, { reason: 'other' });
    await report(secondReporter, post.id, { reason: 'spam' });
    const done = await resolve(moderator, post.id, { action: 'dismiss', note: 'Opinion, not abuse' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ action: 'dismiss', resolvedReports: 2, suspendedUntil: null });
    expect(await openReportsOf(post.id)).toBe(0);
    expect(await groupOf(post.id)).toBeUndefined();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/network/posts/${post.id}`, headers: reporter.headers }))
        .statusCode,
    ).toBe(200);

    for (const member of [reporter, secondReporter]) {
      const told = (await notifications(member)).items[0];
      expect(told).toMatchObject({
        type: 'moderation',
        postId: null,
        read: false,
        moderation: { outcome: 'kept', toAuthor: false, postExcerpt: 'Strong opinion, within the rules', note: null },
      });
    }
    // The author of a kept post is not told anything.
    expect(
      (await notifications(author)).items.some(
        (item) => item.type === 'moderation' && item.moderation?.postExcerpt === 'Strong opinion, within the rules',
      ),
    ).toBe(false);
    expect((await resolve(moderator, post.id, { action: 'remove', note: 'changed my mind' })).statusCode).toBe(409);
    // Once per member per post, even after a decision.
    expect((await report(reporter, post.id)).statusCode).toBe(409);
    expect((await resolve(moderator, '00000000-0000-4000-8000-000000000000', { action: 'dismiss' })).statusCode).toBe(
      404,
    );
  });

  it('when a moderator removes a reported post, then it leaves everyone live, its media too, and the reporters and author are told after it is gone', async () => {
    const posted = await createPost(t, author, 'Click my link for prizes', {
      name: 'media',
      filename: 'p.png',
      contentType: 'image/png',
      data: tinyPng,
    });
    const post = posted.json<{ id: string; mediaURL: string }>();
    await report(reporter, post.id);
    const stream = await openEventStream(baseUrl, secondReporter.cookie);
    try {
      const done = await resolve(moderator, post.id, { action: 'remove', note: 'Scam link' });
      expect(done.statusCode).toBe(200);
      await vi.waitFor(
        () =>
          expect(stream.events.find((event) => event.event === feedEvents.postDeleted)?.data).toBe(
            JSON.stringify({ postId: post.id }),
          ),
        { timeout: timeouts.condition, interval: 20 },
      );
    } finally {
      stream.close();
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/network/posts/${post.id}`, headers: reporter.headers }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: post.mediaURL, headers: reporter.headers })).statusCode).toBe(404);

    const toReporter = (await notifications(reporter)).items[0];
    expect(toReporter).toMatchObject({
      type: 'moderation',
      postId: null,
      moderation: { outcome: 'removed', toAuthor: false, postExcerpt: 'Click my link for prizes', note: null },
    });
    const toAuthor = (await notifications(author)).items[0];
    expect(toAuthor).toMatchObject({
      type: 'moderation',
      moderation: { outcome: 'removed', toAuthor: true, note: 'Scam link' },
    });
    // Removing is not suspending: the author may still post.
    expect((await createPost(t, author, 'Sorry')).statusCode).toBe(201);
  });

  it('when two moderators resolve the same post at once, then one decision is taken and the other gets 409', async () => {
    const post = await createTextPost(t, author, 'Raced');
    await report(reporter, post.id);
    const answers = await Promise.all([
      resolve(moderator, post.id, { action: 'remove', note: 'First' }),
      resolve(moderator, post.id, { action: 'dismiss' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const { rows } = await t.database.pool.query('SELECT 1 FROM network_moderation_actions WHERE post_id = $1', [
      post.id,
    ]);
    expect(rows).toHaveLength(1);
  });

  it("when a report races the post's removal, then it lands before (and is resolved with the others) or finds the post gone, never a 5xx", async () => {
    const post = await createTextPost(t, author, 'Raced report');
    await report(reporter, post.id);
    const [removed, late] = await Promise.all([
      resolve(moderator, post.id, { action: 'remove', note: 'Gone' }),
      report(secondReporter, post.id),
    ]);
    expect(removed?.statusCode).toBe(200);
    expect([201, 404]).toContain(late?.statusCode);
    expect(await openReportsOf(post.id)).toBe(0);
  });

  it('when a moderator resolves with a bad body, then it is a 400 and the reports stay open', async () => {
    const post = await createTextPost(t, author, 'Borderline');
    await report(reporter, post.id);
    for (const payload of [
      { action: 'ban' },
      { action: 'remove' },
      { action: 'suspend', note: 'no days' },
      { action: 'suspend', days: 0, note: 'zero' },
      { action: 'suspend', days: 1.5, note: 'half' },
      { action: 'suspend', days: 366, note: 'too long' },
      { action: 'dismiss', days: 3 },
      { action: 'remove', note: 'x'.repeat(501) },
    ]) {
      const response = await resolve(moderator, post.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof response.json().error).toBe('string');
    }
    expect(await openReportsOf(post.id)).toBe(1);
    await resolve(moderator, post.id, { action: 'dismiss' });
  });

  it('when a moderator suspends an author, then every write of theirs is a 403 with the reason and end until it ends, and they can see it', async () => {
    const offender = await signUpMember(t);
    const post = await createTextPost(t, offender, 'Abuse');
    const othersPost = await createTextPost(t, author, "Someone else's post");
    await report(reporter, post.id, { reason: 'harassment' });
    const done = await resolve(moderator, post.id, { action: 'suspend', days: 1, note: 'Harassing other members' });
    expect(done.statusCode).toBe(200);
    const until = new Date(t.clock.now().getTime() + 24 * 60 * 60_000);
    expect(done.json()).toMatchObject({ action: 'suspend', suspendedUntil: until.toISOString() });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/network/posts/${post.id}`, headers: reporter.headers }))
        .statusCode,
    ).toBe(404);

    const own = await t.app.inject({ method: 'GET', url: '/api/network/me/suspension', headers: offender.headers });
    expect(own.json<SuspensionResponse>()).toEqual({
      suspension: { endsAt: until.toISOString(), reason: 'Harassing other members', appeal: null },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/network/me/suspension', headers: reporter.headers })).json(),
    ).toEqual({ suspension: null });

    const photo = multipartBody([{ name: 'photo', filename: 'me.png', contentType: 'image/png', data: tinyPng }]);
    const writes = [
      () => createPost(t, offender, 'Back again'),
      () =>
        t.app.inject({
          method: 'POST',
          url: `/api/network/posts/${othersPost.id}/comments`,
          headers: offender.headers,
          payload: { text: 'hi' },
        }),
      () => t.app.inject({ method: 'PUT', url: `/api/network/posts/${othersPost.id}/like`, headers: offender.headers }),
      () =>
        t.app.inject({ method: 'DELETE', url: `/api/network/posts/${othersPost.id}/like`, headers: offender.headers }),
      () => report(offender, othersPost.id),
      () =>
        t.app.inject({
          method: 'PUT',
          url: '/api/network/me/profile',
          headers: offender.headers,
          payload: { username: `renamed_${Date.now()}`, displayName: 'Renamed' },
        }),
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/network/me/photo',
          headers: { ...offender.headers, ...photo.headers },
          payload: photo.payload,
        }),
    ];
    for (const write of writes) {
      const refused = await write();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'SUSPENDED' });
      expect(refused.json().error).toBe(
        `Your account is suspended until ${until.toISOString().slice(0, 10)} ${until.toISOString().slice(11, 16)} UTC: Harassing other members`,
      );
    }
    // Nothing refused was written: their one post is the removed one, kept hidden (decision 047).
    expect(
      (await t.database.pool.query('SELECT removed_at FROM network_posts WHERE user_id = $1', [offender.user.uid]))
        .rows,
    ).toEqual([{ removed_at: expect.any(Date) }]);
    expect(
      (await t.database.pool.query('SELECT 1 FROM network_comments WHERE user_id = $1', [offender.user.uid])).rowCount,
    ).toBe(0);
    expect(
      (await t.database.pool.query('SELECT 1 FROM network_reports WHERE reporter_id = $1', [offender.user.uid]))
        .rowCount,
    ).toBe(0);
    // Reading stays open; other members are unaffected.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/network/posts', headers: offender.headers })).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/network/posts/${othersPost.id}/like`,
          headers: reporter.headers,
        })
      ).statusCode,
    ).toBe(200);

    t.clock.advance(24 * 60 * 60_000 + 1000);
    for (const write of writes.slice(0, 3)) expect((await write()).statusCode).toBeLessThan(300);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/network/me/suspension', headers: offender.headers })).json(),
    ).toEqual({ suspension: null });
  });

  it("when a moderator's post is reported, then it may be removed but its author is not suspended", async () => {
    const post = await createTextPost(t, moderator, "A moderator's post");
    await report(reporter, post.id);
    const refused = await resolve(moderator, post.id, { action: 'suspend', days: 2, note: 'self' });
    expect(refused.statusCode).toBe(400);
    expect(await openReportsOf(post.id)).toBe(1);
    expect((await resolve(moderator, post.id, { action: 'remove', note: 'Off topic' })).statusCode).toBe(200);
  });

  it('when moderators act, then the log says who did what to which post, when and why, newest first, paged', async () => {
    const post = await createTextPost(t, author, 'Logged post');
    await report(reporter, post.id, { reason: 'spam' });
    await report(secondReporter, post.id, { reason: 'other' });
    t.clock.advance(1000);
    await resolve(moderator, post.id, { action: 'remove', note: 'Advertising' });
    const response = await log(moderator);
    expect(response.statusCode).toBe(200);
    const page = response.json<ModerationLog>();
    expect(page.items[0]).toEqual({
      id: expect.any(String),
      action: 'remove',
      moderator: { username: moderator.user.username, displayName: moderator.user.displayName, photoURL: null },
      author: { username: author.user.username, displayName: author.user.displayName, photoURL: null },
      postId: post.id,
      postExcerpt: 'Logged post',
      reportCount: 2,
      reasons: ['other', 'spam'],
      note: 'Advertising',
      suspendedUntil: null,
      revisesId: null,
      running: false,
      restorable: true,
      createdAt: t.clock.now().toISOString(),
    });
    const times = page.items.map((item) => item.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    // Earlier tests resolved more than a page; the next page continues without repeats.
    expect(page.nextCursor).not.toBeNull();
    const next = (await log(moderator, page.nextCursor ?? '')).json<ModerationLog>();
    const ids = [...page.items, ...next.items].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(response.body).not.toContain(author.email);
  });

  describe('undoing a removal (issue 39)', () => {
    const WORDS = 'Dialysis shifts, twice the pay — نوبات غسيل الكلى ٢٤ — डायलिसिस शिफ्ट २४';
    const get = (member: TestMember, url: string) => t.app.inject({ method: 'GET', url, headers: member.headers });
    const undo = (member: TestMember, removalId: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/network/moderation/removals/${removalId}/undo`,
        headers: member.headers,
        payload,
      });
    /** Where a member could meet the post: the post, its comments, the feed, search, its author's page, their count. */
    const seen = async (member: TestMember, postId: string) => {
      const feed = (await get(member, '/api/network/posts')).json<{ posts: Post[] }>().posts;
      const found = (await get(member, '/api/network/search?q=dialysis')).json<{ posts: Post[] }>().posts;
      const page = (await get(member, `/api/network/members/${author.user.username}`)).json<{ posts: Post[] }>().posts;
      const post = await get(member, `/api/network/posts/${postId}`);
      return {
        post: post.statusCode,
        comments: (await get(member, `/api/network/posts/${postId}/comments`)).statusCode,
        feed: feed.some((item) => item.id === postId),
        search: found.some((item) => item.id === postId),
        page: page.some((item) => item.id === postId),
        counts: post.statusCode === 200 ? post.json<Post>() : null,
      };
    };
    const postCount = async () => (await get(author, '/api/network/me/settings')).json<{ posts: number }>().posts;

    /** A post with a comment, a like and a photo, reported and removed; returns it and the removal's log row. */
    async function removed() {
      const posted = await createPost(t, author, WORDS, {
        name: 'media',
        filename: 'p.png',
        contentType: 'image/png',
        data: tinyPng,
      });
      const post = posted.json<Post & { mediaURL: string }>();
      const comment = await t.app.inject({
        method: 'POST',
        url: `/api/network/posts/${post.id}/comments`,
        headers: secondReporter.headers,
        payload: { text: 'Which ward? — أي قسم؟' },
      });
      expect(comment.statusCode).toBe(201);
      const like = await t.app.inject({
        method: 'PUT',
        url: `/api/network/posts/${post.id}/like`,
        headers: secondReporter.headers,
      });
      expect(like.statusCode).toBe(200);
      const before = await postCount();
      expect((await report(reporter, post.id)).statusCode).toBe(201);
      const done = await resolve(moderator, post.id, { action: 'remove', note: 'Looked like a scam' });
      expect(done.statusCode).toBe(200);
      t.clock.advance(60_000);
      return { post, removalId: done.json<{ id: string }>().id, before };
    }

    it('when a post is removed, then no member meets it anywhere, nor can act on it, and the reports leave the queue', async () => {
      const { post, before } = await removed();
      const gone = { post: 404, comments: 404, feed: false, search: false, page: false, counts: null };
      expect(await seen(secondReporter, post.id)).toEqual(gone);
      expect(await seen(author, post.id)).toEqual(gone);
      expect(await seen(moderator, post.id)).toEqual(gone);
      expect(await postCount()).toBe(before - 1);
      expect((await get(secondReporter, post.mediaURL)).statusCode).toBe(404);
      // What the author was told of it (the comment, the like) went with it; the removal's notice stays.
      const told = (await notifications(author)).items;
      expect(told.filter((item) => item.postId === post.id)).toEqual([]);
      expect(told[0]).toMatchObject({ type: 'moderation', moderation: { outcome: 'removed' } });
      for (const [method, url, payload] of [
        ['POST', `/api/network/posts/${post.id}/comments`, { text: 'Still there?' }],
        ['PUT', `/api/network/posts/${post.id}/like`, undefined],
        ['DELETE', `/api/network/posts/${post.id}/like`, undefined],
        ['POST', `/api/network/posts/${post.id}/reports`, { reason: 'spam' }],
        ['DELETE', `/api/network/posts/${post.id}`, undefined],
      ] as const) {
        const response = await t.app.inject({
          method,
          url,
          headers: (url.endsWith('reports') ? reporter : secondReporter).headers,
          ...(payload ? { payload } : {}),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
      expect(await groupOf(post.id)).toBeUndefined();
      expect(await openReportsOf(post.id)).toBe(0);
    });

    it('when a moderator undoes a removal, then the post is back with its comments and likes, the author is told why, the log keeps it, and it cannot be undone twice', async () => {
      const { post, removalId, before } = await removed();
      const logged = async () => (await log(moderator)).json<ModerationLog>().items;
      expect((await logged()).find((entry) => entry.id === removalId)).toMatchObject({ restorable: true });

      const done = await undo(moderator, removalId, { note: '  The offer is real: checked with the hospital  ' });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ id: expect.any(String), postId: post.id });

      const back = await seen(secondReporter, post.id);
      expect(back).toMatchObject({ post: 200, comments: 200, feed: true, search: true, page: true });
      expect(back.counts).toMatchObject({ likeCount: 1, commentCount: 1, likedByMe: true, description: WORDS });
      const comments = (await get(secondReporter, `/api/network/posts/${post.id}/comments`)).json<{
        comments: { text: string }[];
      }>().comments;
      expect(comments.map((comment) => comment.text)).toEqual(['Which ward? — أي قسم؟']);
      expect((await get(secondReporter, post.mediaURL)).statusCode).toBe(200);
      expect(await postCount()).toBe(before);

      expect((await notifications(author)).items[0]).toMatchObject({
        type: 'moderation',
        postId: null,
        moderation: { outcome: 'restored', toAuthor: true, note: 'The offer is real: checked with the hospital' },
      });
      const entries = await logged();
      expect(entries[0]).toMatchObject({
        id: done.json().id,
        action: 'restore',
        revisesId: removalId,
        postId: post.id,
        note: 'The offer is real: checked with the hospital',
        moderator: { username: moderator.user.username },
        author: { username: author.user.username },
        restorable: false,
      });
      expect(entries.find((entry) => entry.id === removalId)).toMatchObject({ action: 'remove', restorable: false });

      const twice = await undo(moderator, removalId, { note: 'again' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error).toBe('This removal has already been undone.');
      // Back means back: the post may be reported and removed again.
      expect((await report(secondReporter, post.id)).statusCode).toBe(201);
      expect((await resolve(moderator, post.id, { action: 'remove', note: 'Second look' })).statusCode).toBe(200);
      expect((await seen(secondReporter, post.id)).post).toBe(404);
    });

    it('when anyone but a moderator undoes a removal, or the body or target is bad, then nothing changes', async () => {
      const { post, removalId } = await removed();
      expect((await undo(author, removalId, { note: 'Mine' })).statusCode).toBe(403);
      expect((await undo(unverifiedAdmin, removalId, { note: 'Me' })).statusCode).toBe(403);
      for (const payload of [{}, { note: '   ' }, { note: 'x'.repeat(501) }, { note: 'ok', extra: 1 }]) {
        const response = await undo(moderator, removalId, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(typeof response.json().error).toBe('string');
      }
      expect((await undo(moderator, 'not-a-uuid', { note: 'x' })).statusCode).toBe(400);
      expect((await undo(moderator, post.id, { note: 'x' })).statusCode).toBe(404);
      // A dismissal removed nothing.
      const kept = await createTextPost(t, author, 'Kept');
      await report(reporter, kept.id);
      const dismissal = (await resolve(moderator, kept.id, { action: 'dismiss' })).json<{ id: string }>().id;
      expect((await undo(moderator, dismissal, { note: 'x' })).statusCode).toBe(404);
      expect((await seen(secondReporter, post.id)).post).toBe(404);
      expect(
        (await log(moderator))
          .json<ModerationLog>()
          .items.some((entry) => entry.action === 'restore' && entry.revisesId === removalId),
      ).toBe(false);
    });
  });
});
