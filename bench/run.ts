// `npm run bench`: the built app on its own fresh database with realistic data, every
// scenario in one run, each reported next to baselines measured in the same run.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { connectDatabase } from '../server/db/client.js';
import { findFreePort, startEmbeddedPostgres } from '../server/db/embedded-postgres.js';
import { applyMigrations } from '../server/db/migrate.js';
import { createLogger } from '../server/platform/logger.js';
import {
  CHROMIUM,
  COMPARE,
  isRepeatable,
  isRepeatableRead,
  QUICK,
  rssMegabytes,
  runScenario,
  startPortPrintingServer,
  type BenchContext,
  type Scenario,
  type ScenarioResult,
} from './harness.js';
import { runAdminListSweep, type AdminListSweepResult } from './admin-list-sweep.js';
// Types only: Lighthouse and Playwright load when the front-end stage runs (not for --compare).
import { FIRST_PAGE_GZIP_KB, firstPageWeights } from './first-page-weights.js';
import type { JavaScriptWeight, LighthouseScores } from './frontend.js';
import { runLiveUpdates, type LiveResult } from './live.js';
import { runScaleOut, scaleOutLines, type ScaleOutResult } from './scale-out.js';
import { casesBench } from './scenarios/cases.js';
import { lmsBench } from './scenarios/lms.js';
import { runExamImport, runImportDelay } from './scenarios/exam-import.js';
import { liveSubscribers, networkBench, sessionCookie } from './scenarios/network.js';

const areas = [casesBench, networkBench, lmsBench];

/** What a server could do at best on this machine, with no database at all. */
const memoryBaseline: Scenario = { name: 'reference: node:http JSON from memory', target: 'json-baseline', path: '/' };
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 5);
/**
 * BENCH_ROUNDS (3): a scenario and its baseline run in turns, this many times each, and the
 * ratio is the median of the rounds' ratios: the machine is shared, and a neighbour's burst during
 * one side's only run moved a ratio by 0.05 or more.
 */
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const livePosts = Number(process.env.BENCH_LIVE_POSTS ?? 20);
// `--compare` measures nothing: only the answers of the app and its baselines, compared.
const runFrontEnd = process.env.BENCH_FRONTEND !== 'false' && !COMPARE;
const runLive = process.env.BENCH_LIVE !== 'false' && !COMPARE;
/** BENCH_SCALE_OUT=false skips the three-instance topology (HAProxy, PgBouncer: scripts/install-ops-tools.sh). */
const runScaleOutStage = process.env.BENCH_SCALE_OUT !== 'false' && !COMPARE;
/** BENCH_ONLY=regex: only the scenarios whose names match (the data is loaded in full anyway). */
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
/** BENCH_PROFILE=dir: the app and its baseline each write a V8 CPU profile there when they stop. */
const profileDir = process.env.BENCH_PROFILE;
const profileArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
const log = createLogger('warn');
/**
 * Every combination of the admin list's filter, search, sort and page (bench/admin-list-sweep.ts),
 * asked by one staff member, then by four at once (two per core of the bench's machine, which keeps
 * it busy all the time). The load scenarios above measure four combinations at 32 at once, the
 * machine's saturation, against their baselines.
 */
const ADMIN_LIST_SWEEP_NAME = 'cases: admin list, every filter, search, sort and page';
const ADMIN_LIST_SWEEP_CONNECTIONS = [1, 4];
const ADMIN_LIST_SWEEP_TIMES_EACH = 5;
/** The LMS admin the bench's app is started with; the import stages sign in as it. */
const LMS_ADMIN = { username: 'benchadmin', password: 'bench-lms-admin-password' };
/** `--compare` imports this many of the import stage's questions, to prove the file is still taken. */
const COMPARE_IMPORT_ROWS = 50;
/**
 * The per-client limits, for the app and its baseline (which counts them the same way): high
 * enough that they are counted and never reached, as load comes from one address and a few members.
 */
