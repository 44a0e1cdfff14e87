/*
 * The LMS's hot statements (the per-request account read, the exam cycle's statements) as named
 * prepared statements. This module imports nothing, so the bench's bare baseline
 * (`bench/baselines/exam-baseline.mjs`) runs these very texts from the build.
 */

/**
 * Every LMS request asks this (role, programs and session version are read per request), so it is
 * a named prepared statement (parsed and planned once per connection) on the pool itself, with the
 * columns named as the account's fields: no query building or result mapping per request.
 */
export const LMS_ACCOUNT_BY_ID = {
  name: 'lms_account',
  text: `SELECT id, username, profession, role, allowed_programs AS "allowedPrograms", created_at AS "createdAt", session_version AS "sessionVersion"
         FROM lms_users WHERE id = $1`,
};

// ---- The exam cycle's hot path (exam-serving.ts): the lock, then one statement per call.

/** An attempt's columns, named as the Attempt type's fields. */
export const ATTEMPT_COLUMNS = `id, user_id AS "userId", exam_key AS "examKey", profession, language, seed, started_at AS "startedAt",
  deadline_at AS "deadlineAt", finished_at AS "finishedAt", finish_reason AS "finishReason",
  current_question_id AS "currentQuestionId", draft_question_id AS "draftQuestionId", draft_answer AS "draftAnswer",
  draft_timer AS "draftTimer", draft_saved_at AS "draftSavedAt", question_ids AS "questionIds", mode,
  flagged_question_ids AS "flaggedQuestionIds", pause_allowed AS "pauseAllowed", break_every_seconds AS "breakEverySeconds",
  break_seconds AS "breakSeconds", silent_timer AS "silentTimer", paused_at AS "pausedAt",
  pause_limit_seconds AS "pauseLimitSeconds", paused_seconds AS "pausedSeconds", breaks_taken AS "breaksTaken"`;

/** lockAttempt's statement, as SQL text: the user's latest attempt at their exam, locked. */
export const LOCK_ATTEMPT = {
  name: 'exam_lock_attempt',
  text: `SELECT ${ATTEMPT_COLUMNS} FROM exam_attempts WHERE user_id = $1 AND exam_key = $2 ORDER BY id DESC LIMIT 1 FOR UPDATE`,
};

/**
 * The question on screen if it is still live and unanswered, else the next of the form in the
 * attempt's order, remembered as the question on screen; with the progress counts. No row: the
 * form has nothing left. $1 attempt, $2 question on screen, $3 the form, $4 seed.
 */
export const NEXT_QUESTION = {
  name: 'exam_next_question',
  text: `
    WITH answered AS (SELECT question_id, outcome FROM exam_answers WHERE attempt_id = $1),
    on_screen AS (
      SELECT id, question, question_format, question_type, options, difficulty FROM exam_questions
      WHERE id = $2 AND deleted_at IS NULL AND id NOT IN (SELECT question_id FROM answered)
    ),
    chosen AS (
      SELECT * FROM on_screen
      UNION ALL
      (SELECT id, question, question_format, question_type, options, difficulty FROM exam_questions
       WHERE NOT EXISTS (SELECT 1 FROM on_screen)
         AND id = ANY($3::int[]) AND deleted_at IS NULL AND id NOT IN (SELECT question_id FROM answered)
       ORDER BY md5($4::int::text || ':' || id::text) LIMIT 1)
    ),
    remembered AS (
      UPDATE exam_attempts SET current_question_id = chosen.id FROM chosen
      WHERE exam_attempts.id = $1 AND exam_attempts.current_question_id IS DISTINCT FROM chosen.id
      RETURNING exam_attempts.id
    )
    SELECT chosen.id, chosen.question, chosen.question_format AS "questionFormat", chosen.question_type AS "questionType",
      chosen.options, chosen.difficulty,
      (SELECT count(*) FROM answered)::int AS answered,
      (SELECT count(*) FROM answered WHERE outcome = 'correct')::int AS correct,
      (SELECT count(*) FROM exam_questions
       WHERE id = ANY($3::int[]) AND deleted_at IS NULL AND id NOT IN (SELECT question_id FROM answered))::int AS remaining,
      (SELECT count(*) FROM remembered)::int AS remembered
    FROM chosen`,
};

/** Whether the question was answered in this attempt already, and the question ($1 attempt, $2 question). */
export const ANSWER_CHECK = {
  name: 'exam_answer_check',
  text: `
    SELECT EXISTS (SELECT 1 FROM exam_answers WHERE attempt_id = $1 AND question_id = $2) AS already,
      q.question_type AS "questionType", q.correct_answer AS "correctAnswer", q.explanation, q.deleted_at AS "deletedAt"
    FROM (VALUES (1)) one LEFT JOIN exam_questions q ON q.id = $2`,
};

