import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { caseNotificationRecipients, cases } from '../db/schema/cases.js';
import type { ApplicantLanguageCode } from '../../contracts/case-documents.js';
import { AppError } from '../platform/errors.js';
import { applicantEmails } from './applicant-emails.js';
import { newRecipientToken, receivesCaseEmails, type NotificationDeps } from './case-notifications.js';
import { normalizeCaseNumber } from './case-management.js';
import { caseNotFoundAnswer, passportMatches } from './progress-lookup.js';

// A confirmation email is sent again for the same address only after this long.
const RESEND_CONFIRMATION_MS = 10 * 60 * 1000;

export const SUBSCRIBE_MESSAGE = 'Check your inbox: unless this address is confirmed already, we sent it a link to confirm it.';

/**
 * "Email me when this changes": needs the passport number, like the lookup, and answers the same
 * for every address. Nothing but the confirmation email goes to the address until its link is
 * opened (double opt-in).
 */
export async function subscribe(db: Database, notify: NotificationDeps, input: { caseNumber: string; passportNumber: string; email: string; language: ApplicantLanguageCode }, now: Date) {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: cases.id, caseNumber: cases.caseNumber, passportNumber: cases.passportNumber, clientEmail: cases.clientEmail })
      .from(cases)
      .where(eq(cases.caseNumber, normalizeCaseNumber(input.caseNumber)));
    if (!found || !passportMatches(found.passportNumber, input.passportNumber)) throw caseNotFoundAnswer();

    const [existing] = await tx
      .select()
      .from(caseNotificationRecipients)
      .where(and(eq(caseNotificationRecipients.caseId, found.id), eq(caseNotificationRecipients.email, input.email)))
      .for('update');
    if (existing && receivesCaseEmails(existing, found.clientEmail)) return;
    if (existing && !existing.unsubscribedAt && existing.confirmationSentAt && now.getTime() - existing.confirmationSentAt.getTime() < RESEND_CONFIRMATION_MS) return;

    const token = newRecipientToken();
    if (existing) {
      // Subscribing again (after unsubscribing, or with a client email the case no longer has) starts
      // over as a tracker subscription: confirmed anew, with a new link (which revokes the old one).
      await tx
        .update(caseNotificationRecipients)
        .set({ token, confirmedAt: null, unsubscribedAt: null, confirmationSentAt: now, source: 'tracker', language: input.language })
        .where(eq(caseNotificationRecipients.id, existing.id));
    } else {
      // Two requests for the same new address at once: the second finds the first's row taken and stops there.
      const inserted = await tx
        .insert(caseNotificationRecipients)
        .values({ caseId: found.id, email: input.email, source: 'tracker', token, confirmationSentAt: now, createdAt: now, language: input.language })
        .onConflictDoNothing({ target: [caseNotificationRecipients.caseId, caseNotificationRecipients.email] })
        .returning({ id: caseNotificationRecipients.id });
      if (inserted.length === 0) return;
    }
    const confirmLink = notify.link(`/casetracking/confirm?token=${token}`);
    await notify.mailer.send(tx, { to: input.email, ...applicantEmails(input.language).confirmSubscription({ caseNumber: found.caseNumber, link: confirmLink }) });
  });
  return { message: SUBSCRIBE_MESSAGE };
}

const invalidLink = () => new AppError(404, 'This link is not valid (any more). Subscribe again from the tracker.');

export async function confirmSubscription(db: Database, token: string, now: Date) {
  const [row] = await db
    .select({ id: caseNotificationRecipients.id, unsubscribedAt: caseNotificationRecipients.unsubscribedAt, caseNumber: cases.caseNumber })
    .from(caseNotificationRecipients)
    .innerJoin(cases, eq(cases.id, caseNotificationRecipients.caseId))
    .where(eq(caseNotificationRecipients.token, token));
  if (!row || row.unsubscribedAt) throw invalidLink();
  await db
    .update(caseNotificationRecipients)
    .set({ confirmedAt: now })
    .where(and(eq(caseNotificationRecipients.id, row.id), eq(caseNotificationRecipients.token, token)));
  return { message: `Confirmed: you will get an email when case ${row.caseNumber} changes.` };
}

export async function unsubscribe(db: Database, token: string, now: Date) {
  const [row] = await db
    .select({ id: caseNotificationRecipients.id, caseNumber: cases.caseNumber })
    .from(caseNotificationRecipients)
    .innerJoin(cases, eq(cases.id, caseNotificationRecipients.caseId))
    .where(eq(caseNotificationRecipients.token, token));
  if (!row) throw invalidLink();
  await db
    .update(caseNotificationRecipients)
    .set({ unsubscribedAt: sql`coalesce(${caseNotificationRecipients.unsubscribedAt}, ${now})` })
    .where(eq(caseNotificationRecipients.id, row.id));
  return { message: `Unsubscribed: no more emails about case ${row.caseNumber} will be sent to this address.` };
}
