import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { queueCompletionNotifications, type NotificationDeps } from './case-notifications.js';

type StatusScope = { caseIds: number[] } | { serviceId: number } | { stepIds: number[] };

const ids = (values: number[]) =>
  sql.join(
    values.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The one rule for a case's status, from the current steps of its services
 * (steps ordered by sequence):
 * - Completed: the case has services and every one is on its last step;
 * - In Progress: otherwise, when any service is past its first step;
 * - Under Review: otherwise (no services, or all still on their first step).
 * A service with a single step is on its last step from the start; a service without steps
 * (no current step) is on neither, so it keeps its case from being Completed.
 *
 * With the status, the case keeps what the list searches and sorts by, from the same rows:
 * - `step_search`: its services' current steps' names, folded as the search folds;
 * - `step_since`: when its longest-waiting unfinished service reached its step (days at step);
 * - `overdue_at`: the earliest moment an unfinished service passes its step's 80th percentile,
 *   or its expected days while there is none (how overdue, and "Overdue only");
 * both 'infinity' when no service is waiting (or none has a figure).
 *
 * All are stored on the case and recomputed by every write that can change them (a step change,
 * a case's services, a service's steps, a step's figures), in the same transaction.
 * Returns the ids of the cases this turned Completed.
 */
async function recomputeCaseStatuses(tx: Queryable, scope: StatusScope): Promise<number[]> {
  if ('caseIds' in scope && scope.caseIds.length === 0) return [];
  if ('stepIds' in scope && scope.stepIds.length === 0) return [];
  const filter: SQL =
    'caseIds' in scope
      ? sql`c2.id IN (${ids(scope.caseIds)})`
      : 'serviceId' in scope
        ? sql`c2.id IN (SELECT case_id FROM case_services WHERE service_id = ${scope.serviceId})`
        : sql`c2.id IN (SELECT case_id FROM case_services WHERE current_step_id IN (${ids(scope.stepIds)}))`;
  const changed = await tx.execute<{ id: number; status: string; was: string }>(sql`
    UPDATE cases AS c
    SET status = s.status, step_search = s.step_search, step_since = s.step_since, overdue_at = s.overdue_at
    FROM (
      SELECT c2.id AS case_id, c2.status AS was,
        CASE
          WHEN count(cs.id) > 0 AND count(*) FILTER (WHERE cur.sequence = b.last_sequence) = count(cs.id) THEN 'Completed'
          WHEN count(*) FILTER (WHERE cur.sequence > b.first_sequence) > 0 THEN 'In Progress'
          ELSE 'Under Review'
        END AS status,
        coalesce(string_agg(case_search_fold(cur.name), chr(31) ORDER BY cs.id), '') AS step_search,
        coalesce(min(cs.last_updated) FILTER (WHERE cs.id IS NOT NULL AND (cur.id IS NULL OR cur.sequence < b.last_sequence)),
                 'infinity') AS step_since,
        coalesce(min(cs.last_updated + coalesce(cur.typical_p80_days, cur.expected_days) * interval '1 day')
                   FILTER (WHERE cur.sequence < b.last_sequence),
                 'infinity') AS overdue_at
      FROM cases c2
      LEFT JOIN case_services cs ON cs.case_id = c2.id
      LEFT JOIN steps cur ON cur.id = cs.current_step_id
      LEFT JOIN (
        SELECT service_id, min(sequence) AS first_sequence, max(sequence) AS last_sequence FROM steps GROUP BY service_id
      ) b ON b.service_id = cs.service_id
      WHERE ${filter}
      GROUP BY c2.id
    ) s
    WHERE c.id = s.case_id
      AND (c.status, c.step_search, c.step_since, c.overdue_at) IS DISTINCT FROM (s.status, s.step_search, s.step_since, s.overdue_at)
    RETURNING c.id, c.status, s.was
  `);
  return changed.rows.filter((row) => row.status === 'Completed' && row.was !== 'Completed').map((row) => row.id);
}

/**
 * After a step's figures changed (its 80th percentile from real cases, its expected days, its
 * name): the search and sort facts of the cases at it. Its status cannot change that way, so nobody
 * is emailed.
 */
export async function refreshStepFacts(tx: Queryable, stepIds: number[]): Promise<void> {
  await recomputeCaseStatuses(tx, { stepIds });
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
