import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminQuestion, AnswerResult, CurrentQuestionResponse, QuestionStatistic } from '../../contracts/lms.js';
import { createQuestion, registerLearner, signInLmsAdmin } from '../factories/lms.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * Multiple response ("select all that apply"): the right options are one per line in correct_answer
 * and in a learner's answer; an answer is right when it holds exactly the right options, in any
 * order and letter case, all or nothing (decision 036). The same rule marks practice, the test
 * centre, the review and the bank's statistics.
 */

describe('multiple-response questions', () => {
  let t: TestApp;
  let admin: { headers: Record<string, string> };
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000', EXAM_QUESTION_COUNT: '1' });
    admin = await signInLmsAdmin(t);
  });
  afterAll(() => t.close());

  const body = {
    question: 'Which two drugs reverse anticoagulants? Select all that apply.',
    question_type: 'multiple-response',
    options: ['Protamine', 'Vitamin K, phytomenadione', 'Aspirin', 'Heparin'],
    correct_answer: 'Protamine\nVitamin K, phytomenadione',
    explanation: 'Protamine binds heparin; vitamin K restores clotting factors.',
  };

  it('when an admin adds one, then its right options are kept one per line; a key that is not among the options, or an option of two lines, is refused', async () => {
    const created = await createQuestion(t, admin.headers, { ...body, profession: 'doctor' });
    expect(created).toMatchObject({
      question_type: 'multiple-response',
      correct_answer: 'Protamine\nVitamin K, phytomenadione',
    });
    const wrongKey = await t.app.inject({
      method: 'POST',
      url: '/exam-questions',
      headers: admin.headers,
      payload: { ...body, question: 'Another?', correct_answer: 'Protamine\nWarfarin', profession: 'doctor' },
    });
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json()).toMatchObject({
      field: 'correct_answer',
      error: expect.stringContaining('not an option: Warfarin'),
    });
    const twoLines = await t.app.inject({
      method: 'POST',
      url: '/exam-questions',
      headers: admin.headers,
      payload: { ...body, question: 'Yet another?', options: ['A\nB', 'C'], correct_answer: 'C', profession: 'doctor' },
    });
    expect(twoLines.statusCode).toBe(400);
    expect(twoLines.json()).toMatchObject({ field: 'options', error: expect.stringContaining('one line') });
  });

  it('when a CSV lists the right options one per line in correct_answer, then the question imports as multiple response', async () => {
    const csv = `question,question_type,options,correct_answer,explanation,profession,difficulty\r\n"Which are loop diuretics?",multiple-response,"Furosemide\nBumetanide\nSpironolactone","Furosemide\nBumetanide",Both act on the loop of Henle.,nurse,easy\r\n`;
    const imported = await t.app.inject({
      method: 'POST',
      url: '/exam-questions/import',
      headers: { ...admin.headers, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(imported.json()).toEqual({ imported: 1 });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/exam-questions',
      headers: admin.headers,
      query: { profession: 'nurse' },
    });
    expect(listed.json<{ examQuestions: AdminQuestion[] }>().examQuestions[0]).toMatchObject({
      question_type: 'multiple-response',
      options: ['Furosemide', 'Bumetanide', 'Spironolactone'],
      correct_answer: 'Furosemide\nBumetanide',
    });
  });

  it('when learners answer it, then exactly the right options in any order is right and anything else wrong, and the statistics count it so', async () => {
    await t.database.pool.query(`UPDATE exam_questions SET deleted_at = now() WHERE profession = 'dentist'`);
    const question = await createQuestion(t, admin.headers, { ...body, profession: 'dentist' });
    const answer = async (userAnswer: string) => {
      const learner = await registerLearner(t, { profession: 'dentist', programs: ['exam-results'] });
      const served = await t.app.inject({ method: 'GET', url: '/user/exam/questions', headers: learner.headers });
      const [first] = served.json<CurrentQuestionResponse>().examQuestions;
      expect(first).toMatchObject({ id: question.id, question_type: 'multiple-response' });
      expect([...(first?.options ?? [])].sort()).toEqual([...body.options].sort());
      const submitted = await t.app.inject({
        method: 'POST',
        url: '/user/exam/submit',
        headers: learner.headers,
        payload: { questionId: question.id, userAnswer },
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
      // The form of one question is done: the attempt finishes and counts in the statistics.
      await t.app.inject({ method: 'GET', url: '/user/exam/questions', headers: learner.headers });
      return submitted.json<AnswerResult>();
    };
    expect(await answer('vitamin k, phytomenadione\nProtamine')).toMatchObject({
      correct: true,
      correctAnswer: 'Protamine\nVitamin K, phytomenadione',
    });
    expect(await answer('Protamine')).toMatchObject({ correct: false });
    expect(await answer('Protamine\nVitamin K, phytomenadione\nAspirin')).toMatchObject({ correct: false });
    expect(await answer('Vitamin K, phytomenadione\nProtamine')).toMatchObject({ correct: true });

    const statistics = await t.app.inject({
      method: 'GET',
      url: '/exam-questions/statistics',
      headers: admin.headers,
      query: { profession: 'dentist' },
    });
    expect(statistics.json<{ statistics: QuestionStatistic[] }>().statistics).toEqual([
      expect.objectContaining({ id: question.id, attempts: 4, facility: 0.5 }),
    ]);
  });
});
