import { expect } from '@playwright/test';
import type { ReceivedMail } from '../test/support/smtp-server.js';

export type { ReceivedMail };

async function receivedMail(): Promise<ReceivedMail[]> {
  const url = process.env.E2E_MAILBOX_URL;
  if (!url) throw new Error('E2E_MAILBOX_URL is not set: the e2e global setup starts the mailbox');
  const response = await fetch(url);
  return (await response.json()) as ReceivedMail[];
}

/** Waits for the newest email to `to` (and with `subject` in its subject, if given) that the app sent. */
export async function waitForMail(filter: { to: string; subject?: string }, timeoutMs = 20_000): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const matching = (await receivedMail()).filter(
          (mail) => mail.to.includes(filter.to.toLowerCase()) && (!filter.subject || mail.subject.includes(filter.subject)),
        );
        found = matching.at(-1);
        return Boolean(found);
      },
      { timeout: timeoutMs, message: `an email to ${filter.to}${filter.subject ? ` about "${filter.subject}"` : ''}` },
    )
    .toBe(true);
  return found!;
}