const limits = {
  CASE_LOOKUP_RATE_LIMIT: '1000000000',
  LOGIN_RATE_LIMIT: '1000000000',
  MEMBER_RATE_LIMIT: '1000000000',
  LMS_SIGNUPS_PER_HOUR: '1000000000',
  LEARNER_RATE_LIMIT: '1000000000',
};
/**
 * The app's timed background jobs, off for the bench's app: the baselines run none, and a job that
 * fires during one side's round measures the job, not the route. The hourly item calibration (at
 * :20) took 7.6 s of the app's CPU in the middle of a 5-second round on --quick's data, and the
 * late-steps sweep runs every 15 minutes. Requests start no job in the read scenarios, and the
 * queue's own polling still runs.
 */
const noSchedules = {
  LMS_CALIBRATION_CRON: 'off',
  CASE_LATE_STEPS_CRON: 'off',
  NETWORK_DIGEST_CRON: 'off',
};
/** A scenario whose answers are compared with its baseline's: a read, asked of both alike. */
const isCompared = (scenario: Scenario) => Boolean(scenario.baseline) && isRepeatableRead(scenario);
/** A write with a baseline: its answers cannot be asked twice alike, but `--compare` runs it briefly on both. */
const isCheckedWrite = (scenario: Scenario) => Boolean(scenario.baseline) && !isRepeatableRead(scenario);
/** `--compare`'s run of a write on the app and on its baseline: long enough for every connection's cycle. */
const CHECKED_WRITE_SECONDS = 1;

/**
 * A run whose requests were refused or failed measured a refusal, not the scenario: its figures
 * would compare nothing with nothing (a baseline whose statement lost a parameter answered 500 to
 * every request for a whole session, and its ratio looked like a slow app). The stage fails.
 */
function assertAllAnswered(result: ScenarioResult): ScenarioResult {
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(
      `${result.name}: ${result.non2xx} request(s) answered with a status other than 2xx and ${result.errors} failed; ` +
        'its figures would measure the refusal, not the scenario',
    );
  return result;
}

/** Answer headers that differ from one answer to the next. */
const VOLATILE_HEADERS = new Set(['date', 'content-length', 'x-ratelimit-remaining', 'x-ratelimit-reset']);

/**
 * A baseline is a limit only if it gives the same answer: one request to each before a scenario's
 * rounds, and the scenario's stage fails if their status, headers or JSON differ (its rounds are not
 * spent on a comparison that means nothing). The baselines answer through the app's own shaping
 * functions (bench/baselines/app-baseline.mjs), so only a real difference fails here.
 */
async function assertSameAnswer(scenario: Scenario, appUrl: string, baselineUrl: string): Promise<void> {
  const path = scenario.setupPath?.() ?? scenario.path ?? '/';
  const init: RequestInit = {
    method: scenario.method ?? 'GET',
    // As the load scenarios ask (autocannon sends no Accept-Encoding): fetch would otherwise ask
    // for gzip, and the app compresses (decision 049) where the baselines answer plain.
    headers: { 'accept-encoding': 'identity', ...scenario.headers },
    body: scenario.body ?? null,
  };
  const answerOf = async (url: string) => {
    const response = await fetch(`${url}${path}`, init);
    const headers: string[] = [];
    response.headers.forEach((value, name) => {
      if (!VOLATILE_HEADERS.has(name)) headers.push(`${name}: ${value}`);
    });
    return {
      head: [`status ${response.status}`, ...headers.sort()].join('\n'),
      body: (await response.json()) as unknown,
    };
  };
  const [app, baseline] = await Promise.all([answerOf(appUrl), answerOf(baselineUrl)]);
  if (app.head !== baseline.head)
    throw new Error(`the baseline's headers differ from the app's\napp:\n${app.head}\nbaseline:\n${baseline.head}`);
  const difference = firstDifference(app.body, baseline.body);
  if (difference) throw new Error(`the baseline's JSON differs from the app's at ${difference}`);
}

