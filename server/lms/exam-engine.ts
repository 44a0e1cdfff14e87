import { randomInt } from 'node:crypto';
import { and, count, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import {
  ACCEPTED_ANSWER_SEPARATOR,
  LOCKED_SUMMARY_MESSAGE,
  NO_MORE_QUESTIONS_MESSAGE,
  securityMessages,
  type AnswerResult,
  type ExamProgress,
  type ExamQuestionsResponse,
  type ExamSummary,
  type MockResult,
  type SecurityEvent,
  type ServedQuestion,
} from '../../contracts/lms.js';
import type { Database, Queryable } from '../db/client.js';
import { examAnswers, examAttempts, examLogs, examQuestions, mockExamResults } from '../db/schema/lms.js';
import { AppError, databaseErrorCode, PG_UNIQUE_VIOLATION } from '../platform/errors.js';
import { hasProgram, type LmsAccount } from './programs.js';

/*
 * The timed exam lives here. One attempt per user and exam (the user's profession, in English),
 * started by the first question request. Its deadline is fixed at the start; every call compares
 * the injected clock with it, and the first call past it finishes the attempt. The order of the
 * questions is stable per attempt (md5 of the attempt's seed and the question id), and the question
 * on screen is remembered, so a reload or another device resumes at the same question.
 */

type Attempt = typeof examAttempts.$inferSelect;
type QuestionRow = typeof examQuestions.$inferSelect;

const MOCK_SET_SIZE = 10;
export const TIME_IS_UP = 'The exam time is over; answers are no longer accepted.';
const EXAM_FINISHED = 'This exam is finished; answers are no longer accepted.';

export const examKeyOf = (account: LmsAccount) => `${account.profession}-en`;

const toServed = (row: QuestionRow): ServedQuestion => ({
  id: row.id,
  question: row.question,
  question_type: row.questionType,
  options: row.options,
  difficulty: row.difficulty,
});

async function log(db: Queryable, attempt: Attempt, event: string, message: string, at: Date, extra: Record<string, unknown> = {}) {
  await db.insert(examLogs).values({ userId: attempt.userId, examId: attempt.id, logData: { event, message, ...extra }, createdAt: at });
}

async function lockAttempt(tx: Queryable, account: LmsAccount): Promise<Attempt | undefined> {
  const [attempt] = await tx
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.userId, account.id), eq(examAttempts.examKey, examKeyOf(account))))
    .for('update');
  return attempt;
}

async function finish(tx: Queryable, attempt: Attempt, reason: 'completed' | 'timeout' | 'ended', now: Date): Promise<Attempt> {
  // A timed-out attempt ends at its deadline, whenever the server notices.
  const finishedAt = reason === 'timeout' ? attempt.deadlineAt : now;
  const [updated] = await tx
    .update(examAttempts)
    .set({ finishedAt, finishReason: reason, currentQuestionId: null, draftQuestionId: null, draftAnswer: null, draftTimer: null })
    .where(eq(examAttempts.id, attempt.id))
    .returning();
  const messages = { completed: 'No questions left; exam finished', timeout: 'Time ran out; exam finished', ended: 'Exam ended by the candidate' };
  await log(tx, attempt, 'finished', messages[reason], finishedAt, { reason });
  return updated ?? attempt;
}

/** Finishes the attempt if its deadline has passed; returns it as it is now. */
async function expireIfDue(tx: Queryable, attempt: Attempt, now: Date): Promise<Attempt> {
  if (!attempt.finishedAt && now.getTime() >= attempt.deadlineAt.getTime()) return finish(tx, attempt, 'timeout', now);
  return attempt;
}

