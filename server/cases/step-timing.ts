/*
 * How long a case service has been at its step, and how far past its step's usual length, for the
 * staff's list and case page and the tracker. Imports nothing, so the bench's bare baseline
 * (bench/baselines/app-baseline.mjs) answers the list with these very functions from the build.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The step's usual length for "overdue": its 80th percentile from real cases, or the staff's expected days. */
export type StepThreshold = { p80: number | null; expectedDays: number | null };

/**
 * How far a service is past its step: whole days over (0: less than a day), or null while it is
 * not overdue (on its last step, no figure for the step, or not yet past it). The same rule as the
 * case's stored `overdue_at` (case-status.ts).
 */
export function overdueDays(stepStart: Date, threshold: StepThreshold, onLastStep: boolean, at: Date): number | null {
  const days = threshold.p80 ?? threshold.expectedDays;
  if (onLastStep || days === null) return null;
  const over = at.getTime() - (stepStart.getTime() + days * DAY_MS);
  return over > 0 ? Math.floor(over / DAY_MS) : null;
}

/** Whole days since a moment (0 on the day itself). */
export const daysSince = (start: Date, at: Date) => Math.max(0, Math.floor((at.getTime() - start.getTime()) / DAY_MS));
