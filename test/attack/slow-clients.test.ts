import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { timeouts } from '../support/timeouts.js';

/** What the server did to a connection: closed it (with whatever it answered first), or not within `withinMs`. */
function outcome(socket: Socket, withinMs: number): Promise<{ closed: boolean; answer: string; afterMs: number }> {
  const started = Date.now();
  let answer = '';
  socket.on('data', (chunk: Buffer) => {
    answer += chunk.toString('latin1');
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ closed: false, answer, afterMs: Date.now() - started }), withinMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve({ closed: true, answer, afterMs: Date.now() - started });
    });
  });
}

/** The app listening on a real port with `env`'s timeouts, for the tests of one describe block. */
function listening(env: Record<string, string>) {
  const state = { t: undefined as TestApp | undefined, port: 0 };
  const sockets: Socket[] = [];
  const timers: NodeJS.Timeout[] = [];

  beforeAll(async () => {
    state.t = await createTestApp(env);
    await state.t.app.listen({ host: '127.0.0.1', port: 0 });
    state.port = (state.t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const timer of timers) clearInterval(timer);
    for (const socket of sockets) socket.destroy();
    await state.t?.close();
  });

  return {
    port: () => state.port,
    async open(): Promise<Socket> {
      const socket = connect(state.port, '127.0.0.1');
      sockets.push(socket);
      socket.on('error', () => {});
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      return socket;
    },
    /** Writes one byte of `text` every `everyMs` until the socket closes. */
    trickle(socket: Socket, text: string, everyMs: number): void {
      let next = 0;
      const timer = setInterval(() => {
        if (socket.destroyed || next >= text.length) return clearInterval(timer);
        socket.write(text[next++]!);
      }, everyMs);
      timers.push(timer);
    },
  };
}

/**
 * Slow clients on a real socket: headers or a body trickling a byte at a time, or a connection
 * that goes silent, are cut off after the configured time instead of holding a connection for
 * ever. The timeouts are short here; each check allows several times their length (so a busy
 * machine does not fail it) while the trickle would go on far longer.
 */
describe('slow clients (headers 1 s, request 2 s)', () => {
  const server = listening({
    HTTP_HEADERS_TIMEOUT_SECONDS: '1',
    HTTP_REQUEST_TIMEOUT_SECONDS: '2',
    HTTP_IDLE_TIMEOUT_SECONDS: '30',
  });

  it('when a client trickles its headers a byte every 200 ms, then the server closes the connection once the headers timeout has passed', async () => {
    const socket = await server.open();
    server.trickle(socket, `GET /api/config HTTP/1.1\r\nHost: localhost\r\nX-Slow: ${'a'.repeat(500)}\r\n\r\n`, 200);
    const result = await outcome(socket, timeouts.condition);
    expect(result.closed).toBe(true);
    expect(result.answer).not.toMatch(/^HTTP\/1\.1 200/);
  });

  it('when a client trickles its body a byte every 200 ms, then it gets 408 once the request timeout has passed', async () => {
    const socket = await server.open();
    const body = JSON.stringify({ email: 'slow@example.test', password: 'x'.repeat(400) });
    socket.write(
      `POST /api/caseadmin/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    server.trickle(socket, body, 200);
    const result = await outcome(socket, timeouts.condition);
    expect(result.closed).toBe(true);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
    // Cut off long before the ~80 s the whole body would have taken.
    expect(result.afterMs).toBeLessThan((body.length * 200) / 2);
  });

  it('when a request arrives at a normal pace, then it is answered as usual', async () => {
    expect((await fetch(`http://127.0.0.1:${server.port()}/api/config`)).status).toBe(200);
  });
});

describe('slow clients (a silent connection 2 s)', () => {
  const server = listening({
    HTTP_HEADERS_TIMEOUT_SECONDS: '20',
    HTTP_REQUEST_TIMEOUT_SECONDS: '300',
    HTTP_IDLE_TIMEOUT_SECONDS: '2',
    NETWORK_SSE_HEARTBEAT_SECONDS: '1',
  });

  it('when a connection sends part of a request and then nothing, then it is closed once the idle timeout has passed (the request timeout is far off)', async () => {
    const socket = await server.open();
    socket.write(
      'POST /api/caseadmin/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em',
    );
    const result = await outcome(socket, timeouts.condition);
    expect(result.closed).toBe(true);
  });
});

describe('slow-client timeouts: configuration', () => {
  it('when nothing is set, then headers get 20 s, a request 300 s and a silent connection 60 s', () => {
    expect(loadConfig({}).http).toEqual({ headersTimeoutMs: 20_000, requestTimeoutMs: 300_000, idleTimeoutMs: 60_000 });
  });

  it('when the idle timeout would cut an event stream between heartbeats, or headers may take longer than the request, then start-up is refused', () => {
    expect(() => loadConfig({ HTTP_IDLE_TIMEOUT_SECONDS: '20', NETWORK_SSE_HEARTBEAT_SECONDS: '25' })).toThrow(
      /HTTP_IDLE_TIMEOUT_SECONDS must be more than NETWORK_SSE_HEARTBEAT_SECONDS/,
    );
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '60', HTTP_REQUEST_TIMEOUT_SECONDS: '30' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_SECONDS/,
    );
  });
});