/** Where two JSON values first differ (`$.servicesSubscribed[0].steps[1].typicalDays: app …, baseline …`), or undefined. */
function firstDifference(app: unknown, baseline: unknown, path = '$'): string | undefined {
  const shown = (value: unknown) => (value === undefined ? 'nothing' : JSON.stringify(value).slice(0, 200));
  if (isDeepStrictEqual(app, baseline)) return undefined;
  if (Array.isArray(app) && Array.isArray(baseline)) {
    for (let i = 0; i < Math.max(app.length, baseline.length); i++) {
      const found = firstDifference(app[i], baseline[i], `${path}[${i}]`);
      if (found) return found;
    }
  } else if (app && baseline && typeof app === 'object' && typeof baseline === 'object') {
    const a = app as Record<string, unknown>;
    const b = baseline as Record<string, unknown>;
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference(a[key], b[key], `${path}.${key}`);
      if (found) return found;
    }
  }
  return `${path}: the app answers ${shown(app)}, the baseline ${shown(baseline)}`;
}

async function waitUntilReady(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the app did not become ready');
}

/** Both ends of every live-update stream live on this machine: the bench's sockets and the app's. */
function assertFileDescriptors(): void {
  const needed = liveSubscribers + 1000;
  let limit = Number.POSITIVE_INFINITY;
  try {
    limit = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim()) || limit;
  } catch {
    // No shell to ask: go ahead and let a failing connection tell.
  }
  if (limit < needed) {
    throw new Error(
      `The open-file limit (ulimit -n = ${limit}) is too low for ${liveSubscribers} live-update subscribers; ` +
        `raise it to at least ${needed} (e.g. \`ulimit -n ${needed}\` in this shell) or set BENCH_LIVE_SUBSCRIBERS lower.`,
    );
  }
}

