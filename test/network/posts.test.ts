import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, CommentsPage, LikeResponse, Post, PostsPage } from '../../contracts/network.js';
import { networkComments, networkLikes, networkPosts } from '../../server/db/schema/network.js';
import { createPost, createTextPost, signUpMember, type TestMember } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

describe('network posts, comments and likes', () => {
  let t: TestApp;
  let author: TestMember;
  let reader: TestMember;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000', NETWORK_ADMIN_EMAILS: 'network-admin@example.test' });
    author = await signUpMember(t);
    reader = await signUpMember(t);
  });
  afterAll(() => t.close());

  const feed = (member: TestMember, cursor?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/network/posts',
      headers: { cookie: member.cookie },
      query: cursor ? { cursor } : {},
    });

  it('when a member posts text, then it leads the feed with the author, the time and zero counts', async () => {
    t.clock.advance(60_000);
    const created = await createTextPost(t, author, '  Hello network  ');

    expect(created).toMatchObject({
      description: 'Hello network',
      mediaType: '',
      mediaURL: null,
      userId: author.user.uid,
      user: {
        email: null,
        displayName: author.user.displayName,
        photoURL: null,
        username: author.user.username,
        headline: null,
      },
      likeCount: 0,
      likedByMe: false,
      commentCount: 0,
      timestamp: t.clock.now().toISOString(),
    });
    const page = (await feed(reader)).json<PostsPage>();
    // The feed's own statement (hot-statements.ts) names the author too, so the name can link to the profile.
    expect(page.posts[0]).toMatchObject({ id: created.id, canDelete: false, user: { username: author.user.username } });
    const single = await t.app.inject({
      method: 'GET',
      url: `/api/network/posts/${created.id}`,
      headers: { cookie: author.cookie },
    });
    expect(single.json<Post>()).toMatchObject({ id: created.id, canDelete: true });
  });

  it('when a post has neither text nor media, then it is refused with the spec message and nothing is stored', async () => {
    const [before] = await t.db.select({ n: sql<number>`count(*)::int` }).from(networkPosts);
    const response = await createPost(t, author, '   ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Please add content before posting' });
    const [after] = await t.db.select({ n: sql<number>`count(*)::int` }).from(networkPosts);
    expect(after?.n).toBe(before?.n);
  });

  it('when a member without a username and display name posts or comments, then it is refused until the profile is complete, and nothing is stored', async () => {
    const nameless = await signUpMember(t, { complete: false });
    const post = await createTextPost(t, author, 'Somebody comment on this');
    const [before] = await t.db
      .select({
        posts: sql<number>`(SELECT count(*)::int FROM network_posts)`,
        comments: sql<number>`(SELECT count(*)::int FROM network_comments)`,
      })
      .from(sql`(SELECT 1) AS one`);

    const posting = await createPost(t, nameless, 'Who am I?');
    const commenting = await t.app.inject({
      method: 'POST',
      url: `/api/network/posts/${post.id}/comments`,
      headers: nameless.headers,
      payload: { text: 'Anonymous?' },
    });

    for (const refused of [posting, commenting]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: 'Please complete your profile before posting.',
        code: 'PROFILE_INCOMPLETE',
      });
    }
    const [after] = await t.db
      .select({
        posts: sql<number>`(SELECT count(*)::int FROM network_posts)`,
        comments: sql<number>`(SELECT count(*)::int FROM network_comments)`,
      })
      .from(sql`(SELECT 1) AS one`);
    expect(after).toEqual(before);

    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/network/me/profile',
      headers: nameless.headers,
      payload: { username: `named_${Date.now().toString(36)}`, displayName: 'Now Named' },
    });
    expect(profile.statusCode).toBe(200);
    expect((await createPost(t, nameless, 'Now I am someone')).statusCode).toBe(201);
  });

  it('when the feed has more posts than a page, then the cursor walks it newest first with no gaps or repeats', async () => {
    const created: string[] = [];
    for (let i = 0; i < 23; i++) {
      // Every third post shares its timestamp with the one before, so the id breaks ties.
      if (i % 3 !== 0) t.clock.advance(1000);
      created.push((await createTextPost(t, author, `paged ${i}`)).id);
    }
    const seen: Post[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const response = await feed(reader, cursor);
      expect(response.statusCode).toBe(200);
      const page = response.json<PostsPage>();
      expect(page.posts.length).toBeLessThanOrEqual(10);
      seen.push(...page.posts);
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);

    expect(pages).toBeGreaterThanOrEqual(3);
    expect(new Set(seen.map((p) => p.id)).size).toBe(seen.length);
    const paged = seen.filter((p) => p.description.startsWith('paged '));
    expect(paged).toHaveLength(23);
    const times = seen.map((p) => p.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    expect(paged.at(0)?.id === created.at(-1) || paged.at(1)?.id === created.at(-1)).toBe(true);
  });

  it('when the cursor is garbage, then the feed answers 400', async () => {
    const response = await feed(reader, 'not-a-cursor');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Invalid cursor' });
  });

  it('when someone other than the author deletes a post, then it is refused with 403 and the post stays', async () => {
    const created = await createTextPost(t, author, 'mine');
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/network/posts/${created.id}`,
      headers: reader.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(await t.db.select().from(networkPosts).where(eq(networkPosts.id, created.id))).toHaveLength(1);
  });

  it('when the author or a network admin deletes a post, then it is gone with its comments and likes', async () => {
    const own = await createTextPost(t, author, 'to delete');
    await t.app.inject({
      method: 'POST',
      url: `/api/network/posts/${own.id}/comments`,
      headers: reader.headers,
      payload: { text: 'bye' },
    });
    await t.app.inject({ method: 'PUT', url: `/api/network/posts/${own.id}/like`, headers: reader.headers });
    const byAuthor = await t.app.inject({
      method: 'DELETE',
      url: `/api/network/posts/${own.id}`,
      headers: author.headers,
    });
    expect(byAuthor.statusCode).toBe(204);
    expect(await t.db.select().from(networkComments).where(eq(networkComments.postId, own.id))).toHaveLength(0);
    expect(await t.db.select().from(networkLikes).where(eq(networkLikes.postId, own.id))).toHaveLength(0);

    const admin = await signUpMember(t, { email: 'network-admin@example.test', verified: true });
    const other = await createTextPost(t, author, 'moderated');
    const adminFeed = (await feed(admin)).json<PostsPage>();
    expect(adminFeed.posts.find((p) => p.id === other.id)?.canDelete).toBe(true);
    const byAdmin = await t.app.inject({
      method: 'DELETE',
      url: `/api/network/posts/${other.id}`,
      headers: admin.headers,
    });
    expect(byAdmin.statusCode).toBe(204);

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/network/posts/${other.id}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'DELETE', url: '/api/network/posts/123', headers: admin.headers });
    expect(malformed.statusCode).toBe(400);
  });

  it('when many like requests of one member race, then the post is liked once; unlike takes it back', async () => {
    const created = await createTextPost(t, author, 'like me');
    const url = `/api/network/posts/${created.id}/like`;
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => t.app.inject({ method: 'PUT', url, headers: reader.headers })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    await Promise.all(Array.from({ length: 4 }, () => t.app.inject({ method: 'PUT', url, headers: author.headers })));

    const [row] = await t.db
      .select({ likeCount: networkPosts.likeCount })
      .from(networkPosts)
      .where(eq(networkPosts.id, created.id));
    expect(row?.likeCount).toBe(2);
    const likes = await t.db.select().from(networkLikes).where(eq(networkLikes.postId, created.id));
    expect(likes).toHaveLength(2);
    const inFeed = (await feed(reader)).json<PostsPage>().posts.find((p) => p.id === created.id);
    expect(inFeed).toMatchObject({ likeCount: 2, likedByMe: true });

    const unlike = await t.app.inject({ method: 'DELETE', url, headers: reader.headers });
    const unlikeAgain = await t.app.inject({ method: 'DELETE', url, headers: reader.headers });
    expect(unlike.json<LikeResponse>()).toEqual({ postId: created.id, likeCount: 1, likedByMe: false });
    expect(unlikeAgain.json<LikeResponse>()).toEqual({ postId: created.id, likeCount: 1, likedByMe: false });

    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/network/posts/00000000-0000-4000-8000-000000000000/like',
      headers: reader.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('when members comment, then the text is trimmed, the count rises, and the comments page newest first', async () => {
    const created = await createTextPost(t, author, 'discuss');
    const url = `/api/network/posts/${created.id}/comments`;
    for (let i = 0; i < 12; i++) {
      t.clock.advance(1000);
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: reader.headers,
        payload: { text: `  comment ${i}  ` },
      });
      expect(response.statusCode).toBe(201);
      if (i === 0)
        expect(response.json<Comment>()).toMatchObject({
          text: 'comment 0',
          userId: reader.user.uid,
          username: reader.user.username,
        });
    }
    const blank = await t.app.inject({ method: 'POST', url, headers: reader.headers, payload: { text: '   ' } });
    expect(blank.statusCode).toBe(400);

    const first = (await t.app.inject({ method: 'GET', url, headers: { cookie: reader.cookie } })).json<CommentsPage>();
    expect(first.comments.map((c) => c.text)).toEqual(Array.from({ length: 10 }, (_, i) => `comment ${11 - i}`));
    expect(first.nextCursor).not.toBeNull();
    const second = (
      await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: reader.cookie },
        query: { cursor: first.nextCursor ?? '' },
      })
    ).json<CommentsPage>();
    expect(second.comments.map((c) => c.text)).toEqual(['comment 1', 'comment 0']);
    expect(second.nextCursor).toBeNull();

    const inFeed = (await feed(reader)).json<PostsPage>().posts.find((p) => p.id === created.id);
    expect(inFeed?.commentCount).toBe(12);
    const onMissing = await t.app.inject({
      method: 'POST',
      url: '/api/network/posts/00000000-0000-4000-8000-000000000000/comments',
      headers: reader.headers,
      payload: { text: 'x' },
    });
    expect(onMissing.statusCode).toBe(404);
  });

  it('when the comments of a post without any, or of a post that does not exist, are opened, then the first is an empty page and the second a 404', async () => {
    const quiet = await createTextPost(t, author, 'nobody answers');
    const empty = await t.app.inject({
      method: 'GET',
      url: `/api/network/posts/${quiet.id}/comments`,
      headers: { cookie: reader.cookie },
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json<CommentsPage>()).toEqual({ comments: [], nextCursor: null });

    const missingUrl = '/api/network/posts/00000000-0000-4000-8000-000000000000/comments';
    const missing = await t.app.inject({ method: 'GET', url: missingUrl, headers: { cookie: reader.cookie } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Post not found' });
    const cursor = Buffer.from(`${new Date().toISOString()}|00000000-0000-4000-8000-000000000001`).toString(
      'base64url',
    );
    const missingAfterCursor = await t.app.inject({
      method: 'GET',
      url: missingUrl,
      headers: { cookie: reader.cookie },
      query: { cursor },
    });
    expect(missingAfterCursor.statusCode).toBe(404);
  });

  it('when a visitor without a session calls a member route, then it answers 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/network/posts' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Please sign in to continue' });
  });
});
