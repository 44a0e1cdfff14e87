import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CurrentQuestionResponse, ExamForm, NavigatorCell, RecordedAnswer } from '../../contracts/lms.js';
import type { Database, Queryable } from '../db/client.js';
import type { RunStatement } from '../db/statement-sql.js';
import { examAnswers, examAttempts, examQuestions } from '../db/schema/lms.js';
import { AppError } from '../platform/errors.js';
import {
  answerIdOfAnotherQuestion,
  expireIfDue,
  finish,
  questionWithdrawn,
  TIME_IS_UP,
  withRunningAttempt,
} from './exam-attempts.js';
import { formOf, log, toServed, type Attempt, type ExamSettings, type QuestionRow } from './exam-form.js';
import { outcomeOf, progressFrom, progressOf, type Counts } from './exam-scoring.js';
import type { TestCentreSitting } from './exam-serving.js';
import {
  ATTEMPT_COUNTS,
  RECORD_SITTING_ANSWER,
  recordSittingAnswerValues,
  SITTING_ANSWER_CHECK,
} from './hot-statements.js';
import type { LmsAccount } from './programs.js';

/*
 * Test-centre mode, as a Prometric-style sitting: answers are recorded and may be changed until the
 * attempt ends (the candidate finishes, or the deadline passes); nothing is said about correctness
 * before. A navigator opens any question of the form; questions can be flagged for review. The
 * engine hands a locked, running test-centre attempt to these functions (see `sitting` below).
 */

export const NOT_IN_FORM = 'That question is not part of your exam.';
export const ALL_ANSWERED_MESSAGE = 'Every question has an answer. Review your answers or finish the exam.';

/** The form's questions in the attempt's order (as served), live or already answered, with their state. */
async function navigatorOf(tx: Queryable, attempt: Attempt): Promise<NavigatorCell[]> {
  const { rows } = await tx.execute<{ id: number; answered: boolean }>(sql`
    SELECT q.id, (a.id IS NOT NULL) AS answered
    FROM exam_questions q LEFT JOIN exam_answers a ON a.attempt_id = ${attempt.id}::int AND a.question_id = q.id
    WHERE q.id = ANY(${`{${formOf(attempt).join(',')}}`}::int[]) AND (q.deleted_at IS NULL OR a.id IS NOT NULL)
    ORDER BY md5(${attempt.seed}::int::text || ':' || q.id::text)`);
  const flagged = new Set(attempt.flaggedQuestionIds);
  return rows.map((row, index) => ({
    questionId: row.id,
    position: index + 1,
    answered: row.answered,
    flagged: flagged.has(row.id),
  }));
}

/**
 * The question to show: the one asked for (the navigator), else the one on screen, else the first
 * unanswered one of the form. All answered: no question, the attempt stays open for review.
 */
async function serve(
  tx: Queryable,
  account: LmsAccount,
  attempt: Attempt,
  now: Date,
  settings: ExamSettings,
  questionId?: number,
): Promise<CurrentQuestionResponse> {
  const navigator = await navigatorOf(tx, attempt);
  const cellOf = (id: number | null) => navigator.find((cell) => cell.questionId === id);
  if (questionId !== undefined && !cellOf(questionId)) throw new AppError(404, NOT_IN_FORM);
  const cell = cellOf(questionId ?? null) ?? cellOf(attempt.currentQuestionId) ?? navigator.find((c) => !c.answered);
  const base = { durationSeconds: settings.durationSeconds, mode: attempt.mode, navigator };
  if (!cell) {
    return {
      ...base,
      examQuestions: [],
      message: ALL_ANSWERED_MESSAGE,
      attempt: await progressOf(tx, account, attempt, now),
      draft: null,
    };
  }
  const [question] = await tx.select().from(examQuestions).where(eq(examQuestions.id, cell.questionId));
  if (!question) throw new AppError(404, NOT_IN_FORM);
  let current = attempt;
  if (attempt.currentQuestionId !== question.id) {
    const [updated] = await tx
      .update(examAttempts)
      .set({ currentQuestionId: question.id })
      .where(eq(examAttempts.id, attempt.id))
      .returning();
    current = updated ?? attempt;
  }
  const [recorded] = await tx
    .select({ userAnswer: examAnswers.userAnswer })
    .from(examAnswers)
    .where(and(eq(examAnswers.attemptId, attempt.id), eq(examAnswers.questionId, question.id)));
  const draft =
    current.draftQuestionId === question.id && current.draftAnswer !== null
      ? { questionId: question.id, userAnswer: current.draftAnswer, timer: current.draftTimer }
      : null;
  return {
    ...base,
    examQuestions: [toServed(question, attempt.seed)],
    attempt: await progressOf(tx, account, current, now),
    draft,
    position: cell.position,
    recordedAnswer: recorded?.userAnswer ?? null,
  };
}

