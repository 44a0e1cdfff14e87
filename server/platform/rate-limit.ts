import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { CounterStore, WindowCount } from './counters.js';
import { clientAddressKey } from './client-address.js';
import { AppError } from './errors.js';

/**
 * A route's limit: at most `max` requests per caller in each `timeWindow` (ms). Routes that name
 * the same `sharedWith` draw on one count per caller; otherwise each route counts on its own.
 */
export type RateLimit = { max: number; timeWindow: number; sharedWith?: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    requestLimit?: RateLimit;
  }
}

export const perMinute = (max: number, sharedWith?: string) => ({
  requestLimit: { max, timeWindow: 60_000, ...(sharedWith ? { sharedWith } : {}) },
});

/** "59 seconds", "1 minute": how long until the window ends, as the 429 says it. */
function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.round(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * A fixed-window limit as an onRequest hook over the counter store (in process, or in Redis with
 * REDIS_URL so the limit holds across instances). Every answer says the limit, what is left and
 * when the window ends (`x-ratelimit-*`); past the limit the answer is a 429 with `retry-after`.
 * A callback hook that answers at once when the store can (in process): the lookup and every
 * member request pass here, and `@fastify/rate-limit` cost them several promises each.
 */
export function rateLimitHook(
  counters: CounterStore,
  limit: RateLimit & { scope: string; keyOf: (request: FastifyRequest) => string },
): onRequestHookHandler {
  const { max, timeWindow, scope, keyOf } = limit;
  const limitText = String(max);
  const decide = (reply: FastifyReply, window: WindowCount): AppError | undefined => {
    const resetSeconds = String(Math.ceil(window.resetInMs / 1000));
    reply.header('x-ratelimit-limit', limitText);
    reply.header('x-ratelimit-remaining', String(Math.max(0, max - window.count)));
    reply.header('x-ratelimit-reset', resetSeconds);
    if (window.count <= max) return undefined;
    reply.header('retry-after', resetSeconds);
    return new AppError(429, `Too many requests. Please try again in ${waitText(window.resetInMs)}.`);
  };
  return (request, reply, done) => {
    const key = `rate:${scope}:${keyOf(request)}`;
    const counted = counters.incrementAtOnce(key, timeWindow);
    if (counted) {
      done(decide(reply, counted));
      return;
    }
    counters.increment(key, timeWindow).then(
      (window) => done(decide(reply, window)),
      (error: Error) => done(error),
    );
  };
}

/**
 * Routes opt in with `config: perMinute(n)`: per client address (an IPv6 client by its /64, which
 * one subscriber usually holds whole), one count per route, or per group of routes that share one.
 */
export function registerRateLimit(app: FastifyInstance, counters: CounterStore): void {
  app.addHook('onRoute', (route) => {
    const limit = route.config?.requestLimit;
    if (!limit) return;
    const scope = limit.sharedWith ?? `${String(route.method)}${route.url}`;
    const hook = rateLimitHook(counters, { ...limit, scope, keyOf: (request) => clientAddressKey(request.ip) });
    route.onRequest = [
      ...(Array.isArray(route.onRequest) ? route.onRequest : route.onRequest ? [route.onRequest] : []),
      hook,
    ];
  });
}
