import { Agent, request } from 'node:http';
import { caseSortFields, caseStatuses, sortOrders } from '../contracts/cases.js';
import { percentile } from './harness.js';

/**
 * "The admin list answers any filter, search and sort with p99 under 100 ms" (issue 12): every
 * combination of the list's parameters, each asked several times by a few staff members at once,
 * and the latency of every answer. The load scenarios measure four of these combinations at the
 * machine's saturation, against their baselines; this measures them all at a staff office's load.
 */
export type AdminListSweepResult = {
  combinations: number;
  requests: number;
  connections: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The combinations whose slowest answer was slowest, with that answer's time. */
  slowest: { query: string; maxMs: number }[];
};

/**
 * The searches cover each way the list reads: none; one character (no trigram to use); every case
 * (more than the exact count's limit); half the cases, all at the far end of the case-number order
 * (BENCH-100000 on); a twentieth of the cases, before that half; a dozen; none at all; and a
 * non-ASCII one; and by client name (a hundred cases; a fiftieth), email and passport number. The
 * case desk's search (issue 38) adds: a name's words the other way round, a name one typo away (no
 * case as typed, so the list asks again for near matches: "Adeyemy" finds the fortieth of the
 * cases named Adeyemi), and a step's name (a third of the cases are at "Documents Received").
 */
const SEARCHES = [
  '',
  '7',
  'BENCH',
  'BENCH-1',
  'BENCH-01',
  '01234',
  'NO-SUCH-CASE',
  'é',
  'amina okaf',
  'zoë',
  'client1234@',
  'P1012',
  'okafor amina',
  'adeyemy',
  'documents received',
];
/** The first page, the next, and page 50 (Previous and Next are the web's only way to page). */
const PAGES = [1, 2, 50];
const STATUSES = ['', ...caseStatuses];

function combinations(): string[] {
  const queries: string[] = [];
  for (const sortBy of caseSortFields)
    for (const order of sortOrders)
      for (const status of STATUSES)
        for (const search of SEARCHES)
          for (const page of PAGES)
            queries.push(new URLSearchParams({ search, status, sortBy, order, page: String(page) }).toString());
  return queries;
}

/** The same order every run (a fixed shuffle), so that no combination always meets the same neighbours. */
function shuffled<T>(items: T[]): T[] {
  const result = [...items];
  let seed = 12;
  for (let i = result.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

function timedGet(url: URL, path: string, token: string, agent: Agent): Promise<{ ok: boolean; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      { host: url.hostname, port: url.port, path, agent, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        res.resume();
        res.once('end', () => resolve({ ok: res.statusCode === 200, ms: performance.now() - started }));
      },
    );
    req.once('error', () => resolve({ ok: false, ms: performance.now() - started }));
    req.end();
  });
}

export async function runAdminListSweep(options: {
  appUrl: string;
  token: string;
  connections: number;
  timesEach: number;
}): Promise<AdminListSweepResult> {
  const url = new URL(options.appUrl);
  const queries = combinations();
  const queue = shuffled(queries.flatMap((query) => Array.from({ length: options.timesEach }, () => query)));
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const timesOf = new Map<string, number[]>(queries.map((query) => [query, []]));
  let failed = 0;
  let next = 0;
  const staffMember = async () => {
    while (next < queue.length) {
      const query = queue[next++]!;
      const { ok, ms } = await timedGet(url, `/api/caseadmin/cases?${query}`, options.token, agent);
      if (!ok) failed++;
      timesOf.get(query)!.push(ms);
    }
  };
  await Promise.all(Array.from({ length: options.connections }, staffMember));
  agent.destroy();
  const all = [...timesOf.values()].flat().sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const slowest = [...timesOf]
    .map(([query, times]) => ({ query, maxMs: round(Math.max(...times)) }))
    .sort((a, b) => b.maxMs - a.maxMs)
    .slice(0, 3);
  return {
    combinations: queries.length,
    requests: all.length,
    connections: options.connections,
    failed,
    p50Ms: round(percentile(all, 50)),
    p99Ms: round(percentile(all, 99)),
    maxMs: round(all[all.length - 1] ?? 0),
    slowest,
  };
}