async function progressOf(db: Queryable, attempt: Attempt, now: Date): Promise<ExamProgress> {
  // One round trip for both counts: this runs in every exam call.
  const answeredIds = db.select({ id: examAnswers.questionId }).from(examAnswers).where(eq(examAnswers.attemptId, attempt.id));
  const [counts] = await db
    .select({
      answered: count(),
      correct: sql<number>`count(*) FILTER (WHERE ${examAnswers.outcome} = 'correct')`.mapWith(Number),
      remaining: sql<number>`(${db
        .select({ n: count() })
        .from(examQuestions)
        .where(and(eq(examQuestions.profession, attempt.profession), isNull(examQuestions.deletedAt), notInArray(examQuestions.id, answeredIds)))})`.mapWith(Number),
    })
    .from(examAnswers)
    .where(eq(examAnswers.attemptId, attempt.id));
  const remaining = counts ? { n: counts.remaining } : undefined;
  const answered = counts?.answered ?? 0;
  const finished = attempt.finishedAt !== null;
  return {
    attemptId: attempt.id,
    remainingSeconds: finished ? 0 : Math.max(0, Math.ceil((attempt.deadlineAt.getTime() - now.getTime()) / 1000)),
    answeredCount: answered,
    correctCount: counts?.correct ?? 0,
    totalQuestions: answered + (finished ? 0 : (remaining?.n ?? 0)),
    finished,
  };
}

function finishedMessage(attempt: Attempt): string {
  return attempt.finishReason === 'timeout' ? 'Time is up. The exam is finished.' : attempt.finishReason === 'completed' ? NO_MORE_QUESTIONS_MESSAGE : 'The exam is finished.';
}

/** The attempt's current question (starting the attempt on first call), or none with a message. */
export async function nextQuestion(db: Database, account: LmsAccount, now: Date, durationSeconds: number): Promise<ExamQuestionsResponse> {
  return db.transaction(async (tx) => {
    let attempt = await lockAttempt(tx, account);
    if (!attempt) {
      const [created] = await tx
        .insert(examAttempts)
        .values({
          userId: account.id,
          examKey: examKeyOf(account),
          profession: account.profession,
          language: 'en',
          seed: randomInt(1, 2_147_483_647),
          startedAt: now,
          deadlineAt: new Date(now.getTime() + durationSeconds * 1000),
        })
        // Two first requests at once: one creates the attempt, the other takes it below.
        .onConflictDoNothing()
        .returning();
      if (created) await log(tx, created, 'started', `Exam started (${created.examKey}, ${durationSeconds} s)`, now);
      attempt = created ?? (await lockAttempt(tx, account));
      if (!attempt) throw new Error('attempt vanished');
    }
    attempt = await expireIfDue(tx, attempt, now);
    if (attempt.finishedAt) {
      return { examQuestions: [], message: finishedMessage(attempt), attempt: await progressOf(tx, attempt, now), draft: null, durationSeconds };
    }

    const answered = tx.select({ id: examAnswers.questionId }).from(examAnswers).where(eq(examAnswers.attemptId, attempt.id));
    let question: QuestionRow | undefined;
    if (attempt.currentQuestionId) {
      [question] = await tx
        .select()
        .from(examQuestions)
        .where(and(eq(examQuestions.id, attempt.currentQuestionId), isNull(examQuestions.deletedAt), notInArray(examQuestions.id, answered)));
    }
    if (!question) {
      [question] = await tx
        .select()
        .from(examQuestions)
        .where(and(eq(examQuestions.profession, attempt.profession), isNull(examQuestions.deletedAt), notInArray(examQuestions.id, answered)))
        .orderBy(sql`md5(${attempt.seed}::text || ':' || ${examQuestions.id}::text)`)
        .limit(1);
      if (!question) {
        attempt = await finish(tx, attempt, 'completed', now);
        return { examQuestions: [], message: NO_MORE_QUESTIONS_MESSAGE, attempt: await progressOf(tx, attempt, now), draft: null, durationSeconds };
      }
      const [updated] = await tx.update(examAttempts).set({ currentQuestionId: question.id }).where(eq(examAttempts.id, attempt.id)).returning();
      attempt = updated ?? attempt;
    }
    const draft =
      attempt.draftQuestionId === question.id && attempt.draftAnswer !== null
        ? { questionId: question.id, userAnswer: attempt.draftAnswer, timer: attempt.draftTimer }
        : null;
    return { examQuestions: [toServed(question)], attempt: await progressOf(tx, attempt, now), draft, durationSeconds };
  });
}

