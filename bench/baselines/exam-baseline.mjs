// The exam cycle's baseline (see app-baseline.mjs): server/lms/exam-serving.ts's nextQuestion and
// submitAnswer, in their transactions, by hand. The common path (a running attempt) is the app's
// hot path: the lock, then one statement, as named prepared statements whose texts come from the
// app's build (server/lms/hot-statements.ts), so they cannot drift apart. A learner's first question
// starts their first attempt there, in one statement (the form drawn within the day's budget, the
// deadline with the learner's accommodation). Anything else (a form with nothing left, a finished
// attempt) rolls that transaction back and runs the full path, as the app does; those statements
// are what Drizzle builds per call in the app, written out here
// (docs/decisions/009-hot-paths-at-ten-times-the-data.md).
import { randomInt } from 'node:crypto';
import {
  LMS_ACCOUNT_BY_ID as ACCOUNT,
  ANSWER_CHECK,
  CREATE_ATTEMPT,
  createAttemptValues,
  LOCK_ATTEMPT,
  NEXT_QUESTION,
  RECORD_ANSWER,
  RECORD_SITTING_ANSWER,
  recordAnswerValues,
  recordSittingAnswerValues,
  SITTING_ANSWER_CHECK,
} from '../../dist/server/lms/hot-statements.js';
// The answers' shapes and the marking rule, from the build too: the question as served, the
// progress, the outcome and the correct answer shown are the app's own functions.
import { toServed } from '../../dist/server/lms/exam-form.js';
import { outcomeOf, progressFrom, shownCorrectAnswer } from '../../dist/server/lms/exam-scoring.js';

// The app's defaults (EXAM_DURATION_SECONDS, EXAM_QUESTION_COUNT).
const DURATION_SECONDS = Number(process.env.EXAM_DURATION_SECONDS ?? 10_800);
const QUESTION_COUNT = Number(process.env.EXAM_QUESTION_COUNT ?? 100);
const QUESTIONS_PER_DAY = Number(process.env.EXAM_QUESTIONS_PER_DAY ?? QUESTION_COUNT);
const NO_MORE_QUESTIONS = 'No more questions.';

// ---- The full path's statements (Drizzle builds them per call in the app; unnamed here too)

const FULL_LOCK = `SELECT * FROM exam_attempts WHERE user_id = $1 AND exam_key = $2 ORDER BY id DESC LIMIT 1 FOR UPDATE`;
const FULL_ANSWERED = 'SELECT question_id FROM exam_answers WHERE attempt_id = $1';
const FULL_PROGRESS = `
  SELECT count(*) AS answered, count(*) FILTER (WHERE outcome = 'correct') AS correct,
    (SELECT count(*) FROM exam_questions WHERE id = ANY($2::int[]) AND deleted_at IS NULL AND id NOT IN (${FULL_ANSWERED})) AS remaining
  FROM exam_answers WHERE attempt_id = $1`;
const LOG = 'INSERT INTO exam_logs (user_id, exam_id, log_data, created_at) VALUES ($1, $2, $3, $4)';

// ---- Shared pieces

