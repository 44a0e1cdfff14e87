import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client.js';
import {
  caseAdmins,
  caseNotificationChanges,
  caseNotificationRecipients,
  cases,
  services,
  steps,
} from '../db/schema/cases.js';
import type { JobQueue } from '../platform/jobs.js';
import type { Mailer } from '../platform/mail.js';
import { caseCreatedEmail, caseProgressEmail, type CaseContact, type ServiceNews } from './case-emails.js';
import { recordCaseEvents } from './case-events.js';

/**
 * Emails to applicants when a service of their case changes step or the case completes. A change
 * writes a pending row and a delayed job for its case in the change's own transaction (so a failed
 * change sends nothing); the job, when it runs, sends every pending row of the case in one email
 * per recipient and marks them notified. See docs/decisions/008-case-notifications.md.
 */

export const CASE_NOTIFICATION_QUEUE = 'case-notification';

export type AgencyContact = { phone: string | null; whatsapp: string | null; email: string | null };

/** Who the applicant of a case turns to: its owner's name (when set) and the agency's contact. */
export async function caseContactOf(tx: Queryable, agency: AgencyContact, caseId: number): Promise<CaseContact> {
  const [owner] = await tx
    .select({ name: caseAdmins.name })
    .from(cases)
    .innerJoin(caseAdmins, eq(caseAdmins.id, cases.ownerAdminId))
    .where(eq(cases.id, caseId));
  return { ownerName: owner?.name ?? null, ...agency };
}

/** The "Stop these emails" page of case emails, which is also their List-Unsubscribe address (one-click POST). */
export const TRACKER_UNSUBSCRIBE_PAGE = '/casetracking/unsubscribe';

export type NotificationDeps = {
  jobs: JobQueue;
  mailer: Mailer;
  /** An absolute link to a path of the app, for emails. */
  link: (path: string) => string;
  delaySeconds: number;
  /** How long a single step change can be undone; its email waits at least that long. */
  undoSeconds: number;
  /** The agency's phone, WhatsApp and email, in every email to applicants (CASE_CONTACT_*). */
  agency: AgencyContact;
  /**
   * The unsubscribe link's token of a recipient: a keyed digest of its id, so every email's link
   * keeps working and none is stored, in the table or in the queued message once it is sent.
   */
  unsubscribeToken: (recipientId: number) => string;
  /** The recipient an unsubscribe token was made for, or undefined for a forged one. */
  unsubscribeRecipient: (token: string) => number | undefined;
};

/** A service of a case moved to a step. */
export type PendingChange = {
  caseId: number;
  serviceName: string;
  stepName: string;
  stepDescription: string | null;
  stepId?: number | null;
  stepChangeId?: number | null;
};

/**
 * Queues the changes' email, in the caller's transaction: one delayed job per case. `undoable`: the
 * change can still be undone for a while (a single step change), and the email waits for that.
 */
export async function queueChangeNotifications(
  tx: Queryable,
  deps: NotificationDeps,
  changes: PendingChange[],
  now: Date,
  { undoable = false }: { undoable?: boolean } = {},
): Promise<void> {
  await queueNews(tx, deps, changes, now, undoable ? Math.max(deps.delaySeconds, deps.undoSeconds) : deps.delaySeconds);
}

/** Queues the email of cases that have just turned Completed (see refreshCaseStatuses). */
export async function queueCompletionNotifications(
  tx: Queryable,
  deps: NotificationDeps,
  caseIds: number[],
  now: Date,
): Promise<void> {
  await queueNews(
    tx,
    deps,
    caseIds.map((caseId) => ({ caseId, serviceName: null, stepName: null, stepDescription: null })),
    now,
  );
}

async function queueNews(
  tx: Queryable,
  deps: NotificationDeps,
  news: (typeof caseNotificationChanges.$inferInsert)[],
  now: Date,
  delaySeconds = deps.delaySeconds,
): Promise<void> {
  if (news.length === 0) return;
  await tx.insert(caseNotificationChanges).values(news.map((item) => ({ ...item, createdAt: now })));
  // Changes arriving while the job waits are collected by it; the singleton key keeps one waiting
  // job per case (and a duplicate would find nothing left to send).
  const caseIds = [...new Set(news.map((item) => item.caseId))];
  await deps.jobs.sendMany(
    tx,
    CASE_NOTIFICATION_QUEUE,
    caseIds.map((caseId) => ({
      data: { caseId },
      options: { startAfterSeconds: delaySeconds, singletonKey: `case-${caseId}` },
    })),
  );
}

