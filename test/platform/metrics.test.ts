import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
      await expect.poll(() => counted('pathway_email_failures_total'), { timeout: 10_000 }).toBe(1);
      expect(await counted('pathway_emails_sent_total')).toBe(0);
      await rm(join(dataDir, 'outbox'));
      await mailer.send(handle.db, { to: 'someone@example.org', subject: 'metrics 2', text: 'hello' });
      await expect.poll(() => counted('pathway_emails_sent_total'), { timeout: 10_000 }).toBe(1);
    } finally {
      await jobs.stop();
      await handle.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("when Debian's Prometheus scrapes the running app, then it finds the target up and reads its series", async () => {
    const prometheus = await installedCommand('prometheus', 'prometheus');
    const dir = await mkdtemp(join(tmpdir(), 'pathway-prometheus-'));
    const port = await findFreePort();
    await writeFile(
      join(dir, 'prometheus.yml'),
      `global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: pathway\n    static_configs:\n      - targets: ['127.0.0.1:${metricsPort}']\n`,
    );
    let server: ChildProcess | undefined;
    try {
      server = spawn(
        prometheus,
        [
          `--config.file=${join(dir, 'prometheus.yml')}`,
          `--storage.tsdb.path=${join(dir, 'data')}`,
          `--web.listen-address=127.0.0.1:${port}`,
        ],
        {
          stdio: 'ignore',
        },
      );
      const query = async (
        expression: string,
      ): Promise<{ metric: Record<string, string>; value: [number, string] }[]> => {
        try {
          const response = await fetch(`http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(expression)}`);
          const body = (await response.json()) as {
            data?: { result?: { metric: Record<string, string>; value: [number, string] }[] };
          };
          return body.data?.result ?? [];
        } catch {
          return [];
        }
      };
      await expect
        .poll(async () => (await query('up{job="pathway"}'))[0]?.value[1], { timeout: 30_000, interval: 500 })
        .toBe('1');
      const series = await query('http_request_duration_seconds_count{route="/api/progress",status_code="429"}');
      expect(series[0]?.value[1]).toBe('3');
    } finally {
      server?.kill('SIGTERM');
      if (server && server.exitCode === null) await new Promise((resolve) => server!.once('exit', resolve));
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the metrics setting', () => {
  it('when METRICS_PORT is not a port, then the configuration is refused; unset, there are no metrics', () => {
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464', HOST: '127.0.0.1' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
  });
});
