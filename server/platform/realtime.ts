import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import pg from 'pg';
import type { Logger } from './logger.js';

/** `audience`, when set, names the one member whose streams get the event (their own notifications); unset, every stream does. */
export type RealtimeEvent = { id: number; type: string; data: unknown; audience?: string | null };

/** The durable, ordered log the events come from; its ids are the SSE event ids. */
export type EventLog = {
  /** Events with an id above `afterId`, oldest first, at most `limit`. */
  after(afterId: number, limit: number): Promise<RealtimeEvent[]>;
  /** The newest id, or 0 when the log is empty. */
  latestId(): Promise<number>;
};

export type RealtimeHubOptions = {
  /** The PostgreSQL channel the writers NOTIFY on after appending to the log. */
  channel: string;
  connection: pg.ClientConfig;
  events: EventLog;
  log: Logger;
  heartbeatMs: number;
  reconnectDelayMs?: number;
  /** More missed events than this and the client is told to reload instead of replaying. */
  maxReplay?: number;
  /** The event type sent when a client missed too much to replay. */
  resetEventType?: string;
  /**
   * A stream whose unsent bytes (the client not reading) pass this is closed: a slow subscriber
   * must not grow the process. The browser reconnects and catches up from the log.
   */
  maxBufferedBytes?: number;
  /**
   * Streams opened for a session end with it. `liveSessions` answers which of the given session
   * keys are still valid; it is asked every `sessionCheckMs` (expiry) and at once whenever any
   * instance NOTIFYs `sessionsChannel` (sign-out, revocation, password reset).
   */
  sessions?: { liveSessions(keys: string[]): Promise<Set<string>>; channel: string; checkMs?: number };
};

/** Stream text, with the same text as one chunk of a `transfer-encoding: chunked` body. */
type Piece = { text: string; chunk: string };
const pieceOf = (text: string): Piece => ({ text, chunk: `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n` });
const LAST_CHUNK = '0\r\n\r\n';

/** An event with its Server-Sent-Events frame, written once and shared by every stream. */
type Frame = Piece & { id: number; audience: string | null };
type Subscriber = { sessionKey: string | undefined; deliver(frame: Frame): void; heartbeat(): void; end(): void };

