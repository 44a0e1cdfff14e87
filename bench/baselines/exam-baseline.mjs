// The exam cycle's baseline (see app-baseline.mjs): the statements of server/lms/exam-engine.ts's
// nextQuestion and submitAnswer, in their transactions, by hand. The common path (a running
// attempt) is the engine's hot path: the lock, then one statement, as named prepared statements.
// A learner's first question starts their first attempt there, in one statement. Anything else
// (a form with nothing left, a finished attempt) rolls that transaction back and runs the engine's
// full path, as the app does. When the engine's statements change, this file follows
// (docs/decisions/009-hot-paths-at-ten-times-the-data.md).
import { createHash, randomInt } from 'node:crypto';
// accounts.findAccount's statement, from the build.
import { LMS_ACCOUNT_BY_ID as ACCOUNT } from '../../dist/server/lms/hot-statements.js';

// The app's defaults (EXAM_DURATION_SECONDS, EXAM_QUESTION_COUNT).
const DURATION_SECONDS = Number(process.env.EXAM_DURATION_SECONDS ?? 10_800);
const QUESTION_COUNT = Number(process.env.EXAM_QUESTION_COUNT ?? 100);
const NO_MORE_QUESTIONS = 'No more questions.';


const ATTEMPT_COLUMNS = `id, user_id AS "userId", exam_key AS "examKey", profession, language, seed, started_at AS "startedAt",
  deadline_at AS "deadlineAt", finished_at AS "finishedAt", finish_reason AS "finishReason",
  current_question_id AS "currentQuestionId", draft_question_id AS "draftQuestionId", draft_answer AS "draftAnswer",
  draft_timer AS "draftTimer", draft_saved_at AS "draftSavedAt", question_ids AS "questionIds"`;

const LOCK_ATTEMPT = {
  name: 'exam_lock_attempt',
  text: `SELECT ${ATTEMPT_COLUMNS} FROM exam_attempts WHERE user_id = $1 AND exam_key = $2 ORDER BY id DESC LIMIT 1 FOR UPDATE`,
};

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

const ANSWER_CHECK = {
  name: 'exam_answer_check',
  text: `
    SELECT EXISTS (SELECT 1 FROM exam_answers WHERE attempt_id = $1 AND question_id = $2) AS already,
      q.question_type AS "questionType", q.correct_answer AS "correctAnswer", q.explanation, q.deleted_at AS "deletedAt"
    FROM (VALUES (1)) one LEFT JOIN exam_questions q ON q.id = $2`,
};

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

// ---- The full path's statements (Drizzle builds them per call in the app; unnamed here too)

const FULL_LOCK = `SELECT * FROM exam_attempts WHERE user_id = $1 AND exam_key = $2 ORDER BY id DESC LIMIT 1 FOR UPDATE`;
const FULL_ANSWERED = 'SELECT question_id FROM exam_answers WHERE attempt_id = $1';
const FULL_PROGRESS = `
  SELECT count(*) AS answered, count(*) FILTER (WHERE outcome = 'correct') AS correct,
    (SELECT count(*) FROM exam_questions WHERE id = ANY($2::int[]) AND deleted_at IS NULL AND id NOT IN (${FULL_ANSWERED})) AS remaining
  FROM exam_answers WHERE attempt_id = $1`;
const LOG = 'INSERT INTO exam_logs (user_id, exam_id, log_data, created_at) VALUES ($1, $2, $3, $4)';