const startedAt = Date.now();
/** Seconds since the bench started, for the stages' progress lines. */
const elapsed = () => `${((Date.now() - startedAt) / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  process.stdout.write(`starting PostgreSQL... (at ${elapsed()})\n`);
  if (!existsSync('dist/server/main.js')) throw new Error('Build first: npm run build');
  if (runLive) assertFileDescriptors();
  const workDir = await mkdtemp(join(tmpdir(), 'pathway-bench-'));
  const database = await startEmbeddedPostgres({
    dataDir: join(workDir, 'postgres'),
    password: randomBytes(12).toString('hex'),
    log,
  });
  const children: { kill(signal?: NodeJS.Signals): boolean }[] = [];
  try {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query('CREATE DATABASE pathway_bench');
    await admin.end();
    const databaseUrl = database.url.replace(/\/postgres$/, '/pathway_bench');
    const reportFile = join('bench', 'reports', `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);

    process.stdout.write(`loading data... (at ${elapsed()})\n`);
    const handle = connectDatabase(databaseUrl, { poolSize: 4, log });
    await applyMigrations(handle.pool);
    for (const area of areas) {
      const loadStarted = Date.now();
      await area.seed(handle.pool, handle.db);
      process.stdout.write(
        `loaded ${area.name} in ${((Date.now() - loadStarted) / 1000).toFixed(1)} s (at ${elapsed()})\n`,
      );
    }
    // Plans and checkpoints matter to speed only: the comparison asks each answer once.
    if (!COMPARE) {
      await handle.pool.query('VACUUM ANALYZE');
      // The loaded data written out now, not by a timed checkpoint during the first minutes of load.
      await handle.pool.query('CHECKPOINT');
    }
    await handle.close();
    process.stdout.write(`starting the app and the baselines... (at ${elapsed()})\n`);

    // Shared with the baseline, which verifies the same tokens by hand.
    const jwtSecret = randomBytes(32).toString('hex');
    const caseAdmin = { email: 'bench-admin@example.test', password: 'bench-admin-password' };
    const port = await findFreePort();
    const app = spawn(process.execPath, [...profileArgs, 'dist/server/main.js'], {
      env: {
        ...process.env,
        // As production starts it (Dockerfile): React DOM's production renderers, no source maps or
        // API docs. Without it the app ran development builds of what it renders (issue 42).
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(workDir, 'app'),
        DATABASE_URL: databaseUrl,
        JWT_SECRET: jwtSecret,
        LOG_LEVEL: 'warn',
        CASE_ADMIN_EMAIL: caseAdmin.email,
        CASE_ADMIN_PASSWORD: caseAdmin.password,
        ...limits,
        ...noSchedules,
        MEMBER_STREAM_LIMIT: '1000000',
        LMS_ADMIN_USERNAME: LMS_ADMIN.username,
        LMS_ADMIN_PASSWORD: LMS_ADMIN.password,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(app);
    const appUrl = `http://127.0.0.1:${port}`;
    await waitUntilReady(appUrl);
    process.stdout.write(`the app is ready (at ${elapsed()})\n`);

    const jsonBaseline = await startPortPrintingServer(
      process.execPath,
      ['bench/baselines/json-server.mjs'],
      process.env,
    );
    const appBaseline = await startPortPrintingServer(
      process.execPath,
      [...profileArgs, 'bench/baselines/app-baseline.mjs'],
      {
        ...process.env,
        // It imports the app's built modules: the same builds of them as the app runs.
        NODE_ENV: 'production',
        ...limits,
        DATABASE_URL: databaseUrl,
        JWT_SECRET: jwtSecret,
      },
    );
    children.push(jsonBaseline.child, appBaseline.child);

    const login = await fetch(`${appUrl}/api/caseadmin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(caseAdmin),
    });
    const ctx: BenchContext = {
      appUrl,
      databaseUrl,
      caseAdmin,
      caseAdminToken: ((await login.json()) as { token: string }).token,
    };

    const targets = {
      app: { url: appUrl, pid: app.pid },
      'json-baseline': { url: jsonBaseline.url, pid: jsonBaseline.child.pid },
      baseline: { url: appBaseline.url, pid: appBaseline.child.pid },
    };
    const measured: Report = {
      idleRssMb: await rssMegabytes(app.pid),
      results: [],
      live: undefined,
      adminListSweeps: [],
      javaScript: [],
      lighthouseScores: [],
      failedStages: [],
      compared: [],
    };
    const { results, adminListSweeps } = measured;
    /**
     * Each stage's figures are written to the report as soon as they are measured, and a stage that
     * fails is named there and in the exit code without losing what came before it or stopping the rest.
     */
    const stage = async (name: string, measure: () => Promise<void>) => {
      try {
        await measure();
      } catch (error) {
        process.stdout.write(`stage failed: ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
        measured.failedStages.push({ stage: name, error: String(error) });
        process.exitCode = 1;
      }
      await writeReport(reportFile, measured);
    };
    const scenarios = COMPARE ? [] : [memoryBaseline];
    for (const area of areas)
      scenarios.push(
        ...(await area.scenarios(ctx)).filter(
          (scenario) =>
            (!only || only.test(scenario.name)) && (!COMPARE || isCompared(scenario) || isCheckedWrite(scenario)),
        ),
      );
    // Before the load scenarios: afterwards V8 keeps the heap it grew under load, and the streams'
    // memory would hide in it instead of showing in the RSS difference.
    if (runLive) {
      await stage('live updates', async () => {
        process.stdout.write(`running: live updates, ${liveSubscribers} subscribers, ${livePosts} posts\n`);
        measured.live = await runLiveUpdates({
          appUrl,
          pid: app.pid,
          subscribers: liveSubscribers,
          posts: livePosts,
          // Subscribers are members 2..N+1; member 1 publishes.
          cookieOf: (n) => sessionCookie(n + 1),
          publisherCookie: sessionCookie(1),
        });
      });
    }

    for (const scenario of scenarios)
      await stage(scenario.name, async () => {
        const target = targets[scenario.target];
        // The scenario's set-up (a grown feed, a cursor) once, before the comparison and the rounds.
        await scenario.before?.();
        if (isCompared(scenario)) {
          await assertSameAnswer(scenario, target.url, targets.baseline.url);
          if (COMPARE) {
            process.stdout.write(`same answer: ${scenario.name} (at ${elapsed()})\n`);
            measured.compared.push(scenario.name);
            return;
          }
        }
        const overrides = scenario.baseline === true || !scenario.baseline ? {} : scenario.baseline;
        const baseline: Scenario = {
          ...scenario,
          ...overrides,
          before: undefined,
          name: `${scenario.name} (baseline)`,
          target: 'baseline',
        };
        if (COMPARE) {
          // A write: every request of a short run on each side must be answered with a 2xx.
          for (const [side, url] of [
            [{ ...scenario, before: undefined }, target.url],
            [baseline, targets.baseline.url],
          ] as const)
            assertAllAnswered(await runScenario(side, url, undefined, CHECKED_WRITE_SECONDS, { warmUp: false }));
          process.stdout.write(`answered alike (writes): ${scenario.name} (at ${elapsed()})\n`);
          measured.compared.push(scenario.name);
          return;
        }
        const appRounds: ScenarioResult[] = [];
        const baselineRounds: ScenarioResult[] = [];
        const roundCount = scenario.baseline && isRepeatable(scenario) ? rounds : 1;
        for (let round = 1; round <= roundCount; round++) {
          const of = roundCount > 1 ? ` (round ${round} of ${roundCount})` : '';
          const warmUp = round === 1;
          const measureApp = async () => {
            process.stdout.write(`running: ${scenario.name}${of}\n`);
            appRounds.push(
              assertAllAnswered(
                await runScenario({ ...scenario, before: undefined }, target.url, target.pid, durationSeconds, {
                  warmUp,
                }),
              ),
            );
          };
          const measureBaseline = async () => {
            process.stdout.write(`running: ${baseline.name}${of}\n`);
            baselineRounds.push(
              assertAllAnswered(
                await runScenario(baseline, targets.baseline.url, targets.baseline.pid, durationSeconds, { warmUp }),
              ),
            );
          };
          // One right after the other, so both see the same machine (it is shared and noisy), and the
          // other way round every second round, so neither always runs first (the first run after a
          // scenario's setup also meets whatever the database does next).
          if (!scenario.baseline) await measureApp();
          else if (round % 2 === 1) await measureApp().then(measureBaseline);
          else await measureBaseline().then(measureApp);
        }
        results.push(combineRounds(appRounds, baselineRounds, scenario.goal));
      });

    if (!COMPARE && (!only || only.test(ADMIN_LIST_SWEEP_NAME))) {
      for (const connections of ADMIN_LIST_SWEEP_CONNECTIONS) {
        await stage(`${ADMIN_LIST_SWEEP_NAME}, ${connections} at once`, async () => {
          process.stdout.write(`running: ${ADMIN_LIST_SWEEP_NAME}, ${connections} at once\n`);
          adminListSweeps.push(
            await runAdminListSweep({
              appUrl,
              token: ctx.caseAdminToken,
              connections,
              timesEach: ADMIN_LIST_SWEEP_TIMES_EACH,
            }),
          );
        });
      }
    }

    // The import stages are measured like scenarios: BENCH_ONLY picks them by name too.
    const importStage = (name: string) => !COMPARE && (!only || only.test(name));
    if (importStage('lms: CSV import of 5,000 exam questions')) {
      await stage('lms: CSV import of 5,000 exam questions', async () => {
        process.stdout.write('running: lms: CSV import of 5,000 exam questions\n');
        measured.examImport = await runExamImport(appUrl, LMS_ADMIN);
        process.stdout.write(`exam question import: ${JSON.stringify(measured.examImport)}\n`);
      });
    }
    if (COMPARE)
      // Not speed: the file the import stage sends is still one the importer takes whole.
      await stage("lms: the bench's CSV import accepted", async () => {
        const { imported } = await runExamImport(appUrl, LMS_ADMIN, COMPARE_IMPORT_ROWS);
        process.stdout.write(`exam question import: ${imported} of ${COMPARE_IMPORT_ROWS} questions stored\n`);
      });
    if (importStage('lms: /healthz while the largest files are imported')) {
      await stage('lms: /healthz while the largest files are imported', async () => {
        process.stdout.write('running: lms: /healthz while the largest files are imported\n');
        measured.importDelay = await runImportDelay(appUrl, LMS_ADMIN);
        for (const row of measured.importDelay)
          process.stdout.write(
            `import delay: ${row.file}: answered ${row.status} in ${row.importMilliseconds} ms; /healthz ${row.probes} times, p99 ${row.probeP99Ms} ms, slowest ${row.probeMaxMs} ms (goal: under 100 ms)\n`,
          );
      });
    }

    if (runFrontEnd && !existsSync(CHROMIUM)) {
      process.stdout.write(
        `front end skipped: no Chromium at ${CHROMIUM} (install Debian's chromium, or set CHROMIUM_PATH)\n`,
      );
    } else if (runFrontEnd) {
      await stage('front end: JavaScript per first page', async () => {
        process.stdout.write('running: front end (JavaScript per first page)\n');
        measured.javaScript = await (await import('./frontend.js')).measureJavaScript(appUrl);
      });
      await stage('front end: Lighthouse', async () => {
        process.stdout.write('running: front end (Lighthouse)\n');
        measured.lighthouseScores = await (await import('./frontend.js')).runLighthouse(appUrl);
      });
    }
    if (runScaleOutStage && !only) {
      // Last: it starts three more app instances and the topology's services next to the bench's.
      await stage('scale-out through HAProxy at 1, 2 and 3 instances', async () => {
        measured.scaleOut = await runScaleOut({ durationSeconds });
      });
    }
    if (COMPARE)
      // Bytes, not speed: cheap and exact on any machine, so CI holds every first page to its ceiling
      // (110 KB, or the weight a page still over it had) and a page that grew fails the build.
      await stage('first-page JavaScript within its ceiling', async () => {
        const weights = await firstPageWeights(join('dist', 'web'));
        for (const weight of weights)
          process.stdout.write(
            `first-page JavaScript: ${weight.page} (${weight.path}) ${weight.gzipKb} KB gzip in ${weight.scripts} files, ceiling ${weight.ceilingKb} KB\n`,
          );
        const over = weights.filter((weight) => weight.gzipKb > weight.ceilingKb);
        if (over.length)
          throw new Error(
            `OVER BUDGET: ${over.map((weight) => `${weight.page} ${weight.gzipKb} KB > ${weight.ceilingKb} KB`).join('; ')}`,
          );
      });
    if (COMPARE && measured.compared.length === 0 && measured.failedStages.length === 0) {
      // Nothing compared is no proof of anything: a filter or a broken scenario list must not pass.
      measured.failedStages.push({ stage: 'answers compared', error: 'no scenario with a baseline was compared' });
      process.exitCode = 1;
    }
    printReport(measured);
    failOverBudget(measured.javaScript);
    process.stdout.write(`report: ${reportFile}\n`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await database.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

type MeasuredScenario = ScenarioResult & {
  goal?: number | undefined;
  baseline?: ScenarioResult;
  /** Medians of each round's app / baseline ratios. */
  throughputRatio?: number;
  p99Ratio?: number;
  rounds: { app: ScenarioResult[]; baseline: ScenarioResult[] };
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** One side's rounds as one result: the median round's throughput and latencies, errors summed, CPU per request overall. */
function combined(results: ScenarioResult[]): ScenarioResult {
  const last = results[results.length - 1]!;
  const allRequestsPerSecond = results.reduce((sum, r) => sum + r.requestsPerSecond, 0);
  return {
    name: last.name,
    requestsPerSecond: Math.round(median(results.map((r) => r.requestsPerSecond))),
    latencyP50Ms: median(results.map((r) => r.latencyP50Ms)),
    latencyP99Ms: median(results.map((r) => r.latencyP99Ms)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    serverRssMb: last.serverRssMb,
    // Each round weighted by its requests (rounds are of equal length).
    serverCpuMsPerRequest:
      Math.round(
        (results.reduce((sum, r) => sum + r.serverCpuMsPerRequest * r.requestsPerSecond, 0) / allRequestsPerSecond) *
          1000,
      ) / 1000,
  };
}

function combineRounds(app: ScenarioResult[], baseline: ScenarioResult[], goal: number | undefined): MeasuredScenario {
  const paired = (value: (r: ScenarioResult) => number) => median(baseline.map((b, i) => value(app[i]!) / value(b)));
  return {
    ...combined(app),
    goal,
    rounds: { app, baseline },
    ...(baseline.length
      ? {
          baseline: combined(baseline),
          throughputRatio: paired((r) => r.requestsPerSecond),
          p99Ratio: paired((r) => r.latencyP99Ms),
        }
      : {}),
  };
}

type Report = {
  results: MeasuredScenario[];
  idleRssMb: number;
  live: LiveResult | undefined;
  adminListSweeps: AdminListSweepResult[];
  javaScript: JavaScriptWeight[];
  lighthouseScores: LighthouseScores[];
  examImport?: Awaited<ReturnType<typeof runExamImport>>;
  importDelay?: Awaited<ReturnType<typeof runImportDelay>>;
  scaleOut?: ScaleOutResult[];
  failedStages: { stage: string; error: string }[];
  /** The scenarios whose app and baseline answers were compared and found the same (`--compare`). */
  compared: string[];
};

const P99_GOAL = 1.5;
const LIVE_P99_GOAL_MS = 250;
const LIVE_KB_GOAL = 12;
const ADMIN_LIST_P99_GOAL_MS = 100;

async function writeReport(file: string, measured: Report): Promise<void> {
  await mkdir(join('bench', 'reports'), { recursive: true });
  await writeFile(
    file,
    JSON.stringify({ machine: machineOf(), quick: QUICK, durationSeconds, rounds, ...measured }, null, 2),
  );
}

function printReport({
  results,
  idleRssMb,
  live,
  adminListSweeps,
  javaScript,
  lighthouseScores,
  scaleOut,
  failedStages,
  compared,
}: Report): void {
  // A failed stage comes first, before any figure: a table of figures above it read as a finished run.
  if (failedStages.length) {
    process.stdout.write(`\nFAILED: ${failedStages.length} stage(s) of the bench; npm run bench exits 1\n`);
    for (const failed of failedStages) process.stdout.write(`FAILED stage: ${failed.stage}: ${failed.error}\n`);
    process.stdout.write('\n');
  }
  if (COMPARE) {
    process.stdout.write(
      `compared the app's answers with the baselines': ${compared.length} scenario(s) the same, ${failedStages.length} failed\n`,
    );
    return;
  }
  const rounded = (ratio: number | undefined) =>
    ratio === undefined || !Number.isFinite(ratio) ? undefined : Math.round(ratio * 100) / 100;
  const rows = results.map((r) => {
    const throughput = rounded(r.throughputRatio);
    const p99 = rounded(r.p99Ratio);
    const met =
      r.goal === undefined || throughput === undefined ? undefined : throughput >= r.goal && (p99 ?? 0) <= P99_GOAL;
    return {
      scenario: r.name,
      'req/s': r.requestsPerSecond,
      'p50 ms': r.latencyP50Ms,
      'p99 ms': r.latencyP99Ms,
      errors: r.errors + r.non2xx + (r.baseline ? r.baseline.errors + r.baseline.non2xx : 0),
      'rss MB': r.serverRssMb,
      'cpu ms/req': r.serverCpuMsPerRequest,
      'baseline cpu ms/req': r.baseline?.serverCpuMsPerRequest ?? '-',
      'baseline req/s': r.baseline?.requestsPerSecond ?? '-',
      'baseline p99 ms': r.baseline?.latencyP99Ms ?? '-',
      'x baseline': throughput ?? '-',
      'p99 x baseline': p99 ?? '-',
      goal: r.goal === undefined ? '-' : `>= ${r.goal}, p99 <= ${P99_GOAL}x: ${met ? 'met' : 'NOT met'}`,
    };
  });
  console.table(rows);
  process.stdout.write(
    `app memory when idle: ${idleRssMb} MB; each scenario with a baseline ran ${rounds} rounds of ${durationSeconds} s in turns with it (ratios: the median round's)${QUICK ? '; --quick data sizes' : ''}\n`,
  );
  if (live) process.stdout.write('\nlive updates (feed event stream):\n');
  if (live)
    console.table([
      {
        subscribers: `${live.connected}/${live.subscribers}`,
        posts: live.posts,
        deliveries: live.deliveries,
        missed: live.missed,
        'p50 ms': live.publishToReceiveP50Ms,
        'p99 ms': live.publishToReceiveP99Ms,
        'max ms': live.publishToReceiveMaxMs,
        'rss before MB': live.serverRssIdleMb,
        'rss connected MB': live.serverRssConnectedMb,
        'KB / connection': live.serverKbPerConnection,
        goal: `p99 < ${LIVE_P99_GOAL_MS} ms, <= ${LIVE_KB_GOAL} KB: ${live.publishToReceiveP99Ms < LIVE_P99_GOAL_MS && live.serverKbPerConnection <= LIVE_KB_GOAL ? 'met' : 'NOT met'}`,
      },
    ]);
  if (adminListSweeps.length) {
    process.stdout.write(
      `\n${ADMIN_LIST_SWEEP_NAME} (each of ${adminListSweeps[0]!.combinations} combinations ${ADMIN_LIST_SWEEP_TIMES_EACH} times):\n`,
    );
    console.table(
      adminListSweeps.map((sweep) => ({
        'at once': sweep.connections,
        requests: sweep.requests,
        failed: sweep.failed,
        'p50 ms': sweep.p50Ms,
        'p99 ms': sweep.p99Ms,
        'max ms': sweep.maxMs,
        slowest: `${sweep.slowest[0]?.query ?? '-'} (${sweep.slowest[0]?.maxMs ?? '-'} ms)`,
        goal: `p99 < ${ADMIN_LIST_P99_GOAL_MS} ms: ${sweep.p99Ms < ADMIN_LIST_P99_GOAL_MS && sweep.failed === 0 ? 'met' : 'NOT met'}`,
      })),
    );
  }
  if (javaScript.length) {
    process.stdout.write('\nfront end (first page of each area):\n');
    console.table(
      javaScript.map((weight) => {
        const scores = lighthouseScores.find((s) => s.path === weight.path);
        return {
          page: `${weight.page} (${weight.path})`,
          'js files': weight.scripts,
          'js KB': weight.rawKb,
          'js gzip KB': weight.gzipKb,
          'lighthouse perf': scores?.performance ?? '-',
          'lighthouse a11y': scores?.accessibility ?? '-',
          goal: frontEndGoal(weight, scores),
        };
      }),
    );
    for (const scores of lighthouseScores)
      if (scores.error) process.stdout.write(`lighthouse ${scores.path}: ${scores.error}\n`);
  }
  if (scaleOut?.length) for (const line of scaleOutLines(scaleOut)) process.stdout.write(`${line}\n`);
  for (const failed of failedStages)
    process.stdout.write(`NOT measured (stage failed): ${failed.stage}: ${failed.error.split('\n')[0]}\n`);
}

/** Issue 21's budgets with React DOM: 110 KB of gzip JavaScript per first page (first-page-weights.ts), Lighthouse mobile performance 95 and accessibility 100. */
const LIGHTHOUSE_PERFORMANCE_GOAL = 95;
const LIGHTHOUSE_ACCESSIBILITY_GOAL = 100;

/**
 * A first page over its JavaScript budget fails the bench (exit code 1), said last and loudly, so
 * a bundle that grew is not one more "NOT met" in a table nobody reads to the end.
 */
function failOverBudget(weights: JavaScriptWeight[]): void {
  const over = weights.filter((weight) => weight.gzipKb > FIRST_PAGE_GZIP_KB);
  if (!over.length) return;
  process.stderr.write(
    `\nOVER BUDGET: first-page JavaScript above ${FIRST_PAGE_GZIP_KB} KB gzip: ${over
      .map((weight) => `${weight.page} (${weight.path}) ${weight.gzipKb} KB`)
      .join('; ')}\n`,
  );
  process.exitCode = 1;
}

function frontEndGoal(weight: JavaScriptWeight, scores: LighthouseScores | undefined): string {
  const misses: string[] = [];
  if (weight.gzipKb > FIRST_PAGE_GZIP_KB) misses.push(`js > ${FIRST_PAGE_GZIP_KB} KB`);
  if (scores && !scores.error) {
    if ((scores.performance ?? 0) < LIGHTHOUSE_PERFORMANCE_GOAL) misses.push(`perf < ${LIGHTHOUSE_PERFORMANCE_GOAL}`);
    if ((scores.accessibility ?? 0) < LIGHTHOUSE_ACCESSIBILITY_GOAL)
      misses.push(`a11y < ${LIGHTHOUSE_ACCESSIBILITY_GOAL}`);
  }
  return misses.length ? `NOT met: ${misses.join(', ')}` : 'met';
}

function machineOf() {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
