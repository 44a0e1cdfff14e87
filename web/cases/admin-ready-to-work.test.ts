import { describe, expect, it } from 'vitest';
import type { ReadyToWorkEstimate } from '../../contracts/cases.js';
import { readyToWorkText } from './admin-case-details-page.js';

const estimate = (overrides: Partial<ReadyToWorkEstimate>): ReadyToWorkEstimate => ({
  p50: '2026-01-27T09:00:00.000Z',
  p80: '2026-02-03T09:00:00.000Z',
  remainingSteps: 2,
  measuredSteps: 2,
  fewestCases: 30,
  draws: 2000,
  ...overrides,
});

describe("the staff case page's ready-to-work line", () => {
  it('when steps are measured, then it names the cases and the simulated journeys', () => {
    expect(readyToWorkText(estimate({}), 'In Progress')).toBe(
      'By 27 Jan 2026 (p50), by 3 Feb 2026 (p80): 2 of 2 steps left from real cases (at least 30 each); 2000 simulated journeys',
    );
  });

  it('when no step is measured, then it rests on the expected days and claims no simulation', () => {
    expect(
      readyToWorkText(
        estimate({ measuredSteps: 0, fewestCases: null, p80: '2026-01-27T09:00:00.000Z' }),
        'In Progress',
      ),
    ).toBe('By 27 Jan 2026 (p50), by 27 Jan 2026 (p80): all 2 steps left from their expected days');
  });
});
