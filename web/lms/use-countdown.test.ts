import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIME_WARNING_MINUTES } from '../../contracts/lms-constants.js';
import { crossedMark, useCountdown } from './use-countdown.js';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-27T09:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets `seconds` of the fake clock pass, ticks included. */
const pass = (seconds: number) => act(() => vi.advanceTimersByTime(seconds * 1000));

describe('useCountdown', () => {
  it('counts down to zero and calls time-up once', () => {
    const onTimeUp = vi.fn();
    const deadline = Date.now() + 90_000;
    const { result } = renderHook(() => useCountdown(deadline, onTimeUp));
    expect(result.current).toBeNull();

    pass(1);
    expect(result.current).toBe(89);
    pass(88);
    expect(result.current).toBe(1);
    expect(onTimeUp).not.toHaveBeenCalled();

    pass(1);
    expect(result.current).toBe(0);
    expect(onTimeUp).toHaveBeenCalledTimes(1);

    pass(30);
    expect(result.current).toBe(0);
    expect(onTimeUp).toHaveBeenCalledTimes(1);
  });

  it('follows a moved deadline: the old one calls nothing, the new one calls time-up', () => {
    const onTimeUp = vi.fn();
    const start = Date.now();
    const { result, rerender } = renderHook(({ deadline }) => useCountdown(deadline, onTimeUp), {
      initialProps: { deadline: start + 10_000 },
    });
    pass(5);
    expect(result.current).toBe(5);

    // The server's next question says 60 seconds are left from now.
    rerender({ deadline: Date.now() + 60_000 });
    pass(1);
    expect(result.current).toBe(59);
    pass(10);
    expect(onTimeUp).not.toHaveBeenCalled();

    pass(49);
    expect(result.current).toBe(0);
    expect(onTimeUp).toHaveBeenCalledTimes(1);
  });

  it('counts nothing without a deadline', () => {
    const onTimeUp = vi.fn();
    const { result } = renderHook(() => useCountdown(null, onTimeUp));
    pass(3600);
    expect(result.current).toBeNull();
    expect(onTimeUp).not.toHaveBeenCalled();
  });
});

/**
 * The test centre's clock as its screen composes it: the countdown (the server's figure until its first
 * tick), and the warning mark derived from the time left and the time the sitting opened with.
 */
function renderSitting(startSeconds: number) {
  const onTimeUp = vi.fn();
  const deadline = Date.now() + startSeconds * 1000;
  const marks: (number | null)[] = [];
  const { result } = renderHook(() => {
    const left = useCountdown(deadline, onTimeUp) ?? startSeconds;
    const mark = crossedMark(TIME_WARNING_MINUTES, startSeconds, left);
    // Each change of the warning is one announcement (the live region reads a new sentence).
    if (mark !== (marks.at(-1) ?? null)) marks.push(mark);
    return { left, mark };
  });
  return { result, marks, onTimeUp };
}

describe('the test centre warnings (30, 5 and 1 minutes left)', () => {
  it('are announced once each as the time left crosses each mark', () => {
    const { result, marks, onTimeUp } = renderSitting(31 * 60);
    pass(59);
    expect(result.current).toEqual({ left: 30 * 60 + 1, mark: null });
    pass(1);
    expect(result.current).toEqual({ left: 30 * 60, mark: 30 });
    pass(25 * 60 - 1);
    expect(result.current.mark).toBe(30);
    pass(1);
    expect(result.current).toEqual({ left: 5 * 60, mark: 5 });
    pass(4 * 60);
    expect(result.current).toEqual({ left: 60, mark: 1 });
    pass(60);
    expect(result.current).toEqual({ left: 0, mark: 1 });
    expect(marks).toEqual([30, 5, 1]);
    expect(onTimeUp).toHaveBeenCalledTimes(1);
  });

  it('do not fire on question 1 when exactly 30 minutes were given: the time starts at the mark', () => {
    const { result, marks } = renderSitting(30 * 60);
    pass(1);
    expect(result.current).toEqual({ left: 30 * 60 - 1, mark: null });
    pass(25 * 60 - 1);
    expect(result.current).toEqual({ left: 5 * 60, mark: 5 });
    expect(marks).toEqual([5]);
  });

  it('skip the marks already behind a resumed sitting, and announce only the last of marks crossed at once', () => {
    // Reopened with 20 minutes left: the 30-minute warning was given before, if at all.
    const { result, marks } = renderSitting(20 * 60);
    pass(15 * 60);
    expect(result.current.mark).toBe(5);
    expect(marks).toEqual([5]);
  });

  it('derive the mark from the seconds alone', () => {
    expect(crossedMark(TIME_WARNING_MINUTES, 2 * 3600, 2 * 3600)).toBeNull();
    // The machine slept through two marks: only the last one is said.
    expect(crossedMark(TIME_WARNING_MINUTES, 2 * 3600, 4 * 60)).toBe(5);
    expect(crossedMark(TIME_WARNING_MINUTES, 60, 0)).toBeNull();
    expect(crossedMark(TIME_WARNING_MINUTES, 61, 60)).toBe(1);
  });
});
