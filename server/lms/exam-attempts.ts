import { and, desc, eq, gt, sql } from 'drizzle-orm';
import {
  EXAM_PAUSED,
  NO_QUESTIONS,
  QUESTION_WITHDRAWN,
  RETAKE_NOT_YET,
  securityMessages,
  type ExamMode,
  type ExamProgress,
  type SecurityEvent,
} from '../../contracts/lms.js';
import type { Database, Queryable } from '../db/client.js';
import { statementSql } from '../db/statement-sql.js';
import { examAnswers, examAttempts, examQuestions, lmsUsers } from '../db/schema/lms.js';
import { drawSeed } from '../platform/draws.js';
import { AppError } from '../platform/errors.js';
import { effectiveDeadline, examKeyOf, log, pastDeadline, type Attempt, type ExamSettings } from './exam-form.js';
import { progressFrom } from './exam-scoring.js';
import { retakeWaitSeconds } from './exam-settings.js';
import { CREATE_ATTEMPT, createAttemptValues } from './hot-statements.js';
import type { LmsAccount } from './programs.js';
import { applyAnswersToCards } from './review-cards.js';

/*
 * The timed exam's attempts. An attempt belongs to a user and exam (the user's profession, in
 * English); at most one is open at a time. The first question request starts the first attempt;
 * a retake starts with POST /user/exam/attempts once the previous one has finished. An attempt
 * draws its form when it starts: EXAM_QUESTION_COUNT questions of the profession, balanced across
 * difficulties. Its deadline is fixed at the start; every call compares the injected clock with it,
 * and the first call past it finishes the attempt. The order of the questions and of each
 * question's options is stable per attempt (md5 of the attempt's seed and the question id), and
 * the question on screen is remembered, so a reload or another device resumes at the same question.
 */

export const TIME_IS_UP = 'The exam time is over; answers are no longer accepted.';
export const EXAM_PAUSED_MESSAGE = 'Your exam is paused: resume it to go on.';
export const EXAM_FINISHED = 'This exam is finished; answers are no longer accepted.';
export const QUESTION_WITHDRAWN_MESSAGE = 'This question was withdrawn from the exam; ask for the next question.';

/** The question on screen was deleted by an admin: a distinct 409, so the client fetches the next one. */
export const questionWithdrawn = () => new AppError(409, QUESTION_WITHDRAWN_MESSAGE, QUESTION_WITHDRAWN);
/**
 * A clientAnswerId already used for another question of the attempt (a client's bug, or a probe):
 * refused before the question named is read, so a resend never tells of any other question.
 */
export const answerIdOfAnotherQuestion = () =>
  new AppError(409, 'This answer was already sent for another question; send it again with a new id.');

export const NO_QUESTIONS_MESSAGE =
  'There are no exam questions for your profession yet, so the exam cannot start. Please try again later.';
/** An empty bank starts nothing: no attempt, no history row, no award (the transaction rolls back). */
const noQuestions = () => new AppError(409, NO_QUESTIONS_MESSAGE, NO_QUESTIONS);

/** The user's latest attempt at their exam (the open one, if any), locked for this transaction. */
export async function lockAttempt(tx: Queryable, account: LmsAccount): Promise<Attempt | undefined> {
  const [attempt] = await tx
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.userId, account.id), eq(examAttempts.examKey, examKeyOf(account))))
    .orderBy(desc(examAttempts.id))
    .limit(1)
    .for('update');
  return attempt;
}

/** What starting an attempt returns: the rest of the row is known (no question on screen, no draft, no pause). */
export type NewAttempt = Pick<
  Attempt,
  | 'id'
  | 'seed'
  | 'questionIds'
  | 'deadlineAt'
  | 'mode'
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

export type CreatedRow = Pick<
  NewAttempt,
  | 'id'
  | 'questionIds'
  | 'deadlineAt'
  | 'mode'
  | 'startedAt'
  | 'pauseAllowed'
  | 'breakEverySeconds'
  | 'breakSeconds'
  | 'silentTimer'
>;

/**
 * Starts an attempt with `run`, which executes CREATE_ATTEMPT (hot-statements.ts) with its values:
 * in a Drizzle transaction (a retake, the full path) or on the hot path's connection. Undefined
 * when another request opened one first.
 */
