import { createHash } from 'node:crypto';
import { createReadStream, type Dirent } from 'node:fs';
import { chmod, chown, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import pg from 'pg';
import { processOwner, runningEmbeddedPostgres } from '../db/embedded-postgres.js';
import type { Logger } from './logger.js';
import { loadLocalSecrets } from './secrets.js';
import { STORED_FILE_PREFIXES } from './storage.js';

/**
 * A backup folder: `postgres/` (a base backup of the embedded server, with its `backup_label` and
 * the WAL from its start to its end), one folder per store of files on the local disk (every
 * prefix of `STORED_FILE_PREFIXES`: post media, case documents, lesson images, and whatever store
 * is declared next), `secrets.json` (the embedded database's password and the token key, which the
 * restored database and sessions need), and `manifest.json` listing every file with its size and
 * SHA-256, itself checksummed in `manifest.sha256`. See docs/decisions/017-backups-by-base-backup.md
 * and 028-backups-hold-every-store.md.
 */
export const MANIFEST_FORMAT = 'pathway-backup/1';

export type BackupManifest = {
  format: typeof MANIFEST_FORMAT;
  createdAt: string;
  /** `embedded`: the database is in the backup; `external`: only the stored files and secrets are (see docs/operations.md). */
  database: { kind: 'embedded'; startLsn: string; stopLsn: string } | { kind: 'external' };
  /**
   * Where the stored files were: `local`, and `folders` names the stores copied into the backup;
   * `s3`, and the files stay in the bucket, whose versioning keeps them (docs/operations.md).
   * Absent in backups from before every store was copied (they hold `media/` only).
   */
  stores?: { kind: 'local'; folders: string[] } | { kind: 's3' };
  files: { path: string; bytes: number; sha256: string }[];
};

/** The folder of each store of files, in `DATA_DIR` and in a backup: the storage layer's prefixes. */
export const STORE_FOLDERS: readonly string[] = STORED_FILE_PREFIXES.map((prefix) => prefix.replace(/\/$/, ''));

export class BackupError extends Error {}

/**
 * What a base backup leaves out of the server's folder (PostgreSQL's "Backing Up the Data
 * Directory" list): the running server's lock and options, and folders that a start empties or
 * rebuilds. Their folders are kept, empty. `pg_wal` is filled separately with the backup's WAL.
 */
const SKIPPED_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'backup_label.old',
  'recovery.signal',
  'standby.signal',
]);
const EMPTIED_FOLDERS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);

const sha256Of = (path: string) =>
  new Promise<string>((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Copies a folder; files that vanish meanwhile (a running server drops temporary files) are skipped. */
async function copyTree(
  from: string,
  to: string,
  skip: (entry: Dirent, depth: number) => 'copy' | 'skip' | 'empty',
  depth = 0,
): Promise<void> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  let entries: Dirent[];
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if (missing(error)) return;
    throw error;
  }
  for (const entry of entries) {
    const decision = skip(entry, depth);
    if (decision === 'skip') continue;
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      if (decision === 'empty') await mkdir(target, { recursive: true, mode: 0o700 });
      else await copyTree(source, target, skip, depth + 1);
    } else if (entry.isFile()) {
      await copyFile(source, target).catch((error: unknown) => {
        if (!missing(error)) throw error;
      });
    }
  }
}

async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

const MANIFEST = 'manifest.json';
const MANIFEST_CHECKSUM = 'manifest.sha256';

async function writeManifest(target: string, manifest: Omit<BackupManifest, 'files'>): Promise<BackupManifest> {
  const files = [];
  for (const path of (await listFiles(target)).sort()) {
    const full = join(target, path);
    files.push({ path, bytes: (await stat(full)).size, sha256: await sha256Of(full) });
  }
  const complete: BackupManifest = { ...manifest, files };
  const text = `${JSON.stringify(complete, null, 2)}\n`;
  await writeFile(join(target, MANIFEST), text, { mode: 0o600 });
  await writeFile(
    join(target, MANIFEST_CHECKSUM),
    `${createHash('sha256').update(text).digest('hex')}  ${MANIFEST}\n`,
    { mode: 0o600 },
  );
  return complete;
}

