import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../server/db/client.js';
import { isDatabaseUnavailable, resourceExhaustion } from '../../server/platform/errors.js';
import { createLogger } from '../../server/platform/logger.js';
import { createTestApp, type TestApp } from '../test-app.js';

describe('the database connection lost while in use', () => {
  let t: TestApp;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    t = await createTestApp();
    handle = connectDatabase(t.databaseUrl, { poolSize: 2, log: createLogger('silent') });
  });
  afterAll(async () => {
    await handle.close();
    await t.close();
  });

  it('when the server ends a connection between two queries of a transaction, then the process survives and the failure reads as the database being unavailable', async () => {
    let failure: unknown;
    try {
      await handle.db.transaction(async (tx) => {
        const [{ pid }] = (await tx.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`)).rows as [
          { pid: number },
        ];
        // Another session ends this one while the transaction's client is checked out and idle,
        // as a database restart does; before the fix the pool's client emitted an unhandled 'error'.
        await t.database.pool.query('SELECT pg_terminate_backend($1)', [pid]);
        // Once the server process is gone, its goodbye has reached the idle client.
        await expect
          .poll(
            async () => (await t.database.pool.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount,
          )
          .toBe(0);
        await tx.execute(sql`SELECT 1`);
      });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    // The pool drops the dead client and serves the next query on a fresh connection.
    expect((await handle.pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('when the connection dies as a transaction takes it from the pool, then the pool gets it back and can close', async () => {
    const pool = connectDatabase(t.databaseUrl, { poolSize: 1, log: createLogger('silent') });
    // The socket closes the moment the client is handed out, as when the database is killed then:
    // the transaction's BEGIN is the first to fail. drizzle-orm 0.45 sends it outside the block
    // that releases the client, so before the fix the client stayed checked out for good.
    const cut = (client: { connection?: { stream?: { destroy(): void } } }) => client.connection?.stream?.destroy();
    pool.pool.once('acquire', cut);
    const failure = await pool.db.transaction(async (tx) => tx.execute(sql`SELECT 1`)).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failure)).toBe(true);

    await expect.poll(() => pool.pool.totalCount - pool.pool.idleCount).toBe(0);
    expect((await pool.db.execute<{ one: number }>(sql`SELECT 1 AS one`)).rows).toEqual([{ one: 1 }]);
    // Closing waits for no lost client (it logs one it gives up on; silent here, so timed by the pool's end).
    await pool.pool.end();
  });

  it('when an error is not about the connection, then it is not taken for an outage', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(
      isDatabaseUnavailable(
        new Error('Failed query: insert', { cause: Object.assign(new Error('value too long'), { code: '22001' }) }),
      ),
    ).toBe(false);
    expect(
      isDatabaseUnavailable(
        new Error('Failed query: rollback', {
          cause: new Error('Client has encountered a connection error and is not queryable'),
        }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true);
  });

  it.each([
    ['53100', 'disk full', 507],
    ['53200', 'out of memory', 503],
    ['53300', 'too many connections', 503],
    ['53400', 'configuration limit exceeded', 503],
    ['53000', 'insufficient resources', 503],
  ] as const)(
    "when PostgreSQL fails a query with %s (%s), then the answer is %i, through Drizzle's wrapper too",
    async (sqlState, _name, status) => {
      // A real error of the server with that SQLSTATE, as pg hands it over.
      const failure = await t.db
        .execute(sql.raw(`DO $$ BEGIN RAISE EXCEPTION 'resource' USING ERRCODE = '${sqlState}'; END $$`))
        .catch((error: unknown) => error);
      expect(resourceExhaustion(failure)?.status).toBe(status);
      expect(isDatabaseUnavailable(failure)).toBe(false);
    },
  );

  it('when the file system is full or out of handles, then the answer is 507 or 503; other failures are not resources', () => {
    const errno = (code: string) => Object.assign(new Error(code), { code });
    expect(resourceExhaustion(errno('ENOSPC'))?.status).toBe(507);
    expect(resourceExhaustion(errno('EDQUOT'))?.status).toBe(507);
    expect(resourceExhaustion(errno('EMFILE'))?.status).toBe(503);
    expect(resourceExhaustion(errno('EACCES'))).toBeUndefined();
    expect(resourceExhaustion(errno('23505'))).toBeUndefined();
    expect(resourceExhaustion(new Error('plain'))).toBeUndefined();
  });
});
