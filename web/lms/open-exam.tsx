import type { ReactNode } from 'react';
import { Link } from '../lib/routing.js';
import { EXAM_OPEN } from '../../contracts/lms-constants.js';
import { ApiError } from '../lib/http.js';
import { buttonClassName } from '../ui/button.js';
import { useExamAttempts } from './exam-api.js';
import styles from './lms.module.css';

/*
 * Practice waits while a timed exam is open: the server refuses every practice set and answer then
 * (409, code EXAM_OPEN). So no screen offers a practice link that would only dead-end; each offers
 * the way back to the exam instead, which the exam page resumes without its wizard.
 */

export const EXAM_PATH = '/exam';

/** The server's refusal of practice because the timed exam is open (its message names the way back). */
export const isExamOpenRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === EXAM_OPEN;

/**
 * Whether the learner's timed exam is open now, from the attempts list (which shows an attempt past
 * its deadline as finished). False while the list loads: a link followed then meets the practice
 * page's own "Return to your exam".
 */
export function useExamOpen(): boolean {
  const attempts = useExamAttempts();
  const latest = attempts.data?.attempts[0];
  return Boolean(latest && !latest.finished_at);
}

export function ReturnToExamLink({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) {
  return (
    <Link className={buttonClassName(variant)} to={EXAM_PATH}>
      Return to your exam
    </Link>
  );
}

/** What a place that offers practice says instead while the exam is open. */
export function PracticeWaitsNotice() {
  return (
    <p className={styles.actions}>
      <span>Your timed exam is open: practice waits until you finish it.</span>
      <ReturnToExamLink />
    </p>
  );
}

/** A link into practice, or nothing while the timed exam is open (its place offers the way back). */
export function PracticeLink({
  to,
  className,
  label,
  children,
}: {
  to: string;
  className?: string;
  label?: string;
  children: ReactNode;
}) {
  const open = useExamOpen();
  if (open) return null;
  return (
    <Link to={to} className={className} aria-label={label}>
      {children}
    </Link>
  );
}
