import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { LateStep } from '../../contracts/cases.js';
import type { Database, Queryable } from '../db/client.js';
import {
  caseAdmins,
  caseNotificationRecipients,
  cases,
  caseServices,
  lateStepNotices,
  services,
  steps,
} from '../db/schema/cases.js';
import { lateStepEmail, stepFollowedUpEmail } from './case-emails.js';
import { recordCaseEvents } from './case-events.js';
import {
  caseContactOf,
  receivesCaseEmails,
  recipientLanguage,
  TRACKER_UNSUBSCRIBE_PAGE,
  type NotificationDeps,
} from './case-notifications.js';

/*
 * Late-waiting notices (issue 41, decision 046): a case that has waited at a step longer than 8 in
 * 10 cases there (the step's 80th percentile, or its expected days while too few cases are known:
 * the rule that makes a case overdue) is noticed once per stay: per case service, step and the moment
 * it reached the step (a case that comes back to a step is noticed again when late again). The notice, the
 * owner's email and the applicant's "we are following it up" are written in one transaction, so a
 * restart in between loses none and repeats none. A schedule runs the sweep (CASE_LATE_STEPS_CRON),
 * once across instances (pg-boss); the unique key settles two sweeps that meet.
 */

export const LATE_STEPS_QUEUE = 'case-late-steps';
const BATCH = 200;
// A run notices at most this many (a first run over years of history); the next run goes on.
const MAX_BATCHES = 50;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Only a stay that became late this recently is told by email: the first sweep after this feature
 * ships (or after a long outage) finds cases late for months, which are on the overdue list already;
 * they are noticed on the dashboard without a burst of emails to owners and applicants.
 */
const TELL_WITHIN_MS = 2 * DAY_MS;

type Noticed = {
  id: number;
  caseId: number;
  caseServiceId: number;
  stepId: number;
  ownerAdminId: number | null;
  waitingSince: string;
  lateAfterDays: number;
  cases: number;
};

/** Notices every case service late at its step and not yet noticed there; returns how many. */
export async function noticeLateSteps(db: Database, deps: NotificationDeps, at: Date): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const noticed = await db.transaction(async (tx) => {
      const rows = await insertNotices(tx, at);
      for (const notice of rows) if (becameLateRecently(notice, at)) await tell(tx, deps, notice, at);
      return rows.length;
    });
    total += noticed;
    if (noticed < BATCH) break;
  }
  return total;
}

function becameLateRecently(notice: Noticed, at: Date): boolean {
  const lateSince = new Date(notice.waitingSince).getTime() + notice.lateAfterDays * DAY_MS;
  return at.getTime() - lateSince <= TELL_WITHIN_MS;
}

/**
 * The notices themselves. `overdue_at` (the earliest moment one of the case's services is late,
 * case-status.ts) narrows the search to late cases off its index; each of their services is then
 * checked against its own step.
 */
async function insertNotices(tx: Queryable, at: Date): Promise<Noticed[]> {
  const now = at.toISOString();
  const result = await tx.execute<Noticed>(sql`
    WITH late AS (
      SELECT c.id AS case_id, cs.id AS case_service_id, st.id AS step_id, c.owner_admin_id,
             cs.last_updated AS waiting_since,
             coalesce(st.typical_p80_days, st.expected_days)::float8 AS late_after_days,
             CASE WHEN st.typical_p80_days IS NULL THEN 0 ELSE st.typical_samples END AS cases
      FROM cases c
      JOIN case_services cs ON cs.case_id = c.id
      JOIN steps st ON st.id = cs.current_step_id
      WHERE c.overdue_at < ${now}::timestamptz
        AND c.status <> 'Completed'
        AND cs.last_updated + coalesce(st.typical_p80_days, st.expected_days) * interval '1 day' < ${now}::timestamptz
        AND st.sequence < (SELECT max(last.sequence) FROM steps last WHERE last.service_id = st.service_id)
        AND NOT EXISTS (SELECT 1 FROM late_step_notices n
                        WHERE n.case_service_id = cs.id AND n.step_id = st.id AND n.waiting_since = cs.last_updated)
      ORDER BY c.overdue_at, cs.id
      LIMIT ${BATCH}
    )
    INSERT INTO late_step_notices
      (case_id, case_service_id, step_id, owner_admin_id, waiting_since, late_after_days, cases, noticed_at)
    SELECT case_id, case_service_id, step_id, owner_admin_id, waiting_since, late_after_days, cases, ${now}::timestamptz
    FROM late
    ON CONFLICT (case_service_id, step_id, waiting_since) DO NOTHING
    RETURNING id, case_id AS "caseId", case_service_id AS "caseServiceId", step_id AS "stepId",
              owner_admin_id AS "ownerAdminId", waiting_since AS "waitingSince",
              late_after_days AS "lateAfterDays", cases`);
  return result.rows;
}

