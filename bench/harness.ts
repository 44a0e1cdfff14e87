import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import type { Database } from '../server/db/client.js';

export type BenchContext = {
  appUrl: string;
  databaseUrl: string;
  caseAdmin: { email: string; password: string };
  caseAdminToken: string;
};

/** The browser of the front-end stage. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * `npm run bench -- --compare` (CI): no measurement at all, only whether the app and each baseline
 * give the same answers, on a small data set, in seconds.
 */
export const COMPARE = process.argv.includes('--compare');
/** `npm run bench -- --quick`: a tenth of the data and fewer subscribers, for a quicker run. */
export const QUICK = process.argv.includes('--quick') || COMPARE;
/** A data size: the full bench's, `--quick`'s, and `--compare`'s (the quick one unless said). */
export const atFullSize = (full: number, quick: number, compare = quick) => (COMPARE ? compare : QUICK ? quick : full);

export type Scenario = {
  name: string;
  target: 'app' | 'json-baseline' | 'baseline';
  /**
   * Run the same requests against the hand-written baseline (bench/baselines/app-baseline.mjs)
   * right after, and report the scenario against it; an object overrides parts of the scenario
   * for the baseline's run (e.g. other users, where a run changes their state).
   */
  baseline?: true | Partial<Omit<Scenario, 'name' | 'target' | 'baseline'>>;
  /** The goal: at least this share of the baseline's throughput (p99 at most 1.5 times its p99). */
  goal?: number;
  method?: 'GET' | 'POST' | 'PUT';
  path?: string;
  /** A new path per request, for look-ups that must not hit one row only. */
  setupPath?: () => string;
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  /** Per-connection requests, for a cycle where each connection acts as its own user. */
  setupClient?: (client: autocannon.Client) => void;
  /**
   * A write whose every run starts from equivalent state (each connection takes users no run has
   * touched yet), so it too runs in rounds against its baseline; a read always can.
   */
  repeatable?: true;
  /** Runs before the measurement, e.g. to grow a table between two scenarios of one run. */
  before?: () => Promise<void>;
};

/** One area's contribution: data to load before the app starts, then its scenarios. */
export type BenchArea = {
  name: string;
  seed(pool: pg.Pool, db: Database): Promise<void>;
  scenarios(ctx: BenchContext): Scenario[] | Promise<Scenario[]>;
};

export type ScenarioResult = {
  name: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  non2xx: number;
  serverRssMb: number;
  /** The server's CPU time (user + system) per answered request: steadier than throughput on a shared machine. */
  serverCpuMsPerRequest: number;
};

/** A process's CPU time so far in milliseconds (user + system, from /proc; 0 where there is none). */
async function cpuMilliseconds(pid: number | undefined): Promise<number> {
  if (!pid) return 0;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in clock ticks (100 per second).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 10;
}

/** The p-th percentile of values sorted in ascending order (nearest rank; 0 for none). */
export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;

export async function rssMegabytes(pid: number | undefined): Promise<number> {
  if (!pid) return 0;
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** A read whose every run starts from the same state, so it can be warmed up and measured again. */
export const isRepeatableRead = (scenario: Scenario) => (scenario.method ?? 'GET') === 'GET' && !scenario.setupClient;
/** Whether a scenario can be measured again, in rounds against its baseline. */
export const isRepeatable = (scenario: Scenario) => isRepeatableRead(scenario) || scenario.repeatable === true;

/** BENCH_WARM_UP_SECONDS (3): unmeasured reads before a read scenario's first round; 0 for none. */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 3);

function requestsOf(scenario: Scenario): autocannon.Request[] {
  return [
    {
      method: scenario.method ?? 'GET',
      path: scenario.path ?? '/',
      headers: scenario.headers,
      body: scenario.body,
      ...(scenario.setupPath
        ? { setupRequest: (request: autocannon.Request) => ({ ...request, path: scenario.setupPath!() }) }
        : {}),
    },
  ];
}

export async function runScenario(
  scenario: Scenario,
  baseUrl: string,
  pid: number | undefined,
  durationSeconds: number,
  { warmUp }: { warmUp: boolean },
): Promise<ScenarioResult> {
  await scenario.before?.();
  // The same reads first, unmeasured, for the app and its baseline alike: a server's first seconds
  // on a route run cold code (the app has far more to compile than the baseline). With one second
  // of it, the app's first round still took 0.075-0.079 ms of CPU per lookup against 0.066-0.069 in
  // the rounds after; with three, 0.070. Later rounds find the server warm. Writes are not warmed
  // up: they would change the state the measured run starts from.
  if (warmUp && WARM_UP_SECONDS > 0 && isRepeatableRead(scenario)) {
    await autocannon({
      url: baseUrl,
      connections: scenario.connections ?? 32,
      duration: WARM_UP_SECONDS,
      requests: requestsOf(scenario),
    });
  }
  const cpuBefore = await cpuMilliseconds(pid);
  const result = await autocannon({
    url: baseUrl,
    connections: scenario.connections ?? 32,
    duration: durationSeconds,
    ...(scenario.setupClient ? { setupClient: scenario.setupClient } : {}),
    requests: requestsOf(scenario),
  });
  return {
    name: scenario.name,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    serverRssMb: await rssMegabytes(pid),
    serverCpuMsPerRequest: result.requests.total
      ? Math.round((((await cpuMilliseconds(pid)) - cpuBefore) / result.requests.total) * 1000) / 1000
      : 0,
  };
}

/** Starts a server script that prints its port on the first line of its output. */
export async function startPortPrintingServer(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child: ChildProcess = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n')[0];
      if (output.includes('\n') && line) resolve(Number(line));
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code})`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}
