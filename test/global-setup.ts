import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres.js';
import { applyMigrations } from '../server/db/migrate.js';
import { startJobQueue } from '../server/platform/jobs.js';
import { createLogger } from '../server/platform/logger.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string;
    templateDatabase: string;
  }
}

function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * One PostgreSQL for the run (embedded, or TEST_DATABASE_URL's server) and one migrated
 * template database; every test file clones the template into a database of its own.
 */
export default async function setup(project: TestProject) {
  const log = createLogger('warn');
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stopServer = async () => {};
  let dataDir: string | undefined;
  if (!serverUrl) {
    dataDir = await mkdtemp(join(tmpdir(), 'pathway-test-pg-'));
    const embedded = await startEmbeddedPostgres({ dataDir, password: randomBytes(16).toString('hex'), log });
    serverUrl = embedded.url;
    stopServer = embedded.stop;
  }

  const templateDatabase = `pathway_template_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(templateDatabase)}`);
  const templatePool = new pg.Pool({ connectionString: withDatabase(serverUrl, templateDatabase), max: 1 });
  await applyMigrations(templatePool);
  await templatePool.end();
  // The job queue's own tables too, so no test app spends its start-up creating them.
  const jobs = await startJobQueue({
    connectionString: withDatabase(serverUrl, templateDatabase),
    logger: log,
    retryDelaySeconds: 1,
  });
  await jobs.stop();

  project.provide('databaseServerUrl', serverUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(templateDatabase)} WITH (FORCE)`);
    await admin.end();
    await stopServer();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
