import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import { errorBody } from './errors.js';

/**
 * `/healthz`: the process answers. `/readyz`: it can serve traffic (database reachable,
 * not shutting down), for a load balancer to route by.
 */
export function registerHealthRoutes(app: FastifyInstance, pool: pg.Pool, isShuttingDown: () => boolean): void {
  const status = z.object({ status: z.string() });
  app.get('/healthz', { schema: { hide: true, response: { 200: status } } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true, response: { 200: status, 503: errorBody } } }, async (_request, reply) => {
    if (isShuttingDown()) return reply.status(503).send({ error: 'Shutting down' });
    try {
      await pool.query('SELECT 1');
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ error: 'Database unavailable' });
    }
  });
}
