import { describe, expect, it } from 'vitest';
import { dateTimeWithZone } from '../../web/network/date-time.js';

describe('the network date format', () => {
  it('when a moment is written, then it names the date, the time and the time zone', () => {
    const text = dateTimeWithZone('2026-11-27T17:45:00.000Z');
    expect(text).toMatch(/2026/);
    expect(text).toMatch(/\d{2}:\d{2}/);
    expect(text).toMatch(/UTC|GMT|[A-Z]{2,5}|[+-]\d/);
  });
});
