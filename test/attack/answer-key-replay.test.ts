import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AnswerResult,
  CurrentQuestionResponse,
  PracticeSetResponse,
  RecordedAnswer,
} from '../../contracts/lms.js';
import { createQuestion, registerLearner, signInLmsAdmin, type Learner } from '../factories/lms.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * The fourth review's answer-key read (issue 35): in practice mode, an answer resent under a
 * clientAnswerId already used in the attempt went to the repeated-answer path before any check of
 * its question id, and the reply carried the explanation (and, for premium learners, the correct
 * answer) of any question: another profession's, a deleted one, one beyond the day's budget. A
 * replayed answer may only give back what was recorded for that very question in that attempt.
 */

const SECRET = 'Because the secret reason is Zanzibar.';

describe('replaying an answer id to read other questions', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInLmsAdmin>>;
  let doctorQuestion: number;
  let deletedQuestion: number;

  beforeAll(async () => {
    t = await createTestApp({ EXAM_QUESTION_COUNT: '3', LOGIN_RATE_LIMIT: '1000' });
    admin = await signInLmsAdmin(t);
    for (let i = 0; i < 3; i++) await createQuestion(t, admin.headers, { profession: 'nurse' });
    doctorQuestion = (
      await createQuestion(t, admin.headers, {
        profession: 'doctor',
        explanation: SECRET,
        options: ['Zanzibar', 'Oslo', 'Lima'],
        correct_answer: 'Zanzibar',
      })
    ).id;
    deletedQuestion = (
      await createQuestion(t, admin.headers, {
        profession: 'nurse',
        explanation: SECRET,
        options: ['Zanzibar', 'Oslo', 'Lima'],
        correct_answer: 'Zanzibar',
      })
    ).id;
    await t.app.inject({ method: 'DELETE', url: `/exam-questions/${deletedQuestion}`, headers: admin.headers });
  });
  afterAll(() => t.close());

  const post = (learner: Learner, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: learner.headers, ...(payload ? { payload } : {}) });
  const served = async (learner: Learner) => {
    const response = await t.app.inject({ method: 'GET', url: '/user/exam/questions', headers: learner.headers });
    const question = response.json<CurrentQuestionResponse>().examQuestions[0];
    if (!question) throw new Error(`no question served: ${response.body}`);
    return question;
  };

  it('when a premium learner resends a used answer id naming another profession’s or a deleted question, then it is refused and tells nothing of it', async () => {
    const learner = await registerLearner(t, { profession: 'nurse', programs: ['exam-results'] });
    const question = await served(learner);
    const clientAnswerId = randomUUID();
    const first = await post(learner, '/user/exam/submit', {
      questionId: question.id,
      userAnswer: question.options[0],
      clientAnswerId,
    });
    expect(first.statusCode).toBe(200);

    for (const questionId of [doctorQuestion, deletedQuestion]) {
      const replay = await post(learner, '/user/exam/submit', { questionId, userAnswer: 'x', clientAnswerId });
      expect(replay.statusCode).toBe(409);
      expect(replay.body).not.toContain('Zanzibar');
      expect(replay.json<{ error: string }>().error).toMatch(/another question/);
    }

    // The honest resend still gets its own feedback back, and only that.
    const resent = await post(learner, '/user/exam/submit', {
      questionId: question.id,
      userAnswer: question.options[0],
      clientAnswerId,
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json<AnswerResult>().explanation).toBe(first.json<AnswerResult>().explanation);
    expect(resent.json<AnswerResult>().correctAnswer).toBe(first.json<AnswerResult>().correctAnswer);
  });

  it('when a fresh answer id names a question the learner was never served, then it is refused without its explanation', async () => {
    const learner = await registerLearner(t, { profession: 'nurse', programs: ['exam-results'] });
    await served(learner);
    for (const questionId of [doctorQuestion, deletedQuestion]) {
      const attempt = await post(learner, '/user/exam/submit', {
        questionId,
        userAnswer: 'Zanzibar',
        clientAnswerId: randomUUID(),
      });
      expect(attempt.statusCode).toBeGreaterThanOrEqual(400);
      expect(attempt.statusCode).toBeLessThan(500);
      expect(attempt.body).not.toContain('Zanzibar');
    }
  });

  it('when a practice set’s answer id is resent naming another question of the set or one outside it, then it is refused and tells nothing of it', async () => {
    const learner = await registerLearner(t, { profession: 'nurse', programs: ['exam-results'] });
    const served = await t.app.inject({
      method: 'GET',
      url: '/user/exam/questions',
      query: { set: 'mock' },
      headers: learner.headers,
    });
    const { examQuestions, practiceSet } = served.json<PracticeSetResponse>();
    const [first, second] = examQuestions;
    if (!practiceSet || !first || !second) throw new Error(`no practice set: ${served.body}`);
    const clientAnswerId = randomUUID();
    const answer = (questionId: number) =>
      post(learner, '/user/exam/submit', { setId: practiceSet.id, questionId, userAnswer: 'x', clientAnswerId });
    expect((await answer(first.id)).statusCode).toBe(200);

    const other = await answer(second.id);
    expect(other.statusCode).toBe(409);
    expect(other.json<{ error: string }>().error).toMatch(/another question/);
    for (const questionId of [doctorQuestion, deletedQuestion]) {
      const outside = await answer(questionId);
      expect(outside.statusCode).toBe(400);
      expect(outside.body).not.toContain('Zanzibar');
    }
  });

  it('when a test-centre candidate resends a used answer id naming another question of the form, then it is refused and nothing changes', async () => {
    const learner = await registerLearner(t, { profession: 'nurse', programs: ['exam-results'] });
    expect((await post(learner, '/user/exam/attempts', { mode: 'test-centre' })).statusCode).toBe(201);
    const first = await served(learner);
    const clientAnswerId = randomUUID();
    const recorded = await post(learner, '/user/exam/submit', {
      questionId: first.id,
      userAnswer: first.options[0],
      clientAnswerId,
    });
    expect(recorded.json<RecordedAnswer>()).toMatchObject({ recorded: true, duplicate: false });
    const page = await t.app.inject({ method: 'GET', url: '/user/exam/questions', headers: learner.headers });
    const other = page.json<CurrentQuestionResponse>().navigator?.find((cell) => cell.questionId !== first.id);
    if (!other) throw new Error('the form has one question');

    const replay = await post(learner, '/user/exam/submit', {
      questionId: other.questionId,
      userAnswer: 'anything',
      clientAnswerId,
    });
    expect(replay.statusCode).toBe(409);
    expect(replay.json<{ error: string }>().error).toMatch(/another question/);
    const { rows } = await t.database.pool.query(
      'SELECT question_id FROM exam_answers a JOIN exam_attempts t ON t.id = a.attempt_id WHERE t.user_id = $1',
      [learner.id],
    );
    expect(rows).toEqual([{ question_id: first.id }]);
  });
});