/** BEGIN, work, COMMIT on one pooled connection; `undefined` from work rolls back, as the engine's hot path does. */
async function inTransaction(pool, work) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query(result === undefined ? 'ROLLBACK' : 'COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

// A question row of the full path's `SELECT *`, in the app's field names (the hot statements name them so already).
const camelQuestion = (row) => ({ ...row, questionType: row.questionType ?? row.question_type });

const formOf = (attempt) => (attempt.questionIds.length ? attempt.questionIds : [-1]);

// The attempt's progress as the app words it, from its counts.
const progress = (user, attempt, counts, finished, now) =>
  progressFrom(user, { ...attempt, finishedAt: finished ? (attempt.finishedAt ?? now) : null }, counts, now);

const examKeyOf = (user) => `${user.profession}-en`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function account(pool, request, verifyJwt, HttpError) {
  const claims = verifyJwt(request.headers.authorization, 'lms');
  const { rows } = await pool.query({ ...ACCOUNT, values: [Number(claims.sub)] });
  if (!rows[0]) throw new HttpError(401, 'Your account no longer exists');
  if (rows[0].sessionVersion !== claims.ver) throw new HttpError(401, 'Your session has ended, please sign in again');
  return rows[0];
}

const lockLatest = async (client, user) =>
  (await client.query({ ...LOCK_ATTEMPT, values: [user.id, examKeyOf(user)] })).rows[0];
const isRunning = (attempt, now) => !attempt.finishedAt && now.getTime() < attempt.deadlineAt.getTime();

async function lockRunning(client, user, now) {
  const attempt = await lockLatest(client, user);
  return attempt && isRunning(attempt, now) ? attempt : undefined;
}

async function createAttempt(client, user, now) {
  const seed = randomInt(1, 2_147_483_647);
  const values = createAttemptValues(
    { id: user.id, profession: user.profession, examKey: examKeyOf(user) },
    { seed, mode: 'practice' },
    now,
    {
      durationSeconds: DURATION_SECONDS,
      questionCount: QUESTION_COUNT,
      questionsPerDay: QUESTIONS_PER_DAY,
    },
  );
  const created = (await client.query({ ...CREATE_ATTEMPT, values })).rows[0];
  return (
    created && { ...created, seed, currentQuestionId: null, draftQuestionId: null, draftAnswer: null, draftTimer: null }
  );
}

// ---- The full path (exam-serving.ts's nextQuestionInFull), for the first and last question of a form

const camel = (row) => ({
  id: row.id,
  userId: row.user_id,
  seed: row.seed,
  deadlineAt: row.deadline_at,
  finishedAt: row.finished_at,
  finishReason: row.finish_reason,
  currentQuestionId: row.current_question_id,
  draftQuestionId: row.draft_question_id,
  draftAnswer: row.draft_answer,
  draftTimer: row.draft_timer,
  questionIds: row.question_ids,
});

async function fullProgress(client, user, attempt, now) {
  const { rows } = await client.query(FULL_PROGRESS, [attempt.id, formOf(attempt)]);
  return progress(
    user,
    attempt,
    { answered: Number(rows[0].answered), correct: Number(rows[0].correct), remaining: Number(rows[0].remaining) },
    attempt.finishedAt !== null,
    now,
  );
}

async function nextQuestionInFull(pool, user, now) {
  const examKey = examKeyOf(user);
  return inTransaction(pool, async (client) => {
    let row = (await client.query(FULL_LOCK, [user.id, examKey])).rows[0];
    if (!row) {
      await createAttempt(client, user, now);
      row = (await client.query(FULL_LOCK, [user.id, examKey])).rows[0];
    }
    let attempt = camel(row);
    if (attempt.finishedAt) {
      const message =
        attempt.finishReason === 'completed'
          ? NO_MORE_QUESTIONS
          : attempt.finishReason === 'timeout'
            ? 'Time is up. The exam is finished.'
            : 'The exam is finished.';
      return {
        examQuestions: [],
        message,
        attempt: await fullProgress(client, user, attempt, now),
        draft: null,
        durationSeconds: DURATION_SECONDS,
      };
    }
    let question;
    if (attempt.currentQuestionId) {
      question = (
        await client.query(
          `SELECT * FROM exam_questions WHERE id = $1 AND deleted_at IS NULL AND id NOT IN (${FULL_ANSWERED.replace('$1', '$2')})`,
          [attempt.currentQuestionId, attempt.id],
        )
      ).rows[0];
    }
    if (!question) {
      question = (
        await client.query(
          `SELECT * FROM exam_questions WHERE id = ANY($1::int[]) AND deleted_at IS NULL AND id NOT IN (${FULL_ANSWERED.replace('$1', '$2')})
           ORDER BY md5($3::int::text || ':' || id::text) LIMIT 1`,
          [formOf(attempt), attempt.id, attempt.seed],
        )
      ).rows[0];
      if (!question) {
        attempt = camel(
          (
            await client.query(
              `UPDATE exam_attempts SET finished_at = $2, finish_reason = 'completed', current_question_id = NULL, draft_question_id = NULL,
                 draft_answer = NULL, draft_timer = NULL WHERE id = $1 RETURNING *`,
              [attempt.id, now],
            )
          ).rows[0],
        );
        await client.query(LOG, [
          attempt.userId,
          attempt.id,
          JSON.stringify({ event: 'finished', message: 'No questions left; exam finished', reason: 'completed' }),
          now,
        ]);
        return {
          examQuestions: [],
          message: NO_MORE_QUESTIONS,
          attempt: await fullProgress(client, user, attempt, now),
          draft: null,
          durationSeconds: DURATION_SECONDS,
        };
      }
      attempt = camel(
        (
          await client.query('UPDATE exam_attempts SET current_question_id = $2 WHERE id = $1 RETURNING *', [
            attempt.id,
            question.id,
          ])
        ).rows[0],
      );
    }
    return {
      examQuestions: [toServed(camelQuestion(question), attempt.seed)],
      attempt: await fullProgress(client, user, attempt, now),
      draft: null,
      durationSeconds: DURATION_SECONDS,
    };
  });
}

// ---- The hot path

async function nextQuestion(pool, user) {
  const now = new Date();
  const answer = await inTransaction(pool, async (client) => {
    const latest = await lockLatest(client, user);
    const attempt = latest ? (isRunning(latest, now) ? latest : undefined) : await createAttempt(client, user, now);
    if (!attempt) return undefined;
    const { rows } = await client.query({
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
      examQuestions: [toServed(camelQuestion(question), attempt.seed)],
      attempt: progress(user, attempt, question, false, now),
      draft,
      durationSeconds: DURATION_SECONDS,
      mode: attempt.mode,
    };
  });
  return answer ?? nextQuestionInFull(pool, user, now);
}

async function submitAnswer(pool, user, body, HttpError) {
  const now = new Date();
  const { questionId, userAnswer, clientAnswerId } = body;
  if (
    !Number.isInteger(questionId) ||
    typeof userAnswer !== 'string' ||
    (clientAnswerId !== undefined && !UUID.test(clientAnswerId))
  ) {
    throw new HttpError(400, 'Invalid body');
  }
  const answer = await inTransaction(pool, async (client) => {
    const attempt = await lockRunning(client, user, now);
    // The bench's learners never submit outside a running attempt; the app's full path would refuse it.
    if (!attempt) throw new HttpError(409, 'This exam is finished; answers are no longer accepted.');
    if (attempt.mode === 'test-centre') return recordSittingAnswer(client, user, attempt, body, now, HttpError);
    const check = (await client.query({ ...ANSWER_CHECK, values: [attempt.id, questionId] })).rows[0];
    if (check.already) throw new HttpError(409, 'This question has already been answered');
    if (attempt.currentQuestionId !== questionId)
      throw new HttpError(409, 'This is not the current question of your exam');
    if (!check.questionType || check.deletedAt)
      throw new HttpError(409, 'This question was withdrawn from the exam; ask for the next question.');
    const pendingReview = check.questionType === 'essay';
    const outcome = outcomeOf(check, userAnswer);
    const correct = outcome === 'correct';
    const counts = (
      await client.query({
        ...RECORD_ANSWER,
        values: recordAnswerValues(
          attempt,
          { questionId, userAnswer: userAnswer.trim(), outcome },
          formOf(attempt),
          now,
        ),
      })
    ).rows[0];
    return {
      correct,
      pendingReview,
      explanation: check.explanation,
      correctAnswer: pendingReview ? null : shownCorrectAnswer(user, check),
      attempt: progress(user, attempt, counts, false, now),
    };
  });
  return answer;
}

/** test-centre.ts's record: the sitting's answer, recorded or replaced, nothing said about correctness. */
async function recordSittingAnswer(client, user, attempt, { questionId, userAnswer, clientAnswerId }, now, HttpError) {
  if (!attempt.questionIds.includes(questionId)) throw new HttpError(404, 'That question is not part of your exam.');
  const check = (
    await client.query({ ...SITTING_ANSWER_CHECK, values: [attempt.id, questionId, clientAnswerId ?? null, now] })
  ).rows[0];
  // The bench sends a fresh clientAnswerId each time; a duplicate takes the app's full path.
  if (check.duplicate) throw new HttpError(409, 'duplicate clientAnswerId: not part of the bench');
  if (!check.questionType || check.withdrawn)
    throw new HttpError(409, 'This question was withdrawn from the exam; ask for the next question.');
  const given = userAnswer.trim();
  const answer = { questionId, userAnswer: given, outcome: outcomeOf(check, given), keptAnswer: check.keptAnswer };
  const values = recordSittingAnswerValues(attempt, answer, formOf(attempt), now);
  const counts = (await client.query({ ...RECORD_SITTING_ANSWER, values })).rows[0];
  return {
    recorded: true,
    questionId,
    userAnswer: given,
    duplicate: false,
    attempt: progress(user, attempt, counts, false, now),
  };
}

async function readJson(request) {
  let text = '';
  for await (const chunk of request) text += chunk;
  return JSON.parse(text);
}

/** Answers the exam's two paths; undefined for any other. */
export async function route(pool, request, url, verifyJwt, HttpError) {
  if (url.pathname === '/user/exam/questions' && request.method === 'GET') {
    return nextQuestion(pool, await account(pool, request, verifyJwt, HttpError));
  }
  if (url.pathname === '/user/exam/submit' && request.method === 'POST') {
    const user = await account(pool, request, verifyJwt, HttpError);
    return submitAnswer(pool, user, await readJson(request), HttpError);
  }
  return undefined;
}
