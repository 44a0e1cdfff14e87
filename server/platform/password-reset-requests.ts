import { z } from 'zod';
import type { Queryable } from '../db/client.js';
import type { MailMessage, Mailer } from './mail.js';

const resetRequest = z.object({ email: z.string() });

/**
 * "Forgot password?", the same way in every area: the request only queues an email job with the
 * address, the same work for any address, so neither the answer nor its time tells whether an
 * account has it. When the job runs (on any instance) `composeLink` looks the account up, issues
 * the link and writes the message, or nothing: the link's token never sits in the job queue.
 * Returns what the request calls.
 */
export function passwordResetRequests(
  mailer: Mailer,
  kind: string,
  composeLink: (email: string) => Promise<MailMessage | undefined>,
): (db: Queryable, email: string) => Promise<void> {
  mailer.compose(kind, async (data) => composeLink(resetRequest.parse(data).email));
  return (db, email) => mailer.sendComposed(db, kind, email, { email });
}
