import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { backupFolderName, createBackup, pruneBackups } from './backup.js';
import type { Clock } from './clock.js';
import type { JobQueue } from './jobs.js';
import type { Logger } from './logger.js';

export const BACKUP_QUEUE = 'scheduled-backup';

/**
 * BACKUP_CRON adds a job to the queue at each of its times (pg-boss schedules it once across
 * instances); whichever instance takes it writes `BACKUP_DIR/backup-<time>` and keeps the newest
 * BACKUP_KEEP. Unset, an earlier schedule is removed. A failed backup is retried like any job.
 */
export async function startScheduledBackups(options: {
  config: Config;
  jobs: JobQueue;
  clock: Clock;
  logger: Logger;
}): Promise<void> {
  const { config, jobs, clock, logger } = options;
  const settings = config.backup;
  if (!settings) {
    await jobs.schedule(BACKUP_QUEUE, undefined);
    return;
  }
  await jobs.work(
    BACKUP_QUEUE,
    async () => {
      await mkdir(settings.dir, { recursive: true, mode: 0o700 });
      const target = join(settings.dir, backupFolderName(clock.now()));
      const manifest = await createBackup({
        dataDir: config.dataDir,
        target,
        external: Boolean(config.databaseUrl),
        storage: config.storage.kind,
        log: logger,
        now: () => clock.now(),
      });
      const removed = await pruneBackups(settings.dir, settings.keep);
      logger.info({ target, files: manifest.files.length, removed }, 'scheduled backup written');
    },
    // One backup at a time: ticks that pile up while one runs are one job, not many.
    { policy: 'short' },
  );
  await jobs.schedule(BACKUP_QUEUE, settings.cron);
}