type Answer = { questionId: number; userAnswer: string; clientAnswerId?: string | undefined };

type SittingCheck = {
  duplicate: boolean;
  otherQuestion: boolean;
  keptAnswer: string | null;
  questionType: QuestionRow['questionType'] | null;
  correctAnswer: string | null;
  withdrawn: boolean | null;
};

/**
 * Records the answer, or replaces the earlier one, for any live question of the form, in two
 * statements after the attempt's lock (on the hot path's connection, or in a Drizzle transaction).
 * Marked now (so the end needs no second pass) but told to nobody until the attempt ends. An answer
 * whose clientAnswerId was applied already changes nothing: a queue resent after an outage may
 * repeat an answer that did arrive, and must not undo a later change.
 */
async function record(
  run: RunStatement,
  account: LmsAccount,
  attempt: Attempt,
  answer: Answer,
  now: Date,
): Promise<RecordedAnswer> {
  if (!attempt.questionIds.includes(answer.questionId)) throw new AppError(404, NOT_IN_FORM);
  const [check] = await run<SittingCheck>(SITTING_ANSWER_CHECK, [
    attempt.id,
    answer.questionId,
    answer.clientAnswerId ?? null,
    now,
  ]);
  if (check?.otherQuestion) throw answerIdOfAnotherQuestion();
  if (check?.duplicate) {
    const [counts] = await run<Counts>(ATTEMPT_COUNTS, [attempt.id, formOf(attempt)]);
    return {
      recorded: true,
      questionId: answer.questionId,
      userAnswer: check.keptAnswer ?? '',
      duplicate: true,
      attempt: progressFrom(account, attempt, counts ?? NO_COUNTS, now),
    };
  }
  if (!check?.questionType || check.correctAnswer === null || check.withdrawn) throw questionWithdrawn();
  const userAnswer = answer.userAnswer.trim();
  const outcome = outcomeOf({ questionType: check.questionType, correctAnswer: check.correctAnswer }, userAnswer);
  const [counts] = await run<Counts>(
    RECORD_SITTING_ANSWER,
    recordSittingAnswerValues(
      attempt,
      { questionId: answer.questionId, userAnswer, outcome, keptAnswer: check.keptAnswer },
      formOf(attempt),
      now,
    ),
  );
  return {
    recorded: true,
    questionId: answer.questionId,
    userAnswer,
    duplicate: false,
    attempt: progressFrom(account, attempt, counts ?? NO_COUNTS, now),
  };
}

const NO_COUNTS: Counts = { answered: 0, correct: 0, remaining: 0 };

/** What the engine calls for a running test-centre attempt. */
export const sitting: TestCentreSitting = { serve, record };

/** Locks one of this learner's attempts by id; another learner's is as absent as a missing one. */
async function lockOwnAttempt(tx: Queryable, account: LmsAccount, attemptId: number): Promise<Attempt> {
  const [attempt] = await tx
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.id, attemptId), eq(examAttempts.userId, account.id)))
    .for('update');
  if (!attempt) throw new AppError(404, 'Attempt not found');
  return attempt;
}