/**
 * Records the answer, clears the question on screen and its draft, writes the exam log's entry of
 * it, and counts the progress with the new answer in it (the counts' snapshot is taken before the
 * insert, hence the + 1s). $1 attempt, $2 question, $3 answer, $4 outcome, $5 time, $6 the form,
 * $7 the learner.
 */
export const RECORD_ANSWER = {
  name: 'exam_record_answer',
  text: `
    WITH inserted AS (
      INSERT INTO exam_answers (attempt_id, question_id, user_answer, outcome, answered_at) VALUES ($1, $2, $3, $4, $5) RETURNING id
    ),
    cleared AS (
      UPDATE exam_attempts SET current_question_id = NULL, draft_question_id = NULL, draft_answer = NULL, draft_timer = NULL
      WHERE id = $1 RETURNING id
    ),
    logged AS (
      INSERT INTO exam_logs (user_id, exam_id, log_data, created_at)
      SELECT $7::int, $1::int,
        jsonb_build_object('event', 'answered', 'message', format('Answer given to question %s', $2::int), 'questionId', $2::int),
        $5::timestamptz
      FROM inserted
    ),
    answered AS (SELECT question_id, outcome FROM exam_answers WHERE attempt_id = $1)
    SELECT (SELECT count(*) FROM answered)::int + (SELECT count(*) FROM inserted)::int AS answered,
      (SELECT count(*) FROM answered WHERE outcome = 'correct')::int + ($4::text = 'correct')::int AS correct,
      (SELECT count(*) FROM exam_questions
       WHERE id = ANY($6::int[]) AND id <> $2 AND deleted_at IS NULL AND id NOT IN (SELECT question_id FROM answered))::int AS remaining,
      (SELECT count(*) FROM cleared)::int AS cleared`,
};

/**
 * The distinct questions shown to a learner since a time: their exam forms and their practice sets.
 * The day's question budget counts these, for a form and a practice set alike. A review set holds
 * only questions the learner answered before, so it shows nothing new and is not counted.
 */
const shownSince = (user: string, since: string) => `
      SELECT unnest(question_ids) AS id FROM exam_attempts WHERE user_id = ${user}::int AND started_at > ${since}::timestamptz
      UNION
      SELECT unnest(question_ids) AS id FROM practice_sets WHERE user_id = ${user}::int AND served_at > ${since}::timestamptz AND kind <> 'review'`;

/** The questions shown to learner $1 since $2 (see dayBefore); a subquery of the practice sets' draw. */
export const SHOWN_SINCE = { name: 'exam_shown_since', text: shownSince('$1', '$2') };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The start of the day's budget: 24 hours before now. */
export const dayBefore = (now: Date) => new Date(now.getTime() - DAY_MS);

/**
 * A new attempt in one statement: its form drawn, the attempt inserted and its start logged. The
 * form is up to `questionCount` live questions of the profession, balanced across difficulties:
 * within each difficulty the questions are ranked by md5 of the seed and id, and the form takes
 * rank 1 of every difficulty, then rank 2, and so on; a difficulty that runs out leaves its share
 * to the others. Against harvesting, the distinct questions shown to one learner in 24 hours (forms
 * and practice sets) are bounded by `questionsPerDay`: a retake first reuses the questions already
 * shown that day (in a new order) and draws new ones only while the day's budget lasts. No row when another request opened
 * an attempt first (the unique index of open attempts). Every parameter is cast: in
 * `INSERT … SELECT` an untyped one would be text. The deadline is the duration times the learner's
 * accommodation multiplier plus their extra minutes, read from their row in the same statement with
 * the rest of their accommodation (pausing, breaks, the silent timer; see accommodations.ts). Values:
 * createAttemptValues.
 */
