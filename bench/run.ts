// `npm run bench`: the built app on its own fresh database with realistic data, every
// scenario in one run, each reported next to baselines measured in the same run.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { connectDatabase } from '../server/db/client.js';
import { findFreePort, startEmbeddedPostgres } from '../server/db/embedded-postgres.js';
import { applyMigrations } from '../server/db/migrate.js';
import { createLogger } from '../server/platform/logger.js';
import { rssMegabytes, runScenario, startPortPrintingServer, type BenchContext, type Scenario, type ScenarioResult } from './harness.js';
import { CASES, caseNumber, casesBench, passport } from './scenarios/cases.js';

const areas = [casesBench];

let baselineCounter = 0;
/** What a server could do at best on this machine: the ceiling the app's figures are divided by. */
const baselines: Scenario[] = [
  { name: 'baseline: node:http JSON from memory', target: 'json-baseline', path: '/' },
  {
    name: 'baseline: node:http + pg case lookup',
    target: 'pg-baseline',
    setupPath: () => {
      const n = (baselineCounter++ % CASES) + 1;
      return `/?caseNumber=${caseNumber(n)}&passportNumber=${passport(n)}`;
    },
  },
];
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 8);
const log = createLogger('warn');

async function waitUntilReady(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the app did not become ready');
}

async function main(): Promise<void> {
  if (!existsSync('dist/server/main.js')) throw new Error('Build first: npm run build');
  const workDir = await mkdtemp(join(tmpdir(), 'pathway-bench-'));
  const database = await startEmbeddedPostgres({ dataDir: join(workDir, 'postgres'), password: randomBytes(12).toString('hex'), log });
  const children: { kill(signal?: NodeJS.Signals): boolean }[] = [];
  try {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query('CREATE DATABASE pathway_bench');
    await admin.end();
    const databaseUrl = database.url.replace(/\/postgres$/, '/pathway_bench');

    process.stdout.write('loading data...\n');
    const handle = connectDatabase(databaseUrl, { poolSize: 4, log });
    await applyMigrations(handle.pool);
    for (const area of areas) await area.seed(handle.pool, handle.db);
    await handle.pool.query('VACUUM ANALYZE');
    await handle.close();

    const caseAdmin = { email: 'bench-admin@example.test', password: 'bench-admin-password' };
    const port = await findFreePort();
    const app = spawn(process.execPath, ['dist/server/main.js'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(workDir, 'app'),
        DATABASE_URL: databaseUrl,
        JWT_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'warn',
        CASE_ADMIN_EMAIL: caseAdmin.email,
        CASE_ADMIN_PASSWORD: caseAdmin.password,
        CASE_LOOKUP_RATE_LIMIT: '1000000000',
        LOGIN_RATE_LIMIT: '1000000000',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(app);
    const appUrl = `http://127.0.0.1:${port}`;
    await waitUntilReady(appUrl);

    const jsonBaseline = await startPortPrintingServer(process.execPath, ['bench/baselines/json-server.mjs'], process.env);
    const pgBaseline = await startPortPrintingServer(process.execPath, ['bench/baselines/pg-lookup-server.mjs'], {
      ...process.env,
      DATABASE_URL: databaseUrl,
    });
    children.push(jsonBaseline.child, pgBaseline.child);

    const login = await fetch(`${appUrl}/api/caseadmin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(caseAdmin),
    });
    const ctx: BenchContext = { caseAdmin, caseAdminToken: ((await login.json()) as { token: string }).token };

    const targets = {
      app: { url: appUrl, pid: app.pid },
      'json-baseline': { url: jsonBaseline.url, pid: jsonBaseline.child.pid },
      'pg-baseline': { url: pgBaseline.url, pid: pgBaseline.child.pid },
    };
    const idleRssMb = await rssMegabytes(app.pid);
    const results: ScenarioResult[] = [];
    for (const scenario of [...baselines, ...areas.flatMap((area) => area.scenarios(ctx))]) {
      process.stdout.write(`running: ${scenario.name}\n`);
      const target = targets[scenario.target];
      results.push(await runScenario(scenario, target.url, target.pid, durationSeconds));
    }
    report(results, idleRssMb);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await database.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

function report(results: ScenarioResult[], idleRssMb: number): void {
  const json = results.find((r) => r.name.startsWith('baseline: node:http JSON'))?.requestsPerSecond ?? 0;
  const pgBase = results.find((r) => r.name.startsWith('baseline: node:http + pg'))?.requestsPerSecond ?? 0;
  const ratio = (value: number, base: number) => (base ? (value / base).toFixed(2) : '-');
  const rows = results.map((r) => ({
    scenario: r.name,
    'req/s': r.requestsPerSecond,
    'p50 ms': r.latencyP50Ms,
    'p99 ms': r.latencyP99Ms,
    errors: r.errors + r.non2xx,
    'rss MB': r.serverRssMb,
    'vs json': ratio(r.requestsPerSecond, json),
    'vs pg': ratio(r.requestsPerSecond, pgBase),
  }));
  console.table(rows);
  process.stdout.write(`app memory when idle: ${idleRssMb} MB; each scenario ran ${durationSeconds} s\n`);
  const file = join('bench', 'reports', `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  void mkdir(join('bench', 'reports'), { recursive: true })
    .then(() => writeFile(file, JSON.stringify({ durationSeconds, idleRssMb, results: rows }, null, 2)))
    .then(() => process.stdout.write(`report: ${file}\n`));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