export async function createAttemptWith(
  run: (values: unknown[]) => Promise<CreatedRow[]>,
  account: LmsAccount,
  now: Date,
  settings: ExamSettings,
  mode: ExamMode = 'practice',
): Promise<NewAttempt | undefined> {
  const attempt = { seed: drawSeed(), mode };
  const [created] = await run(createAttemptValues({ ...account, examKey: examKeyOf(account) }, attempt, now, settings));
  if (created && created.questionIds.length === 0) throw noQuestions();
  // node-postgres parses timestamptz as a Date; Drizzle's execute hands the raw row through.
  return (
    created && {
      ...created,
      deadlineAt: new Date(created.deadlineAt),
      startedAt: new Date(created.startedAt),
      seed: attempt.seed,
      pausedAt: null,
      pauseLimitSeconds: null,
      pausedSeconds: 0,
      breaksTaken: 0,
    }
  );
}

export const createAttempt = (
  tx: Queryable,
  account: LmsAccount,
  now: Date,
  settings: ExamSettings,
  mode: ExamMode = 'practice',
) =>
  createAttemptWith(
    async (values) => (await tx.execute<CreatedRow>(statementSql(CREATE_ATTEMPT.text, values))).rows,
    account,
    now,
    settings,
    mode,
  );

export async function finish(
  tx: Queryable,
  attempt: Attempt,
  reason: 'completed' | 'timeout' | 'ended',
  now: Date,
): Promise<Attempt> {
  // A timed-out attempt ends at its deadline (moved by a break that ran out), whenever the server notices.
  const finishedAt = reason === 'timeout' ? new Date(Math.min(now.getTime(), effectiveDeadline(attempt, now))) : now;
  const [updated] = await tx
    .update(examAttempts)
    .set({
      finishedAt,
      finishReason: reason,
      currentQuestionId: null,
      draftQuestionId: null,
      draftAnswer: null,
      draftTimer: null,
      pausedAt: null,
      pauseLimitSeconds: null,
    })
    .where(eq(examAttempts.id, attempt.id))
    .returning();
  const messages = {
    completed: 'No questions left; exam finished',
    timeout: 'Time ran out; exam finished',
    ended: 'Exam ended by the candidate',
  };
  await log(tx, attempt, 'finished', messages[reason], finishedAt, { reason });
  // The attempt's mistakes become review cards now its answers are final (decision 029).
  const answers = await tx
    .select({ questionId: examAnswers.questionId, outcome: examAnswers.outcome })
    .from(examAnswers)
    .where(eq(examAnswers.attemptId, attempt.id));
  await applyAnswersToCards(tx, attempt.userId, answers, finishedAt);
  return updated ?? attempt;
}

/** Finishes the attempt if its deadline has passed; returns it as it is now. */
export async function expireIfDue(tx: Queryable, attempt: Attempt, now: Date): Promise<Attempt> {
  if (!attempt.finishedAt && pastDeadline(attempt, now)) return finish(tx, attempt, 'timeout', now);
  return attempt;
}

export const ATTEMPT_OPEN = 'An attempt is still open; finish it before starting another.';

/**
 * A new attempt (the first, or a retake once the previous one has finished and, if set, the wait
 * has passed; an extra attempt granted by an admin skips the wait once).
 */
export async function startAttempt(
  db: Database,
  account: LmsAccount,
  now: Date,
  settings: ExamSettings,
  mode: ExamMode = 'practice',
): Promise<ExamProgress> {
  return db.transaction(async (tx) => {
    const latest = await lockAttempt(tx, account);
    let usedExtraAttempt = false;
    if (latest) {
      const current = await expireIfDue(tx, latest, now);
      if (!current.finishedAt) throw new AppError(409, ATTEMPT_OPEN);
      // The wait between attempts is an admin setting (the environment's until one is saved).
      const wait = await retakeWaitSeconds(tx, settings.retakeWaitSeconds);
      const allowedAt = retakeAllowedAt(current, { retakeWaitSeconds: wait });
      if (allowedAt && allowedAt > now) {
        usedExtraAttempt = await useExtraAttempt(tx, account.id);
        if (!usedExtraAttempt)
          throw new AppError(409, `You can retake the exam from ${allowedAt.toISOString()}.`, RETAKE_NOT_YET);
      }
    }
    const created = await createAttempt(tx, account, now, settings, mode);
    if (!created) throw new AppError(409, ATTEMPT_OPEN);
    if (usedExtraAttempt) {
      await log(
        tx,
        { userId: account.id, id: created.id },
        'extra-attempt',
        'An extra attempt granted by an admin was used before the retake wait ended',
        now,
      );
    }
    // Nothing answered yet, and every question of the form was drawn live in this transaction.
    return progressFrom(account, created, { answered: 0, correct: 0, remaining: created.questionIds.length }, now);
  });
}

