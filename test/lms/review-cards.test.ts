import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rating } from 'ts-fsrs';
import type { CurrentQuestionResponse, PracticeSetResponse, Profession, ReviewsResponse } from '../../contracts/lms.js';
import { reviewCards } from '../../server/db/schema/lms.js';
import { reviewed, targetRetention } from '../../server/lms/review-cards.js';
import { createQuestion, registerLearner, signInLmsAdmin, type Learner } from '../factories/lms.js';
import { createTestApp, type TestApp } from '../test-app.js';

const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);

describe('the review scheduler', () => {
  it('when a mistake is new, then it is due the next day; right but slow in two; once right again, three days after', () => {
    const now = at('2026-03-02T09:00:00Z');
    const again = reviewed(undefined, Rating.Again, now, null);
    expect(again.due.toISOString()).toBe('2026-03-03T09:00:00.000Z');
    expect(reviewed(undefined, Rating.Hard, now, null).due.toISOString()).toBe('2026-03-04T09:00:00.000Z');
    const good = reviewed(again, Rating.Good, again.due, null);
    expect(good.due.toISOString()).toBe('2026-03-06T09:00:00.000Z');
    // Forgotten again: back the next day, and counted as a lapse.
    const lapse = reviewed(good, Rating.Again, good.due, null);
    expect(lapse.due.toISOString()).toBe('2026-03-07T09:00:00.000Z');
    expect(lapse.lapses).toBe(1);
  });

  it('when the exam nears, then the target retention rises to 0.95 and no review is set past the exam day', () => {
    const now = at('2026-03-02T09:00:00Z');
    expect(targetRetention(null, now)).toBe(0.9);
    expect(targetRetention('2026-06-30', now)).toBe(0.9);
    expect(targetRetention('2026-04-01', now)).toBe(0.925);
    expect(targetRetention('2026-03-03', now)).toBe(0.949);
    expect(targetRetention('2026-03-01', now)).toBe(0.9);
    // Without an exam date a well-known card waits weeks; two days before the exam, at most two days.
    let card = reviewed(undefined, Rating.Good, now, null);
    for (let i = 0; i < 3; i++) card = reviewed(card, Rating.Good, card.due, null);
    expect(card.due.getTime() - card.last_review!.getTime()).toBeGreaterThan(20 * DAY);
    let near = reviewed(undefined, Rating.Good, now, '2026-03-04');
    near = reviewed(near, Rating.Good, near.due, '2026-03-04');
    expect(near.due.getTime()).toBeLessThanOrEqual(at('2026-03-04T09:00:00Z').getTime());
    // A higher retention brings the same card back sooner.
    const relaxed = reviewed(
      reviewed(undefined, Rating.Good, now, null),
      Rating.Good,
      at('2026-03-05T09:00:00Z'),
      null,
    );
    const keen = reviewed(
      reviewed(undefined, Rating.Good, now, '2026-04-20'),
      Rating.Good,
      at('2026-03-05T09:00:00Z'),
      '2026-03-25',
    );
    expect(keen.due.getTime()).toBeLessThan(relaxed.due.getTime());
  });
});