export const CREATE_ATTEMPT = {
  name: 'exam_create_attempt',
  text: `
    WITH allowance AS (
      SELECT round($8::int * coalesce(time_multiplier, 1) + coalesce(extra_minutes, 0) * 60)::int AS seconds,
        pause_allowed, break_every_minutes * 60 AS break_every_seconds, break_minutes * 60 AS break_seconds, silent_timer
      FROM lms_users WHERE id = $1::int
    ),
    shown AS (${shownSince('$1', '$7')}),
    ranked AS (
      SELECT q.id, q.difficulty, shown.id IS NOT NULL AS reused,
        row_number() OVER (PARTITION BY shown.id IS NOT NULL, q.difficulty ORDER BY md5($4::int::text || ':' || q.id::text)) AS rank
      FROM exam_questions q LEFT JOIN shown ON shown.id = q.id
      WHERE q.profession = $2::text AND q.deleted_at IS NULL
    ),
    budgeted AS (
      SELECT id, difficulty, reused, rank,
        CASE WHEN reused THEN 0 ELSE row_number() OVER (PARTITION BY reused ORDER BY rank, difficulty) END AS fresh
      FROM ranked
    ),
    form AS (
      SELECT coalesce(array_agg(id ORDER BY reused DESC, rank, difficulty), '{}') AS ids FROM (
        SELECT id, difficulty, reused, rank FROM budgeted
        WHERE reused OR fresh <= greatest(0, $10::int - (SELECT count(*) FROM shown))
        ORDER BY reused DESC, rank, difficulty LIMIT $9::int
      ) drawn
    ),
    created AS (
      INSERT INTO exam_attempts (user_id, exam_key, profession, language, seed, question_ids, started_at, deadline_at, mode,
        pause_allowed, break_every_seconds, break_seconds, silent_timer)
      SELECT $1::int, $3::text, $2::text, 'en', $4::int, form.ids,
        $6::timestamptz, $6::timestamptz + make_interval(secs => allowance.seconds), $5::text,
        allowance.pause_allowed, allowance.break_every_seconds, allowance.break_seconds, allowance.silent_timer
      FROM form, allowance
      ON CONFLICT DO NOTHING
      RETURNING id, user_id, exam_key, question_ids, deadline_at, mode, extract(epoch FROM deadline_at - started_at)::int AS seconds,
        started_at, pause_allowed, break_every_seconds, break_seconds, silent_timer
    ),
    logged AS (
      INSERT INTO exam_logs (user_id, exam_id, log_data, created_at)
      SELECT user_id, id,
        jsonb_build_object('event', 'started', 'message', format('Exam started (%s, %s s, %s questions)', exam_key, seconds, cardinality(question_ids)), 'mode', mode),
        $6::timestamptz
      FROM created
      UNION ALL
      -- The learner's accommodation, as this attempt applies it (the exam log's timeline says so).
      SELECT user_id, id,
        jsonb_build_object('event', 'accommodations', 'message', 'Accommodations applied: ' || concat_ws('; ',
          CASE WHEN seconds <> $8::int THEN format('%s s more time (%s s in all)', seconds - $8::int, seconds) END,
          CASE WHEN pause_allowed THEN 'pausing allowed' END,
          CASE WHEN break_every_seconds IS NOT NULL THEN format('a break of %s min every %s min', break_seconds / 60, break_every_seconds / 60) END,
          CASE WHEN silent_timer THEN 'silent timer' END)),
        $6::timestamptz
      FROM created
      WHERE seconds <> $8::int OR pause_allowed OR break_every_seconds IS NOT NULL OR silent_timer
    )
    SELECT id, question_ids AS "questionIds", deadline_at AS "deadlineAt", mode, started_at AS "startedAt",
      pause_allowed AS "pauseAllowed", break_every_seconds AS "breakEverySeconds", break_seconds AS "breakSeconds",
      silent_timer AS "silentTimer"
    FROM created`,
};

/** CREATE_ATTEMPT's values, in its order. */
export function createAttemptValues(
  learner: { id: number; profession: string; examKey: string },
  attempt: { seed: number; mode: string },
  now: Date,
  settings: { durationSeconds: number; questionCount: number; questionsPerDay: number },
): unknown[] {
  return [
    learner.id,
    learner.profession,
    learner.examKey,
    attempt.seed,
    attempt.mode,
    now,
    dayBefore(now),
    settings.durationSeconds,
    settings.questionCount,
    settings.questionsPerDay,
  ];
}

// ---- The test-centre sitting's answer (test-centre.ts): the lock, then these two.

/**
 * The receipt of an answer that may be resent (none without a clientAnswerId) and what recording
 * or repeating the answer needs: whether that clientAnswerId was applied already (`duplicate`),
 * whether it was applied for another question than this one (`otherQuestion`: the caller refuses,
 * and the question is not read at all), the answer kept for the question, and the question (its
 * columns null when no question has that id, or when the receipt is another question's).
 * A test-centre answer always runs it; a practice-mode answer when it carries a clientAnswerId.
 * $1 attempt, $2 question, $3 clientAnswerId or null, $4 time.
 */
export const SITTING_ANSWER_CHECK = {
  name: 'exam_sitting_answer_check',
  text: `
    WITH receipt AS (
      INSERT INTO exam_answer_receipts (attempt_id, client_answer_id, question_id, received_at)
      SELECT $1::int, $3::uuid, $2::int, $4::timestamptz WHERE $3::uuid IS NOT NULL
      ON CONFLICT DO NOTHING RETURNING client_answer_id
    ),
    kept AS (SELECT user_answer FROM exam_answers WHERE attempt_id = $1::int AND question_id = $2::int),
    state AS (
      SELECT duplicate,
        -- The statement's snapshot predates its insert: a row here is the earlier receipt.
        duplicate AND (
          (SELECT question_id FROM exam_answer_receipts WHERE attempt_id = $1::int AND client_answer_id = $3::uuid)
            IS DISTINCT FROM $2::int
          OR NOT EXISTS (SELECT 1 FROM kept)
        ) AS other_question
      FROM (SELECT ($3::uuid IS NOT NULL AND NOT EXISTS (SELECT 1 FROM receipt)) AS duplicate) d
    )
    SELECT state.duplicate, state.other_question AS "otherQuestion", (SELECT user_answer FROM kept) AS "keptAnswer",
      q.question_type AS "questionType", q.correct_answer AS "correctAnswer", q.explanation, (q.deleted_at IS NOT NULL) AS withdrawn
    FROM state LEFT JOIN exam_questions q ON q.id = $2::int AND NOT state.other_question`,
};

