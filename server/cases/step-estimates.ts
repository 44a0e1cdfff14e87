import { sql, type SQL } from 'drizzle-orm';
import { cases } from '../db/schema/cases.js';
import type { Queryable } from '../db/client.js';
import type { JobQueue } from '../platform/jobs.js';
import { refreshStepFacts } from './case-status.js';
import { estimateDurations, type StayCount } from './censored-durations.js';

export const STEP_ESTIMATES_QUEUE = 'case-step-estimates';
// Step changes within this long share one recomputation: a bulk move of a thousand cases costs one.
const RECOMPUTE_AFTER_SECONDS = 60;

/** Asks for the estimates to be recomputed soon, in the step change's transaction (one waiting job at most). */
export async function requestStepEstimates(tx: Queryable, jobs: JobQueue): Promise<void> {
  await jobs.send(tx, STEP_ESTIMATES_QUEUE, {}, { startAfterSeconds: RECOMPUTE_AFTER_SECONDS, singletonKey: 'all' });
}

/**
 * Steps measured before their distribution was kept (migration 0039) have a median and no
 * distribution until a step change anywhere asks for a recomputation (issue 41's leftover: the
 * tracker's ready-to-work dates were missing after an upgrade). Asked once when the area's worker
 * starts, to run at once (the same singleton as a step change's, so it runs once across instances).
 */
export async function requestMissingDistributions(db: Queryable, jobs: JobQueue): Promise<boolean> {
  const missing = await db.execute(
    sql`SELECT 1 FROM steps WHERE typical_median_days IS NOT NULL AND typical_distribution IS NULL LIMIT 1`,
  );
  if (missing.rows.length === 0) return false;
  await jobs.send(db, STEP_ESTIMATES_QUEUE, {}, { singletonKey: 'all' });
  return true;
}

/**
 * Every step's typical duration from every stay at it (issue 41): a stay starts with the change that
 * brought the case service to the step (or, for the step it started on, when the case was created)
 * and ends with the change that took it away; a service still at a step that is not its service's
 * last has a stay still going, counted as censored at its days so far (censored-durations.ts:
 * Kaplan-Meier, or an exponential fit where too few stays have finished). The median and the 80th
 * percentile in days are kept on the step once `minSamples` stays are known; below that the step has
 * none (the tracker falls back to the staff's expected days). Written in one statement, so readers see
 * the old or the new figures.
 */
export async function recomputeStepEstimates(db: Queryable, minSamples: number, at: Date): Promise<void> {
  // A change taken back and its undoing are no stay: the service never really left its step (the
  // undo gave it back its time there), so both are left out and the stay runs across them. Lengths
  // are grouped to the hundredth of a day (about 15 minutes), so the rows grow with the distinct
  // lengths, not with the cases.
  const stays = await db.execute<{ step_id: number; days: number; finished: number; waiting: number }>(sql`
    WITH finished AS (
      SELECT sc.from_step_id AS step_id,
             greatest(extract(epoch FROM sc.changed_at - coalesce(
               lag(sc.changed_at) OVER (PARTITION BY sc.case_service_id ORDER BY sc.changed_at, sc.id),
               c.created_at)) / 86400.0, 0) AS days
      FROM step_changes sc
      JOIN case_services cs ON cs.id = sc.case_service_id
      JOIN cases c ON c.id = sc.case_id
      WHERE NOT sc.undone
    ), waiting AS (
      SELECT cs.current_step_id AS step_id,
             greatest(extract(epoch FROM ${at.toISOString()}::timestamptz - cs.last_updated) / 86400.0, 0) AS days
      FROM case_services cs
      JOIN steps st ON st.id = cs.current_step_id
      WHERE st.sequence < (SELECT max(last.sequence) FROM steps last WHERE last.service_id = st.service_id)
    )
    SELECT step_id, round(days::numeric, 2)::float8 AS days,
           count(*) FILTER (WHERE finished)::int AS finished,
           count(*) FILTER (WHERE NOT finished)::int AS waiting
    FROM (SELECT step_id, days, true AS finished FROM finished WHERE step_id IS NOT NULL
          UNION ALL SELECT step_id, days, false FROM waiting) all_stays
    GROUP BY 1, 2`);
  const byStep = new Map<number, StayCount[]>();
  for (const row of stays.rows) {
    const list = byStep.get(row.step_id) ?? [];
    list.push({ days: row.days, finished: row.finished, waiting: row.waiting });
    byStep.set(row.step_id, list);
  }
  const figures = [...byStep].map(([stepId, list]) => {
    const estimate = estimateDurations(list);
    const known = estimate.samples >= minSamples;
    return {
      id: stepId,
      samples: estimate.samples,
      median: known ? estimate.median : null,
      p80: known ? estimate.p80 : null,
      // To the hundredth of a day, as the stays are: the lookup carries it for every step.
      distribution:
        known && estimate.distribution
          ? {
              q: estimate.distribution.q.map((days) => Math.round(days * 100) / 100),
              mean: Math.round(estimate.distribution.mean * 100) / 100,
            }
          : null,
    };
  });
  const changed = await db.execute<{ id: number }>(sql`
    WITH figures AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(figures)}::jsonb)
        AS f(id int, samples int, median float8, p80 float8, distribution jsonb)
    )
    UPDATE steps SET
      typical_samples = coalesce(f.samples, 0),
      typical_median_days = f.median,
      typical_p80_days = f.p80,
      typical_distribution = f.distribution
    FROM steps s LEFT JOIN figures f ON f.id = s.id
    WHERE steps.id = s.id
      AND (steps.typical_samples IS DISTINCT FROM coalesce(f.samples, 0)
        OR steps.typical_median_days IS DISTINCT FROM f.median
        OR steps.typical_p80_days IS DISTINCT FROM f.p80
        OR steps.typical_distribution IS DISTINCT FROM f.distribution)
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
