import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.js';
import { caseNotificationRecipients, cases } from '../db/schema/cases.js';
import type { ApplicantLanguageCode } from '../../contracts/case-documents.js';
import type { SubscriptionLinkAnswer } from '../../contracts/case-applicant.js';
import { SUBSCRIPTION_LINK_INVALID } from '../../contracts/cases-constants.js';
import { AppError } from '../platform/errors.js';
import { subscriptionConfirmationEmail } from './case-emails.js';
import type { MailMessage } from '../platform/mail.js';
import { caseContactOf, receivesCaseEmails, type NotificationDeps } from './case-notifications.js';
import { caseAsTyped, caseNotFoundAnswer } from './progress-lookup.js';

// A confirmation email is sent again for the same address only after this long.
const RESEND_CONFIRMATION_MS = 10 * 60 * 1000;
/** How long a confirmation link works. */
export const CONFIRMATION_TTL_MS = 48 * 60 * 60 * 1000;

export const SUBSCRIBE_MESSAGE =
  'Check your inbox: unless this address is confirmed already, we sent it a link to confirm it.';

const CONFIRMATION_EMAIL = 'case-tracker-confirm';
const confirmationJob = z.object({ recipientId: z.number().int() });
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * "Email me when this changes": needs the passport number, like the lookup, and answers the same
 * for every address. Nothing but the confirmation email goes to the address until its link is
 * opened (double opt-in); that email is written when its job runs, so its link's token is made
 * then and only its hash is kept.
 */
export async function subscribe(
  db: Database,
  notify: NotificationDeps,
  input: { caseNumber: string; passportNumber: string; email: string; language: ApplicantLanguageCode },
  now: Date,
) {
  await db.transaction(async (tx) => {
    const found = await caseAsTyped(tx, input);
    if (!found) throw caseNotFoundAnswer();
    // The case's own address subscribing is its applicant speaking: every email to it follows this language now.
    if (found.clientEmail !== null && found.clientEmail === input.email) {
      await tx.update(cases).set({ applicantLanguage: input.language }).where(eq(cases.id, found.id));
    }

    const [existing] = await tx
      .select()
      .from(caseNotificationRecipients)
      .where(and(eq(caseNotificationRecipients.caseId, found.id), eq(caseNotificationRecipients.email, input.email)))
      .for('update');
    if (existing && receivesCaseEmails(existing, found.clientEmail)) return;
    if (
      existing &&
      !existing.unsubscribedAt &&
      existing.confirmationSentAt &&
      now.getTime() - existing.confirmationSentAt.getTime() < RESEND_CONFIRMATION_MS
    )
      return;

    let recipientId: number;
    if (existing) {
      // Subscribing again (after unsubscribing, or with a client email the case no longer has) starts
      // over as a tracker subscription: confirmed anew, with a new link (which revokes the old one).
      await tx
        .update(caseNotificationRecipients)
        .set({
          confirmTokenHash: null,
          confirmExpiresAt: null,
          confirmedAt: null,
          unsubscribedAt: null,
          confirmationSentAt: now,
          source: 'tracker',
          language: input.language,
        })
        .where(eq(caseNotificationRecipients.id, existing.id));
      recipientId = existing.id;
    } else {
      // Two requests for the same new address at once: the second finds the first's row taken and stops there.
      const [inserted] = await tx
        .insert(caseNotificationRecipients)
        .values({
          caseId: found.id,
          email: input.email,
          source: 'tracker',
          confirmationSentAt: now,
          createdAt: now,
          language: input.language,
        })
        .onConflictDoNothing({ target: [caseNotificationRecipients.caseId, caseNotificationRecipients.email] })
        .returning({ id: caseNotificationRecipients.id });
      if (!inserted) return;
      recipientId = inserted.id;
    }
    await notify.mailer.sendComposed(tx, CONFIRMATION_EMAIL, input.email, { recipientId });
  });
  return { message: SUBSCRIBE_MESSAGE };
}

