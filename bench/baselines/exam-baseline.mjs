// The exam cycle's baseline (see app-baseline.mjs): the statements of server/lms/exam-engine.ts's
// nextQuestion and submitAnswer, in their transactions, by hand. The exam engine is being
// rewritten; when its statements change, this file follows. NOTE: written before the rewrite
// (forms, shuffled options, retakes) was merged, it does not yet run the rewritten engine's
// statements, and the bench does not compare the exam cycle with it (bench/scenarios/lms.ts).
import { randomInt } from 'node:crypto';

const DURATION_SECONDS = Number(process.env.LMS_EXAM_DURATION_SECONDS ?? 3600);

const ACCOUNT_SQL = 'SELECT * FROM lms_users WHERE id = $1 LIMIT 1';
const LOCK_SQL = 'SELECT * FROM exam_attempts WHERE user_id = $1 AND exam_key = $2 FOR UPDATE';
const ANSWERED = 'SELECT question_id FROM exam_answers WHERE attempt_id = $2';
const PROGRESS_SQL = `
  SELECT count(*)::int AS answered, count(*) FILTER (WHERE outcome = 'correct')::int AS correct,
    (SELECT count(*)::int FROM exam_questions WHERE profession = $1 AND deleted_at IS NULL AND id NOT IN (${ANSWERED})) AS remaining
  FROM exam_answers WHERE attempt_id = $2`;

async function account(pool, request, verifyJwt, HttpError) {
  const claims = verifyJwt(request.headers.authorization, 'lms');
  const { rows } = await pool.query(ACCOUNT_SQL, [Number(claims.sub)]);
  if (!rows[0]) throw new HttpError(401, 'Your account no longer exists');
  if (rows[0].session_version !== claims.ver) throw new HttpError(401, 'Your session has ended');
  return rows[0];
}

async function progressOf(client, attempt, now) {
  const { rows } = await client.query(PROGRESS_SQL, [attempt.profession, attempt.id]);
  const counts = rows[0];
  const finished = attempt.finished_at !== null;
  return {
    attemptId: attempt.id,
    remainingSeconds: finished ? 0 : Math.max(0, Math.ceil((attempt.deadline_at.getTime() - now.getTime()) / 1000)),
    answeredCount: counts.answered,
    correctCount: counts.correct,
    totalQuestions: counts.answered + (finished ? 0 : counts.remaining),
    finished,
  };
}

async function inTransaction(pool, work) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

async function finish(client, attempt, now) {
  const { rows } = await client.query(
    `UPDATE exam_attempts SET finished_at = $2, finish_reason = 'completed', current_question_id = NULL, draft_question_id = NULL,
       draft_answer = NULL, draft_timer = NULL WHERE id = $1 RETURNING *`,
    [attempt.id, now],
  );
  await client.query('INSERT INTO exam_logs (user_id, exam_id, log_data, created_at) VALUES ($1, $2, $3, $4)', [
    attempt.user_id,
    attempt.id,
    JSON.stringify({ event: 'finished', message: 'No questions left; exam finished', reason: 'completed' }),
    now,
  ]);
  return rows[0];
}

const served = (q) => ({ id: q.id, question: q.question, question_type: q.question_type, options: q.options, difficulty: q.difficulty });

