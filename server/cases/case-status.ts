import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';

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
 */
export async function refreshCaseStatuses(tx: Queryable, scope: { caseIds: number[] } | { serviceId: number }): Promise<void> {
  if ('caseIds' in scope && scope.caseIds.length === 0) return;
  const filter: SQL =
    'caseIds' in scope
      ? sql`c2.id IN (${sql.join(
          scope.caseIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`c2.id IN (SELECT case_id FROM case_services WHERE service_id = ${scope.serviceId})`;
  await tx.execute(sql`
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
  `);
}
