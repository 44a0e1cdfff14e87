import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  AnswerResult,
  CurrentQuestionResponse,
  PracticeSetResponse,
  ExamSummary,
  Profession,
} from '../../contracts/lms.js';
import { createQuestion, registerLearner, signInLmsAdmin } from '../factories/lms.js';
import { createTestApp, type TestApp } from '../test-app.js';

const DURATION = 600;

describe('the timed exam engine', () => {
  let t: TestApp;
  let admin: { headers: Record<string, string> };

  beforeAll(async () => {
    t = await createTestApp({ EXAM_DURATION_SECONDS: String(DURATION), LOGIN_RATE_LIMIT: '1000' });
    admin = await signInLmsAdmin(t);
  });
  afterAll(() => t.close());

  // Each test gets a profession of its own by using a fresh set of questions for a learner of it.
  const professions: Profession[] = ['doctor', 'nurse', 'physiotherapist', 'nutritionist', 'dentist'];
  let nextProfession = 0;
  let profession: Profession;
  beforeEach(async () => {
    profession = professions[nextProfession++ % professions.length] ?? 'nurse';
    // Retire whatever earlier tests left for this profession, so every test starts from a known set.
    const existing = await t.app.inject({
      method: 'GET',
      url: '/exam-questions',
      headers: admin.headers,
      query: { profession, pageSize: '100' },
    });
    for (const q of existing.json<{ examQuestions: { id: number }[] }>().examQuestions) {
      await t.app.inject({ method: 'DELETE', url: `/exam-questions/${q.id}`, headers: admin.headers });
    }
  });

  const next = async (headers: Record<string, string>) => {
    const response = await t.app.inject({ method: 'GET', url: '/user/exam/questions', headers });
    expect(response.statusCode).toBe(200);
    return response.json<CurrentQuestionResponse>();
  };
  const submit = (headers: Record<string, string>, questionId: number, userAnswer: string) =>
    t.app.inject({ method: 'POST', url: '/user/exam/submit', headers, payload: { questionId, userAnswer } });
  const summary = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/user/exam/summary', headers })).json<ExamSummary>();

  it('when a question is served, then it never carries the correct answer or the explanation', async () => {
    await createQuestion(t, admin.headers, { profession, correct_answer: 'Right', explanation: 'SECRET-EXPLANATION' });
    const learner = await registerLearner(t, { profession });
    const response = await t.app.inject({ method: 'GET', url: '/user/exam/questions', headers: learner.headers });
    expect(response.body).not.toContain('SECRET-EXPLANATION');
    expect(response.body).not.toMatch(/correct_answer|explanation/);
    const body = response.json<CurrentQuestionResponse>();
    expect(Object.keys(body.examQuestions[0] ?? {}).sort()).toEqual([
      'difficulty',
      'id',
      'options',
      'question',
      'question_format',
      'question_type',
    ]);
    expect(body.attempt).toMatchObject({
      remainingSeconds: DURATION,
      answeredCount: 0,
      totalQuestions: 1,
      finished: false,
    });

    const mock = await t.app.inject({
      method: 'GET',
      url: '/user/exam/questions',
      headers: learner.headers,
      query: { set: 'mock' },
    });
    expect(mock.body).not.toMatch(/SECRET-EXPLANATION|correct_answer/);
  });

  it("when a learner's first question is asked for twice at once, then one attempt starts, is logged once, and both get its question", async () => {
    for (const n of [1, 2, 3]) await createQuestion(t, admin.headers, { profession, question: `Race question ${n}` });
    const learner = await registerLearner(t, { profession });
    const [first, second] = await Promise.all([next(learner.headers), next(learner.headers)]);
    expect(first.examQuestions[0]?.id).toEqual(expect.any(Number));
    expect(second.examQuestions[0]?.id).toBe(first.examQuestions[0]?.id);
    expect(second.attempt).toMatchObject({
      attemptId: first.attempt?.attemptId,
      answeredCount: 0,
      totalQuestions: 3,
      remainingSeconds: DURATION,
    });
    const { rows } = await t.database.pool.query<{ attempts: number; starts: string[] }>(
      `SELECT (SELECT count(*)::int FROM exam_attempts WHERE user_id = $1) AS attempts,
         (SELECT array_agg(log_data->>'message') FROM exam_logs WHERE user_id = $1 AND log_data->>'event' = 'started') AS starts`,
      [learner.id],
    );
    expect(rows[0]).toEqual({ attempts: 1, starts: [`Exam started (${profession}-en, ${DURATION} s, 3 questions)`] });
  });

  it('when an answer is submitted, then correct and explanation come back, and a second answer to it is a 409', async () => {
    const q = await createQuestion(t, admin.headers, { profession, explanation: 'Because.' });
    // With exam results open, the answer's progress carries the correct count (locked, it is null).
    const learner = await registerLearner(t, { profession, programs: ['exam-results'] });
    const served = await next(learner.headers);
    expect(served.examQuestions[0]?.id).toBe(q.id);

    const first = await submit(learner.headers, q.id, '  right ');
    expect(first.statusCode).toBe(200);
    expect(first.json<AnswerResult>()).toMatchObject({
      correct: true,
      explanation: 'Because.',
      attempt: { answeredCount: 1, correctCount: 1 },
    });

    const second = await submit(learner.headers, q.id, 'Wrong');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: 'This question has already been answered' });
    expect((await summary(learner.headers)).summary.totalQuestions).toBe(1);
  });

  it('when a practice-mode answer is resent with its clientAnswerId after a lost connection, then the feedback comes again and it is recorded once; another id is a 409', async () => {
    await createQuestion(t, admin.headers, { profession, explanation: 'Because.' });
    await createQuestion(t, admin.headers, { profession, explanation: 'Because.' });
    const learner = await registerLearner(t, { profession, programs: ['exam-results'] });
    const q = { id: (await next(learner.headers)).examQuestions[0]?.id ?? 0 };
    const send = (clientAnswerId: string, userAnswer: string) =>
      t.app.inject({
        method: 'POST',
        url: '/user/exam/submit',
        headers: learner.headers,
        payload: { questionId: q.id, userAnswer, clientAnswerId },
      });
    const id = '6c1f1a86-3f0e-4d55-9d44-0c5b2b8e0a01';
    const first = await send(id, 'Right');
    expect(first.statusCode).toBe(200);
    const again = await send(id, 'Right');
    expect(again.statusCode).toBe(200);
    expect(again.json<AnswerResult>()).toEqual(first.json<AnswerResult>());
    expect(again.json<AnswerResult>()).toMatchObject({
      correct: true,
      explanation: 'Because.',
      correctAnswer: 'Right',
      attempt: { answeredCount: 1, correctCount: 1 },
    });
    const other = await send('6c1f1a86-3f0e-4d55-9d44-0c5b2b8e0a02', 'Wrong');
    expect(other.statusCode).toBe(409);
    const { rows } = await t.database.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM exam_answers a JOIN exam_attempts t ON t.id = a.attempt_id WHERE t.user_id = $1',
      [learner.id],
    );
    expect(rows[0]?.n).toBe(1);
    // The next question is served as after any answer.
    expect((await next(learner.headers)).examQuestions[0]?.id).not.toBe(q.id);
  });

  it('when the same answer is sent twice at once, then exactly one is recorded and the other is a 409', async () => {
    const q = await createQuestion(t, admin.headers, { profession });
    const learner = await registerLearner(t, { profession, programs: ['exam-results'] });
    await next(learner.headers);
    const results = await Promise.all([submit(learner.headers, q.id, 'Right'), submit(learner.headers, q.id, 'Wrong')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await summary(learner.headers)).summary.totalQuestions).toBe(1);
  });

  it('when a question that is not on screen is answered, then it is refused', async () => {
    await createQuestion(t, admin.headers, { profession });
    await createQuestion(t, admin.headers, { profession });
    const learner = await registerLearner(t, { profession });
    const served = await next(learner.headers);
    const all = await t.app.inject({
      method: 'GET',
      url: '/exam-questions',
      headers: admin.headers,
      query: { profession },
    });
    const other = all
      .json<{ examQuestions: { id: number }[] }>()
      .examQuestions.find((q) => q.id !== served.examQuestions[0]?.id);
    const response = await submit(learner.headers, other?.id ?? 0, 'Right');
    expect(response.statusCode).toBe(409);
  });

  it('when the page is reloaded, then the same question, the same remaining time and the autosaved draft come back', async () => {
    await createQuestion(t, admin.headers, {
      profession,
      question_type: 'essay',
      options: [],
      correct_answer: 'A model answer',
    });
    await createQuestion(t, admin.headers, { profession });
    await createQuestion(t, admin.headers, { profession });
    const learner = await registerLearner(t, { profession });
    const first = await next(learner.headers);
    const questionId = first.examQuestions[0]?.id ?? 0;

    t.clock.advance(100_000);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/user/exam/auto-save',
      headers: learner.headers,
      payload: { questionId, userAnswer: 'half typed', timer: 500 },
    });
    expect(saved.statusCode).toBe(200);
    t.clock.advance(20_000);

    const again = await next(learner.headers);
    expect(again.examQuestions[0]?.id).toBe(questionId);
    expect(again.attempt?.remainingSeconds).toBe(DURATION - 120);
    expect(again.draft).toEqual({ questionId, userAnswer: 'half typed', timer: 500 });
  });

  it('when the deadline passes, then answers and autosaves are refused and the attempt is finished', async () => {
    await createQuestion(t, admin.headers, { profession });
    await createQuestion(t, admin.headers, { profession });
    const learner = await registerLearner(t, { profession, programs: ['exam-results'] });
    const first = await next(learner.headers);
    const id = first.examQuestions[0]?.id ?? 0;
    expect((await submit(learner.headers, id, 'Right')).statusCode).toBe(200);
    const second = await next(learner.headers);
    const secondId = second.examQuestions[0]?.id ?? 0;

    t.clock.advance((DURATION - 1) * 1000);
    expect((await next(learner.headers)).attempt?.remainingSeconds).toBe(1);
    t.clock.advance(1000);

    const late = await submit(learner.headers, secondId, 'Right');
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ error: 'The exam time is over; answers are no longer accepted.' });
    const lateAgain = await submit(learner.headers, secondId, 'Right');
    expect(lateAgain.statusCode).toBe(409);
    const autosave = await t.app.inject({
      method: 'POST',
      url: '/user/exam/auto-save',
      headers: learner.headers,
      payload: { questionId: secondId, userAnswer: 'x' },
    });
    expect(autosave.statusCode).toBe(409);

    const after = await next(learner.headers);
    expect(after).toMatchObject({
      examQuestions: [],
      message: 'Time is up. The exam is finished.',
      attempt: { finished: true, remainingSeconds: 0, answeredCount: 1 },
    });
    // The score is out of the whole form: the question left unanswered counts as wrong.
    expect(await summary(learner.headers)).toMatchObject({
      locked: false,
      finished: true,
      summary: { totalQuestions: 2, totalScore: 1, percentage: 50 },
    });
  });

  it('when no questions remain, then examQuestions is empty with a message and the attempt is finished', async () => {
    const q = await createQuestion(t, admin.headers, { profession });
    const learner = await registerLearner(t, { profession });
    await next(learner.headers);
    await submit(learner.headers, q.id, 'Wrong');
    const done = await next(learner.headers);
    expect(done).toMatchObject({
      examQuestions: [],
      message: 'No more questions.',
      attempt: { finished: true, answeredCount: 1 },
    });
    const logs = await t.app.inject({
      method: 'GET',
      url: '/admin/exam-logs',
      headers: admin.headers,
      query: { examId: String(done.attempt?.attemptId) },
    });
    // The exam log's timeline: the start, the answer given, the finish.
    expect(logs.json<{ logs: { log_data: { event: string } }[] }>().logs.map((l) => l.log_data.event)).toEqual([
      'started',
      'answered',
      'finished',
    ]);
  });

  it('when answers are marked, then the summary gives correct out of the whole form to one decimal beside the pass mark, essays apart until graded', async () => {
    // 3 multiple-choice, 2 fill-in (one with two accepted answers), 1 essay: answered 2 + 1 right, essay graded later.
    for (let i = 0; i < 3; i++) await createQuestion(t, admin.headers, { profession });
    await createQuestion(t, admin.headers, {
      profession,
      question: 'The hormone missing in type 1 diabetes is ____.',
      question_type: 'fill-in-the-blank',
      options: [],
      correct_answer: 'Insulin',
    });
    await createQuestion(t, admin.headers, {
      profession,
      question: 'The heart tracing test is an ____.',
      question_type: 'fill-in-the-blank',
      options: [],
      correct_answer: 'ECG | electrocardiogram',
    });
    await createQuestion(t, admin.headers, {
      profession,
      question_type: 'essay',
      options: [],
      correct_answer: 'Key points',
    });
    const learner = await registerLearner(t, { profession, programs: ['exam-results'] });

    // Served in the attempt's own order, so fill-in answers are chosen by question text.
    const given: Record<string, string[]> = { 'multiple-choice': ['Right', 'Wrong', 'Wrong'] };
    const fillAnswer = (text: string) => (text.includes('hormone') ? '  INSULIN ' : 'Electrocardiogram');
    let essayCorrect: boolean | undefined;
    for (let i = 0; i < 6; i++) {
      const served = (await next(learner.headers)).examQuestions[0];
      if (!served) throw new Error('expected a question');
      const answer =
        served.question_type === 'essay'
          ? 'My essay'
          : served.question_type === 'fill-in-the-blank'
            ? fillAnswer(served.question)
            : (given[served.question_type]?.shift() ?? '');
      const result = (await submit(learner.headers, served.id, answer)).json<AnswerResult>();
      if (served.question_type === 'essay') essayCorrect = result.correct;
      if (served.question_type === 'fill-in-the-blank') expect(result.correct).toBe(true);
      expect(result.pendingReview).toBe(served.question_type === 'essay');
    }
    expect(essayCorrect).toBe(false);
    // A form of 6: 1 + 2 right = 3, 50% (the essay awaiting review is not correct yet), under the default pass mark of 60%.
    expect(await summary(learner.headers)).toMatchObject({
      locked: false,
      summary: { totalQuestions: 6, totalScore: 3, percentage: 50, pendingReview: 1, passMark: 60, passed: false },
    });

    const essays = await t.app.inject({ method: 'GET', url: '/admin/essays', headers: admin.headers });
    const essay = essays
      .json<{ essays: { id: number; userAnswer: string; username: string }[] }>()
      .essays.find((e) => e.username === learner.username);
    expect(essay?.userAnswer).toBe('My essay');
    const graded = await t.app.inject({
      method: 'PUT',
      url: `/admin/essays/${essay?.id}`,
      headers: admin.headers,
      payload: { correct: true, note: 'Good' },
    });
    expect(graded.statusCode).toBe(204);
    // 4 of 6 right: 66.7%, a pass.
    expect((await summary(learner.headers)).summary).toEqual({
      totalQuestions: 6,
      totalScore: 4,
      percentage: 66.7,
      pendingReview: 0,
      passMark: 60,
      passed: true,
    });
  });

  it('when a multiple-choice option holds a |, then it is marked and named whole; only fill-in-the-blank answers are split on |', async () => {
    await createQuestion(t, admin.headers, {
      profession,
      question: 'Which option holds a bar?',
      options: ['a|b', 'c'],
      correct_answer: 'a|b',
    });
    const learner = await registerLearner(t, { profession, programs: ['exam-results'] });
    const served = (await next(learner.headers)).examQuestions[0];
    const wrong = (await submit(learner.headers, served?.id ?? 0, 'c')).json<AnswerResult>();
    expect(wrong).toMatchObject({ correct: false, correctAnswer: 'a|b' });

    const other = await registerLearner(t, { profession, programs: ['exam-results'] });
    const again = (await next(other.headers)).examQuestions[0];
    expect((await submit(other.headers, again?.id ?? 0, 'a')).json<AnswerResult>()).toMatchObject({
      correct: false,
      correctAnswer: 'a|b',
    });
    const third = await registerLearner(t, { profession });
    const once = (await next(third.headers)).examQuestions[0];
    expect((await submit(third.headers, once?.id ?? 0, 'A|B')).json<AnswerResult>()).toMatchObject({ correct: true });
  });

  it('when the user lacks the exam-results program, then the summary still gives the score and the verdict, and says the details are locked', async () => {
    const q = await createQuestion(t, admin.headers, { profession });
    const learner = await registerLearner(t, { profession });
    await next(learner.headers);
    await submit(learner.headers, q.id, 'Right');
    expect(await summary(learner.headers)).toEqual({
      locked: true,
      message: 'Upgrade your account to unlock detailed exam results.',
      finished: false,
      summary: { totalQuestions: 1, totalScore: 1, percentage: 100, pendingReview: 0, passMark: 60, passed: true },
    });
  });

  it.each([
    [{ questionId: 'abc', userAnswer: 'x' }],
    [{ questionId: 1, userAnswer: '   ' }],
    [{}],
    [{ answers: { abc: 'x' } }],
  ])('when the submit body is invalid (%j), then it is a 400 and nothing is recorded', async (payload) => {
    const q = await createQuestion(t, admin.headers, { profession });
    const learner = await registerLearner(t, { profession, programs: ['exam-results'] });
    await next(learner.headers);
    const response = await t.app.inject({
      method: 'POST',
      url: '/user/exam/submit',
      headers: learner.headers,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(typeof response.json<{ error: string }>().error).toBe('string');
    const after = await next(learner.headers);
    expect(after.attempt?.answeredCount).toBe(0);
    expect(after.examQuestions[0]?.id).toBe(q.id);
  });

  it('when a security event is posted, then it is written to the attempt log with the clock time; unknown events are a 400', async () => {
    await createQuestion(t, admin.headers, { profession });
    const learner = await registerLearner(t, { profession });
    const started = await next(learner.headers);
    t.clock.advance(5000);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/user/exam/events',
      headers: learner.headers,
      payload: { event: 'tab-switch' },
    });
    expect(ok.statusCode).toBe(201);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/user/exam/events',
      headers: learner.headers,
      payload: { event: 'sneeze' },
    });
    expect(bad.statusCode).toBe(400);
    const logs = await t.app.inject({
      method: 'GET',
      url: '/admin/exam-logs',
      headers: admin.headers,
      query: { examId: String(started.attempt?.attemptId) },
    });
    const entries = logs.json<{
      logs: { username: string; created_at: string; log_data: { event: string; message: string } }[];
    }>().logs;
    expect(entries.map((e) => e.log_data.event)).toEqual(['started', 'tab-switch']);
    expect(entries[1]).toMatchObject({
      username: learner.username,
      created_at: t.clock.now().toISOString(),
      log_data: { message: 'Leaving the exam window is not allowed!' },
    });
  });

  it('when the older module submits its answers, then the score is out of the non-essay questions', async () => {
    const mc = await createQuestion(t, admin.headers, { profession });
    const fill = await createQuestion(t, admin.headers, {
      profession,
      question_type: 'fill-in-the-blank',
      options: [],
      correct_answer: 'Five',
    });
    const essay = await createQuestion(t, admin.headers, {
      profession,
      question_type: 'essay',
      options: [],
      correct_answer: 'x',
    });
    const learner = await registerLearner(t, { profession });
    const served = await t.app.inject({
      method: 'GET',
      url: '/user/exam/questions',
      headers: learner.headers,
      query: { set: 'mock' },
    });
    expect(
      served
        .json<PracticeSetResponse>()
        .examQuestions.map((q) => q.id)
        .sort((a, b) => a - b),
    ).toEqual([mc.id, fill.id, essay.id]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/user/exam/submit',
      headers: learner.headers,
      payload: { answers: { [mc.id]: 'Right', [fill.id]: 'four', [essay.id]: 'Long text' } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ score: 1, total: 2, essays: 1, review: expect.any(Array) });
  });
});