/**
 * Records the answer or replaces the earlier one, clears the question's draft, writes the exam
 * log's entry of it (given, or changed: none when the same answer is given again), and counts the
 * progress with the answer in it (the counts' snapshot is taken before the write, hence the
 * question is counted apart). $1 attempt, $2 question, $3 answer, $4 outcome, $5 time, $6 the form,
 * $7 the learner, $8 the log's event (or null), $9 its message.
 */
export const RECORD_SITTING_ANSWER = {
  name: 'exam_record_sitting_answer',
  text: `
    WITH upserted AS (
      INSERT INTO exam_answers (attempt_id, question_id, user_answer, outcome, answered_at) VALUES ($1::int, $2::int, $3::text, $4::text, $5::timestamptz)
      ON CONFLICT (attempt_id, question_id) DO UPDATE
        SET user_answer = excluded.user_answer, outcome = excluded.outcome, answered_at = excluded.answered_at, reviewed_at = NULL, review_note = NULL
      RETURNING id
    ),
    cleared AS (
      UPDATE exam_attempts SET draft_question_id = NULL, draft_answer = NULL, draft_timer = NULL
      WHERE id = $1::int AND draft_question_id = $2::int RETURNING id
    ),
    logged AS (
      INSERT INTO exam_logs (user_id, exam_id, log_data, created_at)
      SELECT $7::int, $1::int, jsonb_build_object('event', $8::text, 'message', $9::text, 'questionId', $2::int), $5::timestamptz
      WHERE $8::text IS NOT NULL
    ),
    answered AS (SELECT question_id, outcome FROM exam_answers WHERE attempt_id = $1::int AND question_id <> $2::int)
    SELECT (SELECT count(*) FROM answered)::int + (SELECT count(*) FROM upserted)::int AS answered,
      (SELECT count(*) FROM answered WHERE outcome = 'correct')::int + ($4::text = 'correct')::int AS correct,
      (SELECT count(*) FROM exam_questions
       WHERE id = ANY($6::int[]) AND id <> $2::int AND deleted_at IS NULL AND id NOT IN (SELECT question_id FROM answered))::int AS remaining,
      (SELECT count(*) FROM cleared)::int AS cleared`,
};

/** RECORD_ANSWER's values, in its order (the app's hot path and the bench's baseline alike). */
export function recordAnswerValues(
  attempt: { id: number; userId: number },
  answer: { questionId: number; userAnswer: string; outcome: string },
  form: number[],
  now: Date,
): unknown[] {
  return [attempt.id, answer.questionId, answer.userAnswer, answer.outcome, now, form, attempt.userId];
}

/**
 * RECORD_SITTING_ANSWER's values, in its order, with the exam log's entry of the answer: given when
 * none was kept, changed when another was, none when the same answer is given again.
 */
export function recordSittingAnswerValues(
  attempt: { id: number; userId: number },
  answer: { questionId: number; userAnswer: string; outcome: string; keptAnswer: string | null },
  form: number[],
  now: Date,
): unknown[] {
  const event =
    answer.keptAnswer === null ? 'answered' : answer.keptAnswer !== answer.userAnswer ? 'answer-changed' : null;
  const message =
    event === 'answer-changed'
      ? `Answer changed on question ${answer.questionId}`
      : `Answer given to question ${answer.questionId}`;
  return [attempt.id, answer.questionId, answer.userAnswer, answer.outcome, now, form, attempt.userId, event, message];
}

/** An attempt's progress counts. $1 attempt, $2 the form. */
export const ATTEMPT_COUNTS = {
  name: 'exam_attempt_counts',
  text: `
    WITH answered AS (SELECT question_id, outcome FROM exam_answers WHERE attempt_id = $1::int)
    SELECT (SELECT count(*) FROM answered)::int AS answered,
      (SELECT count(*) FROM answered WHERE outcome = 'correct')::int AS correct,
      (SELECT count(*) FROM exam_questions
       WHERE id = ANY($2::int[]) AND deleted_at IS NULL AND id NOT IN (SELECT question_id FROM answered))::int AS remaining`,
};
