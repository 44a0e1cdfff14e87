import { describe, expect, it } from 'vitest';
import { dateTimeWithZone, dayOf } from './date-time.js';

// Issue 39: one date format in the network. A profile's "joined" was the locale's numeric date
// ("11/28/2026"), read either way round; it is now the day as every moment is written.
describe('the network’s dates', () => {
  it('when a day is written, then its month is a word, as in a moment with its time and zone', () => {
    const iso = '2026-11-28T10:30:00Z';
    const day = dayOf(iso);
    expect(day).not.toMatch(/^\d+\/\d+\/\d+$/);
    expect(day).toMatch(/Nov/);
    expect(day).toMatch(/2026/);
    expect(dateTimeWithZone(iso).startsWith(day)).toBe(true);
  });
});