/** Reads a backup's manifest and checks every file against it; any difference refuses the backup. */
export async function verifyBackup(source: string): Promise<BackupManifest> {
  let text: string;
  let checksum: string;
  try {
    text = await readFile(join(source, MANIFEST), 'utf8');
    checksum = (await readFile(join(source, MANIFEST_CHECKSUM), 'utf8')).split(/\s/)[0] ?? '';
  } catch {
    throw new BackupError(`${source} is not a Pathway backup: ${MANIFEST} or ${MANIFEST_CHECKSUM} is missing`);
  }
  if (createHash('sha256').update(text).digest('hex') !== checksum)
    throw new BackupError(`${MANIFEST} does not match its checksum: the backup is damaged`);
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== MANIFEST_FORMAT) throw new BackupError(`unknown backup format ${String(manifest.format)}`);
  const listed = new Set(manifest.files.map((file) => file.path));
  const problems: string[] = [];
  for (const file of manifest.files) {
    const full = join(source, file.path);
    try {
      if ((await stat(full)).size !== file.bytes || (await sha256Of(full)) !== file.sha256)
        problems.push(`${file.path} differs`);
    } catch {
      problems.push(`${file.path} is missing`);
    }
  }
  for (const path of await listFiles(source)) {
    if (path !== MANIFEST && path !== MANIFEST_CHECKSUM && !listed.has(path))
      problems.push(`${path} is not in the manifest`);
  }
  if (problems.length > 0)
    throw new BackupError(
      `the backup is damaged: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` and ${problems.length - 5} more` : ''}`,
    );
  return manifest;
}

/** The port of the embedded server running on `pgData` (line 4 of its `postmaster.pid`). */
async function embeddedPort(pgData: string): Promise<number> {
  if ((await runningEmbeddedPostgres(pgData)) === undefined) {
    throw new BackupError(
      `no embedded PostgreSQL runs on ${pgData}: start the app (a backup is taken from the running database)`,
    );
  }
  const port = Number((await readFile(join(pgData, 'postmaster.pid'), 'utf8')).split('\n')[3]);
  if (!Number.isInteger(port) || port <= 0) throw new BackupError(`cannot read the port from ${pgData}/postmaster.pid`);
  return port;
}

async function ensureEmptyTarget(target: string): Promise<void> {
  try {
    if ((await readdir(target)).length > 0) throw new BackupError(`${target} is not empty: back up into a new folder`);
  } catch (error) {
    if (!missing(error)) throw error;
  }
  await mkdir(target, { recursive: true, mode: 0o700 });
}

/**
 * Backs up DATA_DIR while the app runs. The embedded database through PostgreSQL's low-level
 * base backup API (`pg_backup_start` / `pg_backup_stop`, the method pg_basebackup uses, which the
 * embedded package does not ship): the files are copied while the server runs, and the WAL
 * written meanwhile, kept by a temporary replication slot, makes the copy consistent on restore.
 * With an external database (`external`), only media and secrets are copied: the database is
 * backed up with its own tools (docs/operations.md).
 */
type BackupOptions = {
  dataDir: string;
  target: string;
  /** The database is DATABASE_URL's: it is backed up with its own tools, not here. */
  external: boolean;
  /** Where the stored files are: on the disk, copied here; in the bucket, left to its versioning. */
  storage: 'local' | 's3';
  log: Logger;
  now?: () => Date;
};

export async function createBackup(options: BackupOptions): Promise<BackupManifest> {
  await ensureEmptyTarget(options.target);
  try {
    return await writeBackup(options);
  } catch (error) {
    // The folder was empty before: a half-written backup must not be mistaken for one (it has no manifest either).
    await rm(options.target, { recursive: true, force: true });
    throw error;
  }
}

