import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp, type App } from '../server/app.js';
import { loadConfig, type Config } from '../server/config.js';
import { connectDatabase, type DatabaseHandle } from '../server/db/client.js';
import { createLogger, type Logger } from '../server/platform/logger.js';
import { createTokenService, type TokenService } from '../server/platform/tokens.js';
import { checkEveryAnswer } from './support/answer-check.js';

/** A clock the test moves by hand. */
export function createTestClock(start = new Date('2026-01-15T09:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(date: Date) {
      current = date.getTime();
    },
  };
}
export type TestClock = ReturnType<typeof createTestClock>;

/** A fresh database of the test's own, cloned from the migrated template. */
export async function cloneTemplateDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = inject('databaseServerUrl');
  const template = inject('templateDatabase');
  const name = `pathway_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)} TEMPLATE ${admin.escapeIdentifier(template)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
      await client.end();
    },
  };
}

function withRole(databaseUrl: string, role: { user: string; password: string }): string {
  const url = new URL(databaseUrl);
  url.username = encodeURIComponent(role.user);
  url.password = encodeURIComponent(role.password);
  return url.toString();
}

export type TestApp = {
  app: App;
  databaseUrl: string;
  database: DatabaseHandle;
  db: DatabaseHandle['db'];
  clock: TestClock;
  logger: Logger;
  tokens: TokenService;
  config: Config;
  close(): Promise<void>;
};

/**
 * The real app on a fresh database of its own (a clone of the migrated template).
 * `env` overrides configuration the way the environment would. With `sameDatabaseAs`, a second
 * instance on another app's database (as a cluster would run); closing it leaves the database.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    sameDatabaseAs?: TestApp;
    logDestination?: DestinationStream;
    /** Connects as this role instead of the server's superuser (a test that limits the role's connections). */
    role?: { user: string; password: string };
    /**
     * Every answer `app.inject` gives is checked against the app's OpenAPI document (status, content
     * type, body); one that differs rejects the inject (test/support/answer-check.ts).
     */
    checkAnswers?: boolean;
  } = {},
): Promise<TestApp> {
  const shared = options.sameDatabaseAs;
  const database = shared ? { url: shared.databaseUrl, drop: async () => {} } : await cloneTemplateDatabase();
  // A data folder of its own (media, the email outbox) unless the test names one; removed on close.
  const ownDataDir = env.DATA_DIR ? undefined : await mkdtemp(join(tmpdir(), 'pathway-test-data-'));
  // Test files sign up many learners from one address; the attack tests set the real limit.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: ownDataDir ?? '',
    LOG_LEVEL: 'silent',
    LMS_SIGNUPS_PER_HOUR: '100000',
    // The hourly calibration would rewrite tables in the middle of whichever test runs at :20; tests start it themselves.
    LMS_CALIBRATION_CRON: 'off',
    // Likewise the daily digest at 07:00 (tests that need it queue it themselves).
    NETWORK_DIGEST_CRON: 'off',
    // And the late-waiting sweep every 15 minutes (tests run it themselves, at the clock they set).
    CASE_LATE_STEPS_CRON: 'off',
    ...env,
  });
  const logger = createLogger(config.logLevel, options.logDestination);
  const handle = connectDatabase(options.role ? withRole(database.url, options.role) : database.url, {
    poolSize: 5,
    log: logger,
  });
  const clock = createTestClock();
  const tokens = createTokenService(randomBytes(32).toString('hex'), clock);
  const app = await buildApp({ config, database: handle, clock, logger, tokens, webDistFolder: '/nonexistent' });
  await app.ready();
  if (options.checkAnswers) checkEveryAnswer(app);
  return {
    app,
    databaseUrl: database.url,
    database: handle,
    db: handle.db,
    clock,
    logger,
    tokens,
    config,
    async close() {
      await app.close();
      await handle.close();
      await database.drop();
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    },
  };
}