function isCorrect(question: QuestionRow, userAnswer: string): boolean {
  const given = userAnswer.trim().toLowerCase();
  const accepted =
    question.questionType === 'fill-in-the-blank' ? question.correctAnswer.split(ACCEPTED_ANSWER_SEPARATOR) : [question.correctAnswer];
  return accepted.some((answer) => answer.trim().toLowerCase() === given);
}

/** Runs `work` on the locked, still-running attempt; past the deadline the attempt is finished and the call refused. */
async function withRunningAttempt<T>(db: Database, account: LmsAccount, now: Date, work: (tx: Queryable, attempt: Attempt) => Promise<T>): Promise<T> {
  const outcome = await db.transaction(async (tx) => {
    const attempt = await lockAttempt(tx, account);
    if (!attempt) throw new AppError(409, 'Start the exam first');
    if (attempt.finishedAt) throw new AppError(409, attempt.finishReason === 'timeout' ? TIME_IS_UP : EXAM_FINISHED);
    const current = await expireIfDue(tx, attempt, now);
    // Committed with the finish; the refusal is thrown after the transaction.
    if (current.finishedAt) return { expired: true as const };
    return { expired: false as const, value: await work(tx, current) };
  });
  if (outcome.expired) throw new AppError(410, TIME_IS_UP);
  return outcome.value;
}

export async function submitAnswer(db: Database, account: LmsAccount, questionId: number, userAnswer: string, now: Date): Promise<AnswerResult> {
  try {
    return await withRunningAttempt(db, account, now, async (tx, attempt) => {
      const [already] = await tx
        .select({ id: examAnswers.id })
        .from(examAnswers)
        .where(and(eq(examAnswers.attemptId, attempt.id), eq(examAnswers.questionId, questionId)));
      if (already) throw new AppError(409, 'This question has already been answered');
      if (attempt.currentQuestionId !== questionId) throw new AppError(409, 'This is not the current question of your exam');
      const [question] = await tx.select().from(examQuestions).where(eq(examQuestions.id, questionId));
      if (!question || question.deletedAt) throw new AppError(404, 'Question not found');

      const pendingReview = question.questionType === 'essay';
      const correct = !pendingReview && isCorrect(question, userAnswer);
      await tx.insert(examAnswers).values({
        attemptId: attempt.id,
        questionId,
        userAnswer: userAnswer.trim(),
        outcome: pendingReview ? 'pending-review' : correct ? 'correct' : 'incorrect',
        answeredAt: now,
      });
      const [updated] = await tx
        .update(examAttempts)
        .set({ currentQuestionId: null, draftQuestionId: null, draftAnswer: null, draftTimer: null })
        .where(eq(examAttempts.id, attempt.id))
        .returning();
      return {
        correct,
        pendingReview,
        explanation: question.explanation,
        correctAnswer: pendingReview ? null : question.correctAnswer.split(ACCEPTED_ANSWER_SEPARATOR)[0]?.trim() ?? null,
        attempt: await progressOf(tx, updated ?? attempt, now),
      };
    });
  } catch (error) {
    if (databaseErrorCode(error) === PG_UNIQUE_VIOLATION) throw new AppError(409, 'This question has already been answered');
    throw error;
  }
}

export async function autoSave(db: Database, account: LmsAccount, body: { questionId: number; userAnswer: string; timer?: number | null | undefined }, now: Date) {
  return withRunningAttempt(db, account, now, async (tx, attempt) => {
    if (attempt.currentQuestionId !== body.questionId) throw new AppError(409, 'This is not the current question of your exam');
    await tx
      .update(examAttempts)
      .set({ draftQuestionId: body.questionId, draftAnswer: body.userAnswer, draftTimer: body.timer ?? null, draftSavedAt: now })
      .where(eq(examAttempts.id, attempt.id));
    return { savedAt: now.toISOString() };
  });
}