describe('review cards through the API', () => {
  let t: TestApp;
  const profession: Profession = 'dentist';
  let questions: { id: number }[];

  beforeAll(async () => {
    t = await createTestApp({ EXAM_QUESTIONS_PER_DAY: '100', PRACTICE_SETS_PER_HOUR: '100', LOGIN_RATE_LIMIT: '1000' });
    const admin = await signInLmsAdmin(t);
    questions = [];
    for (let n = 0; n < 3; n++)
      questions.push(
        await createQuestion(t, admin.headers, {
          profession,
          question: `Caries ${n}: which fluoride varnish interval (फ्लोराइड)?`,
          options: ['Right', 'Wrong'],
          correct_answer: 'Right',
        }),
      );
  });
  afterAll(() => t.close());

  /** Signs the learner in again: a day on the test clock outlives the token. */
  const signInAgain = async (learner: Learner) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: learner.username, password: learner.password },
    });
    learner.headers.authorization = `Bearer ${response.json<{ token: string }>().token}`;
  };
  const reviews = async (learner: Learner) =>
    (await t.app.inject({ method: 'GET', url: '/user/reviews', headers: learner.headers })).json<ReviewsResponse>();
  const serve = async (learner: Learner, set: string) =>
    (
      await t.app.inject({ method: 'GET', url: '/user/exam/questions', headers: learner.headers, query: { set } })
    ).json<PracticeSetResponse>();
  const answer = (learner: Learner, setId: number | undefined, questionId: number, userAnswer: string, seconds = 20) =>
    t.app.inject({
      method: 'POST',
      url: '/user/exam/submit',
      headers: learner.headers,
      payload: { setId, questionId, userAnswer, responseSeconds: seconds },
    });

  it('when a practice answer is wrong or slow, then it comes back on schedule in a review set; a quick right one does not', async () => {
    const learner = await registerLearner(t, { profession });
    const served = await serve(learner, 'mock');
    const [wrong, slow, quick] = served.examQuestions.map((q) => q.id) as [number, number, number];
    expect((await answer(learner, served.practiceSet?.id, wrong, 'Wrong')).statusCode).toBe(200);
    expect((await answer(learner, served.practiceSet?.id, slow, 'Right', 150)).statusCode).toBe(200);
    expect((await answer(learner, served.practiceSet?.id, quick, 'Right', 12)).statusCode).toBe(200);
    const now = t.clock.now();
    expect(await reviews(learner)).toEqual({
      due: 0,
      cards: 2,
      nextDueAt: new Date(now.getTime() + DAY).toISOString(),
      examDate: null,
      targetRetention: 0.9,
    });
    expect((await serve(learner, 'review')).examQuestions).toEqual([]);

    // Tomorrow the mistake is due, the slow one the day after.
    t.clock.advance(DAY);
    await signInAgain(learner);
    expect((await reviews(learner)).due).toBe(1);
    const review = await serve(learner, 'review');
    expect(review.practiceSet?.kind).toBe('review');
    expect(review.examQuestions.map((q) => q.id)).toEqual([wrong]);
    expect((await answer(learner, review.practiceSet?.id, wrong, 'Right')).statusCode).toBe(200);
    const cards = await t.db.select().from(reviewCards);
    const card = cards.find((row) => row.questionId === wrong && row.userId === learner.id);
    expect(card?.due.toISOString()).toBe(new Date(t.clock.now().getTime() + 3 * DAY).toISOString());
    t.clock.advance(DAY);
    await signInAgain(learner);
    expect((await serve(learner, 'review')).examQuestions.map((q) => q.id)).toEqual([slow]);
  });

  it('when the learner sets an exam date, then reviews aim higher; a date in the past is refused', async () => {
    const learner = await registerLearner(t, { profession });
    const today = t.clock.now();
    const inTwoWeeks = new Date(today.getTime() + 14 * DAY).toISOString().slice(0, 10);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/user/exam-date',
      headers: learner.headers,
      payload: { examDate: inTwoWeeks },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json<ReviewsResponse>()).toMatchObject({ examDate: inTwoWeeks, targetRetention: 0.938 });
    const past = await t.app.inject({
      method: 'PUT',
      url: '/user/exam-date',
      headers: learner.headers,
      payload: { examDate: '2020-01-01' },
    });
    expect(past.statusCode).toBe(400);
    expect((await reviews(learner)).examDate).toBe(inTwoWeeks);
    const cleared = await t.app.inject({
      method: 'PUT',
      url: '/user/exam-date',
      headers: learner.headers,
      payload: { examDate: null },
    });
    expect(cleared.json<ReviewsResponse>()).toMatchObject({ examDate: null, targetRetention: 0.9 });
  });

  it('when a timed exam ends, then its wrong answers become review cards', async () => {
    const learner = await registerLearner(t, { profession });
    for (let i = 0; ; i++) {
      const served = await t.app.inject({ method: 'GET', url: '/user/exam/questions', headers: learner.headers });
      const question = served.json<CurrentQuestionResponse>().examQuestions[0];
      if (!question) break;
      await t.app.inject({
        method: 'POST',
        url: '/user/exam/submit',
        headers: learner.headers,
        payload: { questionId: question.id, userAnswer: i === 0 ? 'Wrong' : 'Right' },
      });
    }
    expect(await reviews(learner)).toMatchObject({ due: 0, cards: 1 });
    t.clock.advance(DAY);
    await signInAgain(learner);
    expect((await reviews(learner)).due).toBe(1);
  });
});
