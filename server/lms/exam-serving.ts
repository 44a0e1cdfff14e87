import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import {
  EXAM_PAUSED,
  NO_MORE_QUESTIONS_MESSAGE,
  type AnswerResult,
  type ExamAnswerResult,
  type CurrentQuestionResponse,
  type RecordedAnswer,
} from '../../contracts/lms.js';
import type pg from 'pg';
import type { Database, Queryable } from '../db/client.js';
import { inDrizzle, onConnection, type RunStatement } from '../db/statement-sql.js';
import { examAnswers, examAttempts, examQuestions } from '../db/schema/lms.js';
import { AppError, databaseErrorCode, PG_UNIQUE_VIOLATION } from '../platform/errors.js';
import { retryOnConflict } from '../platform/transactions.js';
import {
  answerIdOfAnotherQuestion,
  createAttempt,
  createAttemptWith,
  EXAM_FINISHED,
  EXAM_PAUSED_MESSAGE,
  expireIfDue,
  finish,
  lockAttempt,
  questionWithdrawn,
  TIME_IS_UP,
  withRunningAttempt,
  type CreatedRow,
} from './exam-attempts.js';
import {
  examKeyOf,
  formOf,
  log,
  pastDeadline,
  toServed,
  type Attempt,
  type ExamSettings,
  type QuestionRow,
} from './exam-form.js';
import {
  outcomeOf,
  progressFrom,
  progressOf,
  shownCorrectAnswer,
  type ClockFields,
  type Counts,
} from './exam-scoring.js';
import {
  ANSWER_CHECK,
  ATTEMPT_COUNTS,
  CREATE_ATTEMPT,
  LOCK_ATTEMPT,
  NEXT_QUESTION,
  RECORD_ANSWER,
  recordAnswerValues,
  SITTING_ANSWER_CHECK,
} from './hot-statements.js';
import type { LmsAccount } from './programs.js';

/*
 * The exam cycle: the next question and the answer to it, on the hot path for a running attempt in
 * practice mode and on the full path for everything else (the test-centre sitting is handed in).
 */

/**
 * What a running test-centre attempt does instead of the practice rules (test-centre.ts), handed in
 * by the routes so the engine does not import it back.
 */
export type TestCentreSitting = {
  serve: (
    tx: Queryable,
    account: LmsAccount,
    attempt: Attempt,
    now: Date,
    settings: ExamSettings,
    questionId?: number,
  ) => Promise<CurrentQuestionResponse>;
  record: (
    run: RunStatement,
    account: LmsAccount,
    attempt: Attempt,
    answer: { questionId: number; userAnswer: string; clientAnswerId?: string | undefined },
    now: Date,
  ) => Promise<RecordedAnswer>;
};

function finishedMessage(attempt: Attempt): string {
  return attempt.finishReason === 'timeout'
    ? 'Time is up. The exam is finished.'
    : attempt.finishReason === 'completed'
      ? NO_MORE_QUESTIONS_MESSAGE
      : 'The exam is finished.';
}

/**
 * The attempt's current question, or none with a message. The very first call starts the first
 * attempt; after that a finished attempt stays finished (a retake is POST /user/exam/attempts).
 */
export async function nextQuestion(
  db: Database,
  pool: pg.Pool,
  account: LmsAccount,
  now: Date,
  settings: ExamSettings,
  sitting: TestCentreSitting,
  questionId?: number,
): Promise<CurrentQuestionResponse> {
  // Opening a chosen question is the test-centre navigator's call, off the hot path.
  const hot = questionId === undefined ? await nextQuestionOfRunningAttempt(pool, account, now, settings) : undefined;
  return hot ?? nextQuestionInFull(db, account, now, settings, sitting, questionId);
}

