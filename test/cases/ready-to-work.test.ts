import { describe, expect, it } from 'vitest';
import { DISTRIBUTION_POINTS, estimateDurations, type StayCount } from '../../server/cases/censored-durations.js';
import {
  quantileOf,
  remainingAt,
  shareFinishedBy,
  simulateReadyToWork,
  type SimulatedStep,
} from '../../server/cases/ready-to-work.js';
import { seededUniform } from '../../server/platform/draws.js';

/*
 * The ready-to-work date by simulation (issue 41), against distributions whose answers are known in
 * closed form: exponential steps (mean 10 days), whose sums and maxima have exact percentiles.
 */

const MEAN = 10;
/** An exponential step exactly as the estimates store one: its quantiles at k/40, and its tail. */
const exponentialStep = (cases = 50): SimulatedStep => ({
  distribution: {
    q: Array.from(
      { length: DISTRIBUTION_POINTS - 1 },
      (_, index) => -MEAN * Math.log(1 - (index + 1) / DISTRIBUTION_POINTS),
    ),
    mean: MEAN,
  },
  expectedDays: null,
  cases,
});
const at = new Date('2026-11-28T00:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const daysFrom = (date: Date) => (date.getTime() - at.getTime()) / DAY;
/** A service that reached its current step `days` before `at`. */
const waitedFor = (days: number) => new Date(at.getTime() - days * DAY);

/** Where a continuous, increasing CDF reaches `share` (bisection). */
function solve(cdf: (days: number) => number, share: number): number {
  let low = 0;
  let high = 1000;
  for (let step = 0; step < 100; step++) {
    const middle = (low + high) / 2;
    if (cdf(middle) < share) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}
// Two exponential steps one after the other: Gamma(2, 10). Two services side by side: the larger of two.
const sumOfTwo = (days: number) => 1 - Math.exp(-days / MEAN) * (1 + days / MEAN);
const largerOfTwo = (days: number) => (1 - Math.exp(-days / MEAN)) ** 2;

describe('the ready-to-work date by simulation (issue 41)', () => {
  it('when a service has two steps in order, then the dates are the percentiles of their sum', () => {
    const estimate = simulateReadyToWork(
      [{ since: waitedFor(0), steps: [exponentialStep(), exponentialStep(30)] }],
      at,
      7,
    )!;
    // 16.8 and 29.9 days.
    expect(Math.abs(daysFrom(estimate.p50) / solve(sumOfTwo, 0.5) - 1)).toBeLessThan(0.05);
    expect(Math.abs(daysFrom(estimate.p80) / solve(sumOfTwo, 0.8) - 1)).toBeLessThan(0.05);
    expect(estimate).toMatchObject({ remainingSteps: 2, measuredSteps: 2, fewestCases: 30, draws: 2000 });
  });

  it('when two services run side by side, then the case is ready when the later is done', () => {
    const estimate = simulateReadyToWork(
      [
        { since: waitedFor(0), steps: [exponentialStep()] },
        { since: waitedFor(0), steps: [exponentialStep()] },
      ],
      at,
      7,
    )!;
    // 12.3 and 22.5 days: later than either service alone (6.9 and 16.1).
    expect(Math.abs(daysFrom(estimate.p50) / solve(largerOfTwo, 0.5) - 1)).toBeLessThan(0.05);
    expect(Math.abs(daysFrom(estimate.p80) / solve(largerOfTwo, 0.8) - 1)).toBeLessThan(0.05);
  });

  it('when the case has already waited at its step, then the simulation counts only the time left (an exponential step forgets it)', () => {
    const fresh = simulateReadyToWork([{ since: waitedFor(0), steps: [exponentialStep(), exponentialStep()] }], at, 7)!;
    const waited = simulateReadyToWork(
      [{ since: waitedFor(25), steps: [exponentialStep(), exponentialStep()] }],
      at,
      7,
    )!;
    expect(Math.abs(daysFrom(waited.p50) / solve(sumOfTwo, 0.5) - 1)).toBeLessThan(0.05);
    expect(Math.abs(daysFrom(waited.p80) / daysFrom(fresh.p80) - 1)).toBeLessThan(0.05);
  });

  it('when the same case is asked twice, then it gets the same dates; another seed moves them by well under a day', () => {
    const services = [{ since: waitedFor(3), steps: [exponentialStep(), exponentialStep()] }];
    expect(simulateReadyToWork(services, at, 11)).toEqual(simulateReadyToWork(services, at, 11));
    for (const seed of [1, 2, 3, 4, 5]) {
      const other = simulateReadyToWork(services, at, seed)!;
      expect(Math.abs(daysFrom(other.p80) - solve(sumOfTwo, 0.8))).toBeLessThan(1.5);
    }
  });

  it('when a step has too few cases, then its expected days stand in (less the days waited), and with neither there is no date', () => {
    const expected = (days: number | null): SimulatedStep => ({ distribution: null, expectedDays: days, cases: 3 });
    const estimate = simulateReadyToWork([{ since: waitedFor(2), steps: [expected(7), expected(30)] }], at, 1)!;
    expect(daysFrom(estimate.p50)).toBeCloseTo(35, 6);
    expect(daysFrom(estimate.p80)).toBeCloseTo(35, 6);
    expect(estimate).toMatchObject({ remainingSteps: 2, measuredSteps: 0, fewestCases: null });
    expect(simulateReadyToWork([{ since: waitedFor(0), steps: [expected(7), expected(null)] }], at, 1)).toBeNull();
    expect(simulateReadyToWork([], at, 1)).toBeNull();
  });

  it('when a history with cases still waiting feeds the simulation, then it recovers the true dates where the finished stays alone fall short', () => {
    // 600 cases reached each step over the last 30 days, each truly needing an exponential stay of
    // mean 10 days; the slow ones are still waiting (censored at their days so far).
    const random = seededUniform(3);
    const stays: StayCount[] = [];
    const finishedOnly: StayCount[] = [];
    for (let index = 0; index < 600; index++) {
      const arrived = random() * 30;
      const truth = -MEAN * Math.log(1 - random());
      const stay =
        truth <= arrived ? { days: truth, finished: 1, waiting: 0 } : { days: arrived, finished: 0, waiting: 1 };
      stays.push(stay);
      if (stay.finished) finishedOnly.push(stay);
    }
    const step = (history: StayCount[]): SimulatedStep => ({
      distribution: estimateDurations(history).distribution,
      expectedDays: null,
      cases: history.length,
    });
    const censored = simulateReadyToWork([{ since: waitedFor(0), steps: [step(stays), step(stays)] }], at, 5)!;
    expect(Math.abs(daysFrom(censored.p50) / solve(sumOfTwo, 0.5) - 1)).toBeLessThan(0.1);
    expect(Math.abs(daysFrom(censored.p80) / solve(sumOfTwo, 0.8) - 1)).toBeLessThan(0.1);
    const naive = simulateReadyToWork(
      [{ since: waitedFor(0), steps: [step(finishedOnly), step(finishedOnly)] }],
      at,
      5,
    )!;
    expect(daysFrom(naive.p80)).toBeLessThan(0.85 * solve(sumOfTwo, 0.8));
  });
});

describe('the time left at a step given the days waited (issue 41)', () => {
  it('when stays are exponential, then the time left is the same however long the case has waited', () => {
    const { distribution } = exponentialStep();
    for (const waited of [0, 5, 20, 60]) {
      expect(remainingAt(distribution!, waited, 0.5)).toBeCloseTo(MEAN * Math.LN2, 0);
      expect(remainingAt(distribution!, waited, 0.8)).toBeCloseTo(MEAN * Math.log(5), 0);
    }
  });

  it('when half the stays take 5 days and half 30, then a case still waiting on day 10 has about 20 days left', () => {
    const stays: StayCount[] = [
      { days: 5, finished: 50, waiting: 0 },
      { days: 30, finished: 50, waiting: 0 },
    ];
    const { distribution } = estimateDurations(stays);
    expect(remainingAt(distribution!, 0, 0.8)).toBe(30);
    expect(remainingAt(distribution!, 10, 0.5)).toBeCloseTo(20, 0);
    // quantileOf and shareFinishedBy are each other's inverse.
    for (const share of [0.1, 0.3, 0.6, 0.9, 0.99]) {
      const expo = exponentialStep().distribution!;
      expect(shareFinishedBy(expo, quantileOf(expo, share))).toBeCloseTo(share, 6);
    }
  });
});
