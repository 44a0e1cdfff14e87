import { useEffect, useEffectEvent, useState } from 'react';

/** Whole seconds from now to `deadline`, never below zero. */
const secondsUntil = (deadline: number) => Math.max(0, Math.round((deadline - Date.now()) / 1000));

/**
 * The seconds left until `deadline` (a time in ms, or null while there is none), counted down once a
 * second, and `onTimeUp` called once when they reach zero. A new deadline (the server's remaining time
 * with each question) takes over from the next tick and may call time-up again. Until the first tick
 * for a deadline the answer is null: the screen shows the figure it started from.
 */
export function useCountdown(deadline: number | null, onTimeUp: () => void): number | null {
  const [tick, setTick] = useState<{ deadline: number; left: number } | null>(null);
  const timeUp = useEffectEvent(onTimeUp);

  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => {
      const left = secondsUntil(deadline);
      setTick({ deadline, left });
      if (left === 0) {
        clearInterval(timer);
        timeUp();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  return tick !== null && tick.deadline === deadline ? tick.left : null;
}

/**
 * The warning mark (in minutes, one of `marks`) the time left has crossed last, or null: a mark counts
 * once the time went from above it to at or below it during this sitting. A sitting that opens with
 * exactly 30 minutes (or fewer) left is not warned of 30 minutes: the time starts at the mark, it does
 * not cross it. Derived from the seconds alone, each warning is announced once: its sentence stays the
 * same until the next mark is crossed.
 */
export function crossedMark(marks: readonly number[], startSeconds: number, leftSeconds: number): number | null {
  const crossed = marks.filter((m) => startSeconds > m * 60 && leftSeconds <= m * 60);
  return crossed.length === 0 ? null : Math.min(...crossed);
}
