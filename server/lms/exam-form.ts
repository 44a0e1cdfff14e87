import { createHash } from 'node:crypto';
import type { ServedQuestion } from '../../contracts/lms.js';
import type { Queryable } from '../db/client.js';
import { examLogs, type examAttempts, type examQuestions } from '../db/schema/lms.js';
import type { LmsAccount } from './programs.js';

/*
 * What every part of the exam shares: an attempt, its form (the questions drawn for it) and the
 * stable order of a form's questions and options. The exam is split by seam: exam-attempts.ts
 * (starting, finishing, the deadline), exam-serving.ts (the next question and the answer, with the
 * hot path), exam-scoring.ts (marking and progress), exam-review.ts (summary, history, review),
 * exam-practice.ts (the short practice sets) and test-centre.ts (the test-centre sitting).
 */

export type Attempt = typeof examAttempts.$inferSelect;
export type QuestionRow = typeof examQuestions.$inferSelect;

export type ExamSettings = {
  durationSeconds: number;
  questionCount: number;
  retakeWaitSeconds: number;
  questionsPerDay: number;
};

export const examKeyOf = (account: LmsAccount) => `${account.profession}-en`;

// inArray of an empty list is `false` in Drizzle; -1 is never an id, so an empty form stays valid SQL either way.
export const formOf = (attempt: Pick<Attempt, 'questionIds'>) =>
  attempt.questionIds.length ? attempt.questionIds : [-1];

/**
 * The options in the order this attempt (or practice set) shows them: sorted by md5 of the seed,
 * the question and the option, so a reload shows the same order and the stored order (where an
 * author tends to put the right answer first) tells nothing.
 */
export function shuffledOptions(options: string[], seed: number, questionId: number): string[] {
  const key = (option: string) => createHash('md5').update(`${seed}:${questionId}:${option}`).digest('hex');
  return options
    .map((option) => ({ option, key: key(option) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ option }) => option);
}

export const toServed = (
  row: Pick<QuestionRow, 'id' | 'question' | 'questionFormat' | 'questionType' | 'options' | 'difficulty'>,
  seed: number,
): ServedQuestion => ({
  id: row.id,
  question: row.question,
  question_format: row.questionFormat,
  question_type: row.questionType,
  options: shuffledOptions(row.options, seed, row.id),
  difficulty: row.difficulty,
});

export async function log(
  db: Queryable,
  attempt: Pick<Attempt, 'userId' | 'id'>,
  event: string,
  message: string,
  at: Date,
  extra: Record<string, unknown> = {},
) {
  await db
    .insert(examLogs)
    .values({ userId: attempt.userId, examId: attempt.id, logData: { event, message, ...extra }, createdAt: at });
}

/** What the clock reads of an attempt: its deadline and a pause or break under way. */
export type AttemptClock = Pick<Attempt, 'deadlineAt'> & Partial<Pick<Attempt, 'pausedAt' | 'pauseLimitSeconds'>>;

/**
 * The deadline as it stands now. A pause stops the clock (no deadline while it lasts); a break stops
 * it for at most its length, after which the time runs again. Resuming moves the stored deadline
 * by the time the clock stood still (accommodations.ts), so only paused time ever moves it.
 */
export function effectiveDeadline(attempt: AttemptClock, now: Date): number {
  const deadline = attempt.deadlineAt.getTime();
  if (!attempt.pausedAt) return deadline;
  if (attempt.pauseLimitSeconds === null || attempt.pauseLimitSeconds === undefined) return Number.POSITIVE_INFINITY;
  const stood = Math.max(0, now.getTime() - attempt.pausedAt.getTime());
  return deadline + Math.min(stood, attempt.pauseLimitSeconds * 1000);
}

/** The one deadline rule: at the deadline the attempt is over, whenever the server notices. */
export const pastDeadline = (attempt: AttemptClock, now: Date) => now.getTime() >= effectiveDeadline(attempt, now);

/** Exam time left: frozen while a pause or a break within its length lasts. */
export function remainingMs(attempt: AttemptClock, now: Date): number {
  if (attempt.pausedAt && (attempt.pauseLimitSeconds === null || attempt.pauseLimitSeconds === undefined))
    return Math.max(0, attempt.deadlineAt.getTime() - attempt.pausedAt.getTime());
  return Math.max(0, effectiveDeadline(attempt, now) - now.getTime());
}
