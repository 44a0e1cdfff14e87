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
};

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
  if (finished === 0) return { median: null, p80: null, samples, waiting, method: 'none' };
  const curve = survivalCurve(stays);
  const median = survivalQuantile(curve, 0.5);
  const p80 = survivalQuantile(curve, 0.8);
  if (median !== null && p80 !== null) return { median, p80, samples, waiting, method: 'kaplan-meier' };
  const exposure = stays.reduce((sum, stay) => sum + stay.days * (stay.finished + stay.waiting), 0);
  if (exposure <= 0) return { median: 0, p80: 0, samples, waiting, method: 'exponential' };
  const rate = finished / exposure;
  return { median: Math.LN2 / rate, p80: Math.log(5) / rate, samples, waiting, method: 'exponential' };
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
