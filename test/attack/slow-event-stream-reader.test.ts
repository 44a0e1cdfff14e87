import Fastify, { type FastifyInstance } from 'fastify';
import { readFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealtimeHub, type RealtimeEvent, type RealtimeHub } from '../../server/platform/realtime.js';
import { readEventStream } from '../support/event-stream.js';
import { timeouts } from '../support/timeouts.js';
import { createTestApp, type TestApp } from '../test-app.js';

const MAX_BUFFERED_BYTES = 64 * 1024;
const EVENT_BYTES = 50_000;
// 25 MB in all: far more than the kernel's socket buffers of a reader that never reads can absorb.
const EVENTS = 500;

/** The most a TCP socket's send buffer grows to on this machine (Linux's tcp_wmem maximum). */
async function maxSendBuffer(): Promise<number> {
  return Number((await readFile('/proc/sys/net/ipv4/tcp_wmem', 'utf8')).trim().split(/\s+/)[2]);
}

/** A receive buffer's size while its reader reads nothing (tcp_rmem's default: autotuning grows it only as the reader reads). */
async function defaultReceiveBuffer(): Promise<number> {
  return Number((await readFile('/proc/sys/net/ipv4/tcp_rmem', 'utf8')).trim().split(/\s+/)[1]);
}

describe('a live-update subscriber that never reads', () => {
  let t: TestApp;
  let server: FastifyInstance;
  let hub: RealtimeHub;
  let port: number;
  const log: RealtimeEvent[] = [];

  beforeAll(async () => {
    // A real database for the hub's LISTEN connection; the events come from an in-memory log.
    t = await createTestApp();
    hub = createRealtimeHub({
      channel: 'slow_subscriber_test',
      connection: t.database.pool.options,
      events: {
        after: async (afterId, limit) => log.filter((event) => event.id > afterId).slice(0, limit),
        latestId: async () => log.at(-1)?.id ?? 0,
      },
      log: t.logger,
      heartbeatMs: 60_000,
      maxBufferedBytes: MAX_BUFFERED_BYTES,
    });
    server = Fastify();
    server.get('/events', (request, reply) => hub.serve(request, reply));
    await server.listen({ host: '127.0.0.1', port: 0 });
    port = (server.server.address() as { port: number }).port;
    await hub.start();
  });
  afterAll(async () => {
    await hub.stop();
    await server.close();
    await t.close();
  });

  /** A raw connection that reads the response's first bytes (the stream is open), then stops reading. */
  async function openStalledStream(): Promise<Socket> {
    const socket = connect(port, '127.0.0.1');
    socket.write('GET /events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n');
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    socket.pause();
    return socket;
  }

  it('when events pile up unread past the bound, then that stream is closed while a reading stream gets every event', async () => {
    const stalled = await openStalledStream();
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/events`, { signal: controller.signal });
    const received: string[] = [];
    // The reader wakes the test the moment its event arrives: 500 polls of received.length would
    // each sleep out expect.poll's interval, half this test's time on an idle machine.
    let arrived = () => {};
    void readEventStream(
      response.body!,
      (event) => {
        received.push(event.data ?? '');
        arrived();
      },
      () => {},
    );
    /** Resolves once `count` events have arrived; rejects after the condition ceiling. */
    const receivedCount = (count: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the reading stream got ${received.length} of ${count} events`)),
          timeouts.condition,
        );
        arrived = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          resolve();
        };
        arrived();
      });
    await expect.poll(() => hub.stats().subscribers).toBe(2);

    for (let id = 1; id <= EVENTS; id++) {
      log.push({ id, type: 'big', data: { id, filler: 'x'.repeat(EVENT_BYTES) } });
      await hub.refresh();
      // The reader keeps up; the stalled stream's unsent bytes grow until it is let go.
      await receivedCount(id);
    }

    expect(hub.stats()).toEqual({ subscribers: 1, dropped: 1 });
    expect(received).toHaveLength(EVENTS);
    expect(JSON.parse(received.at(-1)!)).toMatchObject({ id: EVENTS });
    // The stalled client's connection was closed by the server, not left holding buffered events.
    // Seen from outside: what it can still read is what the kernels held plus the server's bound,
    // far from the 25 MB the reader got (see docs/security.md, "what bounds a stream's memory").
    let stalledBytes = 0;
    stalled.on('data', (chunk: Buffer) => {
      stalledBytes += chunk.length;
    });
    stalled.resume();
    await new Promise<void>((resolve) => (stalled.destroyed ? resolve() : stalled.once('close', () => resolve())));
    const kernelBytes = (await maxSendBuffer()) + (await defaultReceiveBuffer());
    expect(stalledBytes).toBeLessThan(kernelBytes + MAX_BUFFERED_BYTES + 2 * EVENT_BYTES);
    expect(stalledBytes).toBeLessThan((EVENTS * EVENT_BYTES) / 4);
    controller.abort();
  });
});