async function writeBackup(options: BackupOptions): Promise<BackupManifest> {
  const { dataDir, target, log } = options;
  const now = options.now ?? (() => new Date());
  let database: BackupManifest['database'] = { kind: 'external' };
  if (!options.external) {
    const pgData = join(dataDir, 'postgres');
    const port = await embeddedPort(pgData);
    const { embeddedDatabasePassword } = await loadLocalSecrets(dataDir);
    const client = new pg.Client({
      host: '127.0.0.1',
      port,
      user: 'postgres',
      password: embeddedDatabasePassword,
      database: 'postgres',
    });
    await client.connect();
    try {
      // The slot holds back the WAL from here on (a checkpoint during the copy would recycle it);
      // temporary, it goes with this session even if the backup dies half-way.
      await client.query(
        "SELECT pg_create_physical_replication_slot('pathway_backup_' || pg_backend_pid(), true, true)",
      );
      const started = await client.query<{ lsn: string; file: string }>(
        'SELECT lsn::text, pg_walfile_name(lsn) AS file FROM pg_backup_start($1, true) AS lsn',
        [`pathway ${now().toISOString()}`],
      );
      const start = started.rows[0]!;
      log.info({ lsn: start.lsn }, 'backup: base backup started');
      await copyTree(pgData, join(target, 'postgres'), (entry, depth) => {
        if (depth === 0 && EMPTIED_FOLDERS.has(entry.name)) return 'empty';
        if (depth === 0 && SKIPPED_FILES.has(entry.name)) return 'skip';
        if (entry.name.startsWith('pgsql_tmp')) return 'skip';
        return 'copy';
      });
      await mkdir(join(target, 'postgres', 'pg_wal', 'archive_status'), { recursive: true, mode: 0o700 });
      // `false`: no WAL archive to wait for; the WAL is copied below. It switches to a new WAL file.
      const stopped = await client.query<{ lsn: string; file: string; labelfile: string; spcmapfile: string }>(
        'SELECT lsn::text, pg_walfile_name(lsn) AS file, labelfile, spcmapfile FROM pg_backup_stop(false)',
      );
      const stop = stopped.rows[0]!;
      await writeFile(join(target, 'postgres', 'backup_label'), stop.labelfile, { mode: 0o600 });
      if (stop.spcmapfile)
        await writeFile(join(target, 'postgres', 'tablespace_map'), stop.spcmapfile, { mode: 0o600 });
      // WAL file names sort in write order within a timeline: the files from start to stop.
      const timeline = start.file.slice(0, 8);
      const walFiles = (await readdir(join(pgData, 'pg_wal'))).filter(
        (name) => /^[0-9A-F]{24}$/.test(name) && name.startsWith(timeline) && name >= start.file && name <= stop.file,
      );
      for (const name of walFiles)
        await copyFile(join(pgData, 'pg_wal', name), join(target, 'postgres', 'pg_wal', name));
      // A history file names the timeline a restored server follows.
      for (const name of (await readdir(join(pgData, 'pg_wal'))).filter((file) => file.endsWith('.history'))) {
        await copyFile(join(pgData, 'pg_wal', name), join(target, 'postgres', 'pg_wal', name));
      }
      database = { kind: 'embedded', startLsn: start.lsn, stopLsn: stop.lsn };
      log.info({ lsn: stop.lsn, walFiles: walFiles.length }, 'backup: base backup finished');
    } finally {
      await client.end();
    }
  }
  // After the database: every file a backed-up row names is already on the disk (each store writes
  // and flushes its file before the row), so none is missing from the copy. Every declared store.
  let stores: NonNullable<BackupManifest['stores']> = { kind: 's3' };
  if (options.storage === 'local') {
    for (const folder of STORE_FOLDERS) await copyTree(join(dataDir, folder), join(target, folder), () => 'copy');
    stores = { kind: 'local', folders: [...STORE_FOLDERS] };
  }
  await copyFile(join(dataDir, 'secrets.json'), join(target, 'secrets.json')).catch((error: unknown) => {
    if (!missing(error)) throw error;
  });
  return writeManifest(target, { format: MANIFEST_FORMAT, createdAt: now().toISOString(), database, stores });
}

