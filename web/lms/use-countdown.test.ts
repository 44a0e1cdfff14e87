import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown.js';

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
