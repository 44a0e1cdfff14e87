import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { connectDatabase } from '../../server/db/client.js';
import { findFreePort } from '../../server/db/embedded-postgres.js';
import { startJobQueue } from '../../server/platform/jobs.js';
import { createLogger } from '../../server/platform/logger.js';
import { startMailer } from '../../server/platform/mail.js';
import { createMetrics } from '../../server/platform/metrics.js';
import { signUpMember } from '../factories/network.js';
import { installedCommand } from '../support/debian-package.js';
import { openEventStream } from '../support/event-stream.js';
import { cloneTemplateDatabase, createTestApp, type TestApp } from '../test-app.js';
import { timeouts } from '../support/timeouts.js';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** Prometheus's text exposition format, strictly: a line that is none of its forms fails the test. */
function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (/^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* .*$/.test(line)) continue;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) throw new Error(`not in the exposition format: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (sample[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/g))
      labels[key!] = value!;
    // Go's ParseFloat, which Prometheus reads values with, takes NaN and Inf in any case.
    const text = sample[3]!;
    const value = /^nan$/i.test(text)
      ? NaN
      : /^[+-]?inf$/i.test(text)
        ? text.startsWith('-')
          ? -Infinity
          : Infinity
        : Number(text);
    if (Number.isNaN(value) && !/^nan$/i.test(text)) throw new Error(`not a number: ${line}`);
    samples.push({ name: sample[1]!, labels, value });
  }
  return { samples, types };
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );

type Vector = { metric: Record<string, string>; value: [number, string] }[];

/** Debian's Prometheus on a free port, scraping the given metrics port every second (and evaluating `rules` as often). */
async function startPrometheus(metricsPort: number, rules?: string) {
  const prometheus = await installedCommand('prometheus', 'prometheus');
  const dir = await mkdtemp(join(tmpdir(), 'pathway-prometheus-'));
  const port = await findFreePort();
  if (rules) await writeFile(join(dir, 'rules.yml'), rules);
  await writeFile(
    join(dir, 'prometheus.yml'),
    [
      'global:',
      '  scrape_interval: 1s',
      '  evaluation_interval: 1s',
      ...(rules ? ['rule_files:', `  - ${join(dir, 'rules.yml')}`] : []),
      'scrape_configs:',
      '  - job_name: pathway',
      '    static_configs:',
      `      - targets: ['127.0.0.1:${metricsPort}']`,
      '',
    ].join('\n'),
  );
  const server: ChildProcess = spawn(
    prometheus,
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: 'ignore' },
  );
  const query = async (expression: string): Promise<Vector> => {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(expression)}`);
      const body = (await response.json()) as { data?: { result?: Vector } };
      return body.data?.result ?? [];
    } catch {
      return [];
    }
  };
  await vi.waitFor(
    async () => {
      if ((await query('up{job="pathway"}'))[0]?.value[1] !== '1')
        throw new Error('Prometheus has not scraped the app');
    },
    // Prometheus starts, then scrapes every second.
    { timeout: timeouts.start, interval: 500 },
  );
  return {
    query,
    /** The alert's state (`pending` or `firing`), or undefined while its condition does not hold. */
    alertState: async (name: string) => (await query(`ALERTS{alertname="${name}"}`))[0]?.metric.alertstate,
    async stop() {
      server.kill('SIGTERM');
      if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The alert rules `docs/operations.md` gives operators: its YAML block that starts with `groups:`. */
async function documentedRules(): Promise<string> {
  const page = await readFile('docs/operations.md', 'utf8');
  const block = /```yaml\n(groups:\n[\s\S]*?)```/.exec(page);
  if (!block) throw new Error('docs/operations.md has no rules block');
  return block[1]!;
}

const run = promisify(execFile);

describe('the Prometheus metrics', () => {
  let t: TestApp;
  let metricsPort: number;
  let publicUrl: string;
  const scrape = async () => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return parseExposition(await response.text());
  };

  beforeAll(async () => {
    metricsPort = await findFreePort();
    t = await createTestApp({
      METRICS_PORT: String(metricsPort),
      METRICS_HOST: '127.0.0.1',
      CASE_LOOKUP_RATE_LIMIT: '2',
    });
    publicUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('when requests were answered, then their route templates and status codes are labels, and no path a client typed appears', async () => {
    await fetch(`${publicUrl}/api/progress?caseNumber=SECRET-CASE-1&passportNumber=P1234567`);
    await fetch(`${publicUrl}/api/nothing-here/SECRET-PATH-2`);
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    const text = await response.text();
    const { samples, types } = parseExposition(text);

    expect(types.get('http_request_duration_seconds')).toBe('histogram');
    expect(
      find(samples, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/progress',
        status_code: '404',
      })[0]?.value,
    ).toBe(1);
    expect(
      find(samples, 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })[0]?.value,
    ).toBe(1);
    expect(text).not.toContain('SECRET');
    expect(text).not.toContain('P1234567');
    // Default process metrics and the pool.
    expect(find(samples, 'process_cpu_user_seconds_total')).toHaveLength(1);
    expect(find(samples, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
    expect(find(samples, 'pathway_db_pool_connections_in_use')[0]?.value).toBeGreaterThanOrEqual(0);
    expect(find(samples, 'pathway_db_pool_waiting')[0]?.value).toBeGreaterThanOrEqual(0);
  });

  it('when the example Grafana dashboard queries a series, then the app exports it', async () => {
    await fetch(`${publicUrl}/readyz`);
    const { samples, types } = await scrape();
    const exported = new Set([...samples.map((sample) => sample.name), ...types.keys()]);
    const dashboard = await readFile('docs/grafana-dashboard.json', 'utf8');
    const queried = new Set(
      [...dashboard.matchAll(/\b((?:pathway|http|process|nodejs)_[a-z0-9_]+)/g)].map((match) => match[1]!),
    );
    expect(queried.size).toBeGreaterThan(10);
    for (const name of queried) expect(exported, name).toContain(name);
  });

  it('when the public port is asked for /metrics, then it does not serve them', async () => {
    const response = await fetch(`${publicUrl}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('http_request_duration_seconds');
  });

  it('when a rate limit refuses requests, then the refusals are counted by that limit', async () => {
    // With the first test's lookup, five lookups against a limit of two a minute.
    for (let i = 0; i < 4; i++) await fetch(`${publicUrl}/api/progress?caseNumber=C-${i}&passportNumber=X${i}`);
    const { samples } = await scrape();
    expect(find(samples, 'pathway_rate_limit_refusals_total', { limit: 'case-passport-checks' })[0]?.value).toBe(3);
    expect(
      find(samples, 'http_request_duration_seconds_count', { route: '/api/progress', status_code: '429' })[0]?.value,
    ).toBe(3);
  });

  it('when a job waits in a queue, then the queue shows it queued with its age', async () => {
    const jobs = await startJobQueue({ connectionString: t.databaseUrl, logger: t.logger, retryDelaySeconds: 1 });
    try {
      await jobs.send(t.db, 'metrics-test-unworked', { n: 1 });
      await jobs.send(t.db, 'metrics-test-unworked', { n: 2 });
      const { samples } = await scrape();
      expect(find(samples, 'pathway_job_queue_queued', { queue: 'metrics-test-unworked' })[0]?.value).toBe(2);
      expect(
        find(samples, 'pathway_job_queue_oldest_age_seconds', { queue: 'metrics-test-unworked' })[0]?.value,
      ).toBeGreaterThanOrEqual(0);
      expect(find(samples, 'pathway_job_queue_failed', { queue: 'metrics-test-unworked' })[0]?.value).toBe(0);
    } finally {
      await jobs.stop();
    }
  });

  it('when a member opens an event stream, then the open streams count it until it closes', async () => {
    const member = await signUpMember(t);
    const stream = await openEventStream(publicUrl, member.cookie);
    expect(stream.response.status).toBe(200);
    await expect.poll(async () => find((await scrape()).samples, 'pathway_event_streams_open')[0]?.value).toBe(1);
    expect(find((await scrape()).samples, 'pathway_event_streams_dropped_total')[0]?.value).toBe(0);
    stream.close();
    await expect.poll(async () => find((await scrape()).samples, 'pathway_event_streams_open')[0]?.value).toBe(0);
  });

  it('when emails are sent and one fails, then sent and failed are counted', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pathway-metrics-mail-'));
    const logger = createLogger('silent');
    // A database with no app on it: the only mail worker is the one this test starts.
    const database = await cloneTemplateDatabase();
    const handle = connectDatabase(database.url, { poolSize: 2, log: logger });
    const metrics = createMetrics(handle.pool, logger);
    // The outbox is a file where a folder must be: every write into it fails, as an SMTP outage would.
    await writeFile(join(dataDir, 'outbox'), 'not a folder');
    const failing = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const jobs = await startJobQueue({ connectionString: database.url, logger, retryDelaySeconds: 60 });
    try {
      const mailer = await startMailer(failing, jobs, logger, handle.db, metrics);
      await mailer.start();
      await mailer.send(handle.db, { to: 'someone@example.org', subject: 'metrics', text: 'hello' });
      const counted = async (name: string) =>
        find(parseExposition(await metrics.registry.metrics()).samples, name)[0]?.value;
      await expect.poll(() => counted('pathway_email_failures_total')).toBe(1);
      expect(await counted('pathway_emails_sent_total')).toBe(0);
      await rm(join(dataDir, 'outbox'));
      await mailer.send(handle.db, { to: 'someone@example.org', subject: 'metrics 2', text: 'hello' });
      await expect.poll(() => counted('pathway_emails_sent_total')).toBe(1);
    } finally {
      await jobs.stop();
      await handle.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('when the app is idle, then the pool reads none in use and none waiting, the scrape reading the job queue all the same', async () => {
    // The pool holds idle connections: before, the scrape's own job-queue query waited for one of them.
    await fetch(`${publicUrl}/readyz`);
    expect(t.database.pool.idleCount).toBeGreaterThan(0);
    const { samples } = await scrape();
    expect(find(samples, 'pathway_db_pool_waiting')[0]?.value).toBe(0);
    expect(find(samples, 'pathway_db_pool_connections_in_use')[0]?.value).toBe(0);
    expect(find(samples, 'pathway_job_queue_queued', { queue: 'mail.send' })).toHaveLength(1);
  });

  it('when a job is delayed or waits for its retry, then it counts as not done, with its age', async () => {
    const jobs = await startJobQueue({ connectionString: t.databaseUrl, logger: t.logger, retryDelaySeconds: 1 });
    try {
      // Not due for an hour, as an email waiting for its next retry during an SMTP outage is.
      await jobs.send(t.db, 'metrics-test-later', { n: 1 }, { startAfterSeconds: 3600 });
      await t.db.execute(
        sql`UPDATE pgboss.job SET created_on = now() - interval '11 minutes' WHERE name = 'metrics-test-later'`,
      );
      const { samples } = await scrape();
      expect(find(samples, 'pathway_job_queue_queued', { queue: 'metrics-test-later' })[0]?.value).toBe(1);
      expect(
        find(samples, 'pathway_job_queue_oldest_age_seconds', { queue: 'metrics-test-later' })[0]?.value,
      ).toBeGreaterThanOrEqual(660);
    } finally {
      await jobs.stop();
    }
  });

  it("when Debian's Prometheus scrapes the running app, then it finds the target up and reads its series", async () => {
    const prometheus = await startPrometheus(metricsPort);
    try {
      const series = await prometheus.query(
        'http_request_duration_seconds_count{route="/api/progress",status_code="429"}',
      );
      expect(series[0]?.value[1]).toBe('3');
    } finally {
      await prometheus.stop();
    }
  });

  it('when promtool checks a scrape, then it finds nothing to fix', async () => {
    const promtool = await installedCommand('promtool', 'prometheus');
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const check = spawn(promtool, ['check', 'metrics'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    check.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    check.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    check.stdin.end(text);
    const code = await new Promise<number | null>((resolve) => check.once('exit', resolve));
    expect(output).toBe('');
    expect(code).toBe(0);
  });
});

describe('the alerts docs/operations.md gives', () => {
  it('when promtool checks and unit-tests the rules, then they are valid and each fires when its condition holds, not before', async () => {
    const promtool = await installedCommand('promtool', 'prometheus');
    const dir = await mkdtemp(join(tmpdir(), 'pathway-promtool-'));
    const instance = { instance: '10.0.0.7:9464', job: 'pathway' };
    const labels = (extra: Record<string, string> = {}) =>
      `{${Object.entries({ ...extra, ...instance })
        .map(([key, value]) => `${key}="${value}"`)
        .join(', ')}}`;
    // Synthetic series a minute apart, and the alerts expected at given times (promtool lists firing ones only).
    const tests = {
      rule_files: [join(dir, 'rules.yml')],
      evaluation_interval: '1m',
      tests: [
        {
          interval: '1m',
          input_series: [
            // An email that waits longer and longer: 60 s more every minute.
            { series: `pathway_job_queue_oldest_age_seconds${labels({ queue: 'mail.send' })}`, values: '0+60x15' },
            { series: `pathway_job_queue_failed${labels({ queue: 'mail.send' })}`, values: '0 0 0 1 1 1' },
            { series: `pathway_db_pool_waiting${labels()}`, values: '0 1 1 1 1 1 1 1 1 1' },
            {
              series: `http_request_duration_seconds_count${labels({ method: 'GET', route: '/api/progress', status_code: '500' })}`,
              values: '0+1x10',
            },
            { series: `up${labels()}`, values: '1 1 0 0 0 0' },
          ],
          alert_rule_test: [
            { eval_time: '9m', alertname: 'PathwayMailStuck', exp_alerts: [] },
            {
              eval_time: '11m',
              alertname: 'PathwayMailStuck',
              exp_alerts: [
                {
                  exp_labels: { queue: 'mail.send', severity: 'page' },
                  exp_annotations: {
                    summary: 'Emails have waited more than 10 minutes to be sent (SMTP down or refusing?)',
                  },
                },
              ],
            },
            { eval_time: '2m', alertname: 'PathwayJobsFailed', exp_alerts: [] },
            {
              eval_time: '4m',
              alertname: 'PathwayJobsFailed',
              exp_alerts: [
                {
                  exp_labels: { queue: 'mail.send', severity: 'ticket' },
                  exp_annotations: { summary: 'Background jobs of mail.send failed after their last retry' },
                },
              ],
            },
            // Waiting since minute 1: pending for five minutes, firing after.
            { eval_time: '5m', alertname: 'PathwayDatabasePoolWaiting', exp_alerts: [] },
            {
              eval_time: '7m',
              alertname: 'PathwayDatabasePoolWaiting',
              exp_alerts: [
                {
                  exp_labels: { ...instance, severity: 'page' },
                  exp_annotations: { summary: `Requests on ${instance.instance} wait for a database connection` },
                },
              ],
            },
            { eval_time: '3m', alertname: 'PathwayServerErrors', exp_alerts: [] },
            {
              eval_time: '8m',
              alertname: 'PathwayServerErrors',
              exp_alerts: [
                {
                  exp_labels: { instance: instance.instance, severity: 'ticket' },
                  exp_annotations: { summary: `${instance.instance} answers with 5xx` },
                },
              ],
            },
            { eval_time: '2m', alertname: 'PathwayDown', exp_alerts: [] },
            {
              eval_time: '4m',
              alertname: 'PathwayDown',
              exp_alerts: [
                {
                  exp_labels: { ...instance, severity: 'page' },
                  exp_annotations: { summary: `${instance.instance} cannot be scraped` },
                },
              ],
            },
          ],
        },
      ],
    };
    try {
      await writeFile(join(dir, 'rules.yml'), await documentedRules());
      // JSON is YAML: promtool reads the test file as it is.
      await writeFile(join(dir, 'tests.yml'), JSON.stringify(tests, null, 2));
      await run(promtool, ['check', 'rules', join(dir, 'rules.yml')]);
      const result = await run(promtool, ['test', 'rules', join(dir, 'tests.yml')]).catch(
        (error: { stdout?: string; stderr?: string }) => {
          throw new Error(`promtool test rules failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
        },
      );
      expect(result.stdout).toContain('SUCCESS');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  describe('evaluated by Prometheus against a running app', () => {
    let t: TestApp;
    let metricsPort: number;
    let prometheus: Awaited<ReturnType<typeof startPrometheus>>;

    beforeAll(async () => {
      metricsPort = await findFreePort();
      // Mail goes to a port nothing listens on: every send fails and waits for its retry.
      t = await createTestApp({
        METRICS_PORT: String(metricsPort),
        METRICS_HOST: '127.0.0.1',
        SMTP_URL: `smtp://127.0.0.1:${await findFreePort()}`,
        JOB_RETRY_DELAY_SECONDS: '3600',
      });
      prometheus = await startPrometheus(metricsPort, await documentedRules());
    });
    afterAll(async () => {
      await prometheus?.stop();
      await t?.close();
    });

    it('when an email waits for its retry for 11 minutes of an SMTP outage, then PathwayMailStuck fires, and the pool alert stays quiet on the idle app', async () => {
      // Sign-up queues a verification email; the outage sends it to its retry an hour later.
      await signUpMember(t);
      const waitingForRetry = async () =>
        (
          await t.db.execute<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send' AND state = 'retry'`,
          )
        ).rows[0]?.n;
      await expect.poll(waitingForRetry).toBeGreaterThan(0);
      // Eleven minutes of the outage pass.
      await t.db.execute(
        sql`UPDATE pgboss.job SET created_on = created_on - interval '11 minutes' WHERE name = 'mail.send'`,
      );

      await expect.poll(() => prometheus.alertState('PathwayMailStuck'), { interval: 500 }).toBe('firing');
      // Prometheus has scraped and evaluated many times meanwhile; the scrape itself never waits on the pool.
      expect(await prometheus.alertState('PathwayDatabasePoolWaiting')).toBeUndefined();
    });

    it('when every connection of the pool is taken and requests wait for one, then PathwayDatabasePoolWaiting is pending', async () => {
      const held = await Promise.all(
        Array.from({ length: t.database.pool.options.max ?? 0 }, () => t.database.pool.connect()),
      );
      let waiting = true;
      // Two requests at a time wait for a connection (each gives up after the pool's 5 s and is asked again).
      const askers = Array.from({ length: 2 }, async () => {
        while (waiting) await t.app.inject({ method: 'GET', url: '/readyz' });
      });
      try {
        await expect.poll(() => prometheus.alertState('PathwayDatabasePoolWaiting'), { interval: 500 }).toBe('pending');
      } finally {
        waiting = false;
        for (const client of held) client.release();
        await Promise.all(askers);
      }
    });
  });
});

describe('the metrics setting', () => {
  it('when METRICS_PORT is not a port, then the configuration is refused; unset, there are no metrics', () => {
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464', HOST: '127.0.0.1' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
  });
});
