import { createHash, randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  acceptedAnswers,
  LOCKED_SUMMARY_MESSAGE,
  scorePercent,
  NO_MORE_QUESTIONS_MESSAGE,
  QUESTION_WITHDRAWN,
  NO_QUESTIONS,
  RETAKE_NOT_YET,
  type ExamMode,
  securityMessages,
  type AnswerResult,
  type ExamProgress,
  type ExamQuestionsResponse,
  UPGRADE_REQUIRED,
  type ExamAttemptSummary,
  type ExamReview,
  type ExamSummary,
  type MockResult,
  type RecordedAnswer,
  type SecurityEvent,
  type ServedQuestion,
} from '../../contracts/lms.js';
import type pg from 'pg';
import type { Database, Queryable } from '../db/client.js';
import { examAnswers, examAttempts, examLogs, examQuestions, lmsUsers, mockExamResults, practiceSets } from '../db/schema/lms.js';
import { AppError, databaseErrorCode, PG_UNIQUE_VIOLATION } from '../platform/errors.js';
import { passMarkOf } from './exam-settings.js';
import { resultsLocked, type LmsAccount } from './programs.js';
import { ofTopic, percentileAmongOthers, topicResults } from './results.js';

/*
 * The timed exam lives here. An attempt belongs to a user and exam (the user's profession, in
 * English); at most one is open at a time. The first question request starts the first attempt;
 * a retake starts with POST /user/exam/attempts once the previous one has finished. An attempt
 * draws its form when it starts: EXAM_QUESTION_COUNT questions of the profession, balanced across
 * difficulties. Its deadline is fixed at the start; every call compares the injected clock with it,
 * and the first call past it finishes the attempt. The order of the questions and of each
 * question's options is stable per attempt (md5 of the attempt's seed and the question id), and
 * the question on screen is remembered, so a reload or another device resumes at the same question.
 */

export type Attempt = typeof examAttempts.$inferSelect;
export type QuestionRow = typeof examQuestions.$inferSelect;

const MOCK_SET_SIZE = 10;
export const TIME_IS_UP = 'The exam time is over; answers are no longer accepted.';
const EXAM_FINISHED = 'This exam is finished; answers are no longer accepted.';
export const QUESTION_WITHDRAWN_MESSAGE = 'This question was withdrawn from the exam; ask for the next question.';

/** The question on screen was deleted by an admin: a distinct 409, so the client fetches the next one. */
export const questionWithdrawn = () => new AppError(409, QUESTION_WITHDRAWN_MESSAGE, QUESTION_WITHDRAWN);

/** The correct count as the learner may see it: null while exam results are locked. */
const shownCorrectCount = (account: LmsAccount, correct: number) => (resultsLocked(account) ? null : correct);

export const examKeyOf = (account: LmsAccount) => `${account.profession}-en`;

export const NO_QUESTIONS_MESSAGE = 'There are no exam questions for your profession yet, so the exam cannot start. Please try again later.';
/** An empty bank starts nothing: no attempt, no history row, no award (the transaction rolls back). */
const noQuestions = () => new AppError(409, NO_QUESTIONS_MESSAGE, NO_QUESTIONS);

export type ExamSettings = { durationSeconds: number; questionCount: number; retakeWaitSeconds: number; questionsPerDay: number };
/**
 * What a running test-centre attempt does instead of the practice rules (test-centre.ts), handed in
 * by the routes so the engine does not import it back.
 */
export type TestCentreSitting = {
  serve: (tx: Queryable, account: LmsAccount, attempt: Attempt, now: Date, settings: ExamSettings, questionId?: number) => Promise<ExamQuestionsResponse>;
  record: (
    tx: Queryable,
    account: LmsAccount,
    attempt: Attempt,
    answer: { questionId: number; userAnswer: string; clientAnswerId?: string | undefined },
    now: Date,
  ) => Promise<RecordedAnswer>;
};

export type PracticeSettings = { durationSeconds: number; setsPerHour: number };

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

export const toServed = (row: QuestionRow, seed: number): ServedQuestion => ({
  id: row.id,
  question: row.question,
  question_type: row.questionType,
  options: shuffledOptions(row.options, seed, row.id),
  difficulty: row.difficulty,
});

export async function log(db: Queryable, attempt: Pick<Attempt, 'userId' | 'id'>, event: string, message: string, at: Date, extra: Record<string, unknown> = {}) {
  await db.insert(examLogs).values({ userId: attempt.userId, examId: attempt.id, logData: { event, message, ...extra }, createdAt: at });
}

/** The user's latest attempt at their exam (the open one, if any), locked for this transaction. */
async function lockAttempt(tx: Queryable, account: LmsAccount): Promise<Attempt | undefined> {
  const [attempt] = await tx
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.userId, account.id), eq(examAttempts.examKey, examKeyOf(account))))
    .orderBy(desc(examAttempts.id))
    .limit(1)
    .for('update');
  return attempt;
}

/** What starting an attempt returns: the rest of the row is known (no question on screen, no draft). */
type NewAttempt = Pick<Attempt, 'id' | 'seed' | 'questionIds' | 'deadlineAt' | 'mode'>;

