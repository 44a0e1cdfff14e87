import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createServer, type Server } from 'node:http';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobQueueCounts } from './jobs.js';
import type { Logger } from './logger.js';

/** What the metrics read from the running app; the parts register themselves as they start. */
export type Metrics = {
  registry: Registry;
  emailSent(): void;
  emailFailed(): void;
  /** The live-update hub's figures, read on each scrape. */
  trackStreams(stats: () => { subscribers: number; dropped: number }): void;
  /** The job queue's counts by queue, read on each scrape (on the queue's own connections). */
  trackJobQueue(counts: () => Promise<JobQueueCounts[]>): void;
};

/**
 * prom-client's default metrics include three gauges named like counters, which `promtool check
 * metrics` refuses; each has a series by type under its name without `_total`, whose sum it is.
 */
const GAUGES_NAMED_AS_COUNTERS = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

/** Whatever a request matched no route with: never the raw path, which can carry a case number or a token. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * The app's Prometheus metrics, one registry per app (tests build several apps in one process).
 * Labels are route templates, methods, status codes, queue and limit names: nothing a user typed.
 */
export function createMetrics(pool: pg.Pool, log: Logger): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const name of GAUGES_NAMED_AS_COUNTERS) registry.removeSingleMetric(name);

  let countJobs: () => Promise<JobQueueCounts[]> = async () => [];
  const readJobQueues = async (): Promise<JobQueueCounts[]> => {
    try {
      return await countJobs();
    } catch (error) {
      // The database is out of reach: the scrape still answers, without these series.
      log.debug({ err: error }, 'metrics: reading the job queue failed');
      return [];
    }
  };
  // One read serves the three job gauges of a scrape: prom-client starts their collects together,
  // and the next scrape reads afresh.
  let jobQueueRead: Promise<JobQueueCounts[]> | undefined;
  const jobQueues = () => {
    jobQueueRead ??= readJobQueues().finally(() => (jobQueueRead = undefined));
    return jobQueueRead;
  };
  const jobGauge = (name: string, help: string, value: (row: JobQueueCounts) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const row of await jobQueues()) this.set({ queue: row.queue }, value(row));
      },
    });
  jobGauge(
    'pathway_job_queue_queued',
    'Background jobs not yet done: waiting, delayed, waiting to be retried or running',
    (row) => row.notDone,
  );
  jobGauge(
    'pathway_job_queue_oldest_age_seconds',
    'Age of the oldest background job not yet done (0 when none is)',
    (row) => row.oldestNotDoneSeconds,
  );
  jobGauge(
    'pathway_job_queue_failed',
    'Background jobs that failed after their last retry (kept until pg-boss deletes them)',
    (row) => row.failed,
  );

  // The pool's own counters, read as they stand: the scrape runs no query on this pool (the job
  // counts come over the job queue's connections), so it never counts itself as in use or waiting.

  new Gauge({
    name: 'pathway_db_pool_connections_in_use',
    help: 'Database connections checked out of the app pool',
    registers: [registry],
    collect() {
      this.set(pool.totalCount - pool.idleCount);
    },
  });
  new Gauge({
    name: 'pathway_db_pool_waiting',
    help: 'Queries waiting for a free connection of the app pool',
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });

  let streams: () => { subscribers: number; dropped: number } = () => ({ subscribers: 0, dropped: 0 });
  new Gauge({
    name: 'pathway_event_streams_open',
    help: 'Live-update (Server-Sent Events) streams open on this instance',
    registers: [registry],
    collect() {
      this.set(streams().subscribers);
    },
  });
  // A counter whose value lives in the hub: read it as it stands at each scrape.
  new Counter({
    name: 'pathway_event_streams_dropped_total',
    help: 'Live-update streams closed because the subscriber did not read fast enough',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(streams().dropped);
    },
  });

  const emailsSent = new Counter({
    name: 'pathway_emails_sent_total',
    help: 'Emails handed to SMTP (or written to the outbox)',
    registers: [registry],
  });
  const emailsFailed = new Counter({
    name: 'pathway_email_failures_total',
    help: 'Email send attempts that failed (each is retried)',
    registers: [registry],
  });

  return {
    registry,
    emailSent: () => emailsSent.inc(),
    emailFailed: () => emailsFailed.inc(),
    trackStreams(stats) {
      streams = stats;
    },
    trackJobQueue(counts) {
      countJobs = counts;
    },
  };
}

/**
 * Request counts and durations by method, route template and status, and every 429 by the limit
 * that refused it (the limit's shared name, or else the route it guards).
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status code, with their durations',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [metrics.registry],
  });
  const refusals = new Counter({
    name: 'pathway_rate_limit_refusals_total',
    help: 'Requests refused with 429 Too Many Requests, by limit',
    labelNames: ['limit'],
    registers: [metrics.registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    if (reply.statusCode === 429)
      refusals.inc({ limit: request.routeOptions.config.requestLimit?.sharedWith ?? `${request.method} ${route}` });
    done();
  });
}

/** Whether `host` is an address only this machine reaches. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The request brings `Authorization: Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * `/metrics` on a port of its own, so the public port never shows it: on the loopback interface by
 * default; with `token`, only to a scraper that brings it. Exposed beyond this machine without a
 * token, the start warns (issue 35).
 */
export async function startMetricsServer(
  metrics: Metrics,
  options: { host: string; port: number; token?: string | undefined; log: Logger },
): Promise<Server> {
  const { token } = options;
  if (!token && !isLoopback(options.host)) {
    options.log.warn(
      `metrics: /metrics listens on ${options.host}:${options.port} without METRICS_TOKEN: anyone who reaches that port reads them. Set METRICS_HOST=127.0.0.1 or METRICS_TOKEN.`,
    );
  }
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (token && !bearerMatches(request.headers.authorization, token)) {
      response.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('Unauthorized\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: unknown) => {
        options.log.warn({ err: error }, 'metrics: collecting failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Collecting the metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  options.log.info({ port: options.port }, 'metrics served at /metrics');
  return server;
}
