import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from '../platform/logger.js';
import { retryOnConflict } from '../platform/transactions.js';
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
  /**
   * For a process exiting before `close` finished (its shutdown timed out): asks the embedded
   * server to stop, so it does not outlive the app. Nothing to do for an external database.
   */
  abandon?(): void;
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

/**
 * Gives a checked-out client back to the pool, as broken, the moment its connection ends; its
 * user's own `release` afterwards does nothing. drizzle-orm 0.45's pooled `transaction()` sends
 * BEGIN before the `try` whose `finally` releases the client (drizzle-orm#6023, #6241, open), so
 * a BEGIN on a connection that died (the database killed or restarted) left the client checked
 * out for good: each restart under load cost one, and `pool.end()` waited for it at shutdown.
 */
function givenBackWhenConnectionEnds(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const giveBack = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('end', onEnd);
    release(error);
  };
  const onEnd = () => giveBack(new Error('the database connection ended while checked out'));
  client.once('end', onEnd);
  client.release = giveBack;
  return client;
}

/** pg's pool, with every client it hands out through `connect()` guarded as above. */
class ConnectionSafePool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    // The callback form is `pool.query`'s own, which releases on every path.
    if (callback) return super.connect(callback);
    return super.connect().then(givenBackWhenConnectionEnds);
  }
}

/** How long closing waits for checked-out clients: by then every request and job has finished. */
const POOL_END_GRACE_MS = 2_000;

/**
 * Ends the pool. A client still checked out when every request and job has finished is a leak;
 * `pool.end()` would wait for it for ever, so after a moment closing goes on without it (stopping
 * the embedded server ends its session) and says so, rather than hang the shutdown.
 */
async function endPool(pool: pg.Pool, log: Logger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const leaked = new Promise<'leaked'>((resolve) => {
    timer = setTimeout(() => resolve('leaked'), POOL_END_GRACE_MS);
  });
  try {
    if ((await Promise.race([pool.end(), leaked])) === 'leaked')
      log.error(
        { checkedOut: pool.totalCount - pool.idleCount },
        'database connections still checked out at shutdown; closing without them',
      );
  } finally {
    clearTimeout(timer);
  }
}

export function connectDatabase(
  url: string,
  options: { poolSize: number; log: Logger; throughTransactionPooler?: boolean },
): DatabaseHandle {
  const pool = new ConnectionSafePool({ connectionString: url, max: options.poolSize, connectionTimeoutMillis: 5_000 });
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
    db: retryingConflicts(drizzle({ client: pool, schema, casing: 'snake_case' }), options.log),
    close: () => endPool(pool, options.log),
  };
}

/**
 * Every transaction of the app begins with `db.transaction`: this one runs a transaction that lost
 * a conflict with another (a deadlock, a serialization failure) again, a few times, and then answers
 * 503 with Retry-After rather than 500 (`retryOnConflict`, decision 041). A transaction inside a
 * transaction (`tx.transaction`, a savepoint) is not run again on its own: the whole one is.
 */
function retryingConflicts(db: Database, log: Logger): Database {
  const begin = db.transaction.bind(db);
  const onRetry = (error: unknown, attempt: number) =>
    log.warn({ err: error, attempt }, 'a transaction conflicted with another; running it again');
  db.transaction = ((work, config) =>
    retryOnConflict(() => begin(work, config), { onRetry })) as Database['transaction'];
  return db;
}
