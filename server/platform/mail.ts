import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
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

export type Mailer = {
  /** Queues `message` inside `db`'s transaction: it is sent only if that transaction commits, and retried until it is. */
  send(db: Queryable, message: MailMessage): Promise<void>;
};

const MAIL_QUEUE = 'mail.send';

/** An absolute address of a page of ours, for links in emails. */
export function publicLink(config: Pick<Config, 'publicUrl' | 'port'>, path: string): string {
  return new URL(path, config.publicUrl ?? `http://localhost:${config.port}`).toString();
}

function linksIn(text: string): string[] {
  return text.match(/https?:\/\/\S+/g) ?? [];
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
    // No SMTP server: whoever runs this machine follows the link from the log.
    logger.info({ file, subject: message.subject, links: linksIn(message.text) }, 'email written to the outbox');
  };
}

/**
 * Email through SMTP_URL, or, without it, into DATA_DIR/outbox as .eml files with their links
 * logged, so one machine works with no mail server. Every instance runs the sending worker;
 * pg-boss hands each message to one of them.
 */
export async function startMailer(config: Config, jobs: JobQueue, logger: Logger, metrics?: Pick<Metrics, 'emailSent' | 'emailFailed'>): Promise<Mailer> {
  const deliver = config.mail.smtpUrl ? smtpDelivery(config.mail.smtpUrl, config.mail.from) : outboxDelivery(config, logger);
  await jobs.work<MailMessage>(MAIL_QUEUE, async (message, jobId) => {
    try {
      await deliver(message, jobId);
    } catch (error) {
      metrics?.emailFailed();
      throw error;
    }
    metrics?.emailSent();
  });

  return {
    send: (db, message) => jobs.send(db, MAIL_QUEUE, message),
  };
}