/** Copy, paste, leaving full screen or the tab: written to the attempt's exam log. */
export async function recordSecurityEvent(db: Database, account: LmsAccount, event: SecurityEvent, now: Date) {
  return withRunningAttempt(db, account, now, async (tx, attempt) => {
    await log(tx, attempt, event, securityMessages[event], now);
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

/**
 * The summary counts the marked answers: auto-marked ones and graded essays (essays awaiting
 * review are reported apart). Without the `exam-results` program only the number of marked
 * answers shows; score and success rate are null.
 */
export async function examSummary(db: Database, account: LmsAccount, now: Date): Promise<ExamSummary> {
  const attempt = await db.transaction(async (tx) => {
    const found = await lockAttempt(tx, account);
    return found ? expireIfDue(tx, found, now) : undefined;
  });
  const counts = attempt
    ? (
        await db
          .select({
            correct: sql<number>`count(*) FILTER (WHERE ${examAnswers.outcome} = 'correct')`.mapWith(Number),
            marked: sql<number>`count(*) FILTER (WHERE ${examAnswers.outcome} <> 'pending-review')`.mapWith(Number),
            pending: sql<number>`count(*) FILTER (WHERE ${examAnswers.outcome} = 'pending-review')`.mapWith(Number),
          })
          .from(examAnswers)
          .where(eq(examAnswers.attemptId, attempt.id))
      )[0]
    : undefined;
  const marked = counts?.marked ?? 0;
  const correct = counts?.correct ?? 0;
  const pendingReview = counts?.pending ?? 0;
  const finished = Boolean(attempt?.finishedAt);
  if (!hasProgram(account, 'exam-results')) {
    return { locked: true, message: LOCKED_SUMMARY_MESSAGE, finished, summary: { totalQuestions: marked, totalScore: null, percentage: null, pendingReview } };
  }
  const percentage = marked === 0 ? 0 : Math.round((correct / marked) * 1000) / 10;
  const message = !attempt ? 'You have not started the exam yet.' : finished ? 'Exam completed.' : 'Exam in progress.';
  return { locked: false, message, finished, summary: { totalQuestions: marked, totalScore: correct, percentage, pendingReview } };
}

// ---- The older 300-second module: a short random set, all answers sent at the end.

export async function mockQuestionSet(db: Database, account: LmsAccount): Promise<ExamQuestionsResponse> {
  const rows = await db
    .select()
    .from(examQuestions)
    .where(and(eq(examQuestions.profession, account.profession), isNull(examQuestions.deletedAt)))
    .orderBy(sql`random()`)
    .limit(MOCK_SET_SIZE);
  return rows.length ? { examQuestions: rows.map(toServed) } : { examQuestions: [], message: NO_MORE_QUESTIONS_MESSAGE };
}

/** Scores the older module's answers: the score is out of the non-essay questions. */
export async function scoreMockExam(db: Database, account: LmsAccount, answers: Record<string, string>, now: Date): Promise<MockResult> {
  const ids = Object.keys(answers).map(Number);
  if (ids.length === 0) throw new AppError(400, 'answers must hold at least one answer');
  if (ids.length > 50) throw new AppError(400, 'answers may hold at most 50 answers');
  const rows = await db
    .select()
    .from(examQuestions)
    .where(and(inArray(examQuestions.id, ids), eq(examQuestions.profession, account.profession)));
  if (rows.length !== ids.length) throw new AppError(400, 'answers name a question that is not part of your exam');
  const scored = rows.filter((row) => row.questionType !== 'essay');
  const score = scored.filter((row) => isCorrect(row, answers[String(row.id)] ?? '')).length;
  await db.insert(mockExamResults).values({ userId: account.id, score, total: scored.length, createdAt: now });
  return { score, total: scored.length, essays: rows.length - scored.length };
}
