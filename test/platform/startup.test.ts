import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { upsertCaseAdmin } from '../../server/cases/case-admins.js';
import { upsertLmsAdmin } from '../../server/lms/accounts.js';
import { createTestApp, type TestApp } from '../test-app.js';

// What the start does is what serving needs; the rest waits (docs/operations.md, "Restart after a crash").
describe('the start of the app', () => {
  let first: TestApp;
  beforeAll(async () => {
    first = await createTestApp();
  });
  afterAll(async () => {
    await first?.close();
  });

  it('when the housekeeping of old rows cannot run (a table it prunes is locked), then the app is ready all the same', async () => {
    // Another session holds the table the housekeeping prunes second (expired sessions) until released.
    const holder = new pg.Client({ connectionString: first.databaseUrl });
    await holder.connect();
    let second: TestApp | undefined;
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE network_sessions IN ACCESS EXCLUSIVE MODE');

      // Before, the housekeeping ran before the app listened: this waited for the lock.
      second = await createTestApp({}, { sameDatabaseAs: first });
      expect((await second.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
      await second?.close();
    }
  });

  it('when instances start together on a database without the configured admins, then each start creates or finds them', async () => {
    // As the bootstrap runs at every start (CASE_ADMIN_*, LMS_ADMIN_*): the LMS admin's second
    // insert failed on its unique name, and that instance's start with it.
    const starts = await Promise.allSettled(
      [1, 2, 3].map(async () => ({
        lms: await upsertLmsAdmin(first.db, 'Admin.Together', 'together-password-1'),
        cases: await upsertCaseAdmin(first.db, 'together@example.test', 'together-password-1'),
      })),
    );
    const made = starts.map((start) => (start.status === 'fulfilled' ? start.value : String(start.reason)));
    expect(made.filter((start) => typeof start !== 'string' && start.lms.created)).toHaveLength(1);
    expect(new Set(made.map((start) => (typeof start === 'string' ? start : start.lms.id))).size).toBe(1);
    expect(new Set(made.map((start) => (typeof start === 'string' ? start : start.cases.id))).size).toBe(1);
  });

  it('when the embedded PostgreSQL recovers from a crash, then it flushes its file system in one call instead of every file', async () => {
    const client = new pg.Client({ connectionString: inject('databaseServerUrl') });
    await client.connect();
    try {
      const { rows } = await client.query<{ recovery_init_sync_method: string }>('SHOW recovery_init_sync_method');
      expect(rows[0]?.recovery_init_sync_method).toBe(process.platform === 'linux' ? 'syncfs' : 'fsync');
    } finally {
      await client.end();
    }
  });

  it('when neither Redis nor an S3 bucket is configured, then loading the app loads neither client', async () => {
    // A process of its own: this one's module cache holds whatever other tests loaded.
    const script = `await import('./server/app.ts');
        const loaded = Object.keys((await import('node:module')).createRequire(import.meta.url).cache);
        console.log(JSON.stringify(['/ioredis/', '/@aws-sdk/client-s3/'].filter((name) => loaded.some((path) => path.includes(name)))));`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { env: { ...process.env, REDIS_URL: '', S3_BUCKET: '' } },
    );
    // Before, ioredis and the AWS SDK were a sixth of the modules' CPU at every start.
    expect(JSON.parse(stdout.trim().split('\n').at(-1) ?? '')).toEqual([]);
  });
});
