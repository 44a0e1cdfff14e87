import type autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Database } from '../../server/db/client.js';
import { hashPassword } from '../../server/platform/passwords.js';
import { atFullSize, type BenchArea, type BenchContext, type Scenario } from '../harness.js';

const QUESTIONS = atFullSize(2_000, 300);
// Half go through the exam on the app, the other half on the baseline (an attempt changes its
// learner). Each sits one form of EXAM_QUESTION_COUNT (100) questions, so 320 learners a side are
// 32,000 cycles, and each round leaves its 32 learners part-way: more than either side gets through
// in three rounds (about 4,500 cycles a round), so no request meets a finished exam.
// `--compare` runs each side for a second only, with a few connections: a few learners suffice.
const LEARNERS = atFullSize(640, 640, 16);
/**
 * Earlier learners' finished exams, so the exam's tables hold history when the cycle starts, as
 * they do in production. On empty tables the first connection to run the exam's statements caches
 * plans that scan `exam_answers` whole (cheapest on an empty table); PostgreSQL replans when
 * autovacuum analyzes the table, which in production follows the first few dozen answers but never
 * came within the bench's seconds, and whichever side ran first paid for it round after round.
 */
const PAST_LEARNERS = atFullSize(2_000, 200, 20);
const CONNECTIONS = atFullSize(32, 32, 4);
const LEARNER_PASSWORD = 'bench-learner-password';
const learner = (n: number) => `benchlearner${n}`;
// Test-centre candidates: one per connection, each with an open sitting whose answers it keeps changing.
const SITTERS = CONNECTIONS;
const sitter = (n: number) => `benchsitter${n}`;

async function seed(pool: pg.Pool, _db: Database): Promise<void> {
  const passwordHash = await hashPassword(LEARNER_PASSWORD);
  await pool.query(
    `INSERT INTO lms_users (username, password_hash, profession, role, allowed_programs, created_at)
     SELECT 'benchlearner' || g, $2, 'nurse', 'user', '["exam-results"]'::jsonb, now() FROM generate_series(1, $1::int) g`,
    [LEARNERS, passwordHash],
  );
  await pool.query(
    `INSERT INTO exam_questions (question, question_type, options, correct_answer, explanation, profession, difficulty, created_at)
     SELECT 'Bench question ' || g || ': which option is right?', 'multiple-choice',
            '["Option A", "Option B", "Option C", "Option D"]'::jsonb, 'Option A', 'Option A is right by construction.',
            'nurse', (ARRAY['easy', 'medium', 'hard'])[1 + g % 3], now()
     FROM generate_series(1, $1::int) g`,
    [QUESTIONS],
  );
  await pool.query(
    `INSERT INTO lms_users (username, password_hash, profession, role, allowed_programs, created_at)
     SELECT 'benchsitter' || g, $2, 'nurse', 'user', '["exam-results"]'::jsonb, now() FROM generate_series(1, $1::int) g`,
    [SITTERS, passwordHash],
  );
  await pool.query(
    `INSERT INTO lms_users (username, password_hash, profession, role, allowed_programs, created_at)
     SELECT 'pastlearner' || g, $2, 'nurse', 'user', '["exam-results"]'::jsonb, now() - interval '30 days' FROM generate_series(1, $1::int) g`,
    [PAST_LEARNERS, passwordHash],
  );
  await pool.query(
    `INSERT INTO exam_attempts (user_id, exam_key, profession, language, seed, question_ids, started_at, deadline_at, finished_at, finish_reason)
     SELECT u.id, 'nurse-en', 'nurse', 'en', u.id,
            ARRAY(SELECT id FROM exam_questions ORDER BY md5(u.id::text || ':' || id::text) LIMIT 100),
            now() - interval '2 days', now() - interval '2 days' + interval '3 hours', now() - interval '2 days' + interval '1 hour', 'completed'
     FROM lms_users u WHERE u.username LIKE 'pastlearner%'`,
  );
  await pool.query(
    `INSERT INTO exam_answers (attempt_id, question_id, user_answer, outcome, answered_at)
     SELECT a.id, q.id, 'Option A', 'correct', a.started_at FROM exam_attempts a CROSS JOIN LATERAL unnest(a.question_ids) AS q(id)
     WHERE a.finish_reason = 'completed'`,
  );
}

