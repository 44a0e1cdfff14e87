import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { verifyBackup } from '../../server/platform/backup.js';
import { startJobQueue, type JobQueue } from '../../server/platform/jobs.js';
import { BACKUP_QUEUE } from '../../server/platform/scheduled-backups.js';
import { createTestApp, type TestApp } from '../test-app.js';

// The test database is reached by URL, as an external one would be: the scheduled backups hold
// media and secrets (the embedded database's backup is proven by the fault suite's restore drill).
const EXTERNAL = { DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused' };

describe('scheduled backups', () => {
  let t: TestApp;
  let backupDir: string;
  let jobs: JobQueue;
  const folders = async () => (await readdir(backupDir).catch(() => [])).sort();

  beforeAll(async () => {
    backupDir = await mkdtemp(join(tmpdir(), 'pathway-scheduled-backups-'));
    t = await createTestApp({ ...EXTERNAL, BACKUP_DIR: backupDir, BACKUP_CRON: '15 3 * * *', BACKUP_KEEP: '2' });
    jobs = await startJobQueue({ connectionString: t.databaseUrl, logger: t.logger, retryDelaySeconds: 1 });
  });
  afterAll(async () => {
    await jobs?.stop();
    await t?.close();
    await rm(backupDir, { recursive: true, force: true });
  });

  it('when BACKUP_CRON is set, then the job queue holds its schedule', async () => {
    const { rows } = await t.database.pool.query<{ cron: string; timezone: string | null }>(
      'SELECT cron, timezone FROM pgboss.schedule WHERE name = $1',
      [BACKUP_QUEUE],
    );
    expect(rows).toEqual([expect.objectContaining({ cron: '15 3 * * *', timezone: 'UTC' })]);
  });

  it('when the schedule fires three times, then three backups are written and the newest BACKUP_KEEP remain, each whole', async () => {
    await mkdir(join(t.config.dataDir, 'media'), { recursive: true });
    await writeFile(join(t.config.dataDir, 'media', 'photo.png'), 'not really a png');
    const written: string[] = [];
    for (let day = 1; day <= 3; day++) {
      t.clock.advance(24 * 60 * 60_000);
      const name = `backup-${t.clock
        .now()
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '')}`;
      written.push(name);
      // What pg-boss adds at each cron time.
      await jobs.send(t.db, BACKUP_QUEUE, {});
      await expect.poll(folders).toContain(name);
    }
    await expect.poll(folders).toEqual(written.slice(1));
    for (const name of written.slice(1)) {
      const manifest = await verifyBackup(join(backupDir, name));
      expect(manifest.database).toEqual({ kind: 'external' });
      expect(manifest.files.map((file) => file.path)).toEqual(expect.arrayContaining(['media/photo.png']));
    }
  });

  it('when an instance starts without BACKUP_CRON, then the schedule is removed', async () => {
    const other = await createTestApp({}, { sameDatabaseAs: t });
    try {
      const { rows } = await t.database.pool.query('SELECT 1 FROM pgboss.schedule WHERE name = $1', [BACKUP_QUEUE]);
      expect(rows).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it('when only one of BACKUP_DIR and BACKUP_CRON is set, or the cron is not one, then the configuration is refused', () => {
    expect(() => loadConfig({ BACKUP_DIR: '/backups' })).toThrow(/BACKUP_DIR and BACKUP_CRON/);
    expect(() => loadConfig({ BACKUP_DIR: '/backups', BACKUP_CRON: 'daily' })).toThrow(/BACKUP_CRON/);
    expect(() => loadConfig({ BACKUP_DIR: '/backups', BACKUP_CRON: '0 3 * * *', BACKUP_KEEP: '0' })).toThrow(
      /BACKUP_KEEP/,
    );
  });
});
