import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackupError, createBackup, verifyBackup } from '../../server/platform/backup.js';
import { createLogger } from '../../server/platform/logger.js';

// The embedded database's backup and restore are proven by test/faults/backup-restore.test.ts;
// these are the refusals that need no database.
describe('backups that must be refused', () => {
  let dir: string;
  const log = createLogger('silent');
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pathway-backup-refusals-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('when no embedded database runs, then the backup fails with why and leaves no folder behind', async () => {
    const target = join(dir, 'backup');
    await expect(createBackup({ dataDir: join(dir, 'data'), target, external: false, log })).rejects.toThrow(
      /no embedded PostgreSQL runs/,
    );
    expect(existsSync(target)).toBe(false);
  });

  it('when the target folder is not empty, then nothing is written into it', async () => {
    await mkdir(join(dir, 'backup'));
    await writeFile(join(dir, 'backup', 'keep.txt'), 'mine');
    await expect(
      createBackup({ dataDir: join(dir, 'data'), target: join(dir, 'backup'), external: true, log }),
    ).rejects.toThrow(/not empty/);
    expect(existsSync(join(dir, 'backup', 'keep.txt'))).toBe(true);
  });

  it('when a file is added to, removed from or changed in a backup, or its manifest is edited, then it is refused', async () => {
    await mkdir(join(dir, 'data', 'media'), { recursive: true });
    await writeFile(join(dir, 'data', 'media', 'a.png'), 'first');
    await writeFile(join(dir, 'data', 'media', 'b.png'), 'second');
    const backup = join(dir, 'backup');
    await createBackup({ dataDir: join(dir, 'data'), target: backup, external: true, log });
    expect((await verifyBackup(backup)).files.map((file) => file.path)).toEqual(['media/a.png', 'media/b.png']);

    await writeFile(join(backup, 'media', 'c.png'), 'slipped in');
    await expect(verifyBackup(backup)).rejects.toThrow('media/c.png is not in the manifest');
    await rm(join(backup, 'media', 'c.png'));
    await rm(join(backup, 'media', 'b.png'));
    await expect(verifyBackup(backup)).rejects.toThrow('media/b.png is missing');
    await writeFile(join(backup, 'media', 'b.png'), 'changed');
    await expect(verifyBackup(backup)).rejects.toThrow('media/b.png differs');
    await writeFile(join(backup, 'media', 'b.png'), 'second');
    await verifyBackup(backup);
    await writeFile(join(backup, 'manifest.json'), '{"format":"pathway-backup/1","files":[]}\n');
    await expect(verifyBackup(backup)).rejects.toThrow(BackupError);
    await expect(verifyBackup(dir)).rejects.toThrow(/not a Pathway backup/);
  });
});
