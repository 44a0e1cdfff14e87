import { z } from 'zod';
import type { Queryable } from '../db/client.js';
import type { JobQueue } from './jobs.js';

const resetRequest = z.object({ email: z.string() });

/**
 * "Forgot password?", the same way in every area: the request only queues a job with the address,
 * the same work for any address, so neither the answer nor its time tells whether an account has
 * it. The job (`sendLink`, on any instance) looks the account up and emails the link, or nothing.
 * Returns what the request calls.
 */
export async function passwordResetRequests(
  jobs: JobQueue,
  queue: string,
  sendLink: (email: string) => Promise<void>,
): Promise<(db: Queryable, email: string) => Promise<void>> {
  await jobs.work(queue, async (data) => sendLink(resetRequest.parse(data).email));
  return (db, email) => jobs.send(db, queue, { email });
}
