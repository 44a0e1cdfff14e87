import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FeedFirstPage, PostCreatedEvent, PostsPage } from '../../contracts/network.js';
import type { App } from '../../server/app.js';
import { createTextPost, signUpMember, type TestMember } from '../factories/network.js';
import { readEventStream, type StreamEvent } from '../support/event-stream.js';
import { timeouts } from '../support/timeouts.js';
import { standInWebBuild, type StandInWebBuild } from '../support/web-build.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * The live feed's gap (issue 42, decision 053): a fresh EventSource cannot send Last-Event-ID, so a
 * stream opened plainly starts at "now", and what was published between the feed's first page being
 * read (drawn into /Home by the server, or answered by GET /api/network/posts) and the stream opening
 * never showed. The first page says the event log position it was read at (`eventsAfter`), and a
 * stream opened `?after=` it is replayed what happened since, through the same audience filter.
 */

/** A stream read as EventSource would, opened with `query` (`?after=…`) and the given headers. */
async function openStream(baseUrl: string, cookie: string, query = '', headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/network/events${query}`, {
    headers: { cookie, accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const events: StreamEvent[] = [];
  void readEventStream(
    response.body!,
    (event) => events.push(event),
    () => {},
  );
  const postOf = (event: StreamEvent) =>
    event.event === 'post-created' ? (JSON.parse(event.data ?? '{}') as PostCreatedEvent).post.id : undefined;
  return {
    events,
    /** The events up to and including the post-created event of `postId` (the marker posted last). */
    async through(postId: string): Promise<StreamEvent[]> {
      let index = -1;
      await vi.waitFor(
        () => {
          index = events.findIndex((event) => postOf(event) === postId);
          if (index < 0) throw new Error(`no post ${postId} yet, got ${JSON.stringify(events)}`);
        },
        { timeout: timeouts.condition, interval: 20 },
      );
      return events.slice(0, index + 1);
    },
    close: () => controller.abort(),
  };
}

/** What a stream's events say, in order: `post-created:<id>`, `comment-created:<post id>`, … */
const described = (events: StreamEvent[]) =>
  events.map((event) => {
    const data = JSON.parse(event.data ?? '{}') as {
      post?: { id: string };
      postId?: string;
      comment?: { postId: string };
    };
    return `${event.event}:${data.post?.id ?? data.postId ?? data.comment?.postId ?? ''}`;
  });

describe('the live feed opened from the position its first page was read at', () => {
  let t: TestApp;
  let withWeb: App;
  let baseUrl: string;
  let web: StandInWebBuild;
  let reader: TestMember;
  let author: TestMember;
  let commenter: TestMember;

  beforeAll(async () => {
    t = await createTestApp({ MEMBER_STREAM_LIMIT: '50' });
    // A stand-in server entry that draws the feed it is given (test/support/web-build.ts).
    web = await standInWebBuild(t, {
      entryServer: `export async function renderFirstPage(request) {
        const feed = request.networkFeed;
        if (request.pathname !== '/Home' || !feed) return undefined;
        return { html: '<p>feed</p>', title: 'Home', lang: 'en', dir: 'ltr', modules: [], data: feed };
      }`,
    });
    withWeb = web.app;
    baseUrl = await withWeb.listen({ host: '127.0.0.1', port: 0 });
    reader = await signUpMember(t);
    author = await signUpMember(t);
    commenter = await signUpMember(t);
  });
  afterAll(async () => {
    await web.close();
    await t.close();
  });

  const pagePosition = async (): Promise<number | undefined> => {
    const response = await withWeb.inject({
      method: 'GET',
      url: '/Home',
      headers: { accept: 'text/html', cookie: reader.cookie },
    });
    expect(response.statusCode).toBe(200);
    const data = JSON.parse(
      /<script type="application\/json" id="first-page-data">(.*?)<\/script>/s.exec(response.body)?.[1] ?? 'null',
    ) as FeedFirstPage | null;
    expect(data?.posts.posts.length).toBeGreaterThan(0);
    return data?.posts.eventsAfter;
  };
  const apiPosition = async (): Promise<number | undefined> => {
    const response = await withWeb.inject({ method: 'GET', url: '/api/network/posts', headers: reader.headers });
    expect(response.statusCode).toBe(200);
    return response.json<PostsPage>().eventsAfter;
  };

  /**
   * After the first page was read: another member posts, a third comments on it and likes it (which
   * tells the author, and only the author, of two notifications). Returns the post, once a stream
   * open all along has had its events, so the instance has delivered them: a stream opened now
   * plainly starts after them.
   */
  async function publishAfterTheRead(label: string) {
    const watching = await openStream(baseUrl, commenter.cookie);
    const post = await createTextPost(t, author, `published while the page loaded (${label})`);
    const comment = await withWeb.inject({
      method: 'POST',
      url: `/api/network/posts/${post.id}/comments`,
      headers: commenter.headers,
      payload: { text: 'Congratulations!' },
    });
    expect(comment.statusCode).toBe(201);
    const like = await withWeb.inject({
      method: 'PUT',
      url: `/api/network/posts/${post.id}/like`,
      headers: commenter.headers,
    });
    expect(like.statusCode).toBe(200);
    const marker = await createTextPost(t, commenter, `delivered (${label})`);
    await watching.through(marker.id);
    watching.close();
    return { post, marker };
  }

  for (const [path, positionOf] of [
    ['/Home (the page drawn on the server)', pagePosition],
    ['GET /api/network/posts (the feed drawn in the browser)', apiPosition],
  ] as const) {
    it(`when a member's first page comes from ${path} and the stream opens after others posted, commented and liked, then the stream opened from the page's position replays them, not another member's notifications; a plain stream never shows them`, async () => {
      await createTextPost(t, author, `on the page (${path})`);
      const position = await positionOf();
      expect(position).toEqual(expect.any(Number));
      const { post, marker } = await publishAfterTheRead(path);

      // The bug: a fresh stream without the position starts after what the page lacks.
      const plain = await openStream(baseUrl, reader.cookie);
      const last = await createTextPost(t, commenter, `after the streams opened (${path})`);
      expect(described(await plain.through(last.id))).toEqual([`post-created:${last.id}`]);
      plain.close();

      // The fix: opened from the page's position, the stream is replayed exactly what happened since,
      // in order, and the author's notifications (their count went up twice) are not among it.
      const resumed = await openStream(baseUrl, reader.cookie, `?after=${position}`);
      expect(described(await resumed.through(last.id))).toEqual([
        `post-created:${post.id}`,
        `comment-created:${post.id}`,
        `likes-changed:${post.id}`,
        `post-created:${marker.id}`,
        `post-created:${last.id}`,
      ]);
      resumed.close();

      // They were in the replayed range: the author, opening from the same position, is told.
      const authors = await openStream(baseUrl, author.cookie, `?after=${position}`);
      const told = await authors.through(last.id);
      authors.close();
      expect(told.filter((event) => event.event === 'notifications-changed')).toHaveLength(2);
    });
  }

  it('when a stream sends Last-Event-ID and after, then the header wins', async () => {
    const position = await apiPosition();
    const { post, marker } = await publishAfterTheRead('header');
    const watching = await openStream(baseUrl, reader.cookie, `?after=${position}`);
    const replayed = await watching.through(marker.id);
    watching.close();
    const likeId = replayed.find((event) => event.event === 'likes-changed')?.id;
    expect(likeId).toBeDefined();

    const resumed = await openStream(baseUrl, reader.cookie, `?after=${position}`, { 'last-event-id': likeId! });
    expect(described(await resumed.through(marker.id))).toEqual([`post-created:${marker.id}`]);
    resumed.close();
    expect(post.id).not.toBe(marker.id);
  });

  it('when after is not an event id, then the stream answers 400 with an error and opens nothing', async () => {
    for (const after of ['', 'abc', '-1', '1.5', '1e3', '0x10', '1234567890123456', '12%2034', 'NaN']) {
      const response = await withWeb.inject({
        method: 'GET',
        url: `/api/network/events?after=${after}`,
        headers: reader.headers,
      });
      expect(response.statusCode, `after=${after}`).toBe(400);
      expect(response.json<{ error: string }>().error, `after=${after}`).toEqual(expect.any(String));
    }
    const twice = await withWeb.inject({
      method: 'GET',
      url: '/api/network/events?after=1&after=2',
      headers: reader.headers,
    });
    expect(twice.statusCode).toBe(400);
    // Without a session the stream is refused before its input is read, as before.
    const visitor = await withWeb.inject({ method: 'GET', url: '/api/network/events?after=1' });
    expect(visitor.statusCode).toBe(401);
  });
});