// The engine's createAttemptStatement as Drizzle compiles it: the form drawn, the attempt inserted
// and its start logged, in one statement (the hot path starts a learner's first attempt with it).
const CREATE_ATTEMPT = `
    WITH form AS (
      SELECT coalesce(array_agg(id ORDER BY rank, difficulty), '{}') AS ids FROM (
        SELECT id, difficulty, row_number() OVER (PARTITION BY difficulty ORDER BY md5($1::int::text || ':' || id::text)) AS rank
        FROM exam_questions WHERE profession = $2::text AND deleted_at IS NULL
        ORDER BY rank, difficulty LIMIT $3::int
      ) drawn
    ),
    created AS (
      INSERT INTO exam_attempts (user_id, exam_key, profession, language, seed, question_ids, started_at, deadline_at)
      SELECT $4::int, $5::text, $6::text, 'en', $7::int, form.ids,
        $8::timestamptz, $9::timestamptz
      FROM form
      ON CONFLICT DO NOTHING
      RETURNING id, user_id, exam_key, question_ids
    ),
    logged AS (
      INSERT INTO exam_logs (user_id, exam_id, log_data, created_at)
      SELECT user_id, id,
        jsonb_build_object('event', 'started', 'message', format('Exam started (%s, %s s, %s questions)', exam_key, $10::int, cardinality(question_ids))),
        $11::timestamptz
      FROM created
    )
    SELECT id, question_ids AS "questionIds" FROM created`;

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

function shuffledOptions(options, seed, questionId) {
  const key = (option) => createHash('md5').update(`${seed}:${questionId}:${option}`).digest('hex');
  return options
    .map((option) => ({ option, key: key(option) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ option }) => option);
}

const served = (q, seed) => ({ id: q.id, question: q.question, question_type: q.questionType ?? q.question_type, options: shuffledOptions(q.options, seed, q.id), difficulty: q.difficulty });

const formOf = (attempt) => (attempt.questionIds.length ? attempt.questionIds : [-1]);

// The app's results lock: without the exam-results program the correct count is null.
const progress = (user, attempt, counts, finished, now) => ({
  attemptId: attempt.id,
  remainingSeconds: finished ? 0 : Math.max(0, Math.ceil((attempt.deadlineAt.getTime() - now.getTime()) / 1000)),
  answeredCount: counts.answered,
  correctCount: user.allowedPrograms.includes('exam-results') ? counts.correct : null,
  totalQuestions: counts.answered + (finished ? 0 : counts.remaining),
  finished,
});

const examKeyOf = (user) => `${user.profession}-en`;

async function account(pool, request, verifyJwt, HttpError) {
  const claims = verifyJwt(request.headers.authorization, 'lms');
  const { rows } = await pool.query({ ...ACCOUNT, values: [Number(claims.sub)] });
  if (!rows[0]) throw new HttpError(401, 'Your account no longer exists');
  if (rows[0].sessionVersion !== claims.ver) throw new HttpError(401, 'Your session has ended, please sign in again');
  return rows[0];
}

const lockLatest = async (client, user) => (await client.query({ ...LOCK_ATTEMPT, values: [user.id, examKeyOf(user)] })).rows[0];
const isRunning = (attempt, now) => !attempt.finishedAt && now.getTime() < attempt.deadlineAt.getTime();

async function lockRunning(client, user, now) {
  const attempt = await lockLatest(client, user);
  return attempt && isRunning(attempt, now) ? attempt : undefined;
}

async function createAttempt(client, user, now) {
  const seed = randomInt(1, 2_147_483_647);
  const deadlineAt = new Date(now.getTime() + DURATION_SECONDS * 1000);
  const values = [seed, user.profession, QUESTION_COUNT, user.id, examKeyOf(user), user.profession, seed, now.toISOString(), deadlineAt.toISOString(), DURATION_SECONDS, now.toISOString()];
  const created = (await client.query(CREATE_ATTEMPT, values)).rows[0];
  return created && { ...created, seed, deadlineAt, currentQuestionId: null, draftQuestionId: null, draftAnswer: null, draftTimer: null };
}

