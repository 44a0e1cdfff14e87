// The scale-out figure of `npm run bench` (also alone: `npx tsx bench/scale-out.ts`): the case
// lookup and the feed's first page through HAProxy over one, two and three instances of the built
// app, on the cluster test's topology (PgBouncer in transaction pooling, Redis, s3rver). Every
// process shares this machine's cores, so the figure says how much a second and third instance add
// here, not on machines of their own.
import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import { startCluster } from '../test/cluster/topology.js';

export type ScaleOutResult = {
  instances: number;
  scenario: string;
  requestsPerSecond: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
};

const CONNECTIONS = 32;

export async function runScaleOut(options: {
  durationSeconds: number;
  write?: (line: string) => void;
}): Promise<ScaleOutResult[]> {
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const cluster = await startCluster({
    instances: 3,
    // Load comes from one address and one member: limits counted, never reached.
    env: { CASE_LOOKUP_RATE_LIMIT: '1000000000', MEMBER_RATE_LIMIT: '1000000000', LOG_LEVEL: 'error' },
  });
  try {
    const base = cluster.balancerUrl;
    const login = await fetch(`${base}/api/caseadmin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'cluster@example.test', password: 'cluster-password' }),
    });
    const { token } = (await login.json()) as { token: string };
    const caseNumber = `SCALE-${randomBytes(3).toString('hex').toUpperCase()}`;
    const created = await fetch(`${base}/api/caseadmin/cases`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        case_number: caseNumber,
        passport_number: 'P1234567',
        client_name: 'Scale Out',
        serviceIds: [],
      }),
    });
    if (created.status !== 201) throw new Error(`case: ${created.status}`);

    const email = `scale-${randomBytes(4).toString('hex')}@example.test`;
    const headers = { 'content-type': 'application/json', origin: base };
    await fetch(`${base}/api/network/auth/sign-up`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: 'correct horse battery' }),
    });
    const signIn = await fetch(`${base}/api/network/auth/sign-in`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: 'correct horse battery' }),
    });
    const cookie =
      (signIn.headers.getSetCookie().find((c) => c.startsWith('pathway_session=')) ?? '').split(';')[0] ?? '';
    await fetch(`${base}/api/network/me/profile`, {
      method: 'PUT',
      headers: { ...headers, cookie },
      body: JSON.stringify({ username: `s_${randomBytes(4).toString('hex')}`, displayName: 'Scale Out' }),
    });
    for (let n = 0; n < 30; n++) {
      const form = new FormData();
      form.set('description', `scale-out post ${n}`);
      await fetch(`${base}/api/network/posts`, { method: 'POST', headers: { origin: base, cookie }, body: form }).then(
        (response) => response.body?.cancel(),
      );
    }

    const scenarios = [
      {
        scenario: 'cases: public lookup',
        path: `/api/progress?caseNumber=${caseNumber}&passportNumber=P1234567`,
        headers: {},
      },
      { scenario: 'network: feed first page', path: '/api/network/posts', headers: { cookie } },
    ];
    const results: ScaleOutResult[] = [];
    for (const count of [1, 2, 3]) {
      const balancer = await cluster.balancerOver(cluster.instances.slice(0, count));
      try {
        for (const { scenario, path, headers: requestHeaders } of scenarios) {
          write(`running: scale-out, ${scenario}, ${count} instance${count === 1 ? '' : 's'}`);
          // One unmeasured second: each instance's first requests on a route run cold code.
          await autocannon({
            url: `${balancer.url}${path}`,
            connections: CONNECTIONS,
            duration: 1,
            headers: requestHeaders,
          });
          const result = await autocannon({
            url: `${balancer.url}${path}`,
            connections: CONNECTIONS,
            duration: options.durationSeconds,
            headers: requestHeaders,
          });
          results.push({
            instances: count,
            scenario,
            requestsPerSecond: Math.round(result.requests.average),
            latencyP99Ms: result.latency.p99,
            non2xx: result.non2xx,
            errors: result.errors + result.timeouts,
          });
        }
      } finally {
        await balancer.stop();
      }
    }
    return results;
  } finally {
    await cluster.stop();
  }
}

/** Rows of requests a second at 1, 2 and 3 instances, with the ratio to one instance. */
export function scaleOutLines(results: ScaleOutResult[]): string[] {
  const lines = [
    "scale-out through HAProxy (every process on this machine's cores; CPU-bound here, not a per-machine figure):",
  ];
  for (const scenario of new Set(results.map((result) => result.scenario))) {
    const rows = results.filter((result) => result.scenario === scenario);
    const one = rows.find((row) => row.instances === 1)?.requestsPerSecond ?? 0;
    const cells = rows.map(
      (row) =>
        `${row.instances}: ${row.requestsPerSecond} req/s (x${one ? (row.requestsPerSecond / one).toFixed(2) : '?'}, p99 ${row.latencyP99Ms} ms${row.non2xx + row.errors ? `, ${row.non2xx} non-2xx, ${row.errors} errors` : ''})`,
    );
    lines.push(`  ${scenario.padEnd(28)} ${cells.join('   ')}`);
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await runScaleOut({ durationSeconds: Number(process.env.BENCH_SECONDS ?? 5) });
  for (const line of scaleOutLines(results)) process.stdout.write(`${line}\n`);
}
