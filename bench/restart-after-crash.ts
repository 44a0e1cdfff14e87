/**
 * How long the app takes to serve again after a crash, with the bench's 200,000 cases
 * (docs/operations.md, "Restart after a crash"). The built app (`npm run build:server` first) on a
 * DATA_DIR of its own with the embedded database: seeded once, then killed with SIGKILL and started
 * again, `RESTART_ROUNDS` times (3 unless set), timing each start from the spawn to the first 200 of
 * /readyz; then the same with its PostgreSQL killed too (as a power loss leaves both). Prints each
 * start's steps as the app logs them, with the machine's load, which the figures depend on. Then a
 * backup of that DATA_DIR while the app runs (`backup-cli.js backup`), the SIGTERM-to-exit time, a
 * restore onto a fresh DATA_DIR (`backup-cli.js restore`) and the restored app's start, with its
 * count of cases.
 *
 *   npx tsx bench/restart-after-crash.ts            # 200,000 cases; --quick: 20,000
 *
 * RESTART_DATA_DIR=folder keeps the seeded DATA_DIR there and, when it already holds one, starts
 * from it without seeding again (seeding 200,000 cases takes minutes on a busy machine).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { findFreePort, isAlive } from '../server/db/embedded-postgres.js';
import { embeddedDatabaseUrl } from '../server/db/open.js';
import { schema } from '../server/db/schema/index.js';
import { CASES, casesBench } from './scenarios/cases.js';

const ROUNDS = Number(process.env.RESTART_ROUNDS ?? 3);
// RESTART_MAIN: another build to compare (an older commit's tree, built).
const MAIN = process.env.RESTART_MAIN ?? 'dist/server/main.js';

type Started = { child: ChildProcess; exited: Promise<void>; output: () => string; url: string };

const appEnv = (dataDir: string, port: number) => ({
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: process.env.RESTART_LOG_LEVEL ?? 'info',
  CASE_ADMIN_EMAIL: 'restart@example.test',
  CASE_ADMIN_PASSWORD: 'restart-bench-password',
  DATABASE_URL: '',
});

async function startApp(dataDir: string, port: number): Promise<Started & { seconds: number; cpuSeconds: number }> {
  const began = performance.now();
  const child = spawn(process.execPath, [MAIN], { env: appEnv(dataDir, port), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited during start:\n${output}`);
    const status = await fetch(`${url}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    child,
    exited,
    output: () => output,
    url,
    seconds: (performance.now() - began) / 1000,
    cpuSeconds: await cpuSecondsOf(child.pid),
  };
}

/**
 * The CPU time a process has used (user and system, from /proc): unlike the wall time, it hardly
 * depends on how busy the machine is, so it is the figure to compare between runs.
 */
async function cpuSecondsOf(pid: number | undefined): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime, fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The steps of the start as the app logged them: its `ready` line, and the database's own lines. */
function stepsOf(output: string): string {
  const lines = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map(
      (line) =>
        JSON.parse(line) as { time: number; msg: string; postgres?: string; startupMs?: Record<string, number> },
    );
  const ready = lines.find((line) => line.msg === 'ready');
  const first = lines[0]?.time ?? 0;
  const marks = lines
    .filter((line) => /PostgreSQL|postmaster|migrat|recover/i.test(line.msg) || line.postgres)
    .map((line) => `${((line.time - first) / 1000).toFixed(2)} s ${line.postgres ?? line.msg}`);
  return `${JSON.stringify(ready?.startupMs ?? {})}\n      ${marks.join('\n      ')}`;
}

