/*
 * How much longer a case waits (issue 41): the time left at its current step given how long it has
 * waited there, and its ready-to-work date by simulation over every step it has left. Pure and
 * cheap (the step's distributions are computed in the background, step-estimates.ts), so the
 * tracker's lookup answers it per request; the bench's bare baseline runs it from the build too.
 */
import { seededUniform } from '../platform/draws.js';
import type { StepDistribution } from './censored-durations.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The days by which the share `u` (0 to 1) of stays have finished. */
export function quantileOf(distribution: StepDistribution, share: number): number {
  const { q, mean } = distribution;
  // The tail never ends: just short of every stay, rather than Infinity.
  const u = Math.min(share, 1 - 1e-9);
  const points = q.length + 1;
  const position = u * points;
  if (position <= 1) return q[0] ?? 0;
  if (position >= points - 1) {
    // The memoryless tail past the last point.
    const lastShare = (points - 1) / points;
    return (q.at(-1) ?? 0) + mean * Math.log((1 - lastShare) / (1 - u));
  }
  const k = Math.floor(position);
  const low = q[k - 1]!;
  const high = q[k]!;
  return low + (high - low) * (position - k);
}

/** The share of stays finished by `days` (quantileOf's inverse). */
export function shareFinishedBy(distribution: StepDistribution, days: number): number {
  const { q, mean } = distribution;
  const points = q.length + 1;
  if (q.length === 0 || days < q[0]!) return 0;
  const last = q.at(-1)!;
  if (days >= last) {
    const lastShare = (points - 1) / points;
    return mean <= 0 ? 1 : 1 - (1 - lastShare) * Math.exp(-(days - last) / mean);
  }
  // The last point at or below `days`: q is short (39), a scan costs less than a search would save.
  let k = 0;
  while (k + 1 < q.length && q[k + 1]! <= days) k++;
  const low = q[k]!;
  const high = q[k + 1]!;
  return (k + 1 + (high > low ? (days - low) / (high - low) : 1)) / points;
}

/** How many more days a stay that has lasted `waited` days takes, at the share `share` of such stays. */
export function remainingAt(distribution: StepDistribution, waited: number, share: number): number {
  const finished = shareFinishedBy(distribution, waited);
  if (finished >= 1) return 0;
  return Math.max(0, quantileOf(distribution, finished + share * (1 - finished)) - waited);
}

/** A step as the simulation knows it: from real cases (a distribution), else the agency's expected days. */
export type SimulatedStep = { distribution: StepDistribution | null; expectedDays: number | null; cases: number };

/** A service still under way: its steps left, the first the current one, which it reached at `since`. */
export type SimulatedService = { since: Date; steps: SimulatedStep[] };

export type ReadyToWork = {
  p50: Date;
  p80: Date;
  remainingSteps: number;
  measuredSteps: number;
  fewestCases: number | null;
  draws: number;
};

/** Enough draws that the 80th percentile moves by well under a day between seeds (test/cases/ready-to-work.test.ts). */
export const READY_TO_WORK_DRAWS = 2000;

/** A seed from the case number (FNV-1a), so a case's dates are the same at every lookup. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The ready-to-work date by simulation (decision 046): in each draw every service goes through the
 * steps it has left one after another (the current one for a whole stay drawn from those that
 * lasted at least as long as this case has waited, and never ending before `at`; each later one for
 * a whole stay drawn from its distribution), the services side by side, and the case is ready when
 * the last of them is done. A step without a distribution takes its expected days. Null when a step
 * left has neither, or nothing is left. The dates are counted from each service's `since`, so two
 * lookups with the same `at` give the same dates to the millisecond.
 */
export function simulateReadyToWork(
  services: SimulatedService[],
  at: Date,
  seed: number,
  draws = READY_TO_WORK_DRAWS,
): ReadyToWork | null {
  const steps = services.flatMap((service) => service.steps);
  if (steps.length === 0 || steps.some((step) => step.distribution === null && step.expectedDays === null)) return null;
  const measured = steps.filter((step) => step.distribution !== null);
  const now = at.getTime() / DAY_MS;
  // Days since the epoch are the unit; each service's start, and its current step's share already
  // behind it, once per service rather than once per draw.
  const starts = services.map((service) => service.since.getTime() / DAY_MS);
  const started = services.map((service, index) => {
    const current = service.steps[0]!;
    return current.distribution ? shareFinishedBy(current.distribution, Math.max(0, now - starts[index]!)) : 0;
  });
  // A step without a distribution takes the same days in every draw: each service's fixed days, and
  // its drawn steps, are set out once, so the loop below only draws and adds.
  const fixedLater = services.map((service) =>
    service.steps.slice(1).reduce((sum, step) => sum + (step.distribution ? 0 : step.expectedDays!), 0),
  );
  const drawnLater = services.map((service) =>
    service.steps
      .slice(1)
      .map((step) => step.distribution)
      .filter((distribution): distribution is StepDistribution => distribution !== null),
  );
  // Nothing drawn at all (too few cases at every step left): one journey says it all.
  const runs = measured.length === 0 ? 1 : draws;
  const random = seededUniform(seed);
  const ends = new Float64Array(runs);
  for (let draw = 0; draw < runs; draw++) {
    let latest = now;
    for (let index = 0; index < services.length; index++) {
      const current = services[index]!.steps[0]!;
      const from = started[index]!;
      const stay = current.distribution
        ? quantileOf(current.distribution, from + random() * (1 - from))
        : current.expectedDays!;
      let end = Math.max(now, starts[index]! + stay) + fixedLater[index]!;
      const later = drawnLater[index]!;
      for (let position = 0; position < later.length; position++) end += quantileOf(later[position]!, random());
      if (end > latest) latest = end;
    }
    ends[draw] = latest;
  }
  // The two order statistics, not a whole sort (a sort of 2,000 numbers cost more than the draws).
  const rank80 = Math.min(runs - 1, Math.floor(0.8 * runs));
  const rank50 = Math.min(runs - 1, Math.floor(0.5 * runs));
  selectRank(ends, rank80, 0, runs - 1);
  selectRank(ends, rank50, 0, Math.max(0, rank80 - 1));
  const dayAt = (rank: number) => new Date(Math.round(ends[rank]! * DAY_MS));
  return {
    p50: dayAt(rank50),
    p80: dayAt(rank80),
    remainingSteps: steps.length,
    measuredSteps: measured.length,
    fewestCases: measured.length === 0 ? null : Math.min(...measured.map((step) => step.cases)),
    draws,
  };
}

/**
 * Puts the value of rank `rank` (0-based, ascending) of `values[low..high]` at `values[rank]`, the
 * smaller ones before it and the larger after (Hoare's quickselect, the middle value as pivot).
 */
function selectRank(values: Float64Array, rank: number, low: number, high: number): void {
  let left = low;
  let right = high;
  while (left < right) {
    const pivot = values[(left + right) >> 1]!;
    let i = left;
    let j = right;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const swap = values[i]!;
        values[i] = values[j]!;
        values[j] = swap;
        i++;
        j--;
      }
    }
    if (rank <= j) right = j;
    else if (rank >= i) left = i;
    else return;
  }
}
