import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccommodationResponse, ExamProgress, CurrentQuestionResponse } from '../../contracts/lms.js';
import { examAttempts, examLogs } from '../../server/db/schema/lms.js';
import { createQuestion, registerLearner, signInLmsAdmin, type Learner } from '../factories/lms.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { eq } from 'drizzle-orm';

const DURATION = 3600;
const MINUTE = 60_000;

/** Pausing and scheduled breaks against the server's clock (decision 029). */
describe('accommodations: pausing and scheduled breaks', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signInLmsAdmin>>;

  beforeAll(async () => {
    t = await createTestApp({ EXAM_DURATION_SECONDS: String(DURATION), LOGIN_RATE_LIMIT: '1000' });
    admin = await signInLmsAdmin(t);
    for (let n = 0; n < 4; n++)
      await createQuestion(t, admin.headers, { profession: 'doctor', question: `Pause question ${n}: sepsis bundle?` });
  });
  afterAll(() => t.close());

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const accommodate = (learner: Learner, payload: object) =>
    inject('PUT', `/admin/users/${learner.id}/accommodation`, admin.headers, payload);
  const start = async (learner: Learner, mode: 'practice' | 'test-centre' = 'test-centre') => {
    const response = await inject('POST', '/user/exam/attempts', learner.headers, { mode });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ExamProgress>();
  };
  const deadlineOf = async (attemptId: number) =>
    (await t.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId)))[0]?.deadlineAt.getTime() ?? 0;

  it('when a learner without the accommodation asks to pause, then it is refused and the clock runs on', async () => {
    const learner = await registerLearner(t, { profession: 'doctor' });
    const attempt = await start(learner);
    expect(attempt.clock).toMatchObject({ pauseAllowed: false, nextBreakInSeconds: null, paused: null });
    const before = await deadlineOf(attempt.attemptId);
    const refused = await inject('POST', `/user/exam/attempts/${attempt.attemptId}/pause`, learner.headers, {
      kind: 'pause',
    });
    expect(refused.statusCode).toBe(403);
    const noBreak = await inject('POST', `/user/exam/attempts/${attempt.attemptId}/pause`, learner.headers, {
      kind: 'break',
    });
    expect(noBreak.statusCode).toBe(403);
    t.clock.advance(10 * MINUTE);
    expect(await deadlineOf(attempt.attemptId)).toBe(before);
    const served = (await inject('GET', '/user/exam/questions', learner.headers)).json<CurrentQuestionResponse>();
    expect(served.attempt?.remainingSeconds).toBe(DURATION - 600);
  });

  it('when an accommodated learner pauses for 20 minutes, then the questions hide, answers are refused, the time left stands still and the deadline moves by exactly 20 minutes', async () => {
    const learner = await registerLearner(t, { profession: 'doctor' });
    await accommodate(learner, { pauseAllowed: true });
    const attempt = await start(learner);
    const question = (await inject('GET', '/user/exam/questions', learner.headers)).json<CurrentQuestionResponse>()
      .examQuestions[0];
    t.clock.advance(5 * MINUTE);
    const before = await deadlineOf(attempt.attemptId);

    const paused = await inject('POST', `/user/exam/attempts/${attempt.attemptId}/pause`, learner.headers, {
      kind: 'pause',
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json<ExamProgress>().clock?.paused).toMatchObject({ kind: 'pause', breakEndsAt: null });
    expect(paused.json<ExamProgress>().remainingSeconds).toBe(DURATION - 300);

    t.clock.advance(20 * MINUTE);
    const hidden = (await inject('GET', '/user/exam/questions', learner.headers)).json<CurrentQuestionResponse>();
    expect(hidden.examQuestions).toEqual([]);
    expect(hidden.attempt?.remainingSeconds).toBe(DURATION - 300);
    const opened = await inject('GET', `/user/exam/questions?questionId=${question?.id}`, learner.headers);
    expect(opened.statusCode).toBe(409);
    const answer = await inject('POST', '/user/exam/submit', learner.headers, {
      questionId: question?.id,
      userAnswer: 'Right',
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'EXAM_PAUSED' });
    const flag = await inject('PUT', `/user/exam/attempts/${attempt.attemptId}/flags`, learner.headers, {
      questionId: question?.id,
      flagged: true,
    });
    expect(flag.statusCode).toBe(409);
    // Paused beyond the original deadline: the attempt is not timed out.
    t.clock.advance(DURATION * 1000);
    expect(
      (await inject('GET', '/user/exam/questions', learner.headers)).json<CurrentQuestionResponse>().attempt,
    ).toMatchObject({ finished: false, remainingSeconds: DURATION - 300 });

    const resumed = await inject('POST', `/user/exam/attempts/${attempt.attemptId}/resume`, learner.headers);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json<ExamProgress>()).toMatchObject({ remainingSeconds: DURATION - 300, clock: { paused: null } });
    expect(await deadlineOf(attempt.attemptId)).toBe(before + 20 * MINUTE + DURATION * 1000);
    expect(
      (await inject('POST', '/user/exam/submit', learner.headers, { questionId: question?.id, userAnswer: 'Right' }))
        .statusCode,
    ).toBe(200);
    const logged = await t.db.select().from(examLogs).where(eq(examLogs.examId, attempt.attemptId));
    expect(logged.map((row) => row.logData.event)).toEqual(expect.arrayContaining(['paused', 'resumed']));
    expect((await inject('POST', `/user/exam/attempts/${attempt.attemptId}/resume`, learner.headers)).statusCode).toBe(
      409,
    );
  });

  it('when a scheduled break is due, then it stops the clock for at most its length; before it is due it is refused', async () => {
    const learner = await registerLearner(t, { profession: 'doctor' });
    await accommodate(learner, { breakEveryMinutes: 30, breakMinutes: 10, timeMultiplier: 1.25 });
    const attempt = await start(learner, 'practice');
    expect(attempt.remainingSeconds).toBe(DURATION * 1.25);
    expect(attempt.clock).toMatchObject({ breakSeconds: 600, nextBreakInSeconds: 1800, pauseAllowed: false });
    t.clock.advance(20 * MINUTE);
    const early = await inject('POST', `/user/exam/attempts/${attempt.attemptId}/pause`, learner.headers, {
      kind: 'break',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json<{ error: string }>().error).toMatch(/10 more minutes/);
    t.clock.advance(10 * MINUTE);
    const before = await deadlineOf(attempt.attemptId);
    const onBreak = await inject('POST', `/user/exam/attempts/${attempt.attemptId}/pause`, learner.headers, {
      kind: 'break',
    });
    expect(onBreak.statusCode, onBreak.body).toBe(200);
    expect(onBreak.json<ExamProgress>().clock?.paused).toMatchObject({
      kind: 'break',
      breakEndsAt: new Date(t.clock.now().getTime() + 10 * MINUTE).toISOString(),
    });
    // 15 minutes away: the clock stood still for 10 of them, then ran again.
    t.clock.advance(15 * MINUTE);
    const resumed = (
      await inject('POST', `/user/exam/attempts/${attempt.attemptId}/resume`, learner.headers)
    ).json<ExamProgress>();
    expect(await deadlineOf(attempt.attemptId)).toBe(before + 10 * MINUTE);
    expect(resumed.remainingSeconds).toBe(DURATION * 1.25 - 30 * 60 - 5 * 60);
    // The next break comes after another 30 minutes of exam time (the 5 overrun minutes count).
    expect(resumed.clock?.nextBreakInSeconds).toBe(25 * 60);
    const again = await inject('POST', `/user/exam/attempts/${attempt.attemptId}/pause`, learner.headers, {
      kind: 'break',
    });
    expect(again.statusCode).toBe(409);
  });

  it('when the accommodation changes, then multipliers go in 5 % steps, breaks come with their length, and each change is recorded', async () => {
    const learner = await registerLearner(t, { profession: 'doctor' });
    expect((await accommodate(learner, { timeMultiplier: 1.15, silentTimer: true })).json()).toMatchObject({
      timeMultiplier: 1.15,
      silentTimer: true,
    });
    for (const refused of [{ timeMultiplier: 1.12 }, { breakMinutes: 10 }, { breakEveryMinutes: 5, breakMinutes: 5 }])
      expect((await accommodate(learner, refused)).statusCode, JSON.stringify(refused)).toBe(400);
    await accommodate(learner, { pauseAllowed: true, breakEveryMinutes: 60, breakMinutes: 15 });
    const record = (
      await inject('GET', `/admin/users/${learner.id}/accommodation`, admin.headers)
    ).json<AccommodationResponse>();
    expect(record.accommodation).toEqual({
      timeMultiplier: 1.15,
      extraMinutes: null,
      extraAttempts: 0,
      pauseAllowed: true,
      breakEveryMinutes: 60,
      breakMinutes: 15,
      silentTimer: true,
    });
    expect(record.changes).toHaveLength(2);
    expect(record.changes[0]).toMatchObject({ pauseAllowed: true, breakEveryMinutes: 60, changedBy: admin.username });
    const attempt = await start(learner);
    expect(attempt.clock).toMatchObject({ pauseAllowed: true, silentTimer: true, breakSeconds: 900 });
  });
});