/** Makes the case's client email a recipient (confirmed: staff entered it); an earlier unsubscribe stands. */
export async function addClientEmailRecipients(
  tx: Queryable,
  rows: { caseId: number; email: string | null }[],
  now: Date,
): Promise<void> {
  const withEmail = rows.filter((row): row is { caseId: number; email: string } => row.email !== null);
  if (withEmail.length === 0) return;
  await tx
    .insert(caseNotificationRecipients)
    .values(
      withEmail.map((row) => ({
        caseId: row.caseId,
        email: row.email,
        source: 'case' as const,
        confirmedAt: now,
        createdAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [caseNotificationRecipients.caseId, caseNotificationRecipients.email],
      set: { confirmedAt: sql`coalesce(${caseNotificationRecipients.confirmedAt}, excluded.confirmed_at)` },
    });
}

/**
 * Tells the applicant of each new case (its client email, entered by staff) the case number and
 * the tracker link, as the tracker's text promises. An address unsubscribed earlier gets nothing.
 */
export async function sendCaseCreatedEmails(
  tx: Queryable,
  deps: Pick<NotificationDeps, 'mailer' | 'link' | 'unsubscribeToken' | 'agency'>,
  caseIds: number[],
): Promise<void> {
  if (caseIds.length === 0) return;
  const applicants = await tx
    .select({
      caseNumber: cases.caseNumber,
      email: caseNotificationRecipients.email,
      recipientId: caseNotificationRecipients.id,
      language: cases.applicantLanguage,
      openedAt: cases.createdAt,
      caseId: cases.id,
    })
    .from(cases)
    .innerJoin(
      caseNotificationRecipients,
      and(eq(caseNotificationRecipients.caseId, cases.id), eq(caseNotificationRecipients.email, cases.clientEmail)),
    )
    .where(and(inArray(cases.id, caseIds), isNull(caseNotificationRecipients.unsubscribedAt)));
  for (const applicant of applicants) {
    const email = await caseCreatedEmail({
      language: applicant.language,
      caseNumber: applicant.caseNumber,
      openedAt: applicant.openedAt,
      trackerLink: deps.link(`/casetracking?case=${encodeURIComponent(applicant.caseNumber)}`),
      unsubscribeLink: deps.link(`${TRACKER_UNSUBSCRIBE_PAGE}?token=${deps.unsubscribeToken(applicant.recipientId)}`),
      contact: await caseContactOf(tx, deps.agency, applicant.caseId),
    });
    await deps.mailer.send(tx, { to: applicant.email, ...email });
  }
}

/**
 * Who hears about a case: a confirmed address that has not unsubscribed and either came from the
 * tracker or is the case's client email now (a staff-entered address stops with the case's email).
 */
export function receivesCaseEmails(
  recipient: Pick<
    typeof caseNotificationRecipients.$inferSelect,
    'email' | 'source' | 'confirmedAt' | 'unsubscribedAt'
  >,
  clientEmail: string | null,
): boolean {
  return (
    recipient.confirmedAt !== null &&
    recipient.unsubscribedAt === null &&
    (recipient.source === 'tracker' || recipient.email === clientEmail)
  );
}

/**
 * The language a recipient reads: the case's own address gets the language its applicant last used
 * (a sign-in request or a subscription of that address, see `cases.applicantLanguage`); any other
 * address the language of the tracker page that subscribed it.
 */
export function recipientLanguage(
  recipient: Pick<typeof caseNotificationRecipients.$inferSelect, 'email' | 'language'>,
  found: { clientEmail: string | null; applicantLanguage: string },
): string {
  return recipient.email === found.clientEmail ? found.applicantLanguage : recipient.language;
}

/**
 * Each service once, at the latest step the pending rows give it (rows in the order they came),
 * with the step's and its service's words in every language as they are now (a step renamed or
 * translated while the email waited is written as it is now).
 */
async function latestStepPerService(
  tx: Queryable,
  pending: (typeof caseNotificationChanges.$inferSelect)[],
): Promise<ServiceNews[]> {
  const stepIds = [...new Set(pending.map((row) => row.stepId).filter((id): id is number => id !== null))];
  const current = stepIds.length
    ? await tx
        .select({
          id: steps.id,
          name: steps.name,
          description: steps.description,
          translations: steps.translations,
          serviceName: services.name,
          serviceTranslations: services.translations,
        })
        .from(steps)
        .innerJoin(services, eq(services.id, steps.serviceId))
        .where(inArray(steps.id, stepIds))
    : [];
  const latest = new Map<string, ServiceNews>();
  for (const { serviceName, stepName, stepDescription, stepId } of pending) {
    if (serviceName === null || stepName === null) continue;
    const step = current.find((row) => row.id === stepId);
    latest.delete(serviceName);
    latest.set(
      serviceName,
      step
        ? {
            serviceName: step.serviceName,
            stepName: step.name,
            stepDescription: step.description,
            serviceTranslations: step.serviceTranslations,
            stepTranslations: step.translations,
          }
        : { serviceName, stepName, stepDescription },
    );
  }
  return [...latest.values()];
}

/** The history's plain words for who was emailed: usually just the applicant. */
const emailedWhom = (count: number) => (count === 1 ? 'Emailed the applicant' : `Emailed ${count} addresses`);

/**
 * The job: sends the case's pending news, if any, to every recipient, describing the case as it is
 * now: each service that moved at its latest step, and "complete" only while the case is Completed.
 */
export async function sendPendingNotifications(
  db: Database,
  deps: NotificationDeps,
  caseId: number,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    // SKIP LOCKED: a second job of the same case running at once leaves these to this one.
    const pending = await tx
      .select()
      .from(caseNotificationChanges)
      .where(and(eq(caseNotificationChanges.caseId, caseId), isNull(caseNotificationChanges.notifiedAt)))
      .orderBy(asc(caseNotificationChanges.id))
      .for('update', { skipLocked: true });
    if (pending.length === 0) return;
    await tx
      .update(caseNotificationChanges)
      .set({ notifiedAt: now })
      .where(
        inArray(
          caseNotificationChanges.id,
          pending.map((change) => change.id),
        ),
      );

    const [found] = await tx
      .select({
        caseNumber: cases.caseNumber,
        clientEmail: cases.clientEmail,
        status: cases.status,
        applicantLanguage: cases.applicantLanguage,
      })
      .from(cases)
      .where(eq(cases.id, caseId));
    if (!found) return;
    const news = await latestStepPerService(tx, pending);
    const completed = found.status === 'Completed';
    // A completion undone before the email went (and nothing else moved) is no news.
    if (news.length === 0 && !completed) return;
    const recipients = (
      await tx
        .select()
        .from(caseNotificationRecipients)
        .where(eq(caseNotificationRecipients.caseId, caseId))
        .orderBy(asc(caseNotificationRecipients.id))
    ).filter((recipient) => receivesCaseEmails(recipient, found.clientEmail));
    if (recipients.length === 0) return;

    const trackerLink = deps.link(`/casetracking?case=${encodeURIComponent(found.caseNumber)}`);
    const contact = await caseContactOf(tx, deps.agency, caseId);
    for (const recipient of recipients) {
      const unsubscribeLink = deps.link(`${TRACKER_UNSUBSCRIBE_PAGE}?token=${deps.unsubscribeToken(recipient.id)}`);
      const language = recipientLanguage(recipient, found);
      const email = await caseProgressEmail({
        language,
        caseNumber: found.caseNumber,
        news,
        completed,
        trackerLink,
        unsubscribeLink,
        contact,
      });
      await deps.mailer.send(tx, { to: recipient.email, ...email });
    }
    const about = news.map((item) => `${item.serviceName} → ${item.stepName}`).join('; ');
    const summary = completed ? (about ? `${about} (case complete)` : 'case complete') : about;
    await recordCaseEvents(
      tx,
      [{ caseId, kind: 'notification sent', summary: `${emailedWhom(recipients.length)} about: ${summary}` }],
      null,
      now,
    );
  });
}
