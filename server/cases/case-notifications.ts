import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, isNotNull, or, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client.js';
import { caseNotificationChanges, caseNotificationRecipients, cases } from '../db/schema/cases.js';
import type { JobQueue } from '../platform/jobs.js';
import type { Mailer } from '../platform/mail.js';
import { recordCaseEvents } from './case-events.js';

/**
 * Step-change emails to applicants. A change writes a pending row and a delayed job for its case
 * in the change's own transaction (so a failed change sends nothing); the job, when it runs,
 * sends every pending change of the case in one email per recipient and marks them notified.
 * See docs/decisions/008-case-notifications.md.
 */

export const CASE_NOTIFICATION_QUEUE = 'case-notification';

export type NotificationDeps = {
  jobs: JobQueue;
  mailer: Mailer;
  /** An absolute link to a path of the app, for emails. */
  link: (path: string) => string;
  delaySeconds: number;
};

export type PendingChange = {
  caseId: number;
  serviceName: string;
  stepName: string;
  stepDescription: string | null;
  caseCompleted: boolean;
};

/** A capability token for the confirm and unsubscribe links: 32 url-safe characters. */
export const newRecipientToken = () => randomBytes(24).toString('base64url');

/** Queues the changes' email, in the caller's transaction: one delayed job per case. */
export async function queueChangeNotifications(tx: Queryable, deps: NotificationDeps, changes: PendingChange[], now: Date): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(caseNotificationChanges).values(changes.map((change) => ({ ...change, createdAt: now })));
  // Changes arriving while the job waits are collected by it; the singleton key keeps one waiting
  // job per case (and a duplicate would find nothing left to send).
  const caseIds = [...new Set(changes.map((change) => change.caseId))];
  await deps.jobs.sendMany(
    tx,
    CASE_NOTIFICATION_QUEUE,
    caseIds.map((caseId) => ({ data: { caseId }, options: { startAfterSeconds: deps.delaySeconds, singletonKey: `case-${caseId}` } })),
  );
}

/** Makes the case's client email a recipient (confirmed: staff entered it); an earlier unsubscribe stands. */
export async function addClientEmailRecipients(tx: Queryable, rows: { caseId: number; email: string | null }[], now: Date): Promise<void> {
  const withEmail = rows.filter((row): row is { caseId: number; email: string } => row.email !== null);
  if (withEmail.length === 0) return;
  await tx
    .insert(caseNotificationRecipients)
    .values(withEmail.map((row) => ({ caseId: row.caseId, email: row.email, source: 'case' as const, token: newRecipientToken(), confirmedAt: now, createdAt: now })))
    .onConflictDoUpdate({
      target: [caseNotificationRecipients.caseId, caseNotificationRecipients.email],
      set: { confirmedAt: sql`coalesce(${caseNotificationRecipients.confirmedAt}, excluded.confirmed_at)` },
    });
}

function changeLines(changes: (typeof caseNotificationChanges.$inferSelect)[]): string[] {
  return changes.flatMap((change) => [
    `${change.serviceName}: now at "${change.stepName}"`,
    ...(change.stepDescription ? [`  ${change.stepDescription}`] : []),
    '',
  ]);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The job: sends the case's pending changes, if any, to every confirmed recipient. */
export async function sendPendingNotifications(db: Database, deps: NotificationDeps, caseId: number, now: Date): Promise<void> {
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
      .where(inArray(caseNotificationChanges.id, pending.map((change) => change.id)));

    const [found] = await tx.select({ caseNumber: cases.caseNumber, clientEmail: cases.clientEmail }).from(cases).where(eq(cases.id, caseId));
    if (!found) return;
    const recipients = await tx
      .select({ email: caseNotificationRecipients.email, token: caseNotificationRecipients.token })
      .from(caseNotificationRecipients)
      .where(
        and(
          eq(caseNotificationRecipients.caseId, caseId),
          isNotNull(caseNotificationRecipients.confirmedAt),
          isNull(caseNotificationRecipients.unsubscribedAt),
          or(eq(caseNotificationRecipients.source, 'tracker'), found.clientEmail ? eq(caseNotificationRecipients.email, found.clientEmail) : sql`false`),
        ),
      )
      .orderBy(asc(caseNotificationRecipients.id));
    if (recipients.length === 0) return;

    const completed = pending.some((change) => change.caseCompleted);
    const trackerLink = deps.link(`/casetracking?case=${encodeURIComponent(found.caseNumber)}`);
    const subject = completed ? `Your case ${found.caseNumber} is complete` : `Your case ${found.caseNumber} has moved on`;
    const intro = completed
      ? `Every service of your case ${found.caseNumber} has reached its last step: your case is complete.`
      : `There is news on your case ${found.caseNumber}.`;
    for (const recipient of recipients) {
      const unsubscribeLink = deps.link(`/casetracking/unsubscribe?token=${recipient.token}`);
      const text = [
        intro,
        '',
        ...changeLines(pending),
        `See the whole progress (you will need your passport number): ${trackerLink}`,
        '',
        `You get these emails about case ${found.caseNumber}. Stop them: ${unsubscribeLink}`,
      ].join('\n');
      const html = [
        `<p>${escapeHtml(intro)}</p>`,
        '<ul>',
        ...pending.map(
          (change) =>
            `<li><strong>${escapeHtml(change.serviceName)}</strong>: now at “${escapeHtml(change.stepName)}”${change.stepDescription ? `<br>${escapeHtml(change.stepDescription)}` : ''}</li>`,
        ),
        '</ul>',
        `<p><a href="${escapeHtml(trackerLink)}">See the whole progress</a> (you will need your passport number).</p>`,
        `<p style="font-size:small">You get these emails about case ${escapeHtml(found.caseNumber)}. <a href="${escapeHtml(unsubscribeLink)}">Unsubscribe</a></p>`,
      ].join('\n');
      await deps.mailer.send(tx, { to: recipient.email, subject, text, html, headers: { 'List-Unsubscribe': `<${unsubscribeLink}>` } });
    }
    const about = pending.map((change) => `${change.serviceName} → ${change.stepName}`).join('; ');
    await recordCaseEvents(
      tx,
      [{ caseId, kind: 'notification sent', summary: `Emailed ${recipients.length} recipient(s) about: ${about}${completed ? ' (case complete)' : ''}` }],
      null,
      now,
    );
  });
}