/**
 * A new attempt in one statement: its form drawn, the attempt inserted and its start logged. The
 * form is up to `questionCount` live questions of the profession, balanced across difficulties:
 * within each difficulty the questions are ranked by md5 of the seed and id, and the form takes
 * rank 1 of every difficulty, then rank 2, and so on; a difficulty that runs out leaves its share
 * to the others. Against harvesting, the distinct questions of one learner's forms in 24 hours are
 * bounded by `questionsPerDay`: a retake first reuses the questions of that day's forms (in a new
 * order) and draws new ones only while the day's budget lasts. No row when another request opened
 * an attempt first (the unique index of open attempts). Every parameter is cast: in
 * `INSERT … SELECT` an untyped one would be text. The deadline is the duration times the learner's
 * accommodation multiplier plus their extra minutes, read from their row in the same statement (see
 * accommodations.ts).
 */
function createAttemptStatement(account: LmsAccount, attempt: Pick<NewAttempt, 'seed' | 'mode'>, now: Date, settings: ExamSettings): SQL {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  return sql`
    WITH allowance AS (
      SELECT round(${settings.durationSeconds}::int * coalesce(time_multiplier, 1) + coalesce(extra_minutes, 0) * 60)::int AS seconds
      FROM lms_users WHERE id = ${account.id}::int
    ),
    shown AS (
      SELECT DISTINCT unnest(question_ids) AS id FROM exam_attempts
      WHERE user_id = ${account.id}::int AND started_at > ${dayAgo}::timestamptz
    ),
    ranked AS (
      SELECT q.id, q.difficulty, shown.id IS NOT NULL AS reused,
        row_number() OVER (PARTITION BY shown.id IS NOT NULL, q.difficulty ORDER BY md5(${attempt.seed}::int::text || ':' || q.id::text)) AS rank
      FROM exam_questions q LEFT JOIN shown ON shown.id = q.id
      WHERE q.profession = ${account.profession}::text AND q.deleted_at IS NULL
    ),
    budgeted AS (
      SELECT id, difficulty, reused, rank,
        CASE WHEN reused THEN 0 ELSE row_number() OVER (PARTITION BY reused ORDER BY rank, difficulty) END AS fresh
      FROM ranked
    ),
    form AS (
      SELECT coalesce(array_agg(id ORDER BY reused DESC, rank, difficulty), '{}') AS ids FROM (
        SELECT id, difficulty, reused, rank FROM budgeted
        WHERE reused OR fresh <= greatest(0, ${settings.questionsPerDay}::int - (SELECT count(*) FROM shown))
        ORDER BY reused DESC, rank, difficulty LIMIT ${settings.questionCount}::int
      ) drawn
    ),
    created AS (
      INSERT INTO exam_attempts (user_id, exam_key, profession, language, seed, question_ids, started_at, deadline_at, mode)
      SELECT ${account.id}::int, ${examKeyOf(account)}::text, ${account.profession}::text, 'en', ${attempt.seed}::int, form.ids,
        ${now}::timestamptz, ${now}::timestamptz + make_interval(secs => allowance.seconds), ${attempt.mode}::text
      FROM form, allowance
      ON CONFLICT DO NOTHING
      RETURNING id, user_id, exam_key, question_ids, deadline_at, mode, extract(epoch FROM deadline_at - started_at)::int AS seconds
    ),
    logged AS (
      INSERT INTO exam_logs (user_id, exam_id, log_data, created_at)
      SELECT user_id, id,
        jsonb_build_object('event', 'started', 'message', format('Exam started (%s, %s s, %s questions)', exam_key, seconds, cardinality(question_ids)), 'mode', mode),
        ${now}::timestamptz
      FROM created
    )
    SELECT id, question_ids AS "questionIds", deadline_at AS "deadlineAt", mode FROM created`;
}

type CreatedRow = Pick<NewAttempt, 'id' | 'questionIds' | 'deadlineAt' | 'mode'>;

/**
 * Starts an attempt with `run`, which executes the statement: in a Drizzle transaction (a retake,
 * the full path) or on the hot path's connection. Undefined when another request opened one first.
 */
async function createAttemptWith(
  run: (statement: SQL) => Promise<CreatedRow[]>,
  account: LmsAccount,
  now: Date,
  settings: ExamSettings,
  mode: ExamMode = 'practice',
): Promise<NewAttempt | undefined> {
  const attempt = { seed: randomInt(1, 2_147_483_647), mode };
  const [created] = await run(createAttemptStatement(account, attempt, now, settings));
  if (created && created.questionIds.length === 0) throw noQuestions();
  // node-postgres parses timestamptz as a Date; Drizzle's execute hands the raw row through.
  return created && { ...created, deadlineAt: new Date(created.deadlineAt), seed: attempt.seed };
}

const createAttempt = (tx: Queryable, account: LmsAccount, now: Date, settings: ExamSettings, mode: ExamMode = 'practice') =>
  createAttemptWith(async (statement) => (await tx.execute<CreatedRow>(statement)).rows, account, now, settings, mode);

