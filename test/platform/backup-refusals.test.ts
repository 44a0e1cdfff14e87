import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackupError, createBackup, restoreBackup, STORE_FOLDERS, verifyBackup } from '../../server/platform/backup.js';
import { createLogger } from '../../server/platform/logger.js';
import { STORED_FILE_PREFIXES } from '../../server/platform/storage.js';

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
    await expect(
      createBackup({ dataDir: join(dir, 'data'), target, external: false, storage: 'local', log }),
    ).rejects.toThrow(/no embedded PostgreSQL runs/);
    expect(existsSync(target)).toBe(false);
  });

  it('when the target folder is not empty, then nothing is written into it', async () => {
    await mkdir(join(dir, 'backup'));
    await writeFile(join(dir, 'backup', 'keep.txt'), 'mine');
    await expect(
      createBackup({ dataDir: join(dir, 'data'), target: join(dir, 'backup'), external: true, storage: 'local', log }),
    ).rejects.toThrow(/not empty/);
    expect(existsSync(join(dir, 'backup', 'keep.txt'))).toBe(true);
  });

  it('when a file is added to, removed from or changed in a backup, or its manifest is edited, then it is refused', async () => {
    await mkdir(join(dir, 'data', 'media'), { recursive: true });
    await writeFile(join(dir, 'data', 'media', 'a.png'), 'first');
    await writeFile(join(dir, 'data', 'media', 'b.png'), 'second');
    const backup = join(dir, 'backup');
    await createBackup({ dataDir: join(dir, 'data'), target: backup, external: true, storage: 'local', log });
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

describe('what a backup holds', () => {
  let dir: string;
  const log = createLogger('silent');
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pathway-backup-stores-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** A file in every store the storage layer declares, as each would hold one (in a sub-folder too). */
  async function fileInEveryStore(dataDir: string): Promise<Record<string, string>> {
    const files: Record<string, string> = {};
    for (const prefix of STORED_FILE_PREFIXES) {
      const path = `${prefix}42/1769000000000-وثيقة-दस्तावेज़.bin`;
      await mkdir(join(dataDir, path, '..'), { recursive: true });
      files[path] = `bytes of ${prefix} ${'x'.repeat(100)}`;
      await writeFile(join(dataDir, path), files[path]);
    }
    return files;
  }

  it('when files are in every declared store, then the backup holds each store and a restore on a fresh DATA_DIR brings every byte back', async () => {
    expect(STORE_FOLDERS).toEqual(STORED_FILE_PREFIXES.map((prefix) => prefix.slice(0, -1)));
    const dataDir = join(dir, 'data');
    const files = await fileInEveryStore(dataDir);
    // Not a store: the outbox of a machine without SMTP.
    await mkdir(join(dataDir, 'outbox'));
    await writeFile(join(dataDir, 'outbox', 'mail.eml'), 'Subject: sent already');
    const backup = join(dir, 'backup');

    const manifest = await createBackup({ dataDir, target: backup, external: true, storage: 'local', log });

    expect(manifest.stores).toEqual({ kind: 'local', folders: STORE_FOLDERS });
    expect(manifest.files.map((file) => file.path).sort()).toEqual(Object.keys(files).sort());
    const fresh = join(dir, 'fresh');
    await restoreBackup({ dataDir: fresh, source: backup, log });
    for (const [path, bytes] of Object.entries(files)) expect(await readFile(join(fresh, path), 'utf8')).toBe(bytes);
  });

  it("when a restore replaces a DATA_DIR, then each store is the backup's, and what it replaced is kept aside", async () => {
    const dataDir = join(dir, 'data');
    const files = await fileInEveryStore(dataDir);
    const backup = join(dir, 'backup');
    await createBackup({ dataDir, target: backup, external: true, storage: 'local', log });
    // After the backup: a file added to a store, which the restored database would not know.
    const later = `${STORED_FILE_PREFIXES[1]}7/later.pdf`;
    await mkdir(join(dataDir, later, '..'), { recursive: true });
    await writeFile(join(dataDir, later), 'after the backup');

    await restoreBackup({ dataDir, source: backup, log, now: () => new Date('2026-02-01T10:00:00Z') });

    for (const [path, bytes] of Object.entries(files)) expect(await readFile(join(dataDir, path), 'utf8')).toBe(bytes);
    expect(existsSync(join(dataDir, later))).toBe(false);
    expect(await readFile(join(dataDir, 'replaced-2026-02-01T10-00-00-000Z', later), 'utf8')).toBe('after the backup');
  });

  it('when the stored files are in S3, then the backup holds none and says so; a restore leaves the local folders alone', async () => {
    const dataDir = join(dir, 'data');
    await fileInEveryStore(dataDir);
    const backup = join(dir, 'backup');

    const manifest = await createBackup({ dataDir, target: backup, external: true, storage: 's3', log });

    expect(manifest.stores).toEqual({ kind: 's3' });
    expect(manifest.files).toEqual([]);
  });
});