const frameOf = (event: RealtimeEvent): Frame => ({
  id: event.id,
  audience: event.audience ?? null,
  ...pieceOf(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`),
});
const HEARTBEAT = pieceOf(': heartbeat\n\n');

const STREAM_HEADERS: Record<string, string> = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

/** Where a stream's bytes go; `onClose` runs once, when the client is gone or the stream ended. */
type Sink = {
  write(piece: Piece): void;
  unsent(): number;
  end(): void;
  destroy(): void;
  onClose(listener: () => void): void;
};

/**
 * A real connection: the head is written on the socket and the response lets go of it, so the
 * stream holds only the socket (Fastify's request and reply, the ServerResponse with its headers,
 * the request's logger and session member are garbage once the stream is open). The body is
 * chunked by hand, as Node would have.
 */
function socketSink(socket: Socket, res: ServerResponse): Sink {
  const head = streamHead(res.getHeaders());
  res.detachSocket(socket);
  socket.write(head);
  return {
    write: (piece) => socket.write(piece.chunk),
    unsent: () => socket.writableLength,
    end: () => {
      if (!socket.destroyed) socket.end(LAST_CHUNK);
    },
    destroy: () => socket.destroy(),
    onClose(listener) {
      socket.once('close', listener);
      // A client gone before its stream opened: nothing will say so again.
      if (socket.destroyed) listener();
    },
  };
}

/** A request injected in-process (light-my-request, in tests) has no socket to take: the response carries the stream. */
function responseSink(res: ServerResponse): Sink {
  res.writeHead(200, STREAM_HEADERS);
  return {
    write: (piece) => res.write(piece.text),
    unsent: () => res.writableLength,
    end: () => res.end(),
    destroy: () => res.destroy(),
    onClose(listener) {
      res.once('close', listener);
      if (res.destroyed) listener();
    },
  };
}

/** The response head of a stream: the headers the app's hooks set on the response (security headers), then the stream's own. */
function streamHead(set: OutgoingHttpHeaders): string {
  let head = 'HTTP/1.1 200 OK\r\n';
  for (const [name, value] of Object.entries(set)) {
    if (value === undefined || name in STREAM_HEADERS || name === 'transfer-encoding' || name === 'content-length')
      continue;
    for (const one of Array.isArray(value) ? value : [value]) head += `${name}: ${one}\r\n`;
  }
  for (const [name, value] of Object.entries(STREAM_HEADERS)) head += `${name}: ${value}\r\n`;
  return `${head}date: ${new Date().toUTCString()}\r\ntransfer-encoding: chunked\r\n\r\n`;
}

const BATCH = 500;

/**
 * Server-Sent Events fanned out across instances: every instance LISTENs on one channel on a
 * dedicated connection (reconnecting when it drops), and on each notification reads the log
 * past what it has delivered and hands it to its own open streams. A reconnecting browser
 * sends `Last-Event-ID` and is replayed what it missed from the log.
 */
export function createRealtimeHub(options: RealtimeHubOptions) {
  const { channel, events, log } = options;
  const reconnectDelayMs = options.reconnectDelayMs ?? 1000;
  const maxReplay = options.maxReplay ?? 1000;
  const maxBufferedBytes = options.maxBufferedBytes ?? 256 * 1024;
  const subscribers = new Set<Subscriber>();
  let dropped = 0;
  // One timer for every stream, not one per stream: 10,000 open streams are 10,000 timers otherwise.
  let heartbeat: NodeJS.Timeout | undefined;
  let delivered = 0;
  let listener: pg.Client | undefined;
  let stopped = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let pumping: Promise<void> | undefined;
  let pumpAgain = false;
  let sessionTimer: NodeJS.Timeout | undefined;
  let checking: Promise<void> | undefined;
  let checkAgain = false;

  async function checkSessionsOnce(): Promise<void> {
    const sessions = options.sessions;
    if (!sessions) return;
    const bound = [...subscribers].flatMap((subscriber) =>
      subscriber.sessionKey === undefined ? [] : [{ subscriber, key: subscriber.sessionKey }],
    );
    if (bound.length === 0) return;
    const live = await sessions.liveSessions([...new Set(bound.map(({ key }) => key))]);
    for (const { subscriber, key } of bound) {
      if (!live.has(key)) {
        subscriber.end();
        subscribers.delete(subscriber);
      }
    }
  }

  /** Ends the streams whose session has ended; calls arriving meanwhile coalesce into one more pass. */
  function checkSessions(): Promise<void> {
    if (checking) {
      checkAgain = true;
      return checking;
    }
    checking = (async () => {
      try {
        do {
          checkAgain = false;
          await checkSessionsOnce();
        } while (checkAgain && !stopped);
      } catch (error) {
        // The database is out of reach: keep the streams, the next check decides.
        log.warn({ err: error }, "realtime: checking the streams' sessions failed");
      } finally {
        checking = undefined;
      }
    })();
    return checking;
  }

  async function pumpOnce(): Promise<void> {
    for (;;) {
      const batch = await events.after(delivered, BATCH);
      for (const event of batch) {
        delivered = Math.max(delivered, event.id);
        const frame = frameOf(event);
        for (const subscriber of subscribers) subscriber.deliver(frame);
      }
      if (batch.length < BATCH) return;
    }
  }

  /** Reads and delivers new events; notifications arriving meanwhile coalesce into one more pass. */
  function pump(): Promise<void> {
    if (pumping) {
      pumpAgain = true;
      return pumping;
    }
    pumping = (async () => {
      try {
        do {
          pumpAgain = false;
          await pumpOnce();
        } while (pumpAgain && !stopped);
      } catch (error) {
        log.warn({ err: error }, 'realtime: reading the event log failed');
      } finally {
        pumping = undefined;
      }
    })();
    return pumping;
  }

  function scheduleReconnect(): void {
    if (stopped || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, reconnectDelayMs);
    reconnectTimer.unref();
  }

  async function connect(): Promise<void> {
    const client = new pg.Client(options.connection);
    let failed = false;
    const onLost = (error?: Error) => {
      if (failed) return;
      failed = true;
      if (listener === client) listener = undefined;
      if (!stopped) log.warn({ err: error }, 'realtime: listener connection lost; reconnecting');
      client.end().catch(() => {});
      scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on(
      'notification',
      (message) => void (message.channel === options.sessions?.channel ? checkSessions() : pump()),
    );
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      if (options.sessions) await client.query(`LISTEN ${client.escapeIdentifier(options.sessions.channel)}`);
      if (stopped) {
        await client.end();
        return;
      }
      listener = client;
      // Whatever was written while we were not listening.
      void pump();
    } catch (error) {
      onLost(error as Error);
    }
  }

  return {
    async start(): Promise<void> {
      stopped = false;
      delivered = await events.latestId();
      heartbeat = setInterval(() => {
        for (const subscriber of subscribers) subscriber.heartbeat();
      }, options.heartbeatMs);
      heartbeat.unref();
      await connect();
      if (options.sessions) {
        sessionTimer = setInterval(() => void checkSessions(), options.sessions.checkMs ?? 5000);
        sessionTimer.unref();
      }
    },

    /** Open streams now, and streams closed so far for not reading (for tests and metrics). */
    stats: () => ({ subscribers: subscribers.size, dropped }),

    /** Ends every open stream, so a shutting-down server is not held open by them. */
    closeStreams(): void {
      for (const subscriber of subscribers) subscriber.end();
      subscribers.clear();
    },

    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(reconnectTimer);
      clearInterval(heartbeat);
      clearInterval(sessionTimer);
      this.closeStreams();
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
      await pumping;
      await checking;
    },

    /** Re-checks the open streams' sessions now (a sign-out on this instance need not wait for NOTIFY). */
    checkSessions,

    /** Catches up from the log now (a writer on this instance may call it instead of waiting for NOTIFY). */
    refresh(): Promise<void> {
      return pump();
    },

    /**
     * Answers the request with an event stream, replaying from `Last-Event-ID` first, or when the
     * request has none, from `after` (a position a fresh EventSource, which cannot send the header,
     * was given with the page it shows). Every replayed event passes the same audience filter as a
     * live one. With a session key the stream ends when that session does; `onClose` runs once
     * when it closes.
     */
    async serve(
      request: FastifyRequest,
      reply: FastifyReply,
      sessionKey?: string,
      onClose?: () => void,
      audience?: string,
      after?: number,
    ): Promise<void> {
      const header = request.headers['last-event-id'];
      const lastEventId =
        (typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : undefined) ?? after;
      const socket = request.raw.socket;
      reply.hijack();
      const sink = socket instanceof Socket ? socketSink(socket, reply.raw) : responseSink(reply.raw);
      const stream = openStream(
        sink,
        lastEventId ?? delivered,
        lastEventId !== undefined,
        sessionKey,
        onClose,
        audience,
      );
      // The id lets a client that connected without a position resume from here.
      stream.send(pieceOf(`retry: ${reconnectDelayMs * 3}\nid: ${stream.cursor()}\n\n`));
      if (lastEventId !== undefined) await stream.replay();
    },
  };

  /** One open stream: its sink and a few fields, registered with the hub until it closes. */
  function openStream(
    sink: Sink,
    from: number,
    replaying: boolean,
    sessionKey: string | undefined,
    onClose: (() => void) | undefined,
    audience: string | undefined,
  ) {
    let cursor = from;
    let buffered: Frame[] | undefined = replaying ? [] : undefined;
    let open = true;
    const close = () => {
      open = false;
      subscribers.delete(subscriber);
    };
    const send = (piece: Piece) => {
      if (!open) return;
      sink.write(piece);
      // Bytes the client has not taken: past the bound it is not reading, and is let go.
      if (sink.unsent() > maxBufferedBytes) {
        dropped++;
        close();
        sink.destroy();
      }
    };
    const write = (frame: Frame) => {
      if (!open || frame.id <= cursor) return;
      cursor = frame.id;
      // Another member's event: the cursor moves past it, the bytes never leave.
      if (frame.audience !== null && frame.audience !== audience) return;
      send(frame);
    };
    const subscriber: Subscriber = {
      sessionKey,
      deliver: (frame) => (buffered ? buffered.push(frame) : write(frame)),
      heartbeat: () => send(HEARTBEAT),
      end: () => {
        close();
        sink.end();
      },
    };
    subscribers.add(subscriber);
    sink.onClose(() => {
      close();
      onClose?.();
    });
    return {
      cursor: () => cursor,
      send,
      async replay(): Promise<void> {
        try {
          let sent = 0;
          for (;;) {
            const batch = await events.after(cursor, BATCH);
            for (const event of batch) write(frameOf(event));
            if (!open) return;
            sent += batch.length;
            if (batch.length < BATCH) break;
            if (sent >= maxReplay) {
              const latest = await events.latestId();
              cursor = latest;
              send(pieceOf(`id: ${latest}\nevent: ${options.resetEventType ?? 'reset'}\ndata: {}\n\n`));
              break;
            }
          }
        } catch (error) {
          log.warn({ err: error }, 'realtime: replay failed');
          subscriber.end();
          return;
        }
        const waiting = buffered ?? [];
        buffered = undefined;
        waiting.forEach(write);
      },
    };
  }
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
