import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/** Registers the limiter; routes opt in with `config.rateLimit` (see `perMinute`). */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, `Too many requests. Please try again in ${context.after}.`),
  });
}

export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
