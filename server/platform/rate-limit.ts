import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { CounterStore } from './counters.js';
import { AppError } from './errors.js';

/** The plugin's store interface over our counters, one key space per route (as its own stores do). */
function counterBackedStore(counters: CounterStore): FastifyRateLimitStoreCtor {
  const storeFor = (prefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      counters.increment(`rate:${prefix}${key}`, timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (error: Error) => callback(error),
      );
    },
    child(routeOptions) {
      // A route's limiter knows its route; a scope's (`app.rateLimit(...)`) has none and keys on its own.
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      const method = route?.method ?? routeOptions.method ?? '';
      const url = route?.url ?? routeOptions.url ?? 'scope';
      return storeFor(`${String(method)}${url}:`);
    },
  });
  return class {
    constructor() {
      return storeFor('');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/** Registers the limiter; routes opt in with `config.rateLimit` (see `perMinute`). */
export async function registerRateLimit(app: FastifyInstance, counters: CounterStore): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: counterBackedStore(counters),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, `Too many requests. Please try again in ${context.after}.`),
  });
}

export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
