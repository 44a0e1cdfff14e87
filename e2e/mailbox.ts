import { expect } from '@playwright/test';
import type { ReceivedMail } from '../test/support/smtp-server.js';
import { workerApp } from './worker-app.js';
import { timeouts } from '../test/support/timeouts.js';

export type { ReceivedMail };

/** Waits for the newest email to `to` (and with `subject` in its subject, if given) that the app sent. */
export async function waitForMail(
  filter: { to: string; subject?: string },
  timeoutMs = timeouts.condition,
): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        const matching = workerApp().mail.messages.filter(
          (mail) =>
            mail.to.includes(filter.to.toLowerCase()) && (!filter.subject || mail.subject.includes(filter.subject)),
        );
        found = matching.at(-1);
        return Boolean(found);
      },
      { timeout: timeoutMs, message: `an email to ${filter.to}${filter.subject ? ` about "${filter.subject}"` : ''}` },
    )
    .toBe(true);
  return found!;
}