// ---- The full path (the engine's nextQuestionInFull), for the first and last question of a form

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
  return progress(user, attempt, { answered: Number(rows[0].answered), correct: Number(rows[0].correct), remaining: Number(rows[0].remaining) }, attempt.finishedAt !== null, now);
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
      const message = attempt.finishReason === 'completed' ? NO_MORE_QUESTIONS : attempt.finishReason === 'timeout' ? 'Time is up. The exam is finished.' : 'The exam is finished.';
      return { examQuestions: [], message, attempt: await fullProgress(client, user, attempt, now), draft: null, durationSeconds: DURATION_SECONDS };
    }
    let question;
    if (attempt.currentQuestionId) {
      question = (
        await client.query(`SELECT * FROM exam_questions WHERE id = $1 AND deleted_at IS NULL AND id NOT IN (${FULL_ANSWERED.replace('$1', '$2')})`, [
          attempt.currentQuestionId,
          attempt.id,
        ])
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
        await client.query(LOG, [attempt.userId, attempt.id, JSON.stringify({ event: 'finished', message: 'No questions left; exam finished', reason: 'completed' }), now]);
        return { examQuestions: [], message: NO_MORE_QUESTIONS, attempt: await fullProgress(client, user, attempt, now), draft: null, durationSeconds: DURATION_SECONDS };
      }
      attempt = camel((await client.query('UPDATE exam_attempts SET current_question_id = $2 WHERE id = $1 RETURNING *', [attempt.id, question.id])).rows[0]);
    }
    return { examQuestions: [served(question, attempt.seed)], attempt: await fullProgress(client, user, attempt, now), draft: null, durationSeconds: DURATION_SECONDS };
  });
}

// ---- The hot path

async function nextQuestion(pool, user) {
  const now = new Date();
  const answer = await inTransaction(pool, async (client) => {
    const latest = await lockLatest(client, user);
    const attempt = latest ? (isRunning(latest, now) ? latest : undefined) : await createAttempt(client, user, now);
    if (!attempt) return undefined;
    const { rows } = await client.query({ ...NEXT_QUESTION, values: [attempt.id, attempt.currentQuestionId, formOf(attempt), attempt.seed] });
    const question = rows[0];
    if (!question) return undefined;
    const draft =
      attempt.draftQuestionId === question.id && attempt.draftAnswer !== null
        ? { questionId: question.id, userAnswer: attempt.draftAnswer, timer: attempt.draftTimer }
        : null;
    return { examQuestions: [served(question, attempt.seed)], attempt: progress(user, attempt, question, false, now), draft, durationSeconds: DURATION_SECONDS };
  });
  return answer ?? nextQuestionInFull(pool, user, now);
}

async function submitAnswer(pool, user, body, HttpError) {
  const now = new Date();
  const { questionId, userAnswer } = body;
  if (!Number.isInteger(questionId) || typeof userAnswer !== 'string') throw new HttpError(400, 'Invalid body');
  const answer = await inTransaction(pool, async (client) => {
    const attempt = await lockRunning(client, user, now);
    // The bench's learners never submit outside a running attempt; the app's full path would refuse it.
    if (!attempt) throw new HttpError(409, 'This exam is finished; answers are no longer accepted.');
    const check = (await client.query({ ...ANSWER_CHECK, values: [attempt.id, questionId] })).rows[0];
    if (check.already) throw new HttpError(409, 'This question has already been answered');
    if (attempt.currentQuestionId !== questionId) throw new HttpError(409, 'This is not the current question of your exam');
    if (!check.questionType || check.deletedAt) throw new HttpError(409, 'This question was withdrawn from the exam; ask for the next question.');
    const pendingReview = check.questionType === 'essay';
    const given = userAnswer.trim().toLowerCase();
    const accepted = (check.questionType === 'fill-in-the-blank' ? check.correctAnswer.split('|') : [check.correctAnswer]).map((a) => a.trim()).filter((a) => a !== '');
    const correct = !pendingReview && accepted.some((a) => a.toLowerCase() === given);
    const outcome = pendingReview ? 'pending-review' : correct ? 'correct' : 'incorrect';
    const counts = (await client.query({ ...RECORD_ANSWER, values: [attempt.id, questionId, userAnswer.trim(), outcome, now, formOf(attempt)] })).rows[0];
    return {
      correct,
      pendingReview,
      explanation: check.explanation,
      correctAnswer: pendingReview ? null : (accepted[0] ?? null),
      attempt: progress(user, attempt, counts, false, now),
    };
  });
  return answer;
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
