import { and, count, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { caseEvents, caseNotificationRecipients, cases } from '../db/schema/cases.js';
import { AppError, notFound } from '../platform/errors.js';
import type { ActingAdmin } from './case-events.js';
import { recordCaseEvents } from './case-events.js';
import { trackerLinkEmail } from './case-emails.js';
import {
  addClientEmailRecipients,
  caseContactOf,
  TRACKER_UNSUBSCRIBE_PAGE,
  type NotificationDeps,
} from './case-notifications.js';

/** At most this many resends per case per hour: a misclick or an impatient colleague cannot flood the applicant. */
export const TRACKER_LINK_RESENDS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

/**
 * "Resend tracker link": emails the case's client email the case number and the tracker link again,
 * and records it in the history. Refused (409) when the case has no applicant email or the applicant
 * unsubscribed (their choice stands), and (429) past TRACKER_LINK_RESENDS_PER_HOUR, counted from the
 * history on the app's clock, so the limit holds across instances.
 */
export async function resendTrackerLink(
  db: Database,
  deps: Pick<NotificationDeps, 'mailer' | 'link' | 'unsubscribeToken' | 'agency'>,
  caseId: number,
  admin: ActingAdmin,
  now: Date,
): Promise<string> {
  return db.transaction(async (tx) => {
    // Locked, so two resends at once count each other.
    const [found] = await tx
      .select({ caseNumber: cases.caseNumber, clientEmail: cases.clientEmail, language: cases.applicantLanguage })
      .from(cases)
      .where(eq(cases.id, caseId))
      .for('update');
    if (!found) throw notFound('Case');
    if (!found.clientEmail) throw new AppError(409, 'The case has no applicant email: add one first');
    // The client email is a recipient already (every write of it makes one); this keeps that true
    // for cases written otherwise (seeded data), and an unsubscribe stands.
    await addClientEmailRecipients(tx, [{ caseId, email: found.clientEmail }], now);
    const [recipient] = await tx
      .select({ id: caseNotificationRecipients.id, unsubscribedAt: caseNotificationRecipients.unsubscribedAt })
      .from(caseNotificationRecipients)
      .where(
        and(eq(caseNotificationRecipients.caseId, caseId), eq(caseNotificationRecipients.email, found.clientEmail)),
      );
    if (!recipient) throw new Error("the applicant's recipient row was not written");
    if (recipient.unsubscribedAt)
      throw new AppError(409, "The applicant unsubscribed from this case's emails: nothing was sent");
    const [recent] = await tx
      .select({ n: count() })
      .from(caseEvents)
      .where(
        and(
          eq(caseEvents.caseId, caseId),
          eq(caseEvents.kind, 'tracker link sent'),
          gt(caseEvents.changedAt, new Date(now.getTime() - HOUR_MS)),
        ),
      );
    if ((recent?.n ?? 0) >= TRACKER_LINK_RESENDS_PER_HOUR) {
      throw new AppError(
        429,
        `The tracker link was sent ${TRACKER_LINK_RESENDS_PER_HOUR} times in the last hour: try again later`,
      );
    }
    // In the language the applicant last used (or staff named when creating the case).
    const email = await trackerLinkEmail({
      language: found.language,
      caseNumber: found.caseNumber,
      trackerLink: deps.link(`/casetracking?case=${encodeURIComponent(found.caseNumber)}`),
      unsubscribeLink: deps.link(`${TRACKER_UNSUBSCRIBE_PAGE}?token=${deps.unsubscribeToken(recipient.id)}`),
      contact: await caseContactOf(tx, deps.agency, caseId),
    });
    await deps.mailer.send(tx, { to: found.clientEmail, ...email });
    await recordCaseEvents(
      tx,
      [{ caseId, kind: 'tracker link sent', summary: `Sent the tracker link to the applicant (${found.clientEmail})` }],
      admin,
      now,
    );
    return found.clientEmail;
  });
}
