import { describe, expect, it } from 'vitest';
import { estimateCompletion } from '../../server/cases/progress-lookup.js';

const DAY = 24 * 60 * 60 * 1000;
const since = new Date('2026-03-01T10:00:00Z');
const steps = (days: (number | null)[]) =>
  days.map((expectedDays, index) => ({ id: index + 1, name: `S${index + 1}`, description: null, expectedDays }));

describe('estimated completion', () => {
  it('when the service is on a middle step, then the estimate adds the current and later steps before the last, from the step start', () => {
    expect(estimateCompletion(steps([3, 7, 21, null]), 2, since)).toEqual(new Date(since.getTime() + 28 * DAY));
    expect(estimateCompletion(steps([3, 7, 21, null]), 1, since)).toEqual(new Date(since.getTime() + 31 * DAY));
  });

  it('when a step on the way has no expected days, then there is no estimate; a step after the way does not matter', () => {
    expect(estimateCompletion(steps([3, null, 21, 5]), 1, since)).toBeNull();
    expect(estimateCompletion(steps([3, null, 21, 5]), 3, since)).toEqual(new Date(since.getTime() + 21 * DAY));
  });

  it('when the service is on its last step, on no step, or has none, then there is no estimate', () => {
    expect(estimateCompletion(steps([3, 7]), 2, since)).toBeNull();
    expect(estimateCompletion(steps([3, 7]), null, since)).toBeNull();
    expect(estimateCompletion([], null, since)).toBeNull();
  });
});