async function nextQuestion(pool, user) {
  const now = new Date();
  const examKey = `${user.profession}-en`;
  return inTransaction(pool, async (client) => {
    let attempt = (await client.query(LOCK_SQL, [user.id, examKey])).rows[0];
    if (!attempt) {
      const created = await client.query(
        `INSERT INTO exam_attempts (user_id, exam_key, profession, language, seed, started_at, deadline_at)
         VALUES ($1, $2, $3, 'en', $4, $5, $6) ON CONFLICT DO NOTHING RETURNING *`,
        [user.id, examKey, user.profession, randomInt(1, 2_147_483_647), now, new Date(now.getTime() + DURATION_SECONDS * 1000)],
      );
      attempt = created.rows[0];
      if (attempt) {
        await client.query('INSERT INTO exam_logs (user_id, exam_id, log_data, created_at) VALUES ($1, $2, $3, $4)', [
          user.id,
          attempt.id,
          JSON.stringify({ event: 'started', message: `Exam started (${examKey}, ${DURATION_SECONDS} s)` }),
          now,
        ]);
      } else {
        attempt = (await client.query(LOCK_SQL, [user.id, examKey])).rows[0];
      }
    }
    if (attempt.finished_at) {
      return { examQuestions: [], message: 'finished', attempt: await progressOf(client, attempt, now), draft: null, durationSeconds: DURATION_SECONDS };
    }
    let question;
    if (attempt.current_question_id) {
      question = (
        await client.query(`SELECT * FROM exam_questions WHERE id = $1 AND deleted_at IS NULL AND id NOT IN (${ANSWERED})`, [
          attempt.current_question_id,
          attempt.id,
        ])
      ).rows[0];
    }
    if (!question) {
      question = (
        await client.query(
          `SELECT * FROM exam_questions WHERE profession = $1 AND deleted_at IS NULL AND id NOT IN (${ANSWERED})
           ORDER BY md5($3::int::text || ':' || id::text) LIMIT 1`,
          [attempt.profession, attempt.id, attempt.seed],
        )
      ).rows[0];
      if (!question) {
        attempt = await finish(client, attempt, now);
        return { examQuestions: [], message: 'No more questions', attempt: await progressOf(client, attempt, now), draft: null, durationSeconds: DURATION_SECONDS };
      }
      attempt = (await client.query('UPDATE exam_attempts SET current_question_id = $2 WHERE id = $1 RETURNING *', [attempt.id, question.id])).rows[0];
    }
    return { examQuestions: [served(question)], attempt: await progressOf(client, attempt, now), draft: null, durationSeconds: DURATION_SECONDS };
  });
}

async function submitAnswer(pool, user, body, HttpError) {
  const now = new Date();
  const { questionId, userAnswer } = body;
  if (!Number.isInteger(questionId) || typeof userAnswer !== 'string') throw new HttpError(400, 'Invalid body');
  return inTransaction(pool, async (client) => {
    const attempt = (await client.query(LOCK_SQL, [user.id, `${user.profession}-en`])).rows[0];
    if (!attempt) throw new HttpError(409, 'Start the exam first');
    if (attempt.finished_at) throw new HttpError(409, 'This exam is finished');
    const already = await client.query('SELECT id FROM exam_answers WHERE attempt_id = $1 AND question_id = $2', [attempt.id, questionId]);
    if (already.rows[0]) throw new HttpError(409, 'This question has already been answered');
    if (attempt.current_question_id !== questionId) throw new HttpError(409, 'This is not the current question of your exam');
    const question = (await client.query('SELECT * FROM exam_questions WHERE id = $1', [questionId])).rows[0];
    if (!question || question.deleted_at) throw new HttpError(404, 'Question not found');
    const correct = question.correct_answer.trim().toLowerCase() === userAnswer.trim().toLowerCase();
    await client.query('INSERT INTO exam_answers (attempt_id, question_id, user_answer, outcome, answered_at) VALUES ($1, $2, $3, $4, $5)', [
      attempt.id,
      questionId,
      userAnswer.trim(),
      correct ? 'correct' : 'incorrect',
      now,
    ]);
    const updated = (
      await client.query(
        `UPDATE exam_attempts SET current_question_id = NULL, draft_question_id = NULL, draft_answer = NULL, draft_timer = NULL
         WHERE id = $1 RETURNING *`,
        [attempt.id],
      )
    ).rows[0];
    return {
      correct,
      pendingReview: false,
      explanation: question.explanation,
      correctAnswer: question.correct_answer,
      attempt: await progressOf(client, updated, now),
    };
  });
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
