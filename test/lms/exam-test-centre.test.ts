import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  AccommodationResponse,
  ExamAttemptsResponse,
  ExamForm,
  ExamProgress,
  CurrentQuestionResponse,
  PracticeSetResponse,
  ProfessionsResponse,
  ExamReview,
  Profession,
  RecordedAnswer,
} from '../../contracts/lms.js';
import { createQuestion, registerLearner, signInLmsAdmin, type Learner } from '../factories/lms.js';
import { createTestApp, type TestApp } from '../test-app.js';

const DURATION = 600;
const FORM_SIZE = 4;

describe('test-centre mode, accommodations and an empty bank', () => {
  let t: TestApp;
  let admin: { username: string; headers: Record<string, string> };

  beforeAll(async () => {
    t = await createTestApp({
      EXAM_DURATION_SECONDS: String(DURATION),
      EXAM_QUESTION_COUNT: String(FORM_SIZE),
      LOGIN_RATE_LIMIT: '1000',
    });
    admin = await signInLmsAdmin(t);
  });
  afterAll(() => t.close());

  /** The profession's bank emptied, then filled with `n` multiple-choice questions (right answer 'Right'). */
  async function freshBank(profession: Profession, n: number) {
    await t.database.pool.query('UPDATE exam_questions SET deleted_at = now() WHERE profession = $1', [profession]);
    for (let i = 0; i < n; i++) await createQuestion(t, admin.headers, { profession });
  }
  const inject = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
    query?: Record<string, string>,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}), ...(query ? { query } : {}) });
  const start = (learner: Learner, mode?: string) =>
    inject('POST', '/user/exam/attempts', learner.headers, mode ? { mode } : undefined);
  const serve = (learner: Learner, questionId?: number) =>
    inject(
      'GET',
      '/user/exam/questions',
      learner.headers,
      undefined,
      questionId ? { questionId: String(questionId) } : undefined,
    );
  const submit = (learner: Learner, questionId: number, userAnswer: string, clientAnswerId?: string) =>
    inject('POST', '/user/exam/submit', learner.headers, {
      questionId,
      userAnswer,
      ...(clientAnswerId ? { clientAnswerId } : {}),
    });
  const attempts = async (learner: Learner) =>
    (await inject('GET', '/user/exam/attempts', learner.headers)).json<ExamAttemptsResponse>();
  /** A learner with a running test-centre sitting and its first served question. */
  async function sitting(profession: Profession, programs: 'exam-results'[] = ['exam-results']) {
    const learner = await registerLearner(t, { profession, programs });
    const started = await start(learner, 'test-centre');
    expect(started.statusCode).toBe(201);
    const first = await serve(learner);
    expect(first.statusCode).toBe(200);
    return { learner, progress: started.json<ExamProgress>(), first: first.json<CurrentQuestionResponse>() };
  }

  describe('an empty bank', () => {
    it('when no question exists for the profession, then the attempts list says so before any step, the exam refuses to start, and no attempt or award is left', async () => {
      await t.database.pool.query("UPDATE exam_questions SET deleted_at = now() WHERE profession = 'dentist'");
      const learner = await registerLearner(t, { profession: 'dentist' });
      // What the exam page's first screen reads, before the confirmation, the NDA and the tutorial.
      expect(await attempts(learner)).toMatchObject({ attempts: [], questionsAvailable: false });
      const first = await serve(learner);
      expect(first.statusCode).toBe(409);
      expect(first.json()).toMatchObject({
        code: 'NO_QUESTIONS',
        error: expect.stringContaining('no exam questions for your profession'),
      });
      const started = await start(learner, 'test-centre');
      expect(started.statusCode).toBe(409);
      expect(started.json()).toMatchObject({ code: 'NO_QUESTIONS' });
      expect(await attempts(learner)).toMatchObject({ attempts: [] });
      const awards = await inject('GET', '/user/achievements', learner.headers);
      expect(JSON.stringify(awards.json())).not.toContain('Exam Finisher');
      // One live question is enough: the exam page goes on to its steps.
      await createQuestion(t, admin.headers, { profession: 'dentist' });
      expect(await attempts(learner)).toMatchObject({ attempts: [], questionsAvailable: true });
    });

    it('when a profession has no live question, then the registration form’s list says it has no exam yet, and registering with it still works', async () => {
      await freshBank('nurse', 1);
      await t.database.pool.query("UPDATE exam_questions SET deleted_at = now() WHERE profession = 'nutritionist'");
      const hasExam = async () =>
        Object.fromEntries(
          (await inject('GET', '/auth/professions', {}))
            .json<ProfessionsResponse>()
            .professions.map((p) => [p.profession, p.hasExam]),
        );
      // A public page's every visit reads the bank once, not once per profession (it read it five times).
      const pool = t.database.pool;
      const query = pool.query.bind(pool);
      const statements: string[] = [];
      const spy = vi.spyOn(pool, 'query').mockImplementation(((
        statement: string | { text: string },
        ...rest: unknown[]
      ) => {
        statements.push(typeof statement === 'string' ? statement : statement.text);
        return (query as (...args: unknown[]) => unknown)(statement, ...rest);
      }) as typeof pool.query);
      const listed = await hasExam();
      spy.mockRestore();
      expect(statements.filter((text) => text.includes('exam_questions'))).toHaveLength(1);
      expect(Object.keys(listed)).toEqual(['doctor', 'nurse', 'physiotherapist', 'nutritionist', 'dentist']);
      expect(listed).toMatchObject({ nurse: true, nutritionist: false });
      // No blocking: the learner registers with it (and is told on the exam's first screen, as above).
      const learner = await registerLearner(t, { profession: 'nutritionist' });
      expect(await attempts(learner)).toMatchObject({ questionsAvailable: false });
      // A deleted question does not count; a live one does.
      const { id } = await createQuestion(t, admin.headers, { profession: 'nutritionist' });
      expect(await hasExam()).toMatchObject({ nutritionist: true });
      expect((await inject('DELETE', `/exam-questions/${id}`, admin.headers)).statusCode).toBe(204);
      expect(await hasExam()).toMatchObject({ nutritionist: false });
    });
  });

  describe('the sitting', () => {
    it('when a mode outside the list is asked for, then 400 and no attempt starts', async () => {
      await freshBank('doctor', FORM_SIZE);
      const learner = await registerLearner(t, { profession: 'doctor' });
      const bad = await start(learner, 'exam-hall');
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ error: string }>().error).toMatch(/^Mode must be one of practice, test-centre\.?$/);
      expect((await attempts(learner)).attempts).toEqual([]);
    });

    it('when a test-centre sitting serves a question, then the navigator lists every question of the form in order with its position', async () => {
      await freshBank('doctor', FORM_SIZE);
      const { first, progress } = await sitting('doctor');
      expect(progress).toMatchObject({ correctCount: null, totalQuestions: FORM_SIZE, remainingSeconds: DURATION });
      expect(first).toMatchObject({
        mode: 'test-centre',
        position: 1,
        recordedAnswer: null,
        attempt: { correctCount: null },
      });
      expect(first.navigator?.map((cell) => cell.position)).toEqual([1, 2, 3, 4]);
      expect(first.navigator?.[0]?.questionId).toBe(first.examQuestions[0]?.id);
      expect(first.navigator?.every((cell) => !cell.answered && !cell.flagged)).toBe(true);
    });

    it('when an answer is submitted and then changed, then nothing about correctness comes back and the last answer is the one recorded', async () => {
      await freshBank('doctor', FORM_SIZE);
      const { learner, first } = await sitting('doctor');
      const id = first.examQuestions[0]?.id ?? 0;
      const answered = await submit(learner, id, 'Wrong');
      expect(answered.statusCode).toBe(200);
      const body = answered.json<RecordedAnswer>();
      expect(body).toMatchObject({
        recorded: true,
        questionId: id,
        userAnswer: 'Wrong',
        duplicate: false,
        attempt: { answeredCount: 1, correctCount: null },
      });
      expect(answered.body).not.toMatch(/correct"|explanation|Because of reason/);
      const changed = await submit(learner, id, 'Right');
      expect(changed.json<RecordedAnswer>()).toMatchObject({ userAnswer: 'Right', attempt: { answeredCount: 1 } });
      // Still the question on screen, now with its recorded answer; the summary tells no score while the sitting runs.
      const again = (await serve(learner)).json<CurrentQuestionResponse>();
      expect(again).toMatchObject({ position: 1, recordedAnswer: 'Right' });
      expect(again.navigator?.[0]).toMatchObject({ answered: true });
      const summary = (await inject('GET', '/user/exam/summary', learner.headers)).json();
      expect(summary).toMatchObject({ finished: false, summary: { totalScore: null, percentage: null } });
      expect((await attempts(learner)).attempts[0]).toMatchObject({ score: null, percentage: null });
    });

    it('when the navigator opens a question, then that one is served; one outside the form is a 404; a practice attempt cannot choose', async () => {
      await freshBank('doctor', FORM_SIZE);
      const { learner, first } = await sitting('doctor');
      const third = first.navigator?.[2];
      const opened = (await serve(learner, third?.questionId)).json<CurrentQuestionResponse>();
      expect(opened).toMatchObject({ position: 3, examQuestions: [{ id: third?.questionId }] });
      // A reload serves the question on screen, not the first unanswered one.
      expect((await serve(learner)).json<CurrentQuestionResponse>()).toMatchObject({ position: 3 });
      expect((await serve(learner, 2_000_000)).statusCode).toBe(404);
      expect((await submit(learner, 2_000_000, 'Right')).statusCode).toBe(404);
      expect((await serve(learner)).json<CurrentQuestionResponse>().attempt?.answeredCount).toBe(0);

      const practising = await registerLearner(t, { profession: 'doctor' });
      const practice = (await serve(practising)).json<CurrentQuestionResponse>();
      expect(practice.mode).toBe('practice');
      expect((await serve(practising, practice.examQuestions[0]?.id)).statusCode).toBe(400);
    });

    it('when the device asks for the whole form, then it gets every question in the navigator order with the options as served and the answers recorded, and no answer key', async () => {
      await freshBank('doctor', FORM_SIZE);
      const { learner, first, progress } = await sitting('doctor');
      const second = first.navigator?.[1]?.questionId ?? 0;
      expect((await submit(learner, second, 'Wrong')).statusCode).toBe(200);
      const form = await inject('GET', `/user/exam/attempts/${progress.attemptId}/form`, learner.headers);
      expect(form.statusCode).toBe(200);
      const body = form.json<ExamForm>();
      expect(body.questions.map((q) => q.id)).toEqual(first.navigator?.map((cell) => cell.questionId));
      // The same shuffled options as the navigator serves one by one.
      const served = (await serve(learner, second)).json<CurrentQuestionResponse>().examQuestions[0];
      expect(body.questions[1]).toEqual(served);
      expect(body.recordedAnswers).toEqual([{ questionId: second, userAnswer: 'Wrong' }]);
      expect(form.body).not.toMatch(/correct|explanation|Because of reason/i);
      // Another attempt id, and a practice attempt, get no form.
      expect(
        (await inject('GET', `/user/exam/attempts/${progress.attemptId + 1000}/form`, learner.headers)).statusCode,
      ).toBe(409);
      const practising = await registerLearner(t, { profession: 'doctor' });
      const practice = (await serve(practising)).json<CurrentQuestionResponse>();
      const refused = await inject('GET', `/user/exam/attempts/${practice.attempt.attemptId}/form`, practising.headers);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: 'Only a test-centre sitting is taken to the device whole.' });
    });

    it('when questions are flagged and unflagged, then the navigator shows it; a question outside the form or another attempt is refused', async () => {
      await freshBank('doctor', FORM_SIZE);
      const { learner, first, progress } = await sitting('doctor');
      const [a, b] = first.navigator ?? [];
      const flag = (questionId: number, flagged: boolean, attemptId = progress.attemptId) =>
        inject('PUT', `/user/exam/attempts/${attemptId}/flags`, learner.headers, { questionId, flagged });
      expect((await flag(a?.questionId ?? 0, true)).json()).toEqual({ flaggedQuestionIds: [a?.questionId] });
      await flag(b?.questionId ?? 0, true);
      expect((await flag(a?.questionId ?? 0, false)).json()).toEqual({ flaggedQuestionIds: [b?.questionId] });
      const cells = (await serve(learner)).json<CurrentQuestionResponse>().navigator ?? [];
      expect(cells.filter((cell) => cell.flagged).map((cell) => cell.questionId)).toEqual([b?.questionId]);
      expect((await flag(2_000_000, true)).statusCode).toBe(404);
      expect((await flag(a?.questionId ?? 0, true, progress.attemptId + 1000)).statusCode).toBe(409);
      const bad = await inject('PUT', `/user/exam/attempts/${progress.attemptId}/flags`, learner.headers, {
        questionId: a?.questionId,
        flagged: 'yes',
      });
      expect(bad.statusCode).toBe(400);
    });

    it('when every question is answered, then the attempt stays open for review until the candidate finishes it; the review shows the last answers', async () => {
      await freshBank('doctor', FORM_SIZE);
      const { learner, first, progress } = await sitting('doctor');
      const cells = first.navigator ?? [];
      for (const cell of cells) await submit(learner, cell.questionId, 'Wrong');
      await submit(learner, cells[0]?.questionId ?? 0, 'Right');
      const all = (await serve(learner)).json<CurrentQuestionResponse>();
      expect(all).toMatchObject({ attempt: { finished: false, answeredCount: FORM_SIZE } });

      const other = await registerLearner(t, { profession: 'doctor' });
      expect((await inject('POST', `/user/exam/attempts/${progress.attemptId}/finish`, other.headers)).statusCode).toBe(
        404,
      );

      const finished = await inject('POST', `/user/exam/attempts/${progress.attemptId}/finish`, learner.headers);
      expect(finished.statusCode).toBe(200);
      expect(finished.json()).toMatchObject({
        finished: true,
        summary: { totalQuestions: FORM_SIZE, totalScore: 1, percentage: 25 },
      });
      expect(
        (await inject('POST', `/user/exam/attempts/${progress.attemptId}/finish`, learner.headers)).statusCode,
      ).toBe(409);
      expect((await submit(learner, cells[1]?.questionId ?? 0, 'Right')).statusCode).toBe(409);
      const review = (
        await inject('GET', `/user/exam/attempts/${progress.attemptId}/review`, learner.headers)
      ).json<ExamReview>();
      const firstReviewed = review.questions.find((q) => q.questionId === cells[0]?.questionId);
      expect(firstReviewed).toMatchObject({ userAnswer: 'Right', outcome: 'correct' });
      expect(review.questions.filter((q) => q.outcome === 'incorrect')).toHaveLength(FORM_SIZE - 1);
    });

    it('when an answer arrives after the deadline, then it is refused (410, then 409) and finishing says the time is over', async () => {
      await freshBank('doctor', FORM_SIZE);
      const { learner, first, progress } = await sitting('doctor');
      t.clock.advance(DURATION * 1000);
      const late = await submit(learner, first.examQuestions[0]?.id ?? 0, 'Right');
      expect(late.statusCode).toBe(410);
      expect(late.json()).toEqual({ error: 'The exam time is over; answers are no longer accepted.' });
      expect((await submit(learner, first.examQuestions[0]?.id ?? 0, 'Right')).statusCode).toBe(409);
      expect(
        (await inject('POST', `/user/exam/attempts/${progress.attemptId}/finish`, learner.headers)).statusCode,
      ).toBe(409);
    });
  });

  describe('answers resent after a lost connection', () => {
    it('when the same clientAnswerId arrives twice, then it is applied once; a resent earlier answer does not undo a later one', async () => {
      await freshBank('nurse', FORM_SIZE);
      const { learner, first } = await sitting('nurse');
      const id = first.examQuestions[0]?.id ?? 0;
      const firstId = randomUUID();
      const secondId = randomUUID();
      expect((await submit(learner, id, 'Wrong', firstId)).json<RecordedAnswer>()).toMatchObject({
        duplicate: false,
        userAnswer: 'Wrong',
      });
      expect((await submit(learner, id, 'Right', secondId)).json<RecordedAnswer>()).toMatchObject({
        duplicate: false,
        userAnswer: 'Right',
      });
      const resent = (await submit(learner, id, 'Wrong', firstId)).json<RecordedAnswer>();
      expect(resent).toMatchObject({ duplicate: true, userAnswer: 'Right', attempt: { answeredCount: 1 } });
      expect((await serve(learner)).json<CurrentQuestionResponse>().recordedAnswer).toBe('Right');
      expect((await submit(learner, id, 'Right', 'not-a-uuid')).statusCode).toBe(400);
    });
  });

  describe('practice sets', () => {
    it('when a practice set is scored, then each answer comes back with the correct one and its explanation, in the order served', async () => {
      await freshBank('nurse', 3);
      const learner = await registerLearner(t, { profession: 'nurse', programs: ['exam-results'] });
      const served = (
        await inject('GET', '/user/exam/questions', learner.headers, undefined, { set: 'mock' })
      ).json<PracticeSetResponse>();
      const [first, ...rest] = served.examQuestions;
      const answers = Object.fromEntries([[String(first?.id), 'Right'], ...rest.map((q) => [String(q.id), 'Wrong'])]);
      const scored = await inject('POST', '/user/exam/submit', learner.headers, {
        answers,
        setId: served.practiceSet?.id,
      });
      expect(scored.statusCode).toBe(200);
      const result = scored.json<{
        score: number;
        review: {
          questionId: number;
          userAnswer: string;
          correctAnswer: string;
          explanation: string;
          outcome: string;
          options: string[];
        }[];
      }>();
      expect(result.score).toBe(1);
      expect(result.review.map((r) => r.questionId)).toEqual(served.examQuestions.map((q) => q.id));
      expect(result.review[0]).toMatchObject({
        userAnswer: 'Right',
        correctAnswer: 'Right',
        outcome: 'correct',
        explanation: expect.stringContaining('Because of reason'),
      });
      expect(result.review.slice(1).every((r) => r.outcome === 'incorrect' && r.correctAnswer === 'Right')).toBe(true);
      // The options in the order the learner saw them.
      expect(result.review[0]?.options).toEqual(first?.options);
    });

    it('when a learner whose results are locked scores a practice set, then the review marks each answer and explains it, but names no correct answer', async () => {
      await freshBank('nurse', 3);
      const learner = await registerLearner(t, { profession: 'nurse' });
      const served = (
        await inject('GET', '/user/exam/questions', learner.headers, undefined, { set: 'mock' })
      ).json<PracticeSetResponse>();
      const answers = Object.fromEntries(served.examQuestions.map((q) => [String(q.id), 'Wrong']));
      const scored = await inject('POST', '/user/exam/submit', learner.headers, {
        answers,
        setId: served.practiceSet?.id,
      });
      expect(scored.statusCode).toBe(200);
      const { review } = scored.json<{
        review: { correctAnswer: string | null; explanation: string; outcome: string }[];
      }>();
      expect(review).toHaveLength(served.examQuestions.length);
      expect(
        review.every(
          (r) => r.outcome === 'incorrect' && r.correctAnswer === null && r.explanation.includes('Because of reason'),
        ),
      ).toBe(true);
    });
  });

  describe('accommodations', () => {
    const put = (userId: number, payload: object, headers = admin.headers) =>
      inject('PUT', `/admin/users/${userId}/accommodation`, headers, payload);

    it('when someone other than an LMS admin sets an accommodation, or sends a value outside the rules, then it is refused and nothing changes', async () => {
      const learner = await registerLearner(t, { profession: 'nurse' });
      expect((await put(learner.id, { timeMultiplier: 2 }, learner.headers)).statusCode).toBe(403);
      expect((await put(learner.id, { timeMultiplier: 2 }, {})).statusCode).toBe(401);
      for (const body of [
        { timeMultiplier: 1.33 },
        { timeMultiplier: 1 },
        { timeMultiplier: 3.05 },
        { breakEveryMinutes: 60 },
        { breakEveryMinutes: 60, breakMinutes: 90 },
        { pauseAllowed: 'yes' },
        { extraMinutes: 0 },
        { extraMinutes: 1.5 },
        { extraAttempts: -1 },
        {},
        { role: 'admin' },
      ]) {
        const refused = await put(learner.id, body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(400);
        expect(refused.json<{ error: string }>().error).toBeTruthy();
      }
      expect((await put(2_000_000, { timeMultiplier: 2 })).statusCode).toBe(404);
      const record = (
        await inject('GET', `/admin/users/${learner.id}/accommodation`, admin.headers)
      ).json<AccommodationResponse>();
      expect(record).toEqual({
        accommodation: {
          timeMultiplier: null,
          extraMinutes: null,
          extraAttempts: 0,
          pauseAllowed: false,
          breakEveryMinutes: null,
          breakMinutes: null,
          silentTimer: false,
        },
        changes: [],
      });
    });

    it('when a learner has 1.5 times the time and 10 extra minutes, then their next attempt’s deadline reflects both; every change is recorded with who and when', async () => {
      await freshBank('physiotherapist', FORM_SIZE);
      const learner = await registerLearner(t, { profession: 'physiotherapist' });
      expect((await put(learner.id, { timeMultiplier: 1.5 })).json()).toEqual({
        timeMultiplier: 1.5,
        extraMinutes: null,
        extraAttempts: 0,
        pauseAllowed: false,
        breakEveryMinutes: null,
        breakMinutes: null,
        silentTimer: false,
      });
      expect((await put(learner.id, { extraMinutes: 10 })).json()).toEqual({
        timeMultiplier: 1.5,
        extraMinutes: 10,
        extraAttempts: 0,
        pauseAllowed: false,
        breakEveryMinutes: null,
        breakMinutes: null,
        silentTimer: false,
      });
      const started = (await start(learner, 'test-centre')).json<ExamProgress>();
      expect(started.remainingSeconds).toBe(DURATION * 1.5 + 600);
      expect((await serve(learner)).json<CurrentQuestionResponse>().attempt?.remainingSeconds).toBe(
        DURATION * 1.5 + 600,
      );

      // Removed again: the first attempt of another learner, started by the first question, has the plain duration.
      const plain = await registerLearner(t, { profession: 'physiotherapist' });
      await put(plain.id, { timeMultiplier: 2 });
      await put(plain.id, { timeMultiplier: null });
      expect((await serve(plain)).json<CurrentQuestionResponse>().attempt?.remainingSeconds).toBe(DURATION);

      const record = (
        await inject('GET', `/admin/users/${learner.id}/accommodation`, admin.headers)
      ).json<AccommodationResponse>();
      expect(record.accommodation).toEqual({
        timeMultiplier: 1.5,
        extraMinutes: 10,
        extraAttempts: 0,
        pauseAllowed: false,
        breakEveryMinutes: null,
        breakMinutes: null,
        silentTimer: false,
      });
      expect(record.changes.map((c) => [c.changedBy, c.timeMultiplier, c.extraMinutes])).toEqual([
        [admin.username, 1.5, 10],
        [admin.username, 1.5, null],
      ]);
      const users = (await inject('GET', '/admin/users', admin.headers, undefined, { search: learner.username })).json<{
        users: { accommodation?: unknown }[];
      }>();
      expect(users.users[0]?.accommodation).toEqual({
        timeMultiplier: 1.5,
        extraMinutes: 10,
        extraAttempts: 0,
        pauseAllowed: false,
        breakEveryMinutes: null,
        breakMinutes: null,
        silentTimer: false,
      });
    });

    it('when an admin grants an extra attempt, then one retake starts before the wait ends, and the next is refused again', async () => {
      await freshBank('nutritionist', FORM_SIZE);
      const learner = await registerLearner(t, { profession: 'nutritionist' });
      const wait = await inject('PUT', '/admin/exam-settings', admin.headers, { retakeWaitSeconds: 86_400 });
      try {
        const first = (await start(learner)).json<ExamProgress>();
        await inject('POST', `/user/exam/attempts/${first.attemptId}/finish`, learner.headers);
        const refused = await start(learner);
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json()).toMatchObject({ code: 'RETAKE_NOT_YET' });
        await put(learner.id, { extraAttempts: 1 });
        const extra = await start(learner, 'test-centre');
        expect(extra.statusCode).toBe(201);
        await inject('POST', `/user/exam/attempts/${extra.json<ExamProgress>().attemptId}/finish`, learner.headers);
        expect((await start(learner)).statusCode).toBe(409);
        const record = (
          await inject('GET', `/admin/users/${learner.id}/accommodation`, admin.headers)
        ).json<AccommodationResponse>();
        expect(record.accommodation.extraAttempts).toBe(0);
      } finally {
        expect(wait.statusCode).toBe(200);
        await inject('PUT', '/admin/exam-settings', admin.headers, { retakeWaitSeconds: 0 });
      }
    });
  });

  describe('the exam log’s timeline', () => {
    it('when a candidate with an accommodation sits a test-centre exam, then the log tells each step in order: start, accommodations, answers given and changed, flags, a warning, an offline span, the finish; repeats and refusals add nothing', async () => {
      await freshBank('dentist', FORM_SIZE);
      const learner = await registerLearner(t, { profession: 'dentist' });
      await inject('PUT', `/admin/users/${learner.id}/accommodation`, admin.headers, {
        extraMinutes: 15,
        pauseAllowed: true,
      });
      const started = await start(learner, 'test-centre');
      expect(started.statusCode).toBe(201);
      const { attemptId } = started.json<ExamProgress>();
      const cells = (await serve(learner)).json<CurrentQuestionResponse>().navigator ?? [];
      const [a, b] = cells.map((cell) => cell.questionId);
      const step = () => t.clock.advance(1000);
      const flag = (questionId: number | undefined, flagged: boolean) =>
        inject('PUT', `/user/exam/attempts/${attemptId}/flags`, learner.headers, { questionId, flagged });

      step();
      expect((await submit(learner, a ?? 0, 'الجواب ٣', randomUUID())).statusCode).toBe(200);
      step();
      await submit(learner, a ?? 0, 'उत्तर ४', randomUUID());
      step();
      // The same answer again says nothing new; a question outside the form is refused and logs nothing.
      await submit(learner, a ?? 0, 'उत्तर ४', randomUUID());
      expect((await submit(learner, 2_000_000, 'x')).statusCode).toBe(404);
      step();
      await flag(b, true);
      await flag(b, true);
      step();
      await flag(b, false);
      step();
      await inject('POST', '/user/exam/events', learner.headers, { event: 'tab-switch' });
      // Back online after 40 s away: the device tells the span, which takes its place in the timeline.
      const wentAway = new Date(t.clock.now().getTime() + 1000).toISOString();
      t.clock.advance(41_000);
      const cameBack = new Date(t.clock.now().getTime() - 500).toISOString();
      const offline = await inject('POST', '/user/exam/events', learner.headers, {
        event: 'offline',
        from: wentAway,
        to: cameBack,
      });
      expect(offline.statusCode).toBe(201);
      expect(
        (await inject('POST', '/user/exam/events', learner.headers, { event: 'offline', from: cameBack })).statusCode,
      ).toBe(400);
      expect(
        (await inject('POST', '/user/exam/events', learner.headers, { event: 'copy', from: wentAway, to: cameBack }))
          .statusCode,
      ).toBe(400);
      await submit(learner, b ?? 0, 'Right', randomUUID());
      step();
      expect((await inject('POST', `/user/exam/attempts/${attemptId}/finish`, learner.headers)).statusCode).toBe(200);

      const timeline = await inject('GET', '/admin/exam-logs', admin.headers, undefined, {
        examId: String(attemptId),
        learner: learner.username,
      });
      expect(timeline.statusCode).toBe(200);
      const entries = timeline
        .json<{
          logs: { log_data: { event: string; message: string; questionId?: number } }[];
        }>()
        .logs.map((log) => log.log_data);
      expect(entries.map((entry) => entry.event)).toEqual([
        'started',
        'accommodations',
        'answered',
        'answer-changed',
        'flagged',
        'unflagged',
        'tab-switch',
        'offline',
        'answered',
        'finished',
      ]);
      expect(entries[1]?.message).toBe('Accommodations applied: 900 s more time (1500 s in all); pausing allowed');
      expect(entries[2]).toMatchObject({ questionId: a, message: `Answer given to question ${a}` });
      expect(entries[3]).toMatchObject({ questionId: a, message: `Answer changed on question ${a}` });
      expect(entries[4]).toMatchObject({ questionId: b });
      expect(entries[7]?.message).toBe(`Offline for 40 s, until ${cameBack}`);
    });
  });
});
