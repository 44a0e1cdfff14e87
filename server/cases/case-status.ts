import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { queueCompletionNotifications, type NotificationDeps } from './case-notifications.js';

type StatusScope = { caseIds: number[] } | { serviceId: number };

/**
 * The one rule for a case's status, from the current steps of its services
 * (steps ordered by sequence):
 * - Completed: the case has services and every one is on its last step;
 * - In Progress: otherwise, when any service is past its first step;
 * - Under Review: otherwise (no services, or all still on their first step).
 * A service with a single step is on its last step from the start; a service without steps
 * (no current step) is on neither, so it keeps its case from being Completed.
 *
 * The status is stored on the case and recomputed by every write that can change it
 * (a step change, a case's services, a service's steps), in the same transaction.
 * Returns the ids of the cases this turned Completed.
 */
async function recomputeCaseStatuses(tx: Queryable, scope: StatusScope): Promise<number[]> {
  if ('caseIds' in scope && scope.caseIds.length === 0) return [];
  const filter: SQL =
    'caseIds' in scope
      ? sql`c2.id IN (${sql.join(
          scope.caseIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`c2.id IN (SELECT case_id FROM case_services WHERE service_id = ${scope.serviceId})`;
  const changed = await tx.execute<{ id: number; status: string }>(sql`
    UPDATE cases AS c
    SET status = s.status
    FROM (
      SELECT c2.id AS case_id,
        CASE
          WHEN count(cs.id) > 0 AND count(*) FILTER (WHERE cur.sequence = b.last_sequence) = count(cs.id) THEN 'Completed'
          WHEN count(*) FILTER (WHERE cur.sequence > b.first_sequence) > 0 THEN 'In Progress'
          ELSE 'Under Review'
        END AS status
      FROM cases c2
      LEFT JOIN case_services cs ON cs.case_id = c2.id
      LEFT JOIN steps cur ON cur.id = cs.current_step_id
      LEFT JOIN (
        SELECT service_id, min(sequence) AS first_sequence, max(sequence) AS last_sequence FROM steps GROUP BY service_id
      ) b ON b.service_id = cs.service_id
      WHERE ${filter}
      GROUP BY c2.id
    ) s
    WHERE c.id = s.case_id AND c.status <> s.status
    RETURNING c.id, c.status
  `);
  return changed.rows.filter((row) => row.status === 'Completed').map((row) => row.id);
}

/**
 * After any change to existing cases (a step moved, services added or removed, a service's steps
 * added or removed): their statuses recomputed, and every case this turns Completed gets its
 * completion email queued, in the change's transaction. So however a case completes, the applicant
 * hears of it the same way, unless the admin making a step change chose not to email them.
 */
export async function refreshCaseStatuses(
  tx: Queryable,
  notify: NotificationDeps,
  scope: StatusScope,
  now: Date,
  { notifyApplicant = true }: { notifyApplicant?: boolean } = {},
): Promise<void> {
  const completed = await recomputeCaseStatuses(tx, scope);
  // A step change the admin chose not to email about stays unannounced even when it completes the case.
  if (notifyApplicant) await queueCompletionNotifications(tx, notify, completed, now);
}

/**
 * The first status of cases just created (form, import, seeding). Nobody is emailed: creation is
 * not news the applicant is sent, even when single-step services complete the case at once.
 */
export async function setInitialCaseStatuses(tx: Queryable, scope: StatusScope): Promise<void> {
  await recomputeCaseStatuses(tx, scope);
}
