import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CurrentQuestionResponse,
  PracticeSetResponse,
  PracticeAnswerResult,
  Profession,
} from '../../contracts/lms.js';
import { createQuestion, registerLearner, signInLmsAdmin, type Learner } from '../factories/lms.js';
import { createTestApp, type TestApp } from '../test-app.js';

/** Tutor mode: a practice set marks and explains each answer as it is given. */
describe('practice sets in tutor mode', () => {
  let t: TestApp;
  let admin: { headers: Record<string, string> };
  const profession: Profession = 'physiotherapist';
  const questions: { id: number; correct_answer: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp({ EXAM_QUESTIONS_PER_DAY: '100', PRACTICE_SETS_PER_HOUR: '100' });
    admin = await signInLmsAdmin(t);
    for (let n = 0; n < 4; n++) {
      questions.push(
        await createQuestion(t, admin.headers, {
          profession,
          question: `علاج الكتف المتجمد ${n}: what helps a frozen shoulder (कंधा) most?`,
          options: ['Graded mobilisation, then strengthening', 'Rest in a sling', 'Ice only'],
          correct_answer: 'Graded mobilisation, then strengthening',
          explanation: `Reason ${n}: movement within pain limits restores range.`,
        }),
      );
    }
  });
  afterAll(() => t.close());

  const serve = async (learner: Learner) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/user/exam/questions',
      headers: learner.headers,
      query: { set: 'mock' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<PracticeSetResponse>();
    if (!body.practiceSet) throw new Error('no practice set served');
    return { setId: body.practiceSet.id, questionIds: body.examQuestions.map((q) => q.id) };
  };
  const answer = (learner: Learner, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/user/exam/submit', headers: learner.headers, payload });
  const correctOf = (id: number) => questions.find((q) => q.id === id)?.correct_answer ?? '';

  it('when a learner answers a question of the set, then it is marked and explained at once, and the last answer finishes the set', async () => {
    const learner = await registerLearner(t, { profession, programs: ['exam-results'] });
    const { setId, questionIds } = await serve(learner);
    expect(questionIds).toHaveLength(4);
    const [first, ...rest] = questionIds as [number, ...number[]];

    const wrong = await answer(learner, { setId, questionId: first, userAnswer: 'Rest in a sling' });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json<PracticeAnswerResult>()).toEqual({
      correct: false,
      pendingReview: false,
      explanation: expect.stringMatching(/^Reason \d: movement/),
      correctAnswer: 'Graded mobilisation, then strengthening',
      practiceSet: { id: setId, answered: 1, correct: 0, total: 4, finished: false },
    });

    let last: PracticeAnswerResult | undefined;
    for (const id of rest) {
      const response = await answer(learner, { setId, questionId: id, userAnswer: correctOf(id), responseSeconds: 40 });
      expect(response.statusCode).toBe(200);
      last = response.json<PracticeAnswerResult>();
      expect(last.correct).toBe(true);
    }
    expect(last?.practiceSet).toEqual({ id: setId, answered: 4, correct: 3, total: 4, finished: true });

    // A finished set takes no more answers, and the older module's scoring of the whole set is refused.
    expect((await answer(learner, { setId, questionId: first, userAnswer: 'Ice only' })).statusCode).toBe(409);
    expect((await answer(learner, { setId, answers: { [first]: 'Ice only' } })).statusCode).toBe(409);
  });

  it('when a question outside the set is named, then nothing about it is told', async () => {
    const learner = await registerLearner(t, { profession });
    const { setId } = await serve(learner);
    const other = await createQuestion(t, admin.headers, { profession: 'dentist', explanation: 'OTHER-BANK-SECRET' });
    const response = await answer(learner, { setId, questionId: other.id, userAnswer: 'Right' });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('OTHER-BANK-SECRET');
    // Resending under an id never used changes nothing either.
    const replay = await answer(learner, {
      setId,
      questionId: other.id,
      userAnswer: 'Right',
      clientAnswerId: randomUUID(),
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.body).not.toContain('OTHER-BANK-SECRET');

    const stranger = await registerLearner(t, { profession });
    const { questionIds } = await serve(learner);
    const foreign = await answer(stranger, { setId, questionId: questionIds[0], userAnswer: 'Right' });
    expect(foreign.statusCode).toBe(404);
  });

  it('when an answer is resent after a lost connection, then it gets the same feedback and counts once', async () => {
    const learner = await registerLearner(t, { profession });
    const { setId, questionIds } = await serve(learner);
    const questionId = questionIds[0] ?? 0;
    const clientAnswerId = randomUUID();
    const sent = await answer(learner, { setId, questionId, userAnswer: correctOf(questionId), clientAnswerId });
    const resent = await answer(learner, { setId, questionId, userAnswer: correctOf(questionId), clientAnswerId });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual(sent.json());
    expect(resent.json<PracticeAnswerResult>().practiceSet.answered).toBe(1);
    // A free learner is told right or wrong and why, not which option was right.
    expect(sent.json<PracticeAnswerResult>().correctAnswer).toBeNull();

    // The same question again under a new id is a second answer: refused.
    const again = await answer(learner, { setId, questionId, userAnswer: 'Ice only', clientAnswerId: randomUUID() });
    expect(again.statusCode).toBe(409);
    // An id already used cannot fetch another question's feedback.
    const swapped = await answer(learner, { setId, questionId: questionIds[1], userAnswer: 'x', clientAnswerId });
    expect(swapped.statusCode).toBe(409);
  });

  it('when a timed exam is open, then every practice set and practice answer is refused with a 409 naming the way back to the exam', async () => {
    const learner = await registerLearner(t, { profession });
    const { setId, questionIds } = await serve(learner);
    const started = await t.app.inject({ method: 'GET', url: '/user/exam/questions', headers: learner.headers });
    expect(started.json<CurrentQuestionResponse>().attempt?.finished).toBe(false);
    const refusal = { code: 'EXAM_OPEN', error: expect.stringContaining('Return to your exam') };
    const response = await answer(learner, { setId, questionId: questionIds[0], userAnswer: 'Ice only' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(refusal);
    // Every way into practice the screens offer: quick practice, a topic, my mistakes, adaptive, reviews.
    const ways: Record<string, string>[] = [
      { set: 'mock' },
      { set: 'mock', topic: 'General' },
      { set: 'mistakes' },
      { set: 'adaptive' },
      { set: 'review' },
    ];
    for (const query of ways) {
      const set = await t.app.inject({ method: 'GET', url: '/user/exam/questions', headers: learner.headers, query });
      expect(set.statusCode, JSON.stringify(query)).toBe(409);
      expect(set.json(), JSON.stringify(query)).toEqual(refusal);
    }
  });

  it('when the body mixes the flows or misses a field, then it is a clear 400', async () => {
    const learner = await registerLearner(t, { profession });
    for (const payload of [
      { setId: 1, questionId: 1 },
      { setId: 'one', questionId: 1, userAnswer: 'x' },
      { setId: 1, questionId: 1, userAnswer: 'x', responseSeconds: -1 },
      { setId: 1, questionId: 1, userAnswer: '   ' },
    ]) {
      const response = await answer(learner, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ error: string }>().error).toEqual(expect.any(String));
    }
  });
});