/** The confirmation email, when its job runs: a new link (48 h) for a subscription still waiting for one. */
async function composeConfirmation(
  db: Database,
  notify: NotificationDeps,
  recipientId: number,
  now: Date,
): Promise<MailMessage | undefined> {
  // 192 random bits: 32 url-safe characters.
  const token = randomBytes(24).toString('base64url');
  const [row] = await db
    .update(caseNotificationRecipients)
    .set({ confirmTokenHash: hashToken(token), confirmExpiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS) })
    .from(cases)
    .where(
      and(
        eq(caseNotificationRecipients.id, recipientId),
        eq(cases.id, caseNotificationRecipients.caseId),
        isNull(caseNotificationRecipients.confirmedAt),
        isNull(caseNotificationRecipients.unsubscribedAt),
      ),
    )
    .returning({
      email: caseNotificationRecipients.email,
      caseNumber: cases.caseNumber,
      language: caseNotificationRecipients.language,
      caseId: cases.id,
    });
  if (!row) return undefined;
  const confirmLink = notify.link(`/casetracking/confirm?token=${token}`);
  // In the language of the tracker page that subscribed.
  return {
    to: row.email,
    ...(await subscriptionConfirmationEmail({
      language: row.language,
      caseNumber: row.caseNumber,
      link: confirmLink,
      hours: CONFIRMATION_TTL_MS / 3_600_000,
      contact: await caseContactOf(db, notify.agency, row.caseId),
    })),
  };
}

/** Names how the tracker's confirmation emails are written when their jobs run. */
export function composeTrackerEmails(db: Database, notify: NotificationDeps, now: () => Date): void {
  notify.mailer.compose(CONFIRMATION_EMAIL, async (data) =>
    composeConfirmation(db, notify, confirmationJob.parse(data).recipientId, now()),
  );
}

const invalidLink = () =>
  new AppError(404, 'This link is not valid (any more). Subscribe again from the tracker.', SUBSCRIPTION_LINK_INVALID);

/** Follows a confirmation link: works (again) until it expires, never after an unsubscribe. */
export async function confirmSubscription(db: Database, token: string, now: Date) {
  const [row] = await db
    .update(caseNotificationRecipients)
    .set({ confirmedAt: sql`coalesce(${caseNotificationRecipients.confirmedAt}, ${now.toISOString()}::timestamptz)` })
    .from(cases)
    .where(
      and(
        eq(caseNotificationRecipients.confirmTokenHash, hashToken(token)),
        gt(caseNotificationRecipients.confirmExpiresAt, now),
        isNull(caseNotificationRecipients.unsubscribedAt),
        eq(cases.id, caseNotificationRecipients.caseId),
      ),
    )
    .returning({ caseNumber: cases.caseNumber });
  if (!row) throw invalidLink();
  return {
    message: `Confirmed: you will get an email when case ${row.caseNumber} changes.`,
    code: 'SUBSCRIPTION_CONFIRMED',
    caseNumber: row.caseNumber,
  } satisfies SubscriptionLinkAnswer;
}

/** Follows the unsubscribe link of a case email (see `NotificationDeps.unsubscribeToken`). */
export async function unsubscribe(db: Database, notify: NotificationDeps, token: string, now: Date) {
  const recipientId = notify.unsubscribeRecipient(token);
  if (recipientId === undefined) throw invalidLink();
  const [row] = await db
    .update(caseNotificationRecipients)
    .set({
      unsubscribedAt: sql`coalesce(${caseNotificationRecipients.unsubscribedAt}, ${now.toISOString()}::timestamptz)`,
      confirmTokenHash: null,
    })
    .from(cases)
    .where(and(eq(caseNotificationRecipients.id, recipientId), eq(cases.id, caseNotificationRecipients.caseId)))
    .returning({ caseNumber: cases.caseNumber });
  if (!row) throw invalidLink();
  return {
    message: `Unsubscribed: no more emails about case ${row.caseNumber} will be sent to this address.`,
    code: 'UNSUBSCRIBED',
    caseNumber: row.caseNumber,
  } satisfies SubscriptionLinkAnswer;
}
