/*
 * How long a step takes, from every stay at it: the finished ones, and the ones still going, which
 * are censored (the case has waited at least this long; issue 41). Counting only finished stays makes
 * the estimate too short exactly when a step slows down: the slow cases are the ones still waiting.
 * Imports nothing, so it is tested on its own with histories whose true durations are known.
 */

/** Stays of one length: how many finished after `days`, and how many are still waiting after as long. */
export type StayCount = { days: number; finished: number; waiting: number };

export type DurationEstimate = {
  /** The median and 80th percentile days of a stay, or null when the history cannot say. */
  median: number | null;
  p80: number | null;
  /** How many stays the figures rest on, and how many of them are still waiting. */
  samples: number;
  waiting: number;
  /** Kaplan-Meier, or an exponential fit where too many stays are still waiting for Kaplan-Meier to reach the percentile. */
  method: 'kaplan-meier' | 'exponential' | 'none';
  /** The whole distribution, for the time left and the ready-to-work simulation (null with `none`). */
  distribution: StepDistribution | null;
};

/**
 * A step's stay lengths as the tracker draws them (ready-to-work.ts): `q[k - 1]` is the days by
 * which the share k/40 of stays have finished (k = 1 … 39; the median is `q[19]`, the 80th
 * percentile `q[31]`), and beyond the last a memoryless tail of mean `mean` days (the censored
 * exponential fit's: every stay's days over the finished ones), so a case waiting longer than
 * almost all others still has time left. Kept on the step as JSON, about 40 numbers.
 */
export type StepDistribution = { q: number[]; mean: number };
export const DISTRIBUTION_POINTS = 40;

type SurvivalStep = { days: number; survival: number };

/**
 * The Kaplan-Meier survival curve: after each length at which stays finished, the share of stays
 * still going. A stay still waiting at `days` counts as at risk up to and including `days`.
 */
export function survivalCurve(stays: StayCount[]): SurvivalStep[] {
  const sorted = [...stays].sort((a, b) => a.days - b.days);
  let atRisk = sorted.reduce((sum, stay) => sum + stay.finished + stay.waiting, 0);
  let survival = 1;
  const curve: SurvivalStep[] = [];
  for (const stay of sorted) {
    if (stay.finished > 0 && atRisk > 0) {
      survival *= 1 - stay.finished / atRisk;
      curve.push({ days: stay.days, survival });
    }
    atRisk -= stay.finished + stay.waiting;
  }
  return curve;
}

const EPSILON = 1e-9;

/**
 * The days by which the share `q` of stays have finished: the first length where the curve falls to
 * 1 - q or below; where it lands exactly on 1 - q and stays there, the middle of that flat stretch
 * (the usual convention, which gives the plain median and percentiles of a history without waiting
 * stays: 10.5 for stays of 1 to 20 days). Null when the curve never gets that low.
 */
export function survivalQuantile(curve: SurvivalStep[], q: number, from = 0, startSurvival = 1): number | null {
  const target = (1 - q) * startSurvival;
  const ahead = curve.filter((point) => point.days > from);
  for (const [index, point] of ahead.entries()) {
    if (point.survival <= target + EPSILON) {
      if (Math.abs(point.survival - target) < EPSILON) {
        const next = ahead[index + 1];
        return next ? (point.days + next.days) / 2 : point.days;
      }
      return point.days;
    }
  }
  return null;
}

/** The survival at a length: the curve's last step at or before it. */
export function survivalAt(curve: SurvivalStep[], days: number): number {
  let survival = 1;
  for (const point of curve) {
    if (point.days > days) break;
    survival = point.survival;
  }
  return survival;
}

/**
 * The step's median and 80th percentile from its stays. Kaplan-Meier where it reaches both
 * percentiles; otherwise (many stays still waiting, few finished) an exponential fit by maximum
 * likelihood with censoring: rate = finished stays / total days of every stay, which uses the
 * waiting stays' days too.
 */
export function estimateDurations(stays: StayCount[]): DurationEstimate {
  const samples = stays.reduce((sum, stay) => sum + stay.finished + stay.waiting, 0);
  const waiting = stays.reduce((sum, stay) => sum + stay.waiting, 0);
  const finished = samples - waiting;
  if (finished === 0) return { median: null, p80: null, samples, waiting, method: 'none', distribution: null };
  const curve = survivalCurve(stays);
  const exposure = stays.reduce((sum, stay) => sum + stay.days * (stay.finished + stay.waiting), 0);
  const mean = Math.max(0, exposure) / finished;
  const kaplanMeier = survivalQuantile(curve, 0.5) !== null && survivalQuantile(curve, 0.8) !== null;
  const last = curve.at(-1);
  const q: number[] = [];
  for (let k = 1; k < DISTRIBUTION_POINTS; k++) {
    const share = k / DISTRIBUTION_POINTS;
    // Past the curve's end (the longest stays still waiting), the tail goes on from its last step.
    const days = kaplanMeier
      ? (survivalQuantile(curve, share) ??
        (last ? last.days + mean * Math.log(last.survival / (1 - share)) : -mean * Math.log(1 - share)))
      : -mean * Math.log(1 - share);
    q.push(Math.max(q.at(-1) ?? 0, days));
  }
  const distribution = { q, mean };
  const median = q[DISTRIBUTION_POINTS / 2 - 1]!;
  const p80 = q[(DISTRIBUTION_POINTS * 4) / 5 - 1]!;
  return { median, p80, samples, waiting, method: kaplanMeier ? 'kaplan-meier' : 'exponential', distribution };
}

/**
 * How much longer a stay that has already lasted `waited` days will take, at the share `q` of such
 * stays: the curve from `waited` on, scaled by the survival there (the stays that lasted this long
 * are the only ones that say anything about this case now). Null when the history cannot say.
 */
export function remainingDays(stays: StayCount[], waited: number, q: number): number | null {
  const curve = survivalCurve(stays);
  const start = survivalAt(curve, waited);
  if (start <= EPSILON) return null;
  const end = survivalQuantile(curve, q, waited, start);
  return end === null ? null : Math.max(0, end - waited);
}
