import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PracticeSetResponse, PracticeAnswerResult, Profession, ReadinessResponse } from '../../contracts/lms.js';
import { calibrationRuns, itemCalibrations } from '../../server/db/schema/lms.js';
import { calibrateProfession } from '../../server/lms/item-calibration.js';
import {
  createQuestion,
  registerLearner,
  seedPracticedLearners,
  signInLmsAdmin,
  type Learner,
} from '../factories/lms.js';
import { ceiling, timeouts } from '../support/timeouts.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * Readiness against the real database: learners answer through the API, the calibration runs as
 * its job does, and the learner's screen data says what the model says, no more.
 */
// 40 learners' answers seeded and the bank calibrated before a learner's own 60: more than an API
// test's usual work.
const seedAndCalibrate = ceiling(240_000);

describe('readiness: calibration, pass chance, topics and adaptive practice', () => {
  let t: TestApp;
  let admin: { headers: Record<string, string> };
  const profession: Profession = 'nutritionist';
  const TOPICS = ['Enteral feeding', 'التغذية السريرية', 'Pharmacology'] as const;
  // 60 questions, 20 per topic, from easy to hard within each; the admin's label follows.
  const bank: { id: number; topic: string; rank: number }[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      EXAM_QUESTIONS_PER_DAY: '1000',
      PRACTICE_SETS_PER_HOUR: '1000',
      LEARNER_RATE_LIMIT: '100000',
      EXAM_QUESTION_COUNT: '30',
      LOGIN_RATE_LIMIT: '1000',
    });
    admin = await signInLmsAdmin(t);
    for (const topic of TOPICS) {
      for (let rank = 0; rank < 20; rank++) {
        const question = await createQuestion(t, admin.headers, {
          profession,
          topic,
          question: `${topic} ${rank}: which feed suits a patient after a stroke (स्ट्रोक)?`,
          options: ['Right', 'Wrong', 'Also wrong'],
          correct_answer: 'Right',
          difficulty: rank < 7 ? 'easy' : rank < 14 ? 'medium' : 'hard',
        });
        bank.push({ id: question.id, topic, rank });
      }
    }
  });
  afterAll(() => t.close());

  const get = async <T>(learner: Learner, url: string, query: Record<string, string> = {}) => {
    const response = await t.app.inject({ method: 'GET', url, headers: learner.headers, query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const submit = async (learner: Learner, payload: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/user/exam/submit',
      headers: learner.headers,
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PracticeAnswerResult>();
  };
  const rankOf = (id: number) => bank.find((q) => q.id === id)?.rank ?? 0;
  const topicOf = (id: number) => bank.find((q) => q.id === id)?.topic ?? '';

  /** Quick practice until every question is answered once, right when `knows` says so. */
  async function practiseAll(learner: Learner, knows: (id: number) => boolean) {
    const seen = new Set<number>();
    // Sets are drawn at random, so seeing all 60 questions takes about 28 sets of 10 on average; 40
    // missed one in about 25 runs. The cap only stops a loop that could never finish.
    for (let sets = 0; seen.size < bank.length && sets < 300; sets++) {
      const served = await get<PracticeSetResponse>(learner, '/user/exam/questions', { set: 'mock' });
      for (const question of served.examQuestions) {
        if (seen.has(question.id)) continue;
        seen.add(question.id);
        await submit(learner, {
          setId: served.practiceSet?.id,
          questionId: question.id,
          userAnswer: knows(question.id) ? 'Right' : 'Wrong',
        });
      }
    }
    return seen.size;
  }

  it('when too few answers are given, then no chance is shown and the screen says how many more are needed', async () => {
    const learner = await registerLearner(t, { profession });
    const served = await get<PracticeSetResponse>(learner, '/user/exam/questions', { set: 'mock' });
    for (const question of served.examQuestions.slice(0, 4))
      await submit(learner, { setId: served.practiceSet?.id, questionId: question.id, userAnswer: 'Right' });
    const readiness = await get<ReadinessResponse>(learner, '/user/readiness');
    expect(readiness).toMatchObject({ answers: 4, pass: null, answersNeeded: 26, calibratedAt: null });
    expect(readiness.topics.every((topic) => topic.status === 'too-few')).toBe(true);
  });

  it('when an admin asks for a calibration, then the background job calibrates the profession', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/admin/item-calibration',
      headers: admin.headers,
      payload: { profession },
    });
    expect(response.statusCode).toBe(202);
    await vi.waitFor(
      async () => {
        const runs = await t.db.select().from(calibrationRuns);
        expect(runs.map((run) => run.profession)).toContain(profession);
      },
      { timeout: timeouts.condition, interval: 200 },
    );
    const bad = await t.app.inject({
      method: 'POST',
      url: '/admin/item-calibration',
      headers: admin.headers,
      payload: { profession: 'astronaut' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it(
    'when a learner has answered the bank, then the chance of passing comes with its interval and count, and the weak topic is named below the cut',
    { timeout: seedAndCalibrate },
    async () => {
      // Others of every ability calibrate the bank: learner k knows the questions ranked below about k.
      await seedPracticedLearners(
        t,
        profession,
        Array.from({ length: 40 }, (_, k) =>
          bank.map((q) => ({ questionId: q.id, correct: q.rank < (k * 21) / 40 + ((q.id * 7 + k) % 5) - 2 })),
        ),
      );
      await calibrateProfession(t.db, profession, t.clock.now());
      const calibrated = await t.db.select().from(itemCalibrations);
      expect(calibrated.filter((row) => row.answers >= 40)).toHaveLength(bank.length);
      // Harder ranks came out harder.
      const difficultyOf = (rank: number) =>
        calibrated
          .filter((row) => rankOf(row.questionId) === rank)
          .reduce((sum, row) => sum + row.difficulty / TOPICS.length, 0);
      expect(difficultyOf(18)).toBeGreaterThan(difficultyOf(2) + 2);

      // Strong in two topics, lost in pharmacology.
      const learner = await registerLearner(t, { profession });
      expect(await practiseAll(learner, (id) => topicOf(id) !== 'Pharmacology' && rankOf(id) < 17)).toBe(60);
      const readiness = await get<ReadinessResponse>(learner, '/user/readiness');
      expect(readiness.answers).toBe(60);
      expect(readiness.answersNeeded).toBe(0);
      expect(readiness.calibratedAt).not.toBeNull();
      expect(readiness.pass).not.toBeNull();
      const pass = readiness.pass ?? { chance: 0, low: 0, high: 0 };
      expect(pass.low).toBeLessThanOrEqual(pass.chance);
      expect(pass.chance).toBeLessThanOrEqual(pass.high);
      expect(pass.high - pass.low).toBeGreaterThan(0);
      const pharmacology = readiness.topics.find((topic) => topic.topic === 'Pharmacology');
      expect(pharmacology).toMatchObject({ status: 'below', answers: 20 });
      expect(readiness.topics[0]?.topic).toBe('Pharmacology');
      const arabic = readiness.topics.find((topic) => topic.topic === 'التغذية السريرية');
      expect(arabic?.status).toBe('above');

      // The profession's pass mark as the admins set it: a higher one lowers the chance.
      const raised = await t.app.inject({
        method: 'PUT',
        url: '/admin/exam-settings',
        headers: admin.headers,
        payload: { retakeWaitSeconds: 0, passMarks: { [profession]: 90 } },
      });
      expect(raised.statusCode).toBe(200);
      const harder = await get<ReadinessResponse>(learner, '/user/readiness');
      expect(harder.pass?.chance).toBeLessThan(pass.chance);

      // A question the calibration flags as misfitting measures nothing: its answer leaves the count and its topic.
      const flagged = bank.find((q) => topicOf(q.id) === 'Pharmacology');
      await t.db
        .update(itemCalibrations)
        .set({ misfit: true })
        .where(eq(itemCalibrations.questionId, flagged?.id ?? -1));
      const withoutMisfit = await get<ReadinessResponse>(learner, '/user/readiness');
      expect(withoutMisfit.answers).toBe(59);
      expect(withoutMisfit.topics.find((topic) => topic.topic === 'Pharmacology')?.answers).toBe(19);
    },
  );

  it('when a learner practises adaptively, then each next question is a new one near their ability and the set stops at its length', async () => {
    const learner = await registerLearner(t, { profession });
    const served = await get<PracticeSetResponse>(learner, '/user/exam/questions', {
      set: 'adaptive',
      topic: 'Enteral feeding',
      length: '6',
    });
    expect(served.practiceSet).toMatchObject({ kind: 'adaptive', targetLength: 6, targetStandardError: null });
    expect(served.examQuestions).toHaveLength(1);
    const calibrated = new Map((await t.db.select().from(itemCalibrations)).map((row) => [row.questionId, row]));
    let question = served.examQuestions[0];
    const asked: number[] = [];
    let last: PracticeAnswerResult | undefined;
    while (question) {
      asked.push(question.id);
      expect(topicOf(question.id)).toBe('Enteral feeding');
      // Always right: the ability rises, and so do the questions.
      last = await submit(learner, { setId: served.practiceSet?.id, questionId: question.id, userAnswer: 'Right' });
      const ability = last.ability?.theta ?? 0;
      question = last.next ?? undefined;
      if (question) {
        // Among the three unanswered questions of the topic nearest the ability (one is picked at random).
        const distance = (id: number) => Math.abs((calibrated.get(id)?.difficulty ?? 0) - ability);
        const open = bank.filter((q) => q.topic === 'Enteral feeding' && !asked.includes(q.id));
        const nearest = open.map((q) => distance(q.id)).sort((a, b) => a - b);
        expect(distance(question.id)).toBeLessThanOrEqual((nearest[2] ?? 0) + 1e-9);
      }
    }
    expect(asked).toHaveLength(6);
    expect(new Set(asked).size).toBe(6);
    expect(last?.practiceSet).toMatchObject({ answered: 6, correct: 6, total: 6, finished: true });
    expect(last?.next).toBeNull();
    const difficulties = asked.map((id) => calibrated.get(id)?.difficulty ?? 0);
    expect(difficulties.at(-1)).toBeGreaterThan(difficulties[0] ?? 0);
  });
});