/** Takes one of the learner's extra attempts, if they have one left. */
async function useExtraAttempt(tx: Queryable, userId: number): Promise<boolean> {
  const used = await tx
    .update(lmsUsers)
    .set({ extraAttempts: sql`${lmsUsers.extraAttempts} - 1` })
    .where(and(eq(lmsUsers.id, userId), gt(lmsUsers.extraAttempts, 0)))
    .returning({ id: lmsUsers.id });
  return used.length > 0;
}

export function retakeAllowedAt(attempt: Attempt, settings: Pick<ExamSettings, 'retakeWaitSeconds'>): Date | null {
  if (!attempt.finishedAt || settings.retakeWaitSeconds === 0) return null;
  return new Date(attempt.finishedAt.getTime() + settings.retakeWaitSeconds * 1000);
}

/** Runs `work` on the locked, still-running attempt; past the deadline the attempt is finished and the call refused. */
export async function withRunningAttempt<T>(
  db: Database,
  account: LmsAccount,
  now: Date,
  work: (tx: Queryable, attempt: Attempt) => Promise<T>,
): Promise<T> {
  const outcome = await db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, account);
    if (!attempt) throw new AppError(409, 'Start the exam first');
    if (attempt.finishedAt) throw new AppError(409, attempt.finishReason === 'timeout' ? TIME_IS_UP : EXAM_FINISHED);
    const current = await expireIfDue(tx, attempt, now);
    // Committed with the finish; the refusal is thrown after the transaction.
    if (current.finishedAt) return { expired: true as const };
    // While a pause or break lasts the questions are hidden and nothing is answered or saved.
    if (current.pausedAt) throw new AppError(409, EXAM_PAUSED_MESSAGE, EXAM_PAUSED);
    return { expired: false as const, value: await work(tx, current) };
  });
  if (outcome.expired) throw new AppError(410, TIME_IS_UP);
  return outcome.value;
}

export async function autoSave(
  db: Database,
  account: LmsAccount,
  body: { questionId: number; userAnswer: string; timer?: number | null | undefined },
  now: Date,
) {
  return withRunningAttempt(db, account, now, async (tx, attempt) => {
    if (attempt.currentQuestionId !== body.questionId)
      throw new AppError(409, 'This is not the current question of your exam');
    // A draft of a withdrawn question would never be answered: the learner is told to move on instead.
    const [question] = await tx
      .select({ deletedAt: examQuestions.deletedAt })
      .from(examQuestions)
      .where(eq(examQuestions.id, body.questionId));
    if (!question || question.deletedAt) throw questionWithdrawn();
    await tx
      .update(examAttempts)
      .set({
        draftQuestionId: body.questionId,
        draftAnswer: body.userAnswer,
        draftTimer: body.timer ?? null,
        draftSavedAt: now,
      })
      .where(eq(examAttempts.id, attempt.id));
    return { savedAt: now.toISOString() };
  });
}

/** Copy, paste, leaving full screen or the tab: written to the attempt's exam log. */
export async function recordExamEvent(
  db: Database,
  account: LmsAccount,
  body: { event: SecurityEvent | 'offline'; from?: string | undefined; to?: string | undefined },
  now: Date,
) {
  return withRunningAttempt(db, account, now, async (tx, attempt) => {
    if (body.event !== 'offline') {
      await log(tx, attempt, body.event, securityMessages[body.event], now);
      return { message: 'Recorded' };
    }
    // The device's clock, kept within the attempt: from its start to now.
    const start = attempt.startedAt.getTime();
    const from = new Date(Math.min(Math.max(Date.parse(body.from ?? ''), start), now.getTime()));
    const to = new Date(Math.min(Math.max(Date.parse(body.to ?? ''), from.getTime()), now.getTime()));
    const seconds = Math.round((to.getTime() - from.getTime()) / 1000);
    // Logged at the moment it began, so the timeline shows it in its place.
    await log(tx, attempt, 'offline', `Offline for ${seconds} s, until ${to.toISOString()}`, from, {
      from: from.toISOString(),
      to: to.toISOString(),
    });
    return { message: 'Recorded' };
  });
}

/** The candidate ends the exam (the client does when its countdown reaches zero). */
export async function endExam(db: Database, account: LmsAccount, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, account);
    if (!attempt) throw new AppError(409, 'Start the exam first');
    const current = await expireIfDue(tx, attempt, now);
    if (!current.finishedAt) await finish(tx, current, 'ended', now);
  });
}

/** Whether the learner has a timed attempt running now (one past its deadline is finished on the way). */
export async function hasOpenAttempt(tx: Queryable, account: LmsAccount, now: Date): Promise<boolean> {
  const attempt = await lockAttempt(tx, account);
  if (!attempt) return false;
  return !(await expireIfDue(tx, attempt, now)).finishedAt;
}
