import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';
import { z } from 'zod';
import { errorBody } from './errors.js';

/**
 * `/healthz`: the process answers and can recover by itself (it fails once the embedded
 * database died and could not be restarted, so a supervisor restarts the process). `/readyz`: it can serve traffic (database reachable,
 * not shutting down), for a load balancer to route by.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  database: Pick<DatabaseHandle, 'pool' | 'healthy'>,
  isShuttingDown: () => boolean,
): void {
  const { pool } = database;
  const status = z.object({ status: z.string() });
  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: status, 503: errorBody } } },
    async (_request, reply) => {
      if (database.healthy?.() === false)
        return reply.status(503).send({ error: 'The embedded database could not be restarted' });
      return { status: 'ok' };
    },
  );
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
