import { describe, expect, it } from 'vitest';
import { estimateDurations, remainingDays, type StayCount } from '../../server/cases/censored-durations.js';
import { seededUniform as seeded } from '../../server/platform/draws.js';

/**
 * A step's history as a desk would have it today: cases reach the step evenly over `spanDays`
 * before now, each truly needs a duration drawn from `draw`; those whose stay would end after now
 * are still waiting (censored at their days so far).
 */
function history(draw: (random: () => number) => number, cases: number, spanDays: number, seed: number) {
  const random = seeded(seed);
  const stays: StayCount[] = [];
  for (let index = 0; index < cases; index++) {
    const arrivedDaysAgo = random() * spanDays;
    const truth = draw(random);
    stays.push(
      truth <= arrivedDaysAgo
        ? { days: truth, finished: 1, waiting: 0 }
        : { days: arrivedDaysAgo, finished: 0, waiting: 1 },
    );
  }
  return stays;
}

/** The finished-only figures of before issue 41: percentile_cont over the stays that ended. */
function finishedOnly(stays: StayCount[], q: number): number {
  const days = stays
    .filter((stay) => stay.finished > 0)
    .map((stay) => stay.days)
    .sort((a, b) => a - b);
  const position = q * (days.length - 1);
  const low = days[Math.floor(position)]!;
  const high = days[Math.ceil(position)]!;
  return low + (high - low) * (position - Math.floor(position));
}

// Lognormal durations: median e^mu, 80th percentile e^(mu + 0.8416 sigma).
const lognormal = (mu: number, sigma: number) => (random: () => number) => {
  const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return Math.exp(mu + sigma * normal);
};

describe('step durations with the stays still waiting (issue 41)', () => {
  it('when a step truly takes a median of 20 days and many cases still wait, then Kaplan-Meier recovers it and the finished-only median does not', () => {
    const mu = Math.log(20);
    const sigma = 0.6;
    const trueMedian = 20;
    const trueP80 = Math.exp(mu + 0.8416 * sigma);
    // 400 cases reached the step over the last 45 days: the slow ones have not finished yet.
    const stays = history(lognormal(mu, sigma), 400, 45, 1);
    const waiting = stays.filter((stay) => stay.waiting > 0).length;
    expect(waiting).toBeGreaterThan(80);

    const estimate = estimateDurations(stays);
    expect(estimate).toMatchObject({ method: 'kaplan-meier', samples: 400, waiting });
    expect(Math.abs(estimate.median! - trueMedian) / trueMedian).toBeLessThan(0.1);
    expect(Math.abs(estimate.p80! - trueP80) / trueP80).toBeLessThan(0.12);

    // What the tracker said before: too short, the more so at the 80th percentile.
    expect(finishedOnly(stays, 0.5)).toBeLessThan(0.85 * trueMedian);
    expect(finishedOnly(stays, 0.8)).toBeLessThan(0.8 * trueP80);
  });

  it('when a step has slowed down so most cases are still waiting, then the censored exponential fit still finds its length', () => {
    // Exponential, mean 40 days (median 27.7, 80th percentile 64.4), and only 30 days of history.
    const mean = 40;
    const stays = history((random) => -mean * Math.log(1 - random()), 600, 30, 1);
    const estimate = estimateDurations(stays);
    expect(estimate.method).toBe('exponential');
    expect(Math.abs(estimate.median! - mean * Math.LN2) / (mean * Math.LN2)).toBeLessThan(0.15);
    expect(Math.abs(estimate.p80! - mean * Math.log(5)) / (mean * Math.log(5))).toBeLessThan(0.15);
    expect(finishedOnly(stays, 0.5)).toBeLessThan(0.6 * mean * Math.LN2);
  });

  it('when a case has already waited, then the time left is read from the stays that lasted as long', () => {
    // Half the stays take 5 days, half 30: a case still waiting on day 10 is one of the 30-day ones.
    const stays: StayCount[] = [
      { days: 5, finished: 50, waiting: 0 },
      { days: 30, finished: 50, waiting: 0 },
    ];
    expect(remainingDays(stays, 0, 0.8)).toBe(30);
    expect(remainingDays(stays, 10, 0.5)).toBe(20);
    expect(remainingDays(stays, 31, 0.5)).toBeNull();
  });

  it('when no stay is waiting, then the figures are the plain median and percentiles (stays of 1 to 20 days: 10.5 and 16.5)', () => {
    const stays = Array.from({ length: 20 }, (_, index) => ({ days: index + 1, finished: 1, waiting: 0 }));
    expect(estimateDurations(stays)).toMatchObject({ median: 10.5, p80: 16.5, method: 'kaplan-meier', waiting: 0 });
    expect(estimateDurations([{ days: 3, finished: 0, waiting: 4 }])).toMatchObject({ median: null, method: 'none' });
  });
});
