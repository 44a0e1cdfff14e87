import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AnswerResult,
  ExamAttemptsResponse,
  ExamProgress,
  CurrentQuestionResponse,
  PracticeSetResponse,
  ExamReview,
  Profession,
  Progress,
  ProfileResponse,
} from '../../contracts/lms.js';
import { createQuestion, registerLearner, signInLmsAdmin, type Learner } from '../factories/lms.js';
import { createTestApp, type TestApp } from '../test-app.js';

const FORM_SIZE = 6;
const PRACTICE_SETS_PER_HOUR = 3;
const MOCK_SECONDS = 300;

describe('exam integrity, retakes and review', () => {
  let t: TestApp;
  let admin: { headers: Record<string, string> };

  beforeAll(async () => {
    t = await createTestApp({
      EXAM_QUESTION_COUNT: String(FORM_SIZE),
      PRACTICE_SETS_PER_HOUR: String(PRACTICE_SETS_PER_HOUR),
      MOCK_EXAM_DURATION_SECONDS: String(MOCK_SECONDS),
      LOGIN_RATE_LIMIT: '1000',
    });
    admin = await signInLmsAdmin(t);
  });
  afterAll(() => t.close());

  /** A profession's bank emptied, then filled with `perDifficulty` questions of each difficulty. */
  async function freshBank(
    profession: Profession,
    perDifficulty: number,
    overrides: Parameters<typeof createQuestion>[2] = {},
  ) {
    await t.database.pool.query('UPDATE exam_questions SET deleted_at = now() WHERE profession = $1', [profession]);
    const made = [];
    for (const difficulty of ['easy', 'medium', 'hard'] as const) {
      for (let i = 0; i < perDifficulty; i++)
        made.push(await createQuestion(t, admin.headers, { profession, difficulty, ...overrides }));
    }
    return made;
  }
  const get = (headers: Record<string, string>, url: string, query?: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers, ...(query ? { query } : {}) });
  const next = async (learner: Learner) =>
    (await get(learner.headers, '/user/exam/questions')).json<CurrentQuestionResponse>();
  const submit = (learner: Learner, questionId: number, userAnswer: string) =>
    t.app.inject({
      method: 'POST',
      url: '/user/exam/submit',
      headers: learner.headers,
      payload: { questionId, userAnswer },
    });
  const practise = (learner: Learner, set: 'mock' | 'mistakes' = 'mock') =>
    get(learner.headers, '/user/exam/questions', { set });
  const scorePractice = (learner: Learner, answers: Record<string, string>, setId?: number) =>
    t.app.inject({
      method: 'POST',
      url: '/user/exam/submit',
      headers: learner.headers,
      payload: { answers, ...(setId ? { setId } : {}) },
    });
  /** Answers every question of the open attempt, right or wrong by `answer`, until none is left. */
  async function answerAll(learner: Learner, answer: (index: number) => string) {
    for (let i = 0; ; i++) {
      const served = (await next(learner)).examQuestions[0];
      if (!served) return i;
      expect((await submit(learner, served.id, answer(i))).statusCode).toBe(200);
    }
  }

  describe('the practice module is no answer oracle', () => {
    it('when a timed attempt is open, then no practice set is served and no answers are scored, not even the question on screen', async () => {
      await freshBank('doctor', 2);
      const learner = await registerLearner(t, { profession: 'doctor' });
      const onScreen = (await next(learner)).examQuestions[0];
      expect(onScreen).toBeDefined();
      const served = await practise(learner);
      expect(served.statusCode).toBe(409);
      expect(served.body).not.toContain(onScreen?.question ?? '-');
      // Each option of the question on screen, sent to the practice scorer: nothing is scored.
      for (const option of onScreen?.options ?? []) {
        const probe = await scorePractice(learner, { [String(onScreen?.id)]: option });
        expect(probe.statusCode).toBe(409);
        expect(probe.body).not.toMatch(/score/);
      }
    });

    it('when answers name a question the set did not serve, then nothing is scored; a set is scored once and only in its time', async () => {
      const bank = await freshBank('nurse', 6);
      const learner = await registerLearner(t, { profession: 'nurse' });
      const first = (await practise(learner)).json<PracticeSetResponse>();
      const servedIds = new Set(first.examQuestions.map((q) => q.id));
      expect(first.practiceSet?.id).toEqual(expect.any(Number));
      const outsider = bank.find((q) => !servedIds.has(q.id));
      expect(outsider).toBeDefined();
      const smuggled = await scorePractice(learner, { [String(outsider?.id)]: 'Right' });
      expect(smuggled.statusCode).toBe(400);

      const answers = Object.fromEntries(first.examQuestions.map((q) => [String(q.id), 'Right']));
      const scored = await scorePractice(learner, answers, first.practiceSet?.id);
      expect(scored.statusCode).toBe(200);
      expect(scored.json()).toEqual({
        score: first.examQuestions.length,
        total: first.examQuestions.length,
        essays: 0,
        review: expect.any(Array),
      });
      const again = await scorePractice(learner, answers, first.practiceSet?.id);
      expect(again.statusCode).toBe(409);

      const second = (await practise(learner)).json<PracticeSetResponse>();
      t.clock.advance((MOCK_SECONDS + 31) * 1000);
      const late = await scorePractice(
        learner,
        Object.fromEntries(second.examQuestions.map((q) => [String(q.id), 'Right'])),
      );
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ error: 'The time for this practice set is over' });
    });

    it('when a learner asks for more practice sets than the hourly limit, then the next is a 429 until the hour has passed', async () => {
      await freshBank('dentist', 1);
      const learner = await registerLearner(t, { profession: 'dentist' });
      for (let i = 0; i < PRACTICE_SETS_PER_HOUR; i++) expect((await practise(learner)).statusCode).toBe(200);
      const limited = await practise(learner);
      expect(limited.statusCode).toBe(429);
      // Another learner is not limited by this one.
      expect((await practise(await registerLearner(t, { profession: 'dentist' }))).statusCode).toBe(200);
      t.clock.advance(3_601_000);
      expect((await practise(learner)).statusCode).toBe(200);
    });
  });

  it('when options are served, then their order differs between attempts and stays the same on reload and in the review', async () => {
    const options = ['Right', 'Wrong 1', 'Wrong 2', 'Wrong 3', 'Wrong 4', 'Wrong 5'];
    await freshBank('physiotherapist', 0);
    await createQuestion(t, admin.headers, { profession: 'physiotherapist', options, correct_answer: 'Right' });
    const orders: string[][] = [];
    for (let i = 0; i < 8; i++) {
      const learner = await registerLearner(t, { profession: 'physiotherapist', programs: ['exam-results'] });
      const first = (await next(learner)).examQuestions[0];
      const reload = (await next(learner)).examQuestions[0];
      expect(reload?.options).toEqual(first?.options);
      expect([...(first?.options ?? [])].sort()).toEqual([...options].sort());
      orders.push(first?.options ?? []);
      if (i === 0) {
        await submit(learner, first?.id ?? 0, 'Right');
        await next(learner);
        const attempts = (await get(learner.headers, '/user/exam/attempts')).json<ExamAttemptsResponse>();
        const review = (
          await get(learner.headers, `/user/exam/attempts/${attempts.attempts[0]?.id}/review`)
        ).json<ExamReview>();
        expect(review.questions[0]?.options).toEqual(first?.options);
      }
    }
    // With 6 options, 8 attempts all showing the right one first would happen by chance once in 1.7 million.
    expect(orders.filter((order) => order[0] === 'Right').length).toBeLessThan(orders.length);
    expect(new Set(orders.map((order) => order.join('|'))).size).toBeGreaterThan(1);
  });

  it('when an attempt starts, then it draws a form of EXAM_QUESTION_COUNT questions balanced across difficulties, not the bank', async () => {
    await freshBank('nutritionist', 5);
    const learner = await registerLearner(t, { profession: 'nutritionist' });
    const seen: string[] = [];
    const start = await next(learner);
    expect(start.attempt?.totalQuestions).toBe(FORM_SIZE);
    const rows = await t.database.pool.query<{ difficulty: string; n: number }>(
      `SELECT q.difficulty, count(*)::int AS n FROM exam_attempts a CROSS JOIN unnest(a.question_ids) AS f(id) JOIN exam_questions q ON q.id = f.id
       WHERE a.id = $1 GROUP BY q.difficulty ORDER BY q.difficulty`,
      [start.attempt?.attemptId],
    );
    expect(rows.rows).toEqual([
      { difficulty: 'easy', n: 2 },
      { difficulty: 'hard', n: 2 },
      { difficulty: 'medium', n: 2 },
    ]);
    for (;;) {
      const served = (await next(learner)).examQuestions[0];
      if (!served) break;
      seen.push(served.question);
      await submit(learner, served.id, 'Right');
    }
    expect(seen).toHaveLength(FORM_SIZE);
  });

  it('when a free learner finishes an exam with questions left, then summary, attempts, progress and profile show one score (correct of the whole form) and the verdict; the review stays locked', async () => {
    await freshBank('doctor', 2);
    const learner = await registerLearner(t, { profession: 'doctor', programs: ['course'] });
    // Two right, one wrong, three never answered: 2 of 6, not "2 of 3 answers".
    for (const answer of ['Right', 'Right', 'Wrong']) {
      const served = (await next(learner)).examQuestions[0];
      expect((await submit(learner, served?.id ?? 0, answer)).statusCode).toBe(200);
    }
    const finished = await t.app.inject({ method: 'POST', url: '/user/exam/finish', headers: learner.headers });
    expect(finished.statusCode).toBe(200);
    const percentage = 33.3;
    expect(finished.json()).toMatchObject({
      locked: true,
      finished: true,
      summary: { totalQuestions: FORM_SIZE, totalScore: 2, percentage, passMark: 60, passed: false },
    });
    const progress = (await get(learner.headers, '/user/progress')).json<{ progress: Progress }>().progress;
    expect(progress.exam).toEqual({ totalScore: 2, totalQuestions: FORM_SIZE, exams: 1, percentage, locked: true });
    const profile = (await get(learner.headers, '/user/profile')).json<ProfileResponse>();
    expect(profile.progress.exam).toEqual(progress.exam);
    const attempts = (await get(learner.headers, '/user/exam/attempts')).json<ExamAttemptsResponse>();
    expect(attempts.locked).toBe(true);
    expect(attempts.attempts[0]).toMatchObject({ answered: 3, questions: FORM_SIZE, score: 2, percentage });
    const summary = (await get(learner.headers, '/user/exam/summary')).json<{ summary: { percentage: number } }>();
    expect(summary.summary.percentage).toBe(percentage);
    // The details stay Premium: the review, with its topics and percentile, and the rate badges.
    const review = await get(learner.headers, `/user/exam/attempts/${attempts.attempts[0]?.id}/review`);
    expect(review.statusCode).toBe(403);
    expect(review.json()).toMatchObject({ code: 'UPGRADE_REQUIRED' });
  });

  it('when exam results are locked, then no exam answer carries the correct count: questions, submits, retakes, hot and full path', async () => {
    await freshBank('dentist', 1);
    const locked = await registerLearner(t, { profession: 'dentist', programs: ['course'] });
    const open = await next(locked);
    expect(open.attempt).toMatchObject({ answeredCount: 0, correctCount: null });
    const answered = (await submit(locked, open.examQuestions[0]?.id ?? 0, 'Right')).json<AnswerResult>();
    expect(answered).toMatchObject({ correct: true, attempt: { answeredCount: 1, correctCount: null } });
    expect((await next(locked)).attempt).toMatchObject({ answeredCount: 1, correctCount: null });
    await answerAll(locked, () => 'Right');
    // A finished attempt is answered by the full path.
    expect((await next(locked)).attempt).toMatchObject({ finished: true, answeredCount: 3, correctCount: null });
    const retake = await t.app.inject({ method: 'POST', url: '/user/exam/attempts', headers: locked.headers });
    expect(retake.statusCode).toBe(201);
    expect(retake.json<ExamProgress>().correctCount).toBeNull();

    // With the program, the same answers carry the count.
    const open2 = await registerLearner(t, { profession: 'dentist', programs: ['exam-results'] });
    const served = await next(open2);
    expect(served.attempt?.correctCount).toBe(0);
    expect(
      (await submit(open2, served.examQuestions[0]?.id ?? 0, 'Right')).json<AnswerResult>().attempt.correctCount,
    ).toBe(1);
    await answerAll(open2, () => 'Right');
    expect((await next(open2)).attempt).toMatchObject({ finished: true, correctCount: 3 });
    expect(
      (await t.app.inject({ method: 'POST', url: '/user/exam/attempts', headers: open2.headers })).json<ExamProgress>()
        .correctCount,
    ).toBe(0);
  });

  it('when an attempt is open, then a retake is a 409; once finished, a retake starts a new form and the history lists both', async () => {
    await freshBank('nurse', 2);
    const learner = await registerLearner(t, { profession: 'nurse', programs: ['exam-results'] });
    await next(learner);
    const early = await t.app.inject({ method: 'POST', url: '/user/exam/attempts', headers: learner.headers });
    expect(early.statusCode).toBe(409);
    await answerAll(learner, (i) => (i % 2 ? 'Wrong' : 'Right'));
    // A finished attempt stays finished: asking for questions does not start another.
    expect((await next(learner)).examQuestions).toEqual([]);

    t.clock.advance(60_000);
    const retake = await t.app.inject({ method: 'POST', url: '/user/exam/attempts', headers: learner.headers });
    expect(retake.statusCode).toBe(201);
    const started = retake.json<ExamProgress>();
    expect(started).toMatchObject({ answeredCount: 0, totalQuestions: FORM_SIZE, finished: false });
    const twice = await Promise.all(
      [1, 2].map(() => t.app.inject({ method: 'POST', url: '/user/exam/attempts', headers: learner.headers })),
    );
    expect(twice.map((r) => r.statusCode)).toEqual([409, 409]);
    const served = await next(learner);
    expect(served.attempt?.attemptId).toBe(started.attemptId);
    expect(served.examQuestions).toHaveLength(1);

    const history = await get(learner.headers, '/user/exam/attempts');
    expect(history.headers['x-total-count']).toBe('2');
    const list = history.json<ExamAttemptsResponse>();
    expect(list.attempts.map((a) => a.id)).toEqual([started.attemptId, expect.any(Number)]);
    expect(list.attempts[0]).toMatchObject({ finished_at: null, finish_reason: null, answered: 0 });
    expect(list.attempts[1]).toMatchObject({
      finish_reason: 'completed',
      answered: FORM_SIZE,
      score: 3,
      percentage: 50,
    });
    expect(list.attempts[1]?.finished_at).toEqual(expect.any(String));
  });

  it('when two retakes are asked for at once, then exactly one attempt starts', async () => {
    await freshBank('doctor', 1);
    const learner = await registerLearner(t, { profession: 'doctor' });
    await next(learner);
    await t.app.inject({ method: 'POST', url: '/user/exam/finish', headers: learner.headers });
    const results = await Promise.all(
      [1, 2, 3].map(() => t.app.inject({ method: 'POST', url: '/user/exam/attempts', headers: learner.headers })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const { rows } = await t.database.pool.query<{ open: number }>(
      'SELECT count(*)::int AS open FROM exam_attempts WHERE user_id = $1 AND finished_at IS NULL',
      [learner.id],
    );
    expect(rows[0]?.open).toBe(1);
  });

  it('when a finished attempt is reviewed, then each answer comes with the correct one and the explanation; other learners get a 404', async () => {
    await freshBank('dentist', 1, { explanation: 'Because the textbook says so.' });
    const learner = await registerLearner(t, { profession: 'dentist', programs: ['exam-results'] });
    const first = await next(learner);
    const attemptId = first.attempt?.attemptId ?? 0;
    expect((await get(learner.headers, `/user/exam/attempts/${attemptId}/review`)).statusCode).toBe(409);
    await answerAll(learner, (i) => (i === 0 ? 'Wrong' : 'Right'));
    const review = (await get(learner.headers, `/user/exam/attempts/${attemptId}/review`)).json<ExamReview>();
    expect(review.attempt).toMatchObject({ id: attemptId, answered: 3, score: 2 });
    expect(review.unanswered).toBe(0);
    expect(review.questions[0]).toMatchObject({
      userAnswer: 'Wrong',
      correctAnswer: 'Right',
      outcome: 'incorrect',
      explanation: 'Because the textbook says so.',
    });
    expect(review.questions.slice(1).map((q) => q.outcome)).toEqual(['correct', 'correct']);

    const stranger = await registerLearner(t, { profession: 'dentist', programs: ['exam-results'] });
    expect((await get(stranger.headers, `/user/exam/attempts/${attemptId}/review`)).statusCode).toBe(404);

    // Practise my mistakes: only the question answered wrongly.
    const mistakes = (await practise(learner, 'mistakes')).json<PracticeSetResponse>();
    expect(mistakes.examQuestions.map((q) => q.id)).toEqual([review.questions[0]?.questionId]);
    const none = (await practise(stranger, 'mistakes')).json<PracticeSetResponse>();
    expect(none.examQuestions).toEqual([]);
    expect(none.message).toMatch(/No mistakes/);

    // Put right in a retake, the question is no longer a mistake.
    t.clock.advance(1000);
    expect(
      (await t.app.inject({ method: 'POST', url: '/user/exam/attempts', headers: learner.headers })).statusCode,
    ).toBe(201);
    await answerAll(learner, () => 'Right');
    const corrected = (await practise(learner, 'mistakes')).json<PracticeSetResponse>();
    expect(corrected.examQuestions).toEqual([]);
  });

  it('when a retake wait is set, then a retake before it is a 409 and the attempts list says when', async () => {
    const waiting = await createTestApp({ EXAM_QUESTION_COUNT: '2', EXAM_RETAKE_WAIT_SECONDS: '3600' });
    try {
      const waitingAdmin = await signInLmsAdmin(waiting);
      await createQuestion(waiting, waitingAdmin.headers, { profession: 'nurse' });
      const learner = await registerLearner(waiting, { profession: 'nurse' });
      const q = (
        await waiting.app.inject({ method: 'GET', url: '/user/exam/questions', headers: learner.headers })
      ).json<PracticeSetResponse>();
      await waiting.app.inject({
        method: 'POST',
        url: '/user/exam/submit',
        headers: learner.headers,
        payload: { questionId: q.examQuestions[0]?.id, userAnswer: 'Right' },
      });
      await waiting.app.inject({ method: 'POST', url: '/user/exam/finish', headers: learner.headers });
      const finishedAt = waiting.clock.now().getTime();
      const list = (
        await waiting.app.inject({ method: 'GET', url: '/user/exam/attempts', headers: learner.headers })
      ).json<ExamAttemptsResponse>();
      expect(list.nextAttemptAt).toBe(new Date(finishedAt + 3_600_000).toISOString());
      const tooSoon = await waiting.app.inject({
        method: 'POST',
        url: '/user/exam/attempts',
        headers: learner.headers,
      });
      expect(tooSoon.statusCode).toBe(409);
      // The client tells the time from the attempts list (nextAttemptAt), in the learner's own time zone.
      expect(tooSoon.json()).toEqual({
        error: `You can retake the exam from ${list.nextAttemptAt}.`,
        code: 'RETAKE_NOT_YET',
      });
      waiting.clock.advance(3_600_000);
      expect(
        (await waiting.app.inject({ method: 'POST', url: '/user/exam/attempts', headers: learner.headers })).statusCode,
      ).toBe(201);
    } finally {
      await waiting.close();
    }
  });

  it('when an admin sets the wait between attempts, then it overrides the default and bad values change nothing', async () => {
    const settings = (payload?: object) =>
      t.app.inject({
        method: payload ? 'PUT' : 'GET',
        url: '/admin/exam-settings',
        headers: admin.headers,
        ...(payload ? { payload } : {}),
      });
    const defaults = { doctor: 60, nurse: 60, physiotherapist: 60, nutritionist: 60, dentist: 60 };
    expect((await settings()).json()).toEqual({ retakeWaitSeconds: 0, passMarks: defaults });
    expect((await settings({ retakeWaitSeconds: -1 })).statusCode).toBe(400);
    expect((await settings({ retakeWaitSeconds: 1.5 })).statusCode).toBe(400);
    expect((await settings()).json()).toEqual({ retakeWaitSeconds: 0, passMarks: defaults });
    expect((await settings({ retakeWaitSeconds: 600 })).json()).toEqual({
      retakeWaitSeconds: 600,
      passMarks: defaults,
    });
    try {
      await freshBank('nurse', 1);
      const learner = await registerLearner(t, { profession: 'nurse' });
      await next(learner);
      await t.app.inject({ method: 'POST', url: '/user/exam/finish', headers: learner.headers });
      expect(
        (await t.app.inject({ method: 'POST', url: '/user/exam/attempts', headers: learner.headers })).statusCode,
      ).toBe(409);
      t.clock.advance(600_000);
      expect(
        (await t.app.inject({ method: 'POST', url: '/user/exam/attempts', headers: learner.headers })).statusCode,
      ).toBe(201);
    } finally {
      await settings({ retakeWaitSeconds: 0 });
    }
  });

  it('when an answer is submitted, then the feedback names the correct option as served', async () => {
    await freshBank('physiotherapist', 1);
    const learner = await registerLearner(t, { profession: 'physiotherapist', programs: ['exam-results'] });
    const served = (await next(learner)).examQuestions[0];
    const result = (await submit(learner, served?.id ?? 0, 'Wrong')).json<AnswerResult>();
    expect(result.correct).toBe(false);
    expect(served?.options).toContain(result.correctAnswer);
  });

  it('when the question on screen is retired, then answering or autosaving it is a 409 QUESTION_WITHDRAWN, the next call serves another of the form (the retired one is no longer answerable), and the totals count live questions only', async () => {
    await freshBank('nutritionist', 2);
    const learner = await registerLearner(t, { profession: 'nutritionist', programs: ['exam-results'] });
    const first = await next(learner);
    const onScreen = first.examQuestions[0];
    expect(first.attempt?.totalQuestions).toBe(FORM_SIZE);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/exam-questions/${onScreen?.id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(204);
    const withdrawn = {
      error: 'This question was withdrawn from the exam; ask for the next question.',
      code: 'QUESTION_WITHDRAWN',
    };
    const draft = await t.app.inject({
      method: 'POST',
      url: '/user/exam/auto-save',
      headers: learner.headers,
      payload: { questionId: onScreen?.id, userAnswer: 'Ri', timer: 100 },
    });
    expect(draft.statusCode).toBe(409);
    expect(draft.json()).toEqual(withdrawn);
    const retired = await submit(learner, onScreen?.id ?? 0, 'Right');
    expect(retired.statusCode).toBe(409);
    expect(retired.json()).toEqual(withdrawn);

    const after = await next(learner);
    expect(after.examQuestions[0]?.id).not.toBe(onScreen?.id);
    expect(after.attempt).toMatchObject({ answeredCount: 0, totalQuestions: FORM_SIZE - 1 });
    const refused = await submit(learner, onScreen?.id ?? 0, 'Right');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'This is not the current question of your exam' });

    const answered = (await submit(learner, after.examQuestions[0]?.id ?? 0, 'Right')).json<AnswerResult>();
    expect(answered.attempt).toMatchObject({
      answeredCount: 1,
      correctCount: 1,
      totalQuestions: FORM_SIZE - 1,
      finished: false,
    });
    // The rest of the form, then the end: one question fewer than the form drew.
    expect(await answerAll(learner, () => 'Wrong')).toBe(FORM_SIZE - 2);
    const end = await next(learner);
    expect(end.attempt).toMatchObject({
      answeredCount: FORM_SIZE - 1,
      correctCount: 1,
      totalQuestions: FORM_SIZE - 1,
      finished: true,
    });
  });
});
