import { sql, type SQL } from 'drizzle-orm';
import { cases } from '../db/schema/cases.js';
import type { Queryable } from '../db/client.js';
import type { JobQueue } from '../platform/jobs.js';
import { refreshStepFacts } from './case-status.js';

export const STEP_ESTIMATES_QUEUE = 'case-step-estimates';
// Step changes within this long share one recomputation: a bulk move of a thousand cases costs one.
const RECOMPUTE_AFTER_SECONDS = 60;

/** Asks for the estimates to be recomputed soon, in the step change's transaction (one waiting job at most). */
export async function requestStepEstimates(tx: Queryable, jobs: JobQueue): Promise<void> {
  await jobs.send(tx, STEP_ESTIMATES_QUEUE, {}, { startAfterSeconds: RECOMPUTE_AFTER_SECONDS, singletonKey: 'all' });
}

/**
 * Every step's typical duration from the cases that left it: a stay starts with the change that
 * brought the case service to the step (or, for the step it started on, when the case was created)
 * and ends with the change that took it away. The median and the 80th percentile in days are kept
 * on the step once `minSamples` stays are known; below that the step has none (the tracker falls
 * back to the staff's expected days). One statement, so readers see the old or the new figures.
 */
export async function recomputeStepEstimates(db: Queryable, minSamples: number): Promise<void> {
  // A change taken back and its undoing are no stay: the service never really left its step (the
  // undo gave it back its time there), so both are left out and the stay runs across them.
  const changed = await db.execute<{ id: number }>(sql`
    WITH stays AS (
      SELECT sc.from_step_id,
             extract(epoch FROM sc.changed_at - coalesce(
               lag(sc.changed_at) OVER (PARTITION BY sc.case_service_id ORDER BY sc.changed_at, sc.id),
               c.created_at)) / 86400.0 AS days
      FROM step_changes sc
      JOIN case_services cs ON cs.id = sc.case_service_id
      JOIN cases c ON c.id = sc.case_id
      WHERE NOT sc.undone
    ), figures AS (
      SELECT st.id, count(*)::int AS samples,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY greatest(stays.days, 0)) AS median,
             percentile_cont(0.8) WITHIN GROUP (ORDER BY greatest(stays.days, 0)) AS p80
      FROM stays JOIN steps st ON st.id = stays.from_step_id
      GROUP BY st.id
    )
    UPDATE steps SET
      typical_samples = coalesce(f.samples, 0),
      typical_median_days = CASE WHEN f.samples >= ${minSamples} THEN f.median END,
      typical_p80_days = CASE WHEN f.samples >= ${minSamples} THEN f.p80 END
    FROM steps s LEFT JOIN figures f ON f.id = s.id
    WHERE steps.id = s.id
      AND (steps.typical_samples IS DISTINCT FROM coalesce(f.samples, 0)
        OR steps.typical_median_days IS DISTINCT FROM CASE WHEN f.samples >= ${minSamples} THEN f.median END
        OR steps.typical_p80_days IS DISTINCT FROM CASE WHEN f.samples >= ${minSamples} THEN f.p80 END)
    RETURNING steps.id`);
  // The cases at a step whose 80th percentile moved are overdue at another moment now.
  await refreshStepFacts(
    db,
    changed.rows.map((row) => row.id),
  );
}

/**
 * A case is overdue when one of its services has been at a step (not its last) longer than the
 * step's 80th percentile from real cases, or the staff's expected days while there is none. A
 * service's `last_updated` is when it reached its current step; the case keeps the earliest such
 * moment as `overdue_at` (case-status.ts), so this is one comparison an index serves.
 */
export function caseIsOverdue(at: Date): SQL {
  return sql`${cases.overdueAt} < ${at.toISOString()}::timestamptz`;
}

/** How many cases are overdue now (the dashboard's count). */
export async function countOverdueCases(db: Queryable, at: Date): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM ${cases} WHERE ${caseIsOverdue(at)}`,
  );
  return result.rows[0]?.n ?? 0;
}

/** "5–9 days": whole days, the median rounded and the 80th percentile rounded up, never below it. */
export function typicalDays(median: number | null, p80: number | null): { median: number; p80: number } | null {
  if (median === null || p80 === null) return null;
  const low = Math.round(median);
  return { median: low, p80: Math.max(low, Math.ceil(p80)) };
}