async function logIn(appUrl: string, n: number, name = learner): Promise<string> {
  const response = await fetch(`${appUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name(n), password: LEARNER_PASSWORD }),
  });
  if (!response.ok) throw new Error(`LMS login of ${name(n)} failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Each connection is one learner going through the timed exam: ask for the current question,
 * answer it, ask for the next. A learner who has answered every question hands over to a fresh one.
 */
async function examCycle(ctx: BenchContext): Promise<Scenario> {
  const tokens: string[] = [];
  // A few at a time: each login is an argon2 verification.
  for (let n = 1; n <= LEARNERS; n += 4) {
    tokens.push(
      ...(await Promise.all([n, n + 1, n + 2, n + 3].filter((k) => k <= LEARNERS).map((k) => logIn(ctx.appUrl, k)))),
    );
  }
  const half = LEARNERS / 2;
  return {
    name: 'lms: exam next-question + submit cycle',
    target: 'app',
    connections: CONNECTIONS,
    setupClient: examCycleOf(tokens.slice(0, half)),
    // bench/baselines/exam-baseline.mjs runs the engine's statements; its learners are the other half.
    baseline: { setupClient: examCycleOf(tokens.slice(half)) },
    // Every run's connections take learners no run has used.
    repeatable: true,
    goal: 0.85,
  };
}

/** Each autocannon connection takes the next learner of `tokens`. */
function examCycleOf(tokens: string[]): (client: autocannon.Client) => void {
  let nextLearner = 0;
  return (client: autocannon.Client) => {
    let token = tokens[nextLearner++ % tokens.length];
    let questionId: number | undefined;
    client.setRequests([
      {
        method: 'GET',
        path: '/user/exam/questions',
        setupRequest: (request) => ({ ...request, headers: { authorization: `Bearer ${token}` } }),
        onResponse: (status, body) => {
          questionId = undefined;
          if (status !== 200) return;
          const served = (JSON.parse(body) as { examQuestions: { id: number }[] }).examQuestions[0];
          if (served) questionId = served.id;
          else token = tokens[nextLearner++ % tokens.length];
        },
      },
      {
        method: 'POST',
        path: '/user/exam/submit',
        // No question to answer (the learner finished): start over with the next learner.
        setupRequest: (request) =>
          questionId === undefined
            ? (undefined as unknown as autocannon.Request)
            : {
                ...request,
                headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
                body: JSON.stringify({ questionId, userAnswer: questionId % 2 ? 'Option A' : 'Option B' }),
              },
      },
    ]);
  };
}

/**
 * Test-centre sittings: each connection is a candidate who records or changes an answer to any
 * question of their form (with a fresh clientAnswerId each time, so every request writes). The
 * baseline (exam-baseline.mjs) records with the same statements; app and baseline take turns with
 * the same candidates, whose sittings stay open and equivalent (each request replaces an answer).
 */
async function testCentreSubmits(ctx: BenchContext): Promise<Scenario> {
  const sitters: { token: string; form: number[] }[] = [];
  for (let n = 1; n <= SITTERS; n++) {
    const token = await logIn(ctx.appUrl, n, sitter);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // A rerun finds the sitting still open (409): it goes on with it.
    const started = await fetch(`${ctx.appUrl}/user/exam/attempts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ mode: 'test-centre' }),
    });
    if (!started.ok && started.status !== 409)
      throw new Error(`test-centre start of ${sitter(n)} failed: ${started.status}`);
    const served = (await (await fetch(`${ctx.appUrl}/user/exam/questions`, { headers })).json()) as {
      navigator?: { questionId: number }[];
    };
    sitters.push({ token, form: (served.navigator ?? []).map((cell) => cell.questionId) });
  }
  let next = 0;
  return {
    name: 'lms: test-centre submit (record or replace)',
    target: 'app',
    connections: CONNECTIONS,
    baseline: true,
    repeatable: true,
    goal: 0.85,
    setupClient: (client: autocannon.Client) => {
      const { token, form } = sitters[next++ % sitters.length] ?? { token: '', form: [] };
      let turn = 0;
      client.setRequests([
        {
          method: 'POST',
          path: '/user/exam/submit',
          setupRequest: (request) => {
            const questionId = form[turn++ % Math.max(1, form.length)] ?? 0;
            return {
              ...request,
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({
                questionId,
                userAnswer: turn % 2 ? 'Option A' : 'Option B',
                clientAnswerId: randomUUID(),
              }),
            };
          },
        },
      ]);
    },
  };
}

export const lmsBench: BenchArea = {
  name: 'lms',
  seed,
  // Writes, each by its own learners: nothing to ask twice alike, so --compare only runs them briefly on both sides.
  scenarios: async (ctx) => [await examCycle(ctx), await testCentreSubmits(ctx)],
};