/** The owner's email, the applicant's (each following address, in its language) and the case's history. */
async function tell(tx: Queryable, deps: NotificationDeps, notice: Noticed, at: Date): Promise<void> {
  const [found] = await tx
    .select({
      caseNumber: cases.caseNumber,
      clientName: cases.clientName,
      clientEmail: cases.clientEmail,
      applicantLanguage: cases.applicantLanguage,
      serviceName: services.name,
      serviceTranslations: services.translations,
      stepName: steps.name,
      stepTranslations: steps.translations,
      ownerEmail: caseAdmins.email,
    })
    .from(cases)
    .innerJoin(caseServices, eq(caseServices.id, notice.caseServiceId))
    .innerJoin(services, eq(services.id, caseServices.serviceId))
    .innerJoin(steps, eq(steps.id, notice.stepId))
    .leftJoin(caseAdmins, eq(caseAdmins.id, cases.ownerAdminId))
    .where(eq(cases.id, notice.caseId));
  if (!found) return;
  const waitedDays = Math.floor((at.getTime() - new Date(notice.waitingSince).getTime()) / DAY_MS);
  if (found.ownerEmail) {
    const email = await lateStepEmail({
      caseNumber: found.caseNumber,
      clientName: found.clientName,
      serviceName: found.serviceName,
      stepName: found.stepName,
      waitedDays,
      lateAfterDays: notice.lateAfterDays,
      cases: notice.cases,
      caseLink: deps.link(`/caseadmin/details/${notice.caseId}`),
    });
    await deps.mailer.send(tx, { to: found.ownerEmail, ...email });
  }
  const recipients = (
    await tx
      .select()
      .from(caseNotificationRecipients)
      .where(eq(caseNotificationRecipients.caseId, notice.caseId))
      .orderBy(asc(caseNotificationRecipients.id))
  ).filter((recipient) => receivesCaseEmails(recipient, found.clientEmail));
  const trackerLink = deps.link(`/casetracking?case=${encodeURIComponent(found.caseNumber)}`);
  const contact = recipients.length ? await caseContactOf(tx, deps.agency, notice.caseId) : null;
  for (const recipient of recipients) {
    const email = await stepFollowedUpEmail({
      language: recipientLanguage(recipient, found),
      caseNumber: found.caseNumber,
      news: {
        serviceName: found.serviceName,
        serviceTranslations: found.serviceTranslations,
        stepName: found.stepName,
        stepTranslations: found.stepTranslations,
        stepDescription: null,
      },
      trackerLink,
      unsubscribeLink: deps.link(`${TRACKER_UNSUBSCRIBE_PAGE}?token=${deps.unsubscribeToken(recipient.id)}`),
      contact: contact!,
    });
    await deps.mailer.send(tx, { to: recipient.email, ...email });
  }
  const told = [
    found.ownerEmail ? `emailed the owner (${found.ownerEmail})` : 'no owner to email',
    recipients.length === 1 ? 'told the applicant it is followed up' : `told ${recipients.length} addresses`,
  ].join('; ');
  await recordCaseEvents(
    tx,
    [
      {
        caseId: notice.caseId,
        kind: 'late-waiting notice',
        summary: `${found.serviceName} → ${found.stepName}: ${waitedDays} days, longer than ${
          notice.cases > 0 ? `8 in 10 of ${notice.cases} cases` : 'the expected days'
        }; ${told}`,
      },
    ],
    null,
    at,
  );
}

/**
 * The dashboard's notices for an admin: those of the cases they own, and of cases nobody owns,
 * while the case is still at that step (a case that moved on is no longer late there), newest first.
 */
export async function lateStepsFor(db: Database, adminId: number, limit: number): Promise<LateStep[]> {
  const rows = await db
    .select({
      caseId: lateStepNotices.caseId,
      caseNumber: cases.caseNumber,
      serviceName: services.name,
      stepName: steps.name,
      waitingSince: lateStepNotices.waitingSince,
      lateAfterDays: lateStepNotices.lateAfterDays,
      cases: lateStepNotices.cases,
      noticedAt: lateStepNotices.noticedAt,
    })
    .from(lateStepNotices)
    .innerJoin(cases, eq(cases.id, lateStepNotices.caseId))
    .innerJoin(
      caseServices,
      and(eq(caseServices.id, lateStepNotices.caseServiceId), eq(caseServices.currentStepId, lateStepNotices.stepId)),
    )
    .innerJoin(services, eq(services.id, caseServices.serviceId))
    .innerJoin(steps, eq(steps.id, lateStepNotices.stepId))
    .where(
      and(
        or(eq(cases.ownerAdminId, adminId), isNull(cases.ownerAdminId)),
        sql`${cases.status} <> 'Completed'`,
        eq(caseServices.lastUpdated, lateStepNotices.waitingSince),
      ),
    )
    .orderBy(desc(lateStepNotices.noticedAt), desc(lateStepNotices.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    waitingSince: row.waitingSince.toISOString(),
    noticedAt: row.noticedAt.toISOString(),
    lateAfterDays: Math.ceil(row.lateAfterDays),
  }));
}
