import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { BackupError, createBackup, restoreBackup } from './platform/backup.js';
import { createLogger } from './platform/logger.js';

const USAGE = 'Usage: npm run backup -- DIR (the app running) | npm run restore -- DIR (the app stopped)';

/** `backup DIR` and `restore DIR` for DATA_DIR, with the app's own configuration (docs/operations.md). */
async function main(): Promise<void> {
  const [command, dir] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !dir) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const log = createLogger(config.logLevel === 'silent' ? 'silent' : 'info');
  const folder = resolve(dir);
  if (command === 'backup') {
    if (config.databaseUrl)
      log.warn(
        'DATABASE_URL is set: this backup holds the stored files and secrets only; back the database up with its own tools (docs/operations.md)',
      );
    if (config.storage.kind === 's3')
      log.warn(
        "stored files (media, case documents, lesson images) are in the S3 bucket: the backup holds none; the bucket's versioning keeps them (docs/operations.md)",
      );
    const manifest = await createBackup({
      dataDir: config.dataDir,
      target: folder,
      external: Boolean(config.databaseUrl),
      storage: config.storage.kind,
      log,
    });
    log.info(
      { folder, files: manifest.files.length, bytes: manifest.files.reduce((sum, file) => sum + file.bytes, 0) },
      'backup written',
    );
  } else {
    await restoreBackup({ dataDir: config.dataDir, source: folder, log });
  }
}

main().catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof ConfigError) {
    console.error(error.message);
  } else {
    createLogger('fatal').fatal({ err: error }, 'backup command failed');
  }
  process.exit(1);
});
