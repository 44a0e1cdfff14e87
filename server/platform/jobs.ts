import { PgBoss } from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import type { Logger } from './logger.js';

export type SendJobOptions = {
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
  /** At most one queued job per key: a second send with the same key while one waits is dropped. */
  singletonKey?: string;
};

export type WorkOptions = {
  /** `short`: at most one job waits per `singletonKey` (later sends are dropped until it starts); default `standard`. */
  policy?: 'standard' | 'short';
};

/** Background work kept in PostgreSQL (pg-boss): added with the change that causes it, run once by any instance. */
export type JobQueue = {
  /** Adds a job inside `db`'s transaction (or on its own with the plain database): it exists only if that commits. */
  send(db: Queryable, queue: string, data: object, options?: SendJobOptions): Promise<void>;
  /** `send` for many jobs of one queue in one statement. */
  sendMany(db: Queryable, queue: string, jobs: { data: object; options?: SendJobOptions }[]): Promise<void>;
  /** Runs `handler` for each job of `queue` on this instance; a throw retries the job later with backoff. */
  work<T extends object>(
    queue: string,
    handler: (data: T, jobId: string) => Promise<void>,
    options?: WorkOptions,
  ): Promise<void>;
  /** Adds a job to `queue` at each time of `cron` (UTC), once across instances; `undefined` removes the schedule. */
  schedule(queue: string, cron: string | undefined): Promise<void>;
  /** Every queue's jobs not yet done and failed for good, read from pg-boss's table on its own connections. */
  counts(): Promise<JobQueueCounts[]>;
  stop(): Promise<void>;
};

export type JobQueueCounts = {
  queue: string;
  /** Jobs not done yet: waiting, delayed (`startAfter`), waiting for a retry after a failure, or running. */
  notDone: number;
  /** Seconds since the oldest of those was added; 0 when there is none. */
  oldestNotDoneSeconds: number;
  /** Jobs that failed their last retry (kept until pg-boss deletes them). */
  failed: number;
};

/**
 * Every queue, with what it holds that is not done. A job waiting for its retry (an email during
 * an SMTP outage) or delayed counts from when it was added: counting only the jobs due now read 0
 * while mail piled up. The filter matches pg-boss's index of live jobs (job_i14).
 */
const JOB_COUNTS_QUERY = `
  SELECT q.name AS queue,
         coalesce(j.not_done, 0)::int AS "notDone",
         coalesce(extract(epoch FROM now() - j.oldest_not_done), 0)::float8 AS "oldestNotDoneSeconds",
         coalesce(j.failed, 0)::int AS failed
    FROM pgboss.queue q
    LEFT JOIN (
      SELECT name,
             count(*) FILTER (WHERE state IN ('created', 'retry', 'active')) AS not_done,
             min(created_on) FILTER (WHERE state IN ('created', 'retry', 'active')) AS oldest_not_done,
             count(*) FILTER (WHERE state = 'failed') AS failed
        FROM pgboss.job
       WHERE state IN ('created', 'retry', 'active', 'failed')
       GROUP BY name
    ) j ON j.name = q.name`;

export type JobQueueOptions = {
  connectionString: string;
  logger: Logger;
  /** First retry after this many seconds, doubling up to an hour. */
  retryDelaySeconds: number;
};

const RETRY_LIMIT = 12;
const BATCH_SIZE = 10;
const RETRY_DELAY_MAX_SECONDS = 60 * 60;

/**
 * pg-boss writes its statements with `$n` placeholders; this turns one into a Drizzle query so a
 * job is inserted on the caller's connection, inside the caller's transaction.
 */
function asDrizzleQuery(text: string, values: readonly unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`)));
}

/** pg-boss's database adapter for the caller's connection, so its statements join the caller's transaction. */
function inTransactionOf(db: Queryable) {
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      const result = await db.execute(asDrizzleQuery(text, values));
      return { rows: result.rows };
    },
  };
}

export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString: options.connectionString,
    max: 3,
    // Workers are woken by NOTIFY the moment a job is added; polling stays as the backstop.
    useListenNotify: true,
    registerInstance: false,
    openTelemetry: { enabled: false },
  });
  boss.on('error', (error) => options.logger.warn({ err: error }, 'background job queue error'));
  await boss.start();
  const createdQueues = new Set<string>();

  async function ensureQueue(queue: string, policy: WorkOptions['policy'] = 'standard'): Promise<void> {
    if (createdQueues.has(queue)) return;
    await boss.createQueue(queue, {
      policy,
      notify: true,
      retryLimit: RETRY_LIMIT,
      retryDelay: options.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: RETRY_DELAY_MAX_SECONDS,
    });
    createdQueues.add(queue);
  }

  const sendMany: JobQueue['sendMany'] = async (db, queue, jobs) => {
    if (jobs.length === 0) return;
    await ensureQueue(queue);
    // A number is seconds from the database's own clock, as `send` takes it.
    await boss.insert(
      queue,
      jobs.map(({ data, options: jobOptions = {} }) => ({
        data,
        singletonKey: jobOptions.singletonKey,
        startAfter: jobOptions.startAfterSeconds,
      })),
      { db: inTransactionOf(db) },
    );
  };

  return {
    sendMany,
    send: (db, queue, data, sendOptions) => sendMany(db, queue, [{ data, options: sendOptions }]),
    async work<T extends object>(
      queue: string,
      handler: (data: T, jobId: string) => Promise<void>,
      workOptions: WorkOptions = {},
    ) {
      await ensureQueue(queue, workOptions.policy);
      await boss.work<T>(
        queue,
        {
          batchSize: BATCH_SIZE,
          burstWhenBatchFull: true,
          perJobResults: true,
          // NOTIFY announces new jobs only; retries and delayed jobs come due on this poll.
          notifyPollingIntervalSeconds: 2,
        },
        async (batch) => {
          // Each job settles on its own: one failing message is retried without resending the rest.
          const outcomes = await Promise.allSettled(batch.map((job) => handler(job.data, job.id)));
          return batch.map((job, index) => {
            const outcome = outcomes[index]!;
            if (outcome.status === 'fulfilled') return { id: job.id, status: 'completed' as const };
            options.logger.warn(
              { queue, jobId: job.id, err: outcome.reason },
              'background job failed; it will be retried',
            );
            return { id: job.id, status: 'failed' as const, output: { error: String(outcome.reason) } };
          });
        },
      );
    },
    async schedule(queue, cron) {
      await ensureQueue(queue, 'short');
      if (cron === undefined) await boss.unschedule(queue);
      else await boss.schedule(queue, cron, {}, { tz: 'UTC' });
    },
    async counts() {
      const { rows } = await boss.getDb().executeSql(JOB_COUNTS_QUERY);
      return rows as JobQueueCounts[];
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5_000, close: true });
    },
  };
}