export async function finish(tx: Queryable, attempt: Attempt, reason: 'completed' | 'timeout' | 'ended', now: Date): Promise<Attempt> {
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
export async function expireIfDue(tx: Queryable, attempt: Attempt, now: Date): Promise<Attempt> {
  if (!attempt.finishedAt && now.getTime() >= attempt.deadlineAt.getTime()) return finish(tx, attempt, 'timeout', now);
  return attempt;
}

// inArray of an empty list is `false` in Drizzle; -1 is never an id, so an empty form stays valid SQL either way.
export const formOf = (attempt: Pick<Attempt, 'questionIds'>) => (attempt.questionIds.length ? attempt.questionIds : [-1]);

export async function progressOf(db: Queryable, account: LmsAccount, attempt: Attempt, now: Date): Promise<ExamProgress> {
  // One round trip for both counts: this runs in every exam call.
  const answeredIds = db.select({ id: examAnswers.questionId }).from(examAnswers).where(eq(examAnswers.attemptId, attempt.id));
  const [counts] = await db
    .select({
      answered: count(),
      correct: sql<number>`count(*) FILTER (WHERE ${examAnswers.outcome} = 'correct')`.mapWith(Number),
      remaining: sql<number>`(${db
        .select({ n: count() })
        .from(examQuestions)
        .where(and(inArray(examQuestions.id, formOf(attempt)), isNull(examQuestions.deletedAt), notInArray(examQuestions.id, answeredIds)))})`.mapWith(Number),
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
    // A test-centre sitting tells nothing about correctness until it ends.
    correctCount: attempt.mode === 'test-centre' && !finished ? null : shownCorrectCount(account, counts?.correct ?? 0),
    totalQuestions: answered + (finished ? 0 : (remaining?.n ?? 0)),
    finished,
  };
}

function finishedMessage(attempt: Attempt): string {
  return attempt.finishReason === 'timeout' ? 'Time is up. The exam is finished.' : attempt.finishReason === 'completed' ? NO_MORE_QUESTIONS_MESSAGE : 'The exam is finished.';
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
): Promise<ExamQuestionsResponse> {
  // Opening a chosen question is the test-centre navigator's call, off the hot path.
  const hot = questionId === undefined ? await nextQuestionOfRunningAttempt(pool, account, now, settings) : undefined;
  return hot ?? nextQuestionInFull(db, account, now, settings, sitting, questionId);
}

/** nextQuestion for every case: the first attempt, an expired or finished one, a form with nothing left. */
async function nextQuestionInFull(db: Database, account: LmsAccount, now: Date, settings: ExamSettings, sitting: TestCentreSitting, questionId?: number): Promise<ExamQuestionsResponse> {
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
    if (attempt.finishedAt) {
      if (questionId !== undefined) throw new AppError(409, attempt.finishReason === 'timeout' ? TIME_IS_UP : EXAM_FINISHED);
      return { examQuestions: [], message: finishedMessage(attempt), attempt: await progressOf(tx, account, attempt, now), draft: null, durationSeconds, mode: attempt.mode };
    }
    if (attempt.mode === 'test-centre') return sitting.serve(tx, account, attempt, now, settings, questionId);
    if (questionId !== undefined) throw new AppError(400, 'Only a test-centre sitting can open a chosen question');

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
        .where(and(inArray(examQuestions.id, formOf(attempt)), isNull(examQuestions.deletedAt), notInArray(examQuestions.id, answered)))
        .orderBy(sql`md5(${attempt.seed}::text || ':' || ${examQuestions.id}::text)`)
        .limit(1);
      if (!question) {
        attempt = await finish(tx, attempt, 'completed', now);
        return { examQuestions: [], message: NO_MORE_QUESTIONS_MESSAGE, attempt: await progressOf(tx, account, attempt, now), draft: null, durationSeconds };
      }
      const [updated] = await tx.update(examAttempts).set({ currentQuestionId: question.id }).where(eq(examAttempts.id, attempt.id)).returning();
      attempt = updated ?? attempt;
    }
    const draft =
      attempt.draftQuestionId === question.id && attempt.draftAnswer !== null
        ? { questionId: question.id, userAnswer: attempt.draftAnswer, timer: attempt.draftTimer }
        : null;
    return { examQuestions: [toServed(question, attempt.seed)], attempt: await progressOf(tx, account, attempt, now), draft, durationSeconds, mode: attempt.mode };
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

const ATTEMPT_COLUMNS = `id, user_id AS "userId", exam_key AS "examKey", profession, language, seed, started_at AS "startedAt",
  deadline_at AS "deadlineAt", finished_at AS "finishedAt", finish_reason AS "finishReason",
  current_question_id AS "currentQuestionId", draft_question_id AS "draftQuestionId", draft_answer AS "draftAnswer",
  draft_timer AS "draftTimer", draft_saved_at AS "draftSavedAt", question_ids AS "questionIds", mode,
  flagged_question_ids AS "flaggedQuestionIds"`;

/** Compiles the statement the hot path shares with the full path (a new attempt) for its own connection. */
const hotPathDialect = new PgDialect();

/** lockAttempt's statement, as SQL text: the user's latest attempt at their exam, locked. */
const LOCK_ATTEMPT = {
  name: 'exam_lock_attempt',
  text: `SELECT ${ATTEMPT_COLUMNS} FROM exam_attempts WHERE user_id = $1 AND exam_key = $2 ORDER BY id DESC LIMIT 1 FOR UPDATE`,
};

/**
 * The question on screen if it is still live and unanswered, else the next of the form in the
 * attempt's order, remembered as the question on screen; with the progress counts. No row: the
 * form has nothing left. $1 attempt, $2 question on screen, $3 the form, $4 seed.
 */
const NEXT_QUESTION = {
  name: 'exam_next_question',
  text: `
    WITH answered AS (SELECT question_id, outcome FROM exam_answers WHERE attempt_id = $1),
    on_screen AS (
      SELECT id, question, question_type, options, difficulty FROM exam_questions
      WHERE id = $2 AND deleted_at IS NULL AND id NOT IN (SELECT question_id FROM answered)
    ),
    chosen AS (
      SELECT * FROM on_screen
      UNION ALL
      (SELECT id, question, question_type, options, difficulty FROM exam_questions
       WHERE NOT EXISTS (SELECT 1 FROM on_screen)
         AND id = ANY($3::int[]) AND deleted_at IS NULL AND id NOT IN (SELECT question_id FROM answered)
       ORDER BY md5($4::int::text || ':' || id::text) LIMIT 1)
    ),
    remembered AS (
      UPDATE exam_attempts SET current_question_id = chosen.id FROM chosen
      WHERE exam_attempts.id = $1 AND exam_attempts.current_question_id IS DISTINCT FROM chosen.id
      RETURNING exam_attempts.id
    )
    SELECT chosen.id, chosen.question, chosen.question_type AS "questionType", chosen.options, chosen.difficulty,
      (SELECT count(*) FROM answered)::int AS answered,
      (SELECT count(*) FROM answered WHERE outcome = 'correct')::int AS correct,
      (SELECT count(*) FROM exam_questions
       WHERE id = ANY($3::int[]) AND deleted_at IS NULL AND id NOT IN (SELECT question_id FROM answered))::int AS remaining,
      (SELECT count(*) FROM remembered)::int AS remembered
    FROM chosen`,
};

/** Whether the question was answered in this attempt already, and the question ($1 attempt, $2 question). */
const ANSWER_CHECK = {
  name: 'exam_answer_check',
  text: `
    SELECT EXISTS (SELECT 1 FROM exam_answers WHERE attempt_id = $1 AND question_id = $2) AS already,
      q.question_type AS "questionType", q.correct_answer AS "correctAnswer", q.explanation, q.deleted_at AS "deletedAt"
    FROM (VALUES (1)) one LEFT JOIN exam_questions q ON q.id = $2`,
};

/**
 * Records the answer, clears the question on screen and its draft, and counts the progress with
 * the new answer in it (the counts' snapshot is taken before the insert, hence the + 1s).
 * $1 attempt, $2 question, $3 answer, $4 outcome, $5 time, $6 the form.
 */
const RECORD_ANSWER = {
  name: 'exam_record_answer',
  text: `
    WITH inserted AS (
      INSERT INTO exam_answers (attempt_id, question_id, user_answer, outcome, answered_at) VALUES ($1, $2, $3, $4, $5) RETURNING id
    ),
    cleared AS (
      UPDATE exam_attempts SET current_question_id = NULL, draft_question_id = NULL, draft_answer = NULL, draft_timer = NULL
      WHERE id = $1 RETURNING id
    ),
    answered AS (SELECT question_id, outcome FROM exam_answers WHERE attempt_id = $1)
    SELECT (SELECT count(*) FROM answered)::int + (SELECT count(*) FROM inserted)::int AS answered,
      (SELECT count(*) FROM answered WHERE outcome = 'correct')::int + ($4::text = 'correct')::int AS correct,
      (SELECT count(*) FROM exam_questions
       WHERE id = ANY($6::int[]) AND id <> $2 AND deleted_at IS NULL AND id NOT IN (SELECT question_id FROM answered))::int AS remaining,
      (SELECT count(*) FROM cleared)::int AS cleared`,
};

type Counts = { answered: number; correct: number; remaining: number };

const runningProgress = (account: LmsAccount, attempt: Pick<Attempt, 'id' | 'deadlineAt'>, counts: Counts, now: Date): ExamProgress => ({
  attemptId: attempt.id,
  remainingSeconds: Math.max(0, Math.ceil((attempt.deadlineAt.getTime() - now.getTime()) / 1000)),
  answeredCount: counts.answered,
  correctCount: shownCorrectCount(account, counts.correct),
  totalQuestions: counts.answered + counts.remaining,
  finished: false,
});

/**
 * Runs `work` in a transaction on one pooled connection; `undefined` from it rolls back (the full
 * path decides instead). A failed connection is not given back to the pool.
 */
async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T | undefined>): Promise<T | undefined> {
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

/** What the hot path reads of an attempt. */
type RunningAttempt = Pick<Attempt, 'id' | 'seed' | 'questionIds' | 'deadlineAt' | 'currentQuestionId' | 'draftQuestionId' | 'draftAnswer' | 'draftTimer' | 'mode'>;

/** The user's latest attempt at their exam, locked; undefined when there is none. */
async function lockLatestAttempt(client: pg.PoolClient, account: LmsAccount): Promise<Attempt | undefined> {
  const { rows } = await client.query<Attempt>({ ...LOCK_ATTEMPT, values: [account.id, examKeyOf(account)] });
  return rows[0];
}

const isRunning = (attempt: Attempt, now: Date) => !attempt.finishedAt && now.getTime() < attempt.deadlineAt.getTime();

/** The user's running attempt, locked; undefined when there is none or it is finished or past its deadline. */
async function lockRunningAttempt(client: pg.PoolClient, account: LmsAccount, now: Date): Promise<Attempt | undefined> {
  const attempt = await lockLatestAttempt(client, account);
  return attempt && isRunning(attempt, now) ? attempt : undefined;
}

/** The first attempt of a user who has none, started on the hot path's connection (nothing on screen yet). */
async function startFirstAttempt(client: pg.PoolClient, account: LmsAccount, now: Date, settings: ExamSettings): Promise<RunningAttempt | undefined> {
  const created = await createAttemptWith(
    async (statement) => {
      const query = hotPathDialect.sqlToQuery(statement);
      return (await client.query<CreatedRow>({ text: query.sql, values: query.params })).rows;
    },
    account,
    now,
    settings,
  );
  return created && { ...created, currentQuestionId: null, draftQuestionId: null, draftAnswer: null, draftTimer: null };
}

type ChosenQuestion = Pick<QuestionRow, 'id' | 'question' | 'questionType' | 'options' | 'difficulty'> & Counts;

async function nextQuestionOfRunningAttempt(pool: pg.Pool, account: LmsAccount, now: Date, settings: ExamSettings) {
  return inTransaction(pool, async (client): Promise<ExamQuestionsResponse | undefined> => {
    const latest = await lockLatestAttempt(client, account);
    // A learner's very first question starts their first attempt here, in one statement more.
    const attempt = latest ? (isRunning(latest, now) ? latest : undefined) : await startFirstAttempt(client, account, now, settings);
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
      examQuestions: [
        { id: question.id, question: question.question, question_type: question.questionType, options: shuffledOptions(question.options, attempt.seed, question.id), difficulty: question.difficulty },
      ],
      attempt: runningProgress(account, attempt, question, now),
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

async function answerOnRunningAttempt(pool: pg.Pool, account: LmsAccount, questionId: number, userAnswer: string, now: Date) {
  return inTransaction(pool, async (client): Promise<AnswerResult | undefined> => {
    const attempt = await lockRunningAttempt(client, account, now);
    // A test-centre answer is recorded (and may replace one) on the full path.
    if (!attempt || attempt.mode === 'test-centre') return undefined;
    const { rows } = await client.query<AnswerCheck>({ ...ANSWER_CHECK, values: [attempt.id, questionId] });
    const check = rows[0];
    if (check?.already) throw new AppError(409, 'This question has already been answered');
    if (attempt.currentQuestionId !== questionId) throw new AppError(409, 'This is not the current question of your exam');
    if (!check?.questionType || check.correctAnswer === null || check.explanation === null || check.deletedAt) throw questionWithdrawn();
    const question = { questionType: check.questionType, correctAnswer: check.correctAnswer };

    const pendingReview = question.questionType === 'essay';
    const correct = !pendingReview && isCorrect(question, userAnswer);
    const outcome = pendingReview ? 'pending-review' : correct ? 'correct' : 'incorrect';
    const counted = await client.query<Counts>({
      ...RECORD_ANSWER,
      values: [attempt.id, questionId, userAnswer.trim(), outcome, now, formOf(attempt)],
    });
    const counts = counted.rows[0];
    if (!counts) throw new Error('recording an answer returned no row');
    return {
      correct,
      pendingReview,
      explanation: check.explanation,
      correctAnswer: pendingReview ? null : shownCorrectAnswer(account, question),
      attempt: runningProgress(account, attempt, counts, now),
    };
  });
}

export const ATTEMPT_OPEN = 'An attempt is still open; finish it before starting another.';

/**
 * A new attempt (the first, or a retake once the previous one has finished and, if set, the wait
 * has passed; an extra attempt granted by an admin skips the wait once).
 */
export async function startAttempt(db: Database, account: LmsAccount, now: Date, settings: ExamSettings, mode: ExamMode = 'practice'): Promise<ExamProgress> {
  return db.transaction(async (tx) => {
    const latest = await lockAttempt(tx, account);
    let usedExtraAttempt = false;
    if (latest) {
      const current = await expireIfDue(tx, latest, now);
      if (!current.finishedAt) throw new AppError(409, ATTEMPT_OPEN);
      const allowedAt = retakeAllowedAt(current, settings);
      if (allowedAt && allowedAt > now) {
        usedExtraAttempt = await useExtraAttempt(tx, account.id);
        if (!usedExtraAttempt) throw new AppError(409, `You can retake the exam from ${allowedAt.toISOString()}.`, RETAKE_NOT_YET);
      }
    }
    const created = await createAttempt(tx, account, now, settings, mode);
    if (!created) throw new AppError(409, ATTEMPT_OPEN);
    if (usedExtraAttempt) {
      await log(tx, { userId: account.id, id: created.id }, 'extra-attempt', 'An extra attempt granted by an admin was used before the retake wait ended', now);
    }
    // Nothing answered yet, and every question of the form was drawn live in this transaction.
    const progress = runningProgress(account, created, { answered: 0, correct: 0, remaining: created.questionIds.length }, now);
    return mode === 'test-centre' ? { ...progress, correctCount: null } : progress;
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

function retakeAllowedAt(attempt: Attempt, settings: ExamSettings): Date | null {
  if (!attempt.finishedAt || settings.retakeWaitSeconds === 0) return null;
  return new Date(attempt.finishedAt.getTime() + settings.retakeWaitSeconds * 1000);
}

type Marked = Pick<QuestionRow, 'questionType' | 'correctAnswer'>;

export function isCorrect(question: Marked, userAnswer: string): boolean {
  const given = userAnswer.trim().toLowerCase();
  return acceptedAnswers(question.questionType, question.correctAnswer).some((answer) => answer.toLowerCase() === given);
}

/** The correct answer the feedback names: the first accepted one of a fill-in-the-blank, the option itself otherwise. */
/**
 * The correct answer as a submit shows it: withheld (null) from a learner whose results are locked,
 * who sees it in the review once unlocked, so a free account cannot harvest the bank's answers
 * (decision 004). `correct` and `explanation` stay, as the spec's contract has them.
 */
const shownCorrectAnswer = (account: LmsAccount, question: Marked) =>
  resultsLocked(account) ? null : (acceptedAnswers(question.questionType, question.correctAnswer)[0] ?? null);

/** Runs `work` on the locked, still-running attempt; past the deadline the attempt is finished and the call refused. */
export async function withRunningAttempt<T>(db: Database, account: LmsAccount, now: Date, work: (tx: Queryable, attempt: Attempt) => Promise<T>): Promise<T> {
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

export async function submitAnswer(
  db: Database,
  pool: pg.Pool,
  account: LmsAccount,
  questionId: number,
  userAnswer: string,
  now: Date,
  sitting: TestCentreSitting,
  clientAnswerId?: string,
): Promise<AnswerResult | RecordedAnswer> {
  try {
    return (
      (await answerOnRunningAttempt(pool, account, questionId, userAnswer, now)) ??
      (await submitAnswerInFull(db, account, questionId, userAnswer, now, sitting, clientAnswerId))
    );
  } catch (error) {
    if (databaseErrorCode(error) === PG_UNIQUE_VIOLATION) throw new AppError(409, 'This question has already been answered');
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
): Promise<AnswerResult | RecordedAnswer> {
  try {
    return await withRunningAttempt(db, account, now, async (tx, attempt): Promise<AnswerResult | RecordedAnswer> => {
      if (attempt.mode === 'test-centre') return sitting.record(tx, account, attempt, { questionId, userAnswer, clientAnswerId }, now);
      const [already] = await tx
        .select({ id: examAnswers.id })
        .from(examAnswers)
        .where(and(eq(examAnswers.attemptId, attempt.id), eq(examAnswers.questionId, questionId)));
      if (already) throw new AppError(409, 'This question has already been answered');
      if (attempt.currentQuestionId !== questionId) throw new AppError(409, 'This is not the current question of your exam');
      const [question] = await tx.select().from(examQuestions).where(eq(examQuestions.id, questionId));
      if (!question || question.deletedAt) throw questionWithdrawn();

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
        correctAnswer: pendingReview ? null : shownCorrectAnswer(account, question),
        attempt: await progressOf(tx, account, updated ?? attempt, now),
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
    // A draft of a withdrawn question would never be answered: the learner is told to move on instead.
    const [question] = await tx.select({ deletedAt: examQuestions.deletedAt }).from(examQuestions).where(eq(examQuestions.id, body.questionId));
    if (!question || question.deletedAt) throw questionWithdrawn();
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
 * The summary of the latest attempt, with the one score definition (scorePercent): questions
 * correct out of the whole form, unanswered ones counted wrong; essays awaiting review are
 * reported apart (and count once graded). Without the `exam-results` program the form's size and
 * the pass mark show; score, rate and the verdict are null.
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
  const formSize = attempt?.questionIds.length ?? 0;
  const correct = counts?.correct ?? 0;
  const pendingReview = counts?.pending ?? 0;
  const finished = Boolean(attempt?.finishedAt);
  const passMark = await passMarkOf(db, account.profession);
  if (attempt?.mode === 'test-centre' && !finished) {
    // Nothing about correctness until the sitting ends, as at a test centre.
    return { locked: false, message: 'Exam in progress.', finished, summary: { totalQuestions: 0, totalScore: null, percentage: null, pendingReview: 0, passMark, passed: null } };
  }
  if (resultsLocked(account)) {
    return { locked: true, message: LOCKED_SUMMARY_MESSAGE, finished, summary: { totalQuestions: formSize, totalScore: null, percentage: null, pendingReview, passMark, passed: null } };
  }
  const percentage = scorePercent(correct, formSize);
  const message = !attempt ? 'You have not started the exam yet.' : finished ? 'Exam completed.' : 'Exam in progress.';
  return { locked: false, message, finished, summary: { totalQuestions: formSize, totalScore: correct, percentage, pendingReview, passMark, passed: percentage >= passMark } };
}

// ---- Attempts and review

type AttemptCounts = { answered: number; marked: number; correct: number };
function toAttemptSummary(attempt: Attempt, counts: AttemptCounts, locked: boolean): ExamAttemptSummary {
  return {
    id: attempt.id,
    started_at: attempt.startedAt.toISOString(),
    finished_at: attempt.finishedAt?.toISOString() ?? null,
    finish_reason: attempt.finishReason,
    answered: counts.answered,
    questions: attempt.questionIds.length,
    score: locked ? null : counts.correct,
    percentage: locked ? null : scorePercent(counts.correct, attempt.questionIds.length),
  };
}

const answerCounts = {
  answered: sql<number>`count(${examAnswers.id})`.mapWith(Number),
  marked: sql<number>`count(${examAnswers.id}) FILTER (WHERE ${examAnswers.outcome} <> 'pending-review')`.mapWith(Number),
  correct: sql<number>`count(${examAnswers.id}) FILTER (WHERE ${examAnswers.outcome} = 'correct')`.mapWith(Number),
};

/** The learner's attempts, newest first, with score and percentage unless results are locked. */
export async function listAttempts(db: Database, account: LmsAccount, page: { limit: number; offset: number }, now: Date, settings: ExamSettings) {
  const where = and(eq(examAttempts.userId, account.id), eq(examAttempts.examKey, examKeyOf(account)));
  const [rows, [total]] = await Promise.all([
    db
      .select({ attempt: examAttempts, ...answerCounts })
      .from(examAttempts)
      .leftJoin(examAnswers, eq(examAnswers.attemptId, examAttempts.id))
      .where(where)
      .groupBy(examAttempts.id)
      .orderBy(desc(examAttempts.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(examAttempts).where(where),
  ]);
  const locked = resultsLocked(account);
  // A listed attempt past its deadline is shown as it will be once the server notices.
  const attempts = rows.map(({ attempt, ...counts }) => {
    const due = !attempt.finishedAt && now >= attempt.deadlineAt;
    const shown: Attempt = due ? { ...attempt, finishedAt: attempt.deadlineAt, finishReason: 'timeout' } : attempt;
    return toAttemptSummary(shown, counts, locked || (shown.mode === 'test-centre' && !shown.finishedAt));
  });
  const latest = rows[0]?.attempt;
  const latestFinishedAt = latest?.finishedAt ?? (latest && now >= latest.deadlineAt ? latest.deadlineAt : null);
  const allowedAt = latest && latestFinishedAt ? retakeAllowedAt({ ...latest, finishedAt: latestFinishedAt }, settings) : null;
  return {
    attempts,
    locked,
    nextAttemptAt: allowedAt && allowedAt > now ? allowedAt.toISOString() : null,
    total: total?.n ?? 0,
  };
}

export const REVIEW_LOCKED_MESSAGE = 'This review is locked. Upgrade to Premium to see your answers and the correct ones.';

/** Each answered question of a finished attempt of this learner, with the correct answer and explanation. */
export async function reviewAttempt(db: Database, account: LmsAccount, attemptId: number, now: Date): Promise<ExamReview> {
  const attempt = await db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(examAttempts)
      .where(and(eq(examAttempts.id, attemptId), eq(examAttempts.userId, account.id)))
      .for('update');
    return found ? expireIfDue(tx, found, now) : undefined;
  });
  // Another learner's attempt is as absent as one that does not exist.
  if (!attempt) throw new AppError(404, 'Attempt not found');
  if (resultsLocked(account)) throw new AppError(403, REVIEW_LOCKED_MESSAGE, UPGRADE_REQUIRED);
  if (!attempt.finishedAt) throw new AppError(409, 'The review opens when the attempt is finished');
  const rows = await db
    .select({ answer: examAnswers, question: examQuestions })
    .from(examAnswers)
    .innerJoin(examQuestions, eq(examQuestions.id, examAnswers.questionId))
    .where(eq(examAnswers.attemptId, attempt.id))
    .orderBy(examAnswers.answeredAt, examAnswers.id);
  const counts = {
    answered: rows.length,
    marked: rows.filter((r) => r.answer.outcome !== 'pending-review').length,
    correct: rows.filter((r) => r.answer.outcome === 'correct').length,
  };
  const summary = toAttemptSummary(attempt, counts, false);
  const percentage = summary.percentage ?? 0;
  const [byTopic, passMark, percentile] = await Promise.all([
    topicResults(db, attempt),
    passMarkOf(db, account.profession),
    percentileAmongOthers(db, account, counts.correct, attempt.questionIds.length),
  ]);
  return {
    attempt: summary,
    byTopic,
    passMark,
    passed: percentage >= passMark,
    ...percentile,
    unanswered: Math.max(0, attempt.questionIds.length - rows.length),
    questions: rows.map(({ answer, question }) => ({
      questionId: question.id,
      question: question.question,
      question_type: question.questionType,
      options: shuffledOptions(question.options, attempt.seed, question.id),
      userAnswer: answer.userAnswer,
      correctAnswer: question.correctAnswer,
      explanation: question.explanation,
      outcome: answer.outcome,
      reviewNote: answer.reviewNote,
    })),
  };
}

// ---- The older 300-second module: a short set, all answers sent at the end, scored once.

export const PRACTICE_DURING_EXAM = 'Practice sets are not available while your timed exam is open.';
export const NO_MISTAKES_MESSAGE = 'No mistakes to practise yet: questions you get wrong in the timed exam will appear here.';
export const NO_TOPIC_QUESTIONS_MESSAGE = 'There are no questions on this topic to practise.';
// Network time between the served set and the answers reaching the server.
const PRACTICE_GRACE_SECONDS = 30;

/** Whether the learner has a timed attempt running now (one past its deadline is finished on the way). */
async function hasOpenAttempt(tx: Queryable, account: LmsAccount, now: Date): Promise<boolean> {
  const attempt = await lockAttempt(tx, account);
  if (!attempt) return false;
  return !(await expireIfDue(tx, attempt, now)).finishedAt;
}

/**
 * A practice set of up to 10 questions: random ones of the profession, or (`mistakes`) ones the
 * learner got wrong in the timed exam. Recorded, so only its questions can be scored, once, in time.
 * Refused while a timed attempt is open, and limited per learner per hour.
 */
export async function practiceSet(
  db: Database,
  account: LmsAccount,
  kind: 'mock' | 'mistakes',
  now: Date,
  settings: PracticeSettings,
  topic?: string,
): Promise<ExamQuestionsResponse> {
  return db.transaction(async (tx) => {
    // One set at a time per learner, so the hourly count below cannot be raced.
    await tx.select({ id: lmsUsers.id }).from(lmsUsers).where(eq(lmsUsers.id, account.id)).for('update');
    if (await hasOpenAttempt(tx, account, now)) throw new AppError(409, PRACTICE_DURING_EXAM);
    const [recent] = await tx
      .select({ n: count() })
      .from(practiceSets)
      .where(and(eq(practiceSets.userId, account.id), gt(practiceSets.servedAt, new Date(now.getTime() - 3_600_000))));
    if ((recent?.n ?? 0) >= settings.setsPerHour) {
      throw new AppError(429, `You have practised ${settings.setsPerHour} sets in the last hour. Please try again later.`);
    }
    const live = and(eq(examQuestions.profession, account.profession), isNull(examQuestions.deletedAt), topic === undefined ? undefined : ofTopic(topic));
    // A mistake is a question whose latest answer by this learner was wrong: one put right in a retake is no longer practised.
    const latestAnswers = tx
      .selectDistinctOn([examAnswers.questionId], { id: examAnswers.questionId, outcome: examAnswers.outcome })
      .from(examAnswers)
      .innerJoin(examAttempts, eq(examAttempts.id, examAnswers.attemptId))
      .where(eq(examAttempts.userId, account.id))
      .orderBy(examAnswers.questionId, desc(examAnswers.answeredAt), desc(examAnswers.id))
      .as('latest_answers');
    const mistaken = tx.select({ id: latestAnswers.id }).from(latestAnswers).where(eq(latestAnswers.outcome, 'incorrect'));
    const rows = await tx
      .select()
      .from(examQuestions)
      .where(kind === 'mistakes' ? and(live, inArray(examQuestions.id, mistaken)) : live)
      .orderBy(sql`random()`)
      .limit(MOCK_SET_SIZE);
    if (rows.length === 0) {
      return { examQuestions: [], message: kind === 'mistakes' ? NO_MISTAKES_MESSAGE : topic === undefined ? NO_MORE_QUESTIONS_MESSAGE : NO_TOPIC_QUESTIONS_MESSAGE };
    }
    const seed = randomInt(1, 2_147_483_647);
    const expiresAt = new Date(now.getTime() + (settings.durationSeconds + PRACTICE_GRACE_SECONDS) * 1000);
    const [set] = await tx
      .insert(practiceSets)
      .values({ userId: account.id, kind, questionIds: rows.map((row) => row.id), seed, servedAt: now, expiresAt })
      .returning({ id: practiceSets.id });
    if (!set) throw new Error('insert returned no row');
    return { examQuestions: rows.map((row) => toServed(row, seed)), practiceSet: { id: set.id, expiresAt: expiresAt.toISOString() } };
  });
}

/** Scores a practice set's answers, once: the score is out of the set's non-essay questions. */
export async function scoreMockExam(db: Database, account: LmsAccount, answers: Record<string, string>, setId: number | undefined, now: Date): Promise<MockResult> {
  const ids = Object.keys(answers).map(Number);
  if (ids.length === 0) throw new AppError(400, 'answers must hold at least one answer');
  if (ids.length > 50) throw new AppError(400, 'answers may hold at most 50 answers');
  return db.transaction(async (tx) => {
    const [set] = await tx
      .select()
      .from(practiceSets)
      .where(and(eq(practiceSets.userId, account.id), setId === undefined ? undefined : eq(practiceSets.id, setId)))
      .orderBy(desc(practiceSets.id))
      .limit(1)
      .for('update');
    if (!set) throw new AppError(409, 'Ask for a practice set first');
    if (set.submittedAt) throw new AppError(409, 'This practice set has already been scored');
    if (now > set.expiresAt) throw new AppError(409, 'The time for this practice set is over');
    if (await hasOpenAttempt(tx, account, now)) throw new AppError(409, PRACTICE_DURING_EXAM);
    const inSet = new Set(set.questionIds);
    if (!ids.every((id) => inSet.has(id))) throw new AppError(400, 'answers name a question that is not part of this practice set');
    const rows = await tx.select().from(examQuestions).where(inArray(examQuestions.id, set.questionIds));
    const scored = rows.filter((row) => row.questionType !== 'essay');
    const score = scored.filter((row) => isCorrect(row, answers[String(row.id)] ?? '')).length;
    await tx.update(practiceSets).set({ submittedAt: now }).where(eq(practiceSets.id, set.id));
    await tx.insert(mockExamResults).values({ userId: account.id, score, total: scored.length, createdAt: now });
    // Scored once, the set is something to learn from: each answer, the correct one and why, in the order served.
    const byId = new Map(rows.map((row) => [row.id, row]));
    const review = set.questionIds.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const userAnswer = answers[String(id)] ?? '';
      const outcome = row.questionType === 'essay' ? ('pending-review' as const) : isCorrect(row, userAnswer) ? ('correct' as const) : ('incorrect' as const);
      return [
        {
          ...toServed(row, set.seed),
          questionId: row.id,
          userAnswer,
          // As in the exam's review: the correct answer (an essay's model answer) only for a learner
          // whose results are open, so practice sets are no way around the harvest bounds (decision 004).
          correctAnswer: resultsLocked(account) ? null : row.questionType === 'essay' ? row.correctAnswer : shownCorrectAnswer(account, row),
          explanation: row.explanation,
          outcome,
        },
      ];
    });
    return { score, total: scored.length, essays: rows.length - scored.length, review: review.map(({ id: _id, ...rest }) => rest) };
  });
}