async function postmasterPid(dataDir: string): Promise<number> {
  return Number((await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
}

const load = () =>
  loadavg()
    .map((figure) => figure.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build:server first`);
  const kept = process.env.RESTART_DATA_DIR;
  const dataDir = kept ?? (await mkdtemp(join(tmpdir(), 'pathway-restart-bench-')));
  const seeded = kept !== undefined && existsSync(join(dataDir, 'secrets.json'));
  await mkdir(dataDir, { recursive: true });
  // As root the embedded PostgreSQL runs as `postgres`, which must reach its folder.
  await chmod(dataDir, 0o755);
  const port = await findFreePort();
  let app: Started | undefined;
  try {
    const first = await startApp(dataDir, port);
    app = first;
    console.log(
      `first start (${seeded ? 'the kept DATA_DIR' : 'empty DATA_DIR: initdb, migrations'}) ${first.seconds.toFixed(2)} s, load ${load()}`,
    );
    if (!seeded) await seed(dataDir);

    for (const kill of ['app', 'app and its PostgreSQL'] as const) {
      for (let round = 1; round <= ROUNDS; round++) {
        const postmaster = await postmasterPid(dataDir);
        app.child.kill('SIGKILL');
        await app.exited;
        if (kill !== 'app') {
          process.kill(postmaster, 'SIGKILL');
          while (isAlive(postmaster)) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const loadBefore = load();
        const restarted = await startApp(dataDir, port);
        app = restarted;
        console.log(
          `kill -9 of the ${kill}, round ${round}: ready in ${restarted.seconds.toFixed(2)} s, ${restarted.cpuSeconds.toFixed(2)} s of CPU (load before ${loadBefore})\n      ${stepsOf(restarted.output())}`,
        );
      }
    }
    const backupRoot = await mkdtemp(join(tmpdir(), 'pathway-restart-backup-'));
    const freshDir = await mkdtemp(join(tmpdir(), 'pathway-restart-restored-'));
    try {
      const backup = join(backupRoot, 'backup');
      const backupSeconds = await backupCli(['backup', backup], dataDir, port);
      const { stdout } = await promisify(execFile)('du', ['-sb', backup]);
      console.log(
        `backup while the app runs: ${backupSeconds.toFixed(2)} s, ${(Number(stdout.split('\t')[0]) / 1e9).toFixed(2)} GB`,
      );

      const stopping = performance.now();
      app.child.kill('SIGTERM');
      await app.exited;
      console.log(
        `SIGTERM to exit: ${((performance.now() - stopping) / 1000).toFixed(2)} s, exit code ${app.child.exitCode}`,
      );
      app = undefined;

      await chmod(freshDir, 0o755);
      const restoreSeconds = await backupCli(['restore', backup], freshDir, port);
      const restored = await startApp(freshDir, port);
      app = restored;
      const cases = await countCases(freshDir);
      console.log(
        `restore onto a fresh DATA_DIR: ${restoreSeconds.toFixed(2)} s, then ready in ${restored.seconds.toFixed(2)} s (${restored.cpuSeconds.toFixed(2)} s of CPU) with ${cases} cases\n      ${stepsOf(restored.output())}`,
      );
      app.child.kill('SIGTERM');
      await app.exited;
      app = undefined;
    } finally {
      if (app) {
        app.child.kill('SIGKILL');
        await app.exited;
        const pid = await postmasterPid(freshDir).catch(() => 0);
        if (pid && isAlive(pid)) process.kill(pid, 'SIGQUIT');
        app = undefined;
      }
      await rm(backupRoot, { recursive: true, force: true });
      await rm(freshDir, { recursive: true, force: true });
    }
  } finally {
    if (app) {
      app.child.kill('SIGKILL');
      await app.exited;
      const pid = await postmasterPid(dataDir).catch(() => 0);
      if (pid && isAlive(pid)) process.kill(pid, 'SIGQUIT');
    }
    if (!kept) await rm(dataDir, { recursive: true, force: true });
  }
}

/** `backup-cli.js` of the same build (backup or restore) on DATA_DIR: its wall seconds. */
async function backupCli(args: string[], dataDir: string, port: number): Promise<number> {
  const began = performance.now();
  await promisify(execFile)(process.execPath, [join(dirname(MAIN), 'backup-cli.js'), ...args], {
    env: appEnv(dataDir, port),
    maxBuffer: 16 * 1024 * 1024,
  });
  return (performance.now() - began) / 1000;
}

/** A pool on the running app's embedded database. */
async function embeddedPool(dataDir: string): Promise<pg.Pool> {
  return new pg.Pool({ connectionString: await embeddedDatabaseUrl(dataDir), max: 2 });
}

async function countCases(dataDir: string): Promise<number | undefined> {
  const pool = await embeddedPool(dataDir);
  try {
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM cases');
    return rows[0]?.n;
  } finally {
    await pool.end();
  }
}

/** The bench's cases, written into the running app's embedded database. */
async function seed(dataDir: string): Promise<void> {
  const pool = await embeddedPool(dataDir);
  const seeding = performance.now();
  await casesBench.seed(pool, drizzle({ client: pool, schema, casing: 'snake_case' }));
  await pool.end();
  console.log(
    `seeded ${await countCases(dataDir)} cases (${CASES} asked) in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
}

await main();
