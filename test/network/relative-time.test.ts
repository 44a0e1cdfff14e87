import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../web/network/relative-time.js';

describe('relative time of posts and comments', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it.each([
    [0, 'Just now'],
    [59_000, 'Just now'],
    [60_000, '1 min ago'],
    [59 * 60_000, '59 min ago'],
    [60 * 60_000, '1 hr ago'],
    [23 * 3600_000 + 59 * 60_000, '23 hr ago'],
    [24 * 3600_000, '1 day ago'],
    [6 * 24 * 3600_000, '6 days ago'],
    [7 * 24 * 3600_000, 'March 3, 2026'],
  ])('when the age is %i ms, then it reads %s', (age, text) => {
    expect(relativeTime(ago(age), now)).toBe(text);
  });

  it('when the timestamp is in the future (clock skew), then it reads Just now', () => {
    expect(relativeTime(new Date(now.getTime() + 5000).toISOString(), now)).toBe('Just now');
  });
});
