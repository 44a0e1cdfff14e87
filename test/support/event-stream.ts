import { vi } from 'vitest';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { timeouts } from './timeouts.js';

/** One Server-Sent Event as a browser's EventSource would see it. */
export type StreamEvent = { id?: string; event?: string; data?: string };

/**
 * Reads a `text/event-stream` body to its end (or until aborted), calling `onEvent` for every
 * named event and `onId` for every id, as EventSource parses the stream (eventsource-parser).
 */
export async function readEventStream(
  body: NonNullable<Response['body']>,
  onEvent: (event: StreamEvent) => void,
  onId: (id: string) => void,
): Promise<void> {
  const reader = body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream({ onId }))
    .getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      if (value.event) onEvent({ id: value.id, event: value.event, data: value.data });
    }
  } catch {
    // the test aborted the request
  }
}

/** An open `/api/network/events` stream read as EventSource would, with a promise of its end. */
export async function openEventStream(baseUrl: string, cookie: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/network/events`, {
    headers: { cookie, accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  let lastId: string | undefined;
  const ended = response.body
    ? readEventStream(
        response.body,
        (event) => events.push(event),
        (id) => (lastId = id),
      )
    : Promise.resolve();
  let isEnded = false;
  void ended.then(() => (isEnded = true));
  return {
    response,
    events,
    lastId: () => lastId,
    /** Resolves when the server ends the stream; rejects after `timeoutMs`. */
    async waitForEnd(timeoutMs = timeouts.condition): Promise<void> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`the stream was still open after ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        await Promise.race([ended, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    isEnded: () => isEnded,
    /** Descriptions of the posts created so far on this stream. */
    postDescriptions: () =>
      events
        .filter((event) => event.event === 'post-created')
        .map((event) => (JSON.parse(event.data ?? '{}') as { post: { description: string } }).post.description),
    /** Resolves with the events once `count` have arrived; rejects after `timeoutMs`. */
    async waitFor(count: number, timeoutMs = timeouts.condition): Promise<StreamEvent[]> {
      await vi.waitFor(
        () => {
          if (events.length < count) throw new Error(`expected ${count} events, got ${JSON.stringify(events)}`);
        },
        { timeout: timeoutMs, interval: 20 },
      );
      return events;
    },
    /**
     * Resolves with how many events arrived up to and including the post-created event of the post so
     * described (the events after it are the ones a test caused after posting it); rejects after `timeoutMs`.
     */
    async waitForPost(description: string, timeoutMs = timeouts.condition): Promise<number> {
      let through = 0;
      await vi.waitFor(
        () => {
          const index = events.findIndex(
            (event) =>
              event.event === 'post-created' &&
              (JSON.parse(event.data ?? '{}') as { post?: { description?: string } }).post?.description === description,
          );
          if (index < 0) throw new Error(`no post "${description}" yet, got ${JSON.stringify(events)}`);
          through = index + 1;
        },
        { timeout: timeoutMs, interval: 20 },
      );
      return through;
    },
    close: () => controller.abort(),
  };
}
