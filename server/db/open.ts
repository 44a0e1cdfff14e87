import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Logger } from '../platform/logger.js';
import { loadLocalSecrets } from '../platform/secrets.js';
import { connectDatabase, type DatabaseHandle } from './client.js';
import { startSupervisedEmbeddedPostgres } from './embedded-postgres.js';
import { applyMigrations } from './migrate.js';

const EMBEDDED_DATABASE_NAME = 'pathway';

async function ensureDatabaseExists(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * The connection string of the embedded database of an app running on `dataDir` (its DATA_DIR), for
 * a process beside it (the bench, the browser tests): the password from the app's secrets, the port
 * from line 4 of the server's `postmaster.pid` (the embedded server picks a free one at its start).
 */
export async function embeddedDatabaseUrl(dataDir: string): Promise<string> {
  const { embeddedDatabasePassword } = await loadLocalSecrets(dataDir);
  const port = Number((await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[3]);
  if (!Number.isInteger(port) || port <= 0)
    throw new Error(`no embedded PostgreSQL port in ${dataDir}/postgres/postmaster.pid`);
  return `postgres://postgres:${encodeURIComponent(embeddedDatabasePassword)}@127.0.0.1:${port}/${EMBEDDED_DATABASE_NAME}`;
}

/**
 * The external PostgreSQL of DATABASE_URL, or else the embedded one in DATA_DIR/postgres;
 * migrated and ready. `close` ends the pool, then stops the embedded server if it started one.
 */
export async function openDatabase(config: Config, embeddedPassword: string, log: Logger): Promise<DatabaseHandle> {
  let url = config.databaseUrl;
  let stopEmbedded = async () => {};
  let abandonEmbedded = () => {};
  let healthy = () => true;
  if (!url) {
    const embedded = await startSupervisedEmbeddedPostgres({
      dataDir: join(config.dataDir, 'postgres'),
      password: embeddedPassword,
      log,
    });
    stopEmbedded = embedded.stop;
    abandonEmbedded = embedded.stopWithoutWaiting;
    healthy = embedded.healthy;
    try {
      await ensureDatabaseExists(embedded.url, EMBEDDED_DATABASE_NAME);
    } catch (error) {
      await embedded.stop();
      throw error;
    }
    url = embedded.url.replace(/\/postgres$/, `/${EMBEDDED_DATABASE_NAME}`);
  }
  const directUrl = config.databaseUrl ? config.databaseDirectUrl : undefined;
  // A direct URL says DATABASE_URL is a transaction pooler (PgBouncer): no named statements through it.
  const handle = connectDatabase(url, {
    poolSize: config.databasePoolSize,
    log,
    throughTransactionPooler: Boolean(directUrl),
  });
  try {
    // The advisory lock is a session's: through a transaction pooler it would be taken on one
    // server connection and released on another.
    if (directUrl) {
      const direct = new pg.Pool({ connectionString: directUrl, max: 1, connectionTimeoutMillis: 5_000 });
      try {
        await applyMigrations(direct);
      } finally {
        await direct.end();
      }
    } else {
      await applyMigrations(handle.pool);
    }
  } catch (error) {
    await handle.close();
    await stopEmbedded();
    throw error;
  }
  return {
    ...handle,
    directUrl,
    healthy,
    abandon: abandonEmbedded,
    async close() {
      await handle.close();
      await stopEmbedded();
    },
  };
}
