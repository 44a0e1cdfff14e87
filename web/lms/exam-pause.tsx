import { useCallback, useEffect, useRef, useState } from 'react';
import type { ExamProgress } from '../../contracts/lms.js';
import { ApiError } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { pauseAttempt, resumeAttempt } from './exam-api.js';
import { formatTimeLeft, formatTimer } from './labels.js';
import styles from './lms.module.css';

/*
 * The learner's side of the accommodation profile (issue 40, decision 029): pausing at will,
 * scheduled breaks and the silent timer. The clock is the server's: a pause or break stops it there,
 * and the screen takes the time left from the server's answer when the learner resumes, so the
 * countdown follows the moved deadline.
 */

export type ExamClock = NonNullable<ExamProgress['clock']>;

/** Keys typed into an answer are the learner's text, not commands. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return true;
  return (
    target instanceof HTMLInputElement && !['radio', 'checkbox', 'button', 'submit', 'reset'].includes(target.type)
  );
}

/**
 * The time left, said on request: T (outside a text field) puts it in a live region, so a learner
 * with the silent timer, or one who cannot see the countdown, hears it without showing it (the
 * accommodation's key, WCAG 2.2.1).
 */
function useTimeLeftKey(seconds: number | null) {
  const [said, setSaid] = useState('');
  const secondsRef = useRef(seconds);
  useEffect(() => {
    secondsRef.current = seconds;
  }, [seconds]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 't' && event.key !== 'T') return;
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || typingIn(event.target)) return;
      event.preventDefault();
      const left = secondsRef.current;
      const text = left === null ? 'The time left is not known yet.' : `${formatTimeLeft(left)} left.`;
      // The same words twice are announced twice: a no-break space tells them apart.
      setSaid((before) => (before === text ? `${text}\u00a0` : text));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return said;
}

/**
 * The countdown, or with the silent timer hidden until the learner asks for it ("Show time"); either
 * way T says the time left, and with the silent timer the keyboard help says so.
 */
export function ExamTimer({ seconds, silent }: { seconds: number | null; silent: boolean }) {
  const [shown, setShown] = useState(false);
  const said = useTimeLeftKey(seconds);
  const text = seconds === null ? '--:--' : formatTimer(seconds);
  const announcer = (
    <span role="status" className="visually-hidden">
      {said}
    </span>
  );
  if (!silent)
    return (
      <div>
        <span className={styles.muted}>Time remaining </span>
        <span className={styles.timer} role="timer" aria-label="Time remaining" aria-keyshortcuts="T">
          {text}
        </span>
        {announcer}
      </div>
    );
  return (
    <div>
      <Button
        variant="ghost"
        size="small"
        aria-pressed={shown}
        aria-keyshortcuts="T"
        onClick={() => setShown((s) => !s)}
      >
        Show time
      </Button>{' '}
      {shown && (
        <span className={styles.timer} role="timer" aria-label="Time remaining">
          {text}
        </span>
      )}
      <p className={styles.muted} id="exam-keys">
        Keyboard: press <kbd>T</kbd> to hear the time left.
      </p>
      {announcer}
    </div>
  );
}

/**
 * Pausing and resuming an attempt on the server, with what a screen reader hears (`announcement`,
 * for a live region that stays on the page) and a refusal to show. `onChanged` gets the server's
 * progress after each, so the screen takes its clock and time left from there.
 */
export function useExamPause(attemptId: number | null, onChanged: (progress: ExamProgress) => void) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const run = useCallback(
    async (call: () => Promise<ExamProgress | { message: string }>, said: (p: ExamProgress) => string) => {
      if (attemptId === null) return;
      setPending(true);
      setError(null);
      try {
        const progress = await call();
        if ('attemptId' in progress) {
          setAnnouncement(said(progress));
          onChanged(progress);
        }
      } catch (failure) {
        setError(
          failure instanceof ApiError || failure instanceof Error ? failure.message : 'That did not work. Try again.',
        );
      } finally {
        setPending(false);
      }
    },
    [attemptId, onChanged],
  );

  /** `before` runs first (the typed answer saved: while paused the server refuses it); if it fails, nothing is paused. */
  const pause = useCallback(
    (kind: 'pause' | 'break', before?: () => Promise<void>) =>
      run(
        async () => {
          await before?.();
          return pauseAttempt(attemptId ?? 0, kind);
        },
        (p) =>
          `The exam is paused${kind === 'break' ? ' for your break' : ''}; the clock has stopped with ${formatTimeLeft(p.remainingSeconds)} left.`,
      ),
    [attemptId, run],
  );
  const resume = useCallback(
    () =>
      run(
        () => resumeAttempt(attemptId ?? 0),
        (p) => `The exam goes on with ${formatTimeLeft(p.remainingSeconds)} left.`,
      ),
    [attemptId, run],
  );
  return { pause, resume, pending, error, announcement };
}

/** "Pause" when the accommodation allows it, "Take a break" when a scheduled break is due. */
export function PauseControls({
  clock,
  pending,
  onPause,
}: {
  clock: ExamClock | undefined;
  pending: boolean;
  onPause: (kind: 'pause' | 'break') => void;
}) {
  if (!clock || clock.paused) return null;
  const breakDue = clock.breakSeconds !== null && clock.nextBreakInSeconds === 0;
  if (!clock.pauseAllowed && !breakDue) return null;
  return (
    <div className={styles.actions}>
      {clock.pauseAllowed && (
        <Button variant="secondary" size="small" disabled={pending} onClick={() => onPause('pause')}>
          Pause
        </Button>
      )}
      {breakDue && (
        <Button variant="secondary" size="small" disabled={pending} onClick={() => onPause('break')}>
          Take a break
        </Button>
      )}
    </div>
  );
}

/** While paused: the questions are hidden, and Resume (focused, so the keyboard is where it is needed). */
export function PausedPanel({
  paused,
  pending,
  error,
  onResume,
}: {
  paused: NonNullable<ExamClock['paused']>;
  pending: boolean;
  error: string | null;
  onResume: () => void;
}) {
  // The shared Button takes no ref; its id finds it.
  useEffect(() => document.getElementById('exam-resume')?.focus(), []);
  return (
    <section className={styles.card} aria-labelledby="exam-paused">
      <h2 id="exam-paused">Paused</h2>
      <p className={styles.muted}>
        {paused.kind === 'break' && paused.breakEndsAt
          ? `Your break stops the clock until ${new Date(paused.breakEndsAt).toLocaleTimeString()}; after that, the time runs again.`
          : 'The clock has stopped and the questions are hidden until you resume.'}
      </p>
      {error && (
        <p role="alert" className={styles.feedbackWrong}>
          {error}
        </p>
      )}
      <Button id="exam-resume" onClick={onResume} disabled={pending}>
        {pending ? 'Resuming...' : 'Resume'}
      </Button>
    </section>
  );
}

/** The live region the pause and resume are announced in: on the page all along, so a change is heard. */
export function PauseAnnouncer({ text }: { text: string }) {
  return (
    <p role="status" className="visually-hidden">
      {text}
    </p>
  );
}
