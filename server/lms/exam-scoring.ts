import { acceptedAnswers, answerMatches, joinOptionLines, type ExamProgress } from '../../contracts/lms.js';
import type { Queryable } from '../db/client.js';
import { inDrizzle } from '../db/statement-sql.js';
import { formOf, remainingMs, type Attempt, type QuestionRow } from './exam-form.js';
import { ATTEMPT_COUNTS } from './hot-statements.js';
import { resultsLocked, type LmsAccount } from './programs.js';

/*
 * Marking an answer, and what the learner is told about it: the progress counts, the correct count
 * and the correct answer, each withheld while the learner's results are locked (decision 004) and,
 * for correctness, while a test-centre sitting runs.
 */

type Marked = Pick<QuestionRow, 'questionType' | 'correctAnswer'>;

export const isCorrect = (question: Marked, userAnswer: string): boolean =>
  answerMatches(question.questionType, question.correctAnswer, userAnswer);

/** An answer's outcome: an essay waits for a reviewer, anything else is marked now. */
export const outcomeOf = (question: Marked, userAnswer: string) =>
  question.questionType === 'essay'
    ? ('pending-review' as const)
    : isCorrect(question, userAnswer)
      ? ('correct' as const)
      : ('incorrect' as const);

/**
 * The correct answer as the learner is shown it (the first accepted one of a fill-in-the-blank, every
 * right option of a multiple-response question one per line, the option itself otherwise): withheld (null) from a learner whose results are locked, who sees it in
 * the review once unlocked, so a free account cannot harvest the bank's answers (decision 004).
 * `correct` and `explanation` stay, as the spec's contract has them.
 */
export function shownCorrectAnswer(account: LmsAccount, question: Marked): string | null {
  if (resultsLocked(account)) return null;
  const accepted = acceptedAnswers(question.questionType, question.correctAnswer);
  return question.questionType === 'multiple-response' ? joinOptionLines(accepted) : (accepted[0] ?? null);
}

export type Counts = { answered: number; correct: number; remaining: number };

/** The progress of an attempt from its counts; the one definition both paths use. */
/** The accommodation's part of an attempt, as the clock reads it. */
export type ClockFields = Pick<
  Attempt,
  | 'startedAt'
  | 'pauseAllowed'
  | 'breakEverySeconds'
  | 'breakSeconds'
  | 'silentTimer'
  | 'pausedAt'
  | 'pauseLimitSeconds'
  | 'pausedSeconds'
  | 'breaksTaken'
>;

/** Exam time spent so far (paused time aside), for the break schedule. */
export const examTimeSpentMs = (attempt: ClockFields, now: Date) =>
  (attempt.pausedAt ?? now).getTime() - attempt.startedAt.getTime() - attempt.pausedSeconds * 1000;

/** Exam time until the next scheduled break may be taken; null without breaks. */
export function nextBreakInSeconds(attempt: ClockFields, now: Date): number | null {
  if (!attempt.breakEverySeconds) return null;
  const due = (attempt.breaksTaken + 1) * attempt.breakEverySeconds * 1000;
  return Math.max(0, Math.ceil((due - examTimeSpentMs(attempt, now)) / 1000));
}

export function clockOf(attempt: ClockFields, now: Date): NonNullable<ExamProgress['clock']> {
  const pausedAt = attempt.pausedAt;
  return {
    pauseAllowed: attempt.pauseAllowed,
    silentTimer: attempt.silentTimer,
    breakSeconds: attempt.breakEverySeconds ? attempt.breakSeconds : null,
    nextBreakInSeconds: nextBreakInSeconds(attempt, now),
    paused: pausedAt
      ? {
          kind: attempt.pauseLimitSeconds === null ? 'pause' : 'break',
          since: pausedAt.toISOString(),
          breakEndsAt:
            attempt.pauseLimitSeconds === null
              ? null
              : new Date(pausedAt.getTime() + attempt.pauseLimitSeconds * 1000).toISOString(),
        }
      : null,
  };
}

export function progressFrom(
  account: LmsAccount,
  attempt: Pick<Attempt, 'id' | 'deadlineAt' | 'mode'> & { finishedAt?: Date | null } & Partial<ClockFields>,
  counts: Counts,
  now: Date,
): ExamProgress {
  const finished = Boolean(attempt.finishedAt);
  const clock =
    attempt.startedAt !== undefined && attempt.pauseAllowed !== undefined
      ? clockOf(attempt as ClockFields, now)
      : undefined;
  return {
    ...(clock ? { clock } : {}),
    attemptId: attempt.id,
    remainingSeconds: finished ? 0 : Math.ceil(remainingMs(attempt, now) / 1000),
    answeredCount: counts.answered,
    // A test-centre sitting tells nothing about correctness until it ends.
    correctCount: (attempt.mode === 'test-centre' && !finished) || resultsLocked(account) ? null : counts.correct,
    totalQuestions: counts.answered + (finished ? 0 : counts.remaining),
    finished,
  };
}

export async function progressOf(
  db: Queryable,
  account: LmsAccount,
  attempt: Attempt,
  now: Date,
): Promise<ExamProgress> {
  // One round trip for both counts: this runs in every exam call.
  const [counts] = await inDrizzle(db)<Counts>(ATTEMPT_COUNTS, [attempt.id, formOf(attempt)]);
  return progressFrom(account, attempt, counts ?? { answered: 0, correct: 0, remaining: 0 }, now);
}