/** nextQuestion for every case: the first attempt, an expired or finished one, a form with nothing left. */
async function nextQuestionInFull(
  db: Database,
  account: LmsAccount,
  now: Date,
  settings: ExamSettings,
  sitting: TestCentreSitting,
  questionId?: number,
): Promise<CurrentQuestionResponse> {
  const { durationSeconds } = settings;
  return db.transaction(async (tx) => {
    let attempt = await lockAttempt(tx, account);
    if (!attempt) {
      // The hot path starts first attempts; here it lost a race (the insert does nothing and the
      // other request's attempt is read back). An empty bank is refused in createAttemptWith.
      await createAttempt(tx, account, now, settings);
      attempt = await lockAttempt(tx, account);
      if (!attempt) throw new Error('attempt vanished');
    }
    attempt = await expireIfDue(tx, attempt, now);
    if (!attempt.finishedAt && attempt.pausedAt) {
      // Paused: the questions stay hidden until the learner resumes.
      if (questionId !== undefined) throw new AppError(409, EXAM_PAUSED_MESSAGE, EXAM_PAUSED);
      return {
        examQuestions: [],
        message: EXAM_PAUSED_MESSAGE,
        attempt: await progressOf(tx, account, attempt, now),
        draft: null,
        durationSeconds,
        mode: attempt.mode,
      };
    }
    if (attempt.finishedAt) {
      if (questionId !== undefined)
        throw new AppError(409, attempt.finishReason === 'timeout' ? TIME_IS_UP : EXAM_FINISHED);
      return {
        examQuestions: [],
        message: finishedMessage(attempt),
        attempt: await progressOf(tx, account, attempt, now),
        draft: null,
        durationSeconds,
        mode: attempt.mode,
      };
    }
    if (attempt.mode === 'test-centre') return sitting.serve(tx, account, attempt, now, settings, questionId);
    if (questionId !== undefined) throw new AppError(400, 'Only a test-centre sitting can open a chosen question');

    const answered = tx
      .select({ id: examAnswers.questionId })
      .from(examAnswers)
      .where(eq(examAnswers.attemptId, attempt.id));
    let question: QuestionRow | undefined;
    if (attempt.currentQuestionId) {
      [question] = await tx
        .select()
        .from(examQuestions)
        .where(
          and(
            eq(examQuestions.id, attempt.currentQuestionId),
            isNull(examQuestions.deletedAt),
            notInArray(examQuestions.id, answered),
          ),
        );
    }
    if (!question) {
      [question] = await tx
        .select()
        .from(examQuestions)
        .where(
          and(
            inArray(examQuestions.id, formOf(attempt)),
            isNull(examQuestions.deletedAt),
            notInArray(examQuestions.id, answered),
          ),
        )
        .orderBy(sql`md5(${attempt.seed}::text || ':' || ${examQuestions.id}::text)`)
        .limit(1);
      if (!question) {
        attempt = await finish(tx, attempt, 'completed', now);
        return {
          examQuestions: [],
          message: NO_MORE_QUESTIONS_MESSAGE,
          attempt: await progressOf(tx, account, attempt, now),
          draft: null,
          durationSeconds,
        };
      }
      const [updated] = await tx
        .update(examAttempts)
        .set({ currentQuestionId: question.id })
        .where(eq(examAttempts.id, attempt.id))
        .returning();
      attempt = updated ?? attempt;
    }
    const draft =
      attempt.draftQuestionId === question.id && attempt.draftAnswer !== null
        ? { questionId: question.id, userAnswer: attempt.draftAnswer, timer: attempt.draftTimer }
        : null;
    return {
      examQuestions: [toServed(question, attempt.seed)],
      attempt: await progressOf(tx, account, attempt, now),
      draft,
      durationSeconds,
      mode: attempt.mode,
    };
  });
}

