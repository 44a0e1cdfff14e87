import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Queryable } from '../db/client.js';
import type { JobQueue } from './jobs.js';
import type { Logger } from './logger.js';
import type { Metrics } from './metrics.js';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, for example `List-Unsubscribe`. */
  headers?: Record<string, string>;
};

/**
 * Writes the message of a queued email when its job runs, from the job's data (ids and addresses,
 * never a secret): a link's token is issued then, so no usable link ever sits in the job queue.
 * Undefined sends nothing (the account is gone, the recipient's cooldown holds).
 */
export type MailComposer = (data: Record<string, unknown>) => Promise<MailMessage | undefined>;

export type Mailer = {
  /**
   * Queues `message` inside `db`'s transaction: it is sent only if that transaction commits, and
   * retried until it is. Its text is wiped from the queue once sent; a message carrying a link's
   * secret goes through `sendComposed` instead.
   */
  send(db: Queryable, message: MailMessage): Promise<void>;
  /**
   * Queues an email of `kind` to the address `to` inside `db`'s transaction; `kind`'s composer
   * writes it from `data` when the job runs (`startAfterSeconds` later: an undoable change's email
   * waits out the undo, and its composer sends nothing if the change was taken back).
   */
  sendComposed(
    db: Queryable,
    kind: string,
    to: string,
    data: Record<string, string | number>,
    options?: { startAfterSeconds?: number },
  ): Promise<void>;
  /** Says how emails of `kind` are written; each area names its kinds while the app is built. */
  compose(kind: string, composer: MailComposer): void;
  /** Starts sending, once every area has named its kinds. */
  start(): Promise<void>;
};

const MAIL_QUEUE = 'mail.send';

type QueuedMail = MailMessage | { compose: string; to: string; data: Record<string, unknown> };

/** An absolute address of a page of ours, for links in emails. */
export function publicLink(config: Pick<Config, 'publicUrl' | 'port'>, path: string): string {
  return new URL(path, config.publicUrl ?? `http://localhost:${config.port}`).toString();
}

type Delivery = (message: MailMessage, jobId: string) => Promise<void>;

// The job id makes the Message-ID, so a retry after an unacknowledged send is recognisable as the same mail.
const messageIdOf = (jobId: string) => `<${jobId}@pathway>`;

function smtpDelivery(smtpUrl: string, from: string): Delivery {
  const transport = nodemailer.createTransport(smtpUrl);
  return async (message, jobId) => {
    await transport.sendMail({ ...message, from, messageId: messageIdOf(jobId) });
  };
}

function outboxDelivery(config: Config, logger: Logger): Delivery {
  const outbox = join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (message, jobId) => {
    const info = await transport.sendMail({ ...message, from: config.mail.from, messageId: messageIdOf(jobId) });
    await mkdir(outbox, { recursive: true, mode: 0o700 });
    const file = join(outbox, `${Date.now()}-${jobId}.eml`);
    // `buffer: true` above makes the composed message a Buffer rather than a stream.
    await writeFile(file, info.message as Buffer, { mode: 0o600 });
    // No SMTP server: whoever runs this machine opens the file to follow its link. The log names the
    // file only: a link in it (a sign-in, a reset) would work for anyone who reads the log (issue 35).
    logger.info({ file }, 'email written to the outbox; open the file to read it');
  };
}

/**
 * Email through SMTP_URL, or, without it, into DATA_DIR/outbox as .eml files (the log names each
 * file), so one machine works with no mail server. Every instance runs the sending worker;
 * pg-boss hands each message to one of them.
 */
export async function startMailer(
  config: Config,
  jobs: JobQueue,
  logger: Logger,
  database: Queryable,
  metrics?: Pick<Metrics, 'emailSent' | 'emailFailed'>,
): Promise<Mailer> {
  const transport = config.mail.smtpUrl
    ? smtpDelivery(config.mail.smtpUrl, config.mail.from)
    : outboxDelivery(config, logger);
  const deliver = async (message: MailMessage, jobId: string) => {
    try {
      await transport(message, jobId);
    } catch (error) {
      metrics?.emailFailed();
      throw error;
    }
    metrics?.emailSent();
  };
  const composers = new Map<string, MailComposer>();

  async function run(data: QueuedMail, jobId: string): Promise<void> {
    if ('compose' in data) {
      const composer = composers.get(data.compose);
      if (!composer) throw new Error(`no composer for emails of kind ${data.compose}`);
      const message = await composer(data.data);
      if (message) await deliver(message, jobId);
      return;
    }
    await deliver(data, jobId);
    // pg-boss keeps a finished job for days; what the message said (links, names) need not stay with it.
    await database.execute(
      sql`UPDATE pgboss.job SET data = data - 'text' - 'html' - 'headers' WHERE name = ${MAIL_QUEUE} AND id = ${jobId}`,
    );
  }

  return {
    send: (db, message) => jobs.send(db, MAIL_QUEUE, message),
    sendComposed: (db, kind, to, data, options) =>
      jobs.send(
        db,
        MAIL_QUEUE,
        { compose: kind, to, data },
        options?.startAfterSeconds ? { startAfterSeconds: options.startAfterSeconds } : undefined,
      ),
    compose(kind, composer) {
      composers.set(kind, composer);
    },
    start: () => jobs.work<QueuedMail>(MAIL_QUEUE, run),
  };
}
