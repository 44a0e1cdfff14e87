import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { applyMigrations } from '../../server/db/migrate.js';

/**
 * pg's Pool.end() resolves once its clients are asked to end, before their connections close; a
 * DROP DATABASE … WITH (FORCE) right after then terminates a closing client, whose error nobody
 * handles any more. This resolves when every client the pool opened has closed.
 */
function closedWhenEnded(pool: pg.Pool): () => Promise<void> {
  let opened = 0;
  let closed = 0;
  let allClosed = () => {};
  pool.on('connect', () => opened++);
  pool.on('remove', () => {
    closed++;
    if (closed === opened) allClosed();
  });
  return async () => {
    const closing = new Promise<void>((resolve) => (allClosed = resolve));
    await pool.end();
    if (closed < opened) await closing;
  };
}

describe('migrations', () => {
  const name = `pathway_migrate_${randomBytes(4).toString('hex')}`;
  const serverUrl = inject('databaseServerUrl');
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;

  afterAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('when three instances start at once on an empty database, then each migration is applied exactly once', async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();

    const pools = [1, 2, 3].map(() => new pg.Pool({ connectionString: url.toString(), max: 2 }));
    const endings = pools.map(closedWhenEnded);
    try {
      await Promise.all(pools.map((pool) => applyMigrations(pool)));
      const [pool] = pools;
      const applied = await pool!.query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations');
      const distinct = new Set(applied.rows.map((row) => row.hash));
      expect(applied.rowCount).toBeGreaterThan(0);
      expect(distinct.size).toBe(applied.rowCount);
      const services = await pool!.query<{ count: number }>('SELECT count(*)::int AS count FROM services');
      expect(services.rows[0]?.count).toBe(4);
    } finally {
      await Promise.all(endings.map((end) => end()));
    }
  });
});