// ---- The exam cycle's hot path: next question and submit on a running attempt
//
// Every learner in an exam asks for the next question and answers it, over and over, so these two
// calls take as few round trips as their rules allow: the attempt row is locked by a first
// statement (so what follows sees every answer committed before the lock was granted), then one
// statement does the rest (the question and the progress counts; or the answer, the cleared
// current question and the counts). All are named prepared statements, parsed and planned once per
// connection, with no query building per request. A learner's very first question starts their
// first attempt on the way (the same one statement a retake runs): every learner takes that step,
// and the full path spent seven Drizzle-built statements on it, in a second transaction. Anything
// else off the common path (a finished attempt, one past its deadline, a form with nothing left)
// rolls back and goes through the full functions above, which take the lock again and decide.

/**
 * Runs `work` in a transaction on one pooled connection; `undefined` from it rolls back (the full
 * path decides instead). A failed connection is not given back to the pool. Like every transaction
 * of the app (`db.transaction`), one that lost a conflict with another runs again (`retryOnConflict`).
 */
function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T | undefined>,
): Promise<T | undefined> {
  return retryOnConflict(() => onOneConnection(pool, work));
}

async function onOneConnection<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T | undefined>,
): Promise<T | undefined> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query(result === undefined ? 'ROLLBACK' : 'COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: unknown) => {
      broken = rollbackError as Error;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

/** The user's latest attempt at their exam, locked; undefined when there is none. */
async function lockLatestAttempt(client: pg.PoolClient, account: LmsAccount): Promise<Attempt | undefined> {
  const { rows } = await client.query<Attempt>({ ...LOCK_ATTEMPT, values: [account.id, examKeyOf(account)] });
  return rows[0];
}

// A paused attempt goes the full path, which says so (or refuses the answer).
const isRunning = (attempt: Attempt, now: Date) =>
  !attempt.finishedAt && !attempt.pausedAt && !pastDeadline(attempt, now);

/** The user's running attempt, locked; undefined when there is none or it is finished or past its deadline. */
async function lockRunningAttempt(client: pg.PoolClient, account: LmsAccount, now: Date): Promise<Attempt | undefined> {
  const attempt = await lockLatestAttempt(client, account);
  return attempt && isRunning(attempt, now) ? attempt : undefined;
}

/** What the hot path reads of an attempt. */
type RunningAttempt = Pick<
  Attempt,
  | 'id'
  | 'seed'
  | 'questionIds'
  | 'deadlineAt'
  | 'currentQuestionId'
  | 'draftQuestionId'
  | 'draftAnswer'
  | 'draftTimer'
  | 'mode'
> &
  ClockFields;

/** The first attempt of a user who has none, started on the hot path's connection (nothing on screen yet). */
async function startFirstAttempt(
  client: pg.PoolClient,
  account: LmsAccount,
  now: Date,
  settings: ExamSettings,
): Promise<RunningAttempt | undefined> {
  const created = await createAttemptWith(
    async (values) => (await client.query<CreatedRow>({ ...CREATE_ATTEMPT, values })).rows,
    account,
    now,
    settings,
  );
  return created && { ...created, currentQuestionId: null, draftQuestionId: null, draftAnswer: null, draftTimer: null };
}

type Answer = { questionId: number; userAnswer: string; clientAnswerId?: string | undefined };

type ChosenQuestion = Pick<
  QuestionRow,
  'id' | 'question' | 'questionFormat' | 'questionType' | 'options' | 'difficulty'
> &
  Counts;

async function nextQuestionOfRunningAttempt(pool: pg.Pool, account: LmsAccount, now: Date, settings: ExamSettings) {
  return inTransaction(pool, async (client): Promise<CurrentQuestionResponse | undefined> => {
    const latest = await lockLatestAttempt(client, account);
    // A learner's very first question starts their first attempt here, in one statement more.
    const attempt = latest
      ? isRunning(latest, now)
        ? latest
        : undefined
      : await startFirstAttempt(client, account, now, settings);
    // A test-centre sitting serves with its navigator, on the full path.
    if (!attempt || attempt.mode === 'test-centre') return undefined;
    const { rows } = await client.query<ChosenQuestion>({
      ...NEXT_QUESTION,
      values: [attempt.id, attempt.currentQuestionId, formOf(attempt), attempt.seed],
    });
    const question = rows[0];
    if (!question) return undefined;
    const draft =
      attempt.draftQuestionId === question.id && attempt.draftAnswer !== null
        ? { questionId: question.id, userAnswer: attempt.draftAnswer, timer: attempt.draftTimer }
        : null;
    return {
      examQuestions: [toServed(question, attempt.seed)],
      attempt: progressFrom(account, attempt, question, now),
      draft,
      durationSeconds: settings.durationSeconds,
      mode: attempt.mode,
    };
  });
}

// The question's columns are null when no question has that id (the left join).
type AnswerCheck = {
  already: boolean;
  questionType: QuestionRow['questionType'] | null;
  correctAnswer: string | null;
  explanation: string | null;
  deletedAt: Date | null;
};

async function answerOnRunningAttempt(
  pool: pg.Pool,
  account: LmsAccount,
  answer: Answer,
  now: Date,
  sitting: TestCentreSitting,
) {
  const { questionId, userAnswer } = answer;
  return inTransaction(pool, async (client): Promise<AnswerResult | RecordedAnswer | undefined> => {
    const attempt = await lockRunningAttempt(client, account, now);
    if (!attempt) return undefined;
    // A test-centre answer is recorded (and may replace one) with the sitting's own rules.
    if (attempt.mode === 'test-centre') return sitting.record(onConnection(client), account, attempt, answer, now);
    if (answer.clientAnswerId) {
      // Resent after a lost connection: an answer that did arrive is not refused as a second one,
      // the learner gets its feedback again. The receipt is kept only if the answer is recorded below.
      const resent = await repeatedAnswer(
        client,
        account,
        attempt,
        { ...answer, clientAnswerId: answer.clientAnswerId },
        now,
      );
      if (resent) return resent;
    }
    const { rows } = await client.query<AnswerCheck>({ ...ANSWER_CHECK, values: [attempt.id, questionId] });
    const check = rows[0];
    if (check?.already) throw new AppError(409, 'This question has already been answered');
    if (attempt.currentQuestionId !== questionId)
      throw new AppError(409, 'This is not the current question of your exam');
    if (!check?.questionType || check.correctAnswer === null || check.explanation === null || check.deletedAt)
      throw questionWithdrawn();
    const question = { questionType: check.questionType, correctAnswer: check.correctAnswer };

    const outcome = outcomeOf(question, userAnswer);
    const pendingReview = outcome === 'pending-review';
    const correct = outcome === 'correct';
    const counted = await client.query<Counts>({
      ...RECORD_ANSWER,
      values: recordAnswerValues(attempt, { questionId, userAnswer: userAnswer.trim(), outcome }, formOf(attempt), now),
    });
    const counts = counted.rows[0];
    if (!counts) throw new Error('recording an answer returned no row');
    return {
      correct,
      pendingReview,
      explanation: check.explanation,
      correctAnswer: pendingReview ? null : shownCorrectAnswer(account, question),
      attempt: progressFrom(account, attempt, counts, now),
    };
  });
}

type Receipt = {
  duplicate: boolean;
  otherQuestion: boolean;
  keptAnswer: string | null;
  questionType: QuestionRow['questionType'] | null;
  correctAnswer: string | null;
  explanation: string | null;
};

/** The feedback of a practice-mode answer already applied under this clientAnswerId; undefined for a new one (its receipt now taken). */
async function repeatedAnswer(
  client: pg.PoolClient,
  account: LmsAccount,
  attempt: Attempt,
  answer: Answer & { clientAnswerId: string },
  now: Date,
) {
  const { rows } = await client.query<Receipt>({
    ...SITTING_ANSWER_CHECK,
    values: [attempt.id, answer.questionId, answer.clientAnswerId, now],
  });
  const receipt = rows[0];
  // Only what was recorded for this very question in this attempt is ever given back.
  if (receipt?.otherQuestion) throw answerIdOfAnotherQuestion();
  if (!receipt?.duplicate || receipt.questionType === null || receipt.correctAnswer === null) return undefined;
  const question = { questionType: receipt.questionType, correctAnswer: receipt.correctAnswer };
  const outcome = outcomeOf(question, receipt.keptAnswer ?? '');
  const { rows: counted } = await client.query<Counts>({ ...ATTEMPT_COUNTS, values: [attempt.id, formOf(attempt)] });
  return {
    correct: outcome === 'correct',
    pendingReview: outcome === 'pending-review',
    explanation: receipt.explanation ?? '',
    correctAnswer: outcome === 'pending-review' ? null : shownCorrectAnswer(account, question),
    attempt: progressFrom(account, attempt, counted[0] ?? { answered: 0, correct: 0, remaining: 0 }, now),
  } satisfies AnswerResult;
}

export async function submitAnswer(
  db: Database,
  pool: pg.Pool,
  account: LmsAccount,
  questionId: number,
  userAnswer: string,
  now: Date,
  sitting: TestCentreSitting,
  clientAnswerId?: string,
): Promise<ExamAnswerResult> {
  try {
    return (
      (await answerOnRunningAttempt(pool, account, { questionId, userAnswer, clientAnswerId }, now, sitting)) ??
      (await submitAnswerInFull(db, account, questionId, userAnswer, now, sitting, clientAnswerId))
    );
  } catch (error) {
    if (databaseErrorCode(error) === PG_UNIQUE_VIOLATION)
      throw new AppError(409, 'This question has already been answered');
    throw error;
  }
}

/** submitAnswer for every case: no attempt, a finished one, one past its deadline (finished here, then refused). */
async function submitAnswerInFull(
  db: Database,
  account: LmsAccount,
  questionId: number,
  userAnswer: string,
  now: Date,
  sitting: TestCentreSitting,
  clientAnswerId?: string,
): Promise<ExamAnswerResult> {
  try {
    return await withRunningAttempt(db, account, now, async (tx, attempt): Promise<AnswerResult | RecordedAnswer> => {
      if (attempt.mode === 'test-centre')
        return sitting.record(inDrizzle(tx), account, attempt, { questionId, userAnswer, clientAnswerId }, now);
      const [already] = await tx
        .select({ id: examAnswers.id })
        .from(examAnswers)
        .where(and(eq(examAnswers.attemptId, attempt.id), eq(examAnswers.questionId, questionId)));
      if (already) throw new AppError(409, 'This question has already been answered');
      if (attempt.currentQuestionId !== questionId)
        throw new AppError(409, 'This is not the current question of your exam');
      const [question] = await tx.select().from(examQuestions).where(eq(examQuestions.id, questionId));
      if (!question || question.deletedAt) throw questionWithdrawn();

      const outcome = outcomeOf(question, userAnswer);
      const pendingReview = outcome === 'pending-review';
      const correct = outcome === 'correct';
      await tx
        .insert(examAnswers)
        .values({ attemptId: attempt.id, questionId, userAnswer: userAnswer.trim(), outcome, answeredAt: now });
      await log(tx, attempt, 'answered', `Answer given to question ${questionId}`, now, { questionId });
      const [updated] = await tx
        .update(examAttempts)
        .set({ currentQuestionId: null, draftQuestionId: null, draftAnswer: null, draftTimer: null })
        .where(eq(examAttempts.id, attempt.id))
        .returning();
      return {
        correct,
        pendingReview,
        explanation: question.explanation,
        correctAnswer: pendingReview ? null : shownCorrectAnswer(account, question),
        attempt: await progressOf(tx, account, updated ?? attempt, now),
      };
    });
  } catch (error) {
    if (databaseErrorCode(error) === PG_UNIQUE_VIOLATION)
      throw new AppError(409, 'This question has already been answered');
    throw error;
  }
}
