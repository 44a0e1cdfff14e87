import type { Redis } from 'ioredis';
import type { Logger } from './logger.js';

/** A count in a fixed window that starts at its first hit. */
export type WindowCount = { count: number; resetInMs: number };

/**
 * Fixed-window counters behind every limit (the per-minute rate limits and the failed sign-in
 * counters): in process without `REDIS_URL`, shared by all instances in Redis with it.
 */
export type CounterStore = {
  /** Adds one to `key` (starting a window of `windowMs` if none is open) and returns the new count. */
  increment(key: string, windowMs: number): Promise<WindowCount>;
  /**
   * The same, answered at once when the store needs no I/O for it (in process); undefined when the
   * caller must use `increment` (Redis). The hot limits take this path to cost no promise.
   */
  incrementAtOnce(key: string, windowMs: number): WindowCount | undefined;
  /**
   * Takes back one earlier `increment` of `key` (never below 0, the window unchanged): a claim made
   * before the outcome was known, for an attempt that turned out not to count.
   */
  release(key: string): Promise<void>;
  /** The count of `key`'s open window; 0 if none. */
  read(key: string): Promise<WindowCount>;
  remove(key: string): Promise<void>;
  close(): Promise<void>;
};

/** Expired windows are swept once the map holds this many keys; live ones are never dropped. */
const SWEEP_AT_SIZE = 10_000;

export function createMemoryCounterStore(now: () => number): CounterStore {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let sweepAt = SWEEP_AT_SIZE;
  const open = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.endsAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = () => {
    const at = now();
    for (const [key, entry] of windows) if (entry.endsAt <= at) windows.delete(key);
    // Many live windows (a flood of clients): sweep again only after as many more arrived.
    sweepAt = Math.max(SWEEP_AT_SIZE, windows.size * 2);
  };
  const incrementAtOnce = (key: string, windowMs: number): WindowCount => {
    let entry = open(key);
    if (!entry) {
      if (windows.size >= sweepAt) sweep();
      entry = { count: 0, endsAt: now() + windowMs };
      windows.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, resetInMs: entry.endsAt - now() };
  };
  return {
    incrementAtOnce,
    async increment(key, windowMs) {
      return incrementAtOnce(key, windowMs);
    },
    async release(key) {
      const entry = open(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async read(key) {
      const entry = open(key);
      return entry ? { count: entry.count, resetInMs: entry.endsAt - now() } : { count: 0, resetInMs: 0 };
    },
    async remove(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

// INCR and the window's expiry in one step, so a crash between them cannot leave a key without one.
const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

// DECR keeps the key's expiry; a key already gone (its window over) is not brought back.
const RELEASE = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

const KEY_PREFIX = 'pathway:limits:';

/**
 * Counters in Redis, shared by every instance. While Redis is out of reach each instance counts
 * in process instead (the limits then hold per instance, as without Redis): no request fails
 * because of Redis, and no limit is lifted. See docs/decisions/010-limits-logs-and-recovery.md.
 */
export function createRedisCounterStore(url: string, fallback: CounterStore, log: Logger): CounterStore {
  let degraded = false;
  // The client is loaded only when Redis is configured: ioredis is a tenth of a second of every
  // start's CPU otherwise (docs/operations.md, "Restart after a crash").
  const connecting = import('ioredis').then(({ Redis }) => {
    const redis = new Redis(url, {
      // Fail at once while disconnected instead of queueing: the fallback answers meanwhile.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 1000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    redis.on('error', () => {
      // Reported once per outage below; ioredis emits this on every reconnect attempt.
    });
    redis.on('ready', () => {
      if (degraded) log.warn('Redis is back; limits are shared by all instances again');
      degraded = false;
    });
    return redis;
  });
  // Not loading is an outage like any other, reported by the first count that falls back.
  connecting.catch(() => undefined);
  const withFallback = async <T>(shared: (redis: Redis) => Promise<T>, local: () => Promise<T>): Promise<T> => {
    try {
      return await shared(await connecting);
    } catch (error) {
      if (!degraded)
        log.error({ err: error }, 'Redis is unreachable; limits are counted per instance until it is back');
      degraded = true;
      return local();
    }
  };
  return {
    incrementAtOnce: () => undefined,
    increment: (key, windowMs) =>
      withFallback(
        async (redis) => {
          const [count, ttl] = (await redis.eval(INCREMENT, 1, KEY_PREFIX + key, windowMs)) as [number, number];
          return { count, resetInMs: ttl };
        },
        () => fallback.increment(key, windowMs),
      ),
    release: async (key) => {
      await withFallback(
        async (redis) => void (await redis.eval(RELEASE, 1, KEY_PREFIX + key)),
        () => fallback.release(key),
      );
    },
    read: (key) =>
      withFallback(
        async (redis) => {
          const [count, ttl] = await Promise.all([redis.get(KEY_PREFIX + key), redis.pttl(KEY_PREFIX + key)]);
          return count === null ? { count: 0, resetInMs: 0 } : { count: Number(count), resetInMs: Math.max(ttl, 0) };
        },
        () => fallback.read(key),
      ),
    remove: async (key) => {
      await fallback.remove(key);
      await withFallback(
        async (redis) => void (await redis.del(KEY_PREFIX + key)),
        async () => undefined,
      );
    },
    async close() {
      (await connecting.catch(() => undefined))?.disconnect();
      await fallback.close();
    },
  };
}

export function createCounterStore(options: {
  redisUrl: string | undefined;
  now: () => number;
  log: Logger;
}): CounterStore {
  const memory = createMemoryCounterStore(options.now);
  return options.redisUrl ? createRedisCounterStore(options.redisUrl, memory, options.log) : memory;
}
