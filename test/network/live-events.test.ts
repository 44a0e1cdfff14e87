import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  CommentCreatedEvent,
  LikesChangedEvent,
  PostCreatedEvent,
  PostDeletedEvent,
} from '../../contracts/network.js';
import { createTextPost, signUpMember, type TestMember } from '../factories/network.js';
import { readEventStream, type StreamEvent } from '../support/event-stream.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { timeouts } from '../support/timeouts.js';

/** A real EventSource-like reader over fetch, so the test sees exactly what a browser would. */
async function openStream(baseUrl: string, cookie: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/network/events`, {
    headers: { cookie, accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  let lastId: string | undefined;
  void readEventStream(
    response.body!,
    (event) => events.push(event),
    (id) => (lastId = id),
  );
  return {
    response,
    events,
    lastId: () => lastId,
    async waitFor(count: number, timeoutMs = timeouts.condition): Promise<StreamEvent[]> {
      await vi.waitFor(
        () => {
          if (events.length < count) throw new Error(`expected ${count} events, got ${JSON.stringify(events)}`);
        },
        { timeout: timeoutMs, interval: 20 },
      );
      return events;
    },
    close: () => controller.abort(),
  };
}

describe('network live events', () => {
  let first: TestApp;
  let second: TestApp;
  let firstUrl: string;
  let secondUrl: string;
  let author: TestMember;
  let reader: TestMember;

  beforeAll(async () => {
    first = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    second = await createTestApp({ LOGIN_RATE_LIMIT: '1000' }, { sameDatabaseAs: first });
    firstUrl = await first.app.listen({ host: '127.0.0.1', port: 0 });
    secondUrl = await second.app.listen({ host: '127.0.0.1', port: 0 });
    author = await signUpMember(first);
    reader = await signUpMember(first);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('when a visitor without a session opens the stream, then it answers 401', async () => {
    const response = await fetch(`${secondUrl}/api/network/events`);
    expect(response.status).toBe(401);
  });

  it('when a post, comment, like and delete happen on one instance, then a stream on another instance receives them in order', async () => {
    const stream = await openStream(secondUrl, reader.cookie);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // Over a real connection the stream writes its own head: the security headers are in it too.
    expect(stream.response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(stream.response.headers.get('x-content-type-options')).toBe('nosniff');

    const post = await createTextPost(first, author, 'live hello');
    await first.app.inject({
      method: 'POST',
      url: `/api/network/posts/${post.id}/comments`,
      headers: reader.headers,
      payload: { text: 'first!' },
    });
    await first.app.inject({ method: 'PUT', url: `/api/network/posts/${post.id}/like`, headers: reader.headers });
    await first.app.inject({ method: 'DELETE', url: `/api/network/posts/${post.id}`, headers: author.headers });

    const events = await stream.waitFor(4);
    stream.close();
    expect(events.map((e) => e.event)).toEqual(['post-created', 'comment-created', 'likes-changed', 'post-deleted']);
    expect((JSON.parse(events[0]?.data ?? '{}') as PostCreatedEvent).post).toMatchObject({
      id: post.id,
      description: 'live hello',
      likeCount: 0,
    });
    expect(JSON.parse(events[1]?.data ?? '{}') as CommentCreatedEvent).toMatchObject({
      commentCount: 1,
      comment: { text: 'first!', postId: post.id },
    });
    expect(JSON.parse(events[2]?.data ?? '{}') as LikesChangedEvent).toEqual({ postId: post.id, likeCount: 1 });
    expect(JSON.parse(events[3]?.data ?? '{}') as PostDeletedEvent).toEqual({ postId: post.id });
    const ids = events.map((e) => Number(e.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('when a browser reconnects with Last-Event-ID, then it is replayed exactly what it missed', async () => {
    const stream = await openStream(secondUrl, reader.cookie);
    await createTextPost(first, author, 'seen');
    await stream.waitFor(1);
    const resumeFrom = stream.lastId();
    stream.close();

    const missedA = await createTextPost(first, author, 'missed A');
    const missedB = await createTextPost(first, author, 'missed B');

    const resumed = await openStream(firstUrl, reader.cookie, resumeFrom);
    const replayed = await resumed.waitFor(2);
    const after = await createTextPost(first, author, 'after reconnect');
    const all = await resumed.waitFor(3);
    resumed.close();

    expect(replayed.slice(0, 2).map((e) => (JSON.parse(e.data ?? '{}') as PostCreatedEvent).post.id)).toEqual([
      missedA.id,
      missedB.id,
    ]);
    expect((JSON.parse(all[2]?.data ?? '{}') as PostCreatedEvent).post.id).toBe(after.id);
    expect(all).toHaveLength(3);
  });

  it('when the listening connections are cut, then each instance reconnects and delivers what was written meanwhile', async () => {
    const stream = await openStream(secondUrl, reader.cookie);
    const killed = await first.database.pool.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()",
    );
    expect(killed.rowCount).toBeGreaterThanOrEqual(2);

    const during = await createTextPost(first, author, 'while reconnecting');
    // Events of the tests before may still be on their way to this instance when the stream
    // opens (NOTIFY is asynchronous; under load it lags), and then reach this stream first: wait
    // for the post written while reconnecting itself, not for whichever event comes first.
    const isDuring = (event: StreamEvent) =>
      event.event === 'post-created' && (JSON.parse(event.data ?? '{}') as PostCreatedEvent).post.id === during.id;
    for (let count = 1; !stream.events.some(isDuring); count = stream.events.length + 1) await stream.waitFor(count);
    stream.close();
    expect(stream.events.filter(isDuring)).toHaveLength(1);
  });
});