/** The candidate ends the attempt (POST /user/exam/attempts/:id/finish); the review then opens. */
export async function finishAttempt(db: Database, account: LmsAccount, attemptId: number, now: Date): Promise<void> {
  const outcome = await db.transaction(async (tx) => {
    const attempt = await lockOwnAttempt(tx, account, attemptId);
    if (attempt.finishedAt) return 'finished' as const;
    const current = await expireIfDue(tx, attempt, now);
    // Committed with the timeout; the refusal comes after the transaction.
    if (current.finishedAt) return 'expired' as const;
    await finish(tx, current, 'ended', now);
    return 'ended' as const;
  });
  if (outcome === 'finished') throw new AppError(409, 'This attempt is already finished');
  if (outcome === 'expired') throw new AppError(410, TIME_IS_UP);
}

/** Flags or unflags a question of the running attempt for review. */
export async function setFlag(
  db: Database,
  account: LmsAccount,
  attemptId: number,
  body: { questionId: number; flagged: boolean },
  now: Date,
) {
  return withRunningAttempt(db, account, now, async (tx, attempt) => {
    if (attempt.id !== attemptId) throw new AppError(409, 'This attempt is not your running exam');
    if (!attempt.questionIds.includes(body.questionId)) throw new AppError(404, NOT_IN_FORM);
    const flagged = new Set(attempt.flaggedQuestionIds);
    if (body.flagged) flagged.add(body.questionId);
    else flagged.delete(body.questionId);
    const flaggedQuestionIds = attempt.questionIds.filter((id) => flagged.has(id));
    // Resent from the device's queue, a flag already so changes nothing, and logs nothing.
    if (attempt.flaggedQuestionIds.includes(body.questionId) === body.flagged) return { flaggedQuestionIds };
    await tx.update(examAttempts).set({ flaggedQuestionIds }).where(eq(examAttempts.id, attempt.id));
    await log(
      tx,
      attempt,
      body.flagged ? 'flagged' : 'unflagged',
      `Question ${body.questionId} ${body.flagged ? 'flagged for review' : 'no longer flagged'}`,
      now,
      { questionId: body.questionId },
    );
    return { flaggedQuestionIds };
  });
}

export const NOT_A_SITTING = 'Only a test-centre sitting is taken to the device whole.';

/**
 * The running sitting's whole form (GET /user/exam/attempts/:id/form): every question the navigator
 * lists, in its order and with the options as served, and the answers recorded so far. The device
 * keeps it so a question opens without the network; correctness and explanations stay on the server.
 */
export async function formForDevice(
  db: Database,
  account: LmsAccount,
  attemptId: number,
  now: Date,
): Promise<ExamForm> {
  return withRunningAttempt(db, account, now, async (tx, attempt) => {
    if (attempt.id !== attemptId) throw new AppError(409, 'This attempt is not your running exam');
    if (attempt.mode !== 'test-centre') throw new AppError(409, NOT_A_SITTING);
    const navigator = await navigatorOf(tx, attempt);
    const ids = navigator.map((cell) => cell.questionId);
    if (ids.length === 0) return { attemptId, questions: [], recordedAnswers: [] };
    const rows = await tx
      .select({
        id: examQuestions.id,
        question: examQuestions.question,
        questionFormat: examQuestions.questionFormat,
        questionType: examQuestions.questionType,
        options: examQuestions.options,
        difficulty: examQuestions.difficulty,
      })
      .from(examQuestions)
      .where(inArray(examQuestions.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const recordedAnswers = await tx
      .select({ questionId: examAnswers.questionId, userAnswer: examAnswers.userAnswer })
      .from(examAnswers)
      .where(eq(examAnswers.attemptId, attempt.id));
    return {
      attemptId,
      questions: ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toServed(row, attempt.seed)] : [];
      }),
      recordedAnswers,
    };
  });
}