/**
 * Restores a verified backup into DATA_DIR while the app is stopped. What was there is moved
 * aside to `DATA_DIR/replaced-<time>/`, not deleted. On the next start PostgreSQL reads the
 * `backup_label`, replays the backup's WAL and opens the database as it was at the backup's end.
 */
export async function restoreBackup(options: {
  dataDir: string;
  source: string;
  log: Logger;
  now?: () => Date;
}): Promise<BackupManifest> {
  const { dataDir, source, log } = options;
  const now = options.now ?? (() => new Date());
  const manifest = await verifyBackup(source);
  const pgData = join(dataDir, 'postgres');
  if ((await runningEmbeddedPostgres(pgData)) !== undefined)
    throw new BackupError('the app (its embedded PostgreSQL) is running: stop it before restoring');

  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  // Copied next to its place first, then swapped in by renames: a failed copy leaves DATA_DIR as it was.
  const staging = join(dataDir, `.restoring-${process.pid}`);
  await rm(staging, { recursive: true, force: true });
  // The stores the backup copied (an older backup: `media` only, which is what it holds).
  const storeFolders = manifest.stores?.kind === 'local' ? manifest.stores.folders : manifest.stores ? [] : ['media'];
  const unknown = storeFolders.filter((folder) => !STORE_FOLDERS.includes(folder));
  if (unknown.length > 0)
    throw new BackupError(
      `the backup holds stores this version does not know (${unknown.join(', ')}): restore it with a newer version`,
    );
  const held = (part: string) => manifest.files.some((file) => file.path === part || file.path.startsWith(`${part}/`));
  // A declared store that was empty at the backup is restored empty: what is there now is newer.
  const parts = ['postgres', ...storeFolders, 'secrets.json'].filter(
    (part) => storeFolders.includes(part) || held(part),
  );
  if (manifest.database.kind === 'embedded') {
    await copyTree(join(source, 'postgres'), join(staging, 'postgres'), () => 'copy');
    const owner = await processOwner();
    if (owner) await chownTree(join(staging, 'postgres'), owner.uid, owner.gid);
    await chmod(join(staging, 'postgres'), 0o700);
  }
  for (const folder of storeFolders) await copyTree(join(source, folder), join(staging, folder), () => 'copy');
  if (parts.includes('secrets.json')) await copyFile(join(source, 'secrets.json'), join(staging, 'secrets.json'));

  const aside = join(dataDir, `replaced-${now().toISOString().replace(/[:.]/g, '-')}`);
  for (const part of parts) {
    try {
      await stat(join(dataDir, part));
      await mkdir(aside, { recursive: true, mode: 0o700 });
      await rename(join(dataDir, part), join(aside, part));
    } catch (error) {
      if (!missing(error)) throw error;
    }
    await rename(join(staging, part), join(dataDir, part));
  }
  await rm(staging, { recursive: true, force: true });
  log.info({ restored: parts, replacedInto: aside }, "restore: done; start the app to replay the backup's WAL");
  return manifest;
}

async function chownTree(root: string, uid: number, gid: number): Promise<void> {
  await chown(root, uid, gid);
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true }))
    await chown(join(entry.parentPath, entry.name), uid, gid);
}

/** Keeps the newest `keep` backups (folders named by time) under `root`, removing the rest. */
export async function pruneBackups(root: string, keep: number): Promise<string[]> {
  const names = (await readdir(root, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && /^backup-\d{8}T\d{6}Z$/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  const removed = names.slice(0, Math.max(0, names.length - keep));
  for (const name of removed) await rm(join(root, name), { recursive: true, force: true });
  return removed;
}

/** `backup-20260124T031500Z`: sorts by time. */
export const backupFolderName = (at: Date) =>
  `backup-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}`;
