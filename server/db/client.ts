import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from '../platform/logger.js';
import { schema } from './schema/index.js';

export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database or an open transaction: queries that may run inside either take this. */
export type Queryable = Database | Transaction;

export type DatabaseHandle = {
  /** The connection URL, for parts that open connections of their own (the job queue). */
  url: string;
  /**
   * A URL straight to PostgreSQL, when `url` is a transaction-pooling PgBouncer: for connections
   * that need their session (LISTEN, advisory locks, pg-boss). Unset, `url` serves those too.
   */
  directUrl?: string;
  pool: pg.Pool;
  db: Database;
  /** False when the database cannot come back by itself (the embedded server could not be restarted). */
  healthy?: () => boolean;
  close(): Promise<void>;
};

// Postgres `bigint`/`numeric` counts come back as strings by default; ours stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * A query without its statement name. A named prepared statement lives on one server connection;
 * through a transaction-pooling PgBouncer (before 1.21's `max_prepared_statements`) the next
 * transaction may run on another, which lacks it or already has one by that name.
 */
function withoutStatementName(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const unnamed = (config: unknown, ...rest: unknown[]) =>
    query(
      typeof config === 'object' && config !== null && 'name' in config ? { ...config, name: undefined } : config,
      ...rest,
    );
  client.query = unnamed as typeof client.query;
}

export function connectDatabase(
  url: string,
  options: { poolSize: number; log: Logger; throughTransactionPooler?: boolean },
): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize, connectionTimeoutMillis: 5_000 });
  if (options.throughTransactionPooler) pool.on('connect', withoutStatementName);
  // An idle client losing its connection (database restart) must not crash the process.
  // Not the error itself: pg-pool hangs the whole client (sockets, type tables) on it as `client`.
  pool.on('error', (error) =>
    options.log.warn(
      { code: (error as { code?: unknown }).code, reason: error.message },
      'idle database connection lost',
    ),
  );
  // A client checked out of the pool has no error listener of the pool's; the database going
  // away between two queries of a transaction would otherwise crash the process with an
  // unhandled 'error' event. The request using it sees the failure on its next query (a 503).
  pool.on('connect', (client) =>
    client.on('error', (error) => options.log.debug({ err: error }, 'database connection lost')),
  );
  return {
    url,
    pool,
    db: drizzle({ client: pool, schema, casing: 'snake_case' }),
    close: () => pool.end(),
  };
}
