import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminQuestion,
  AnswerResult,
  ExamAttemptsResponse,
  CurrentQuestionResponse,
  PracticeSetResponse,
  ExamReview,
  Profession,
  TopicStatistic,
} from '../../contracts/lms.js';
import { questionCsvColumns } from '../../contracts/lms.js';
import { createQuestion, registerLearner, signInLmsAdmin, type Learner } from '../factories/lms.js';
import { createTestApp, type TestApp } from '../test-app.js';

const FORM_SIZE = 6;

describe('topics, the score, the pass mark and the percentile', () => {
  let t: TestApp;
  let admin: { headers: Record<string, string> };

  beforeAll(async () => {
    t = await createTestApp({ EXAM_QUESTION_COUNT: String(FORM_SIZE), LOGIN_RATE_LIMIT: '1000' });
    admin = await signInLmsAdmin(t);
  });
  afterAll(() => t.close());

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
  const importCsv = (csv: string) =>
    t.app.inject({
      method: 'POST',
      url: '/exam-questions/import',
      headers: { ...admin.headers, 'content-type': 'text/csv' },
      payload: csv,
    });
  const settings = (payload?: object) =>
    t.app.inject({
      method: payload ? 'PUT' : 'GET',
      url: '/admin/exam-settings',
      headers: admin.headers,
      ...(payload ? { payload } : {}),
    });
  const retire = (profession: Profession) =>
    t.database.pool.query('UPDATE exam_questions SET deleted_at = now() WHERE profession = $1', [profession]);
  const listAll = async (profession: Profession) =>
    (await get(admin.headers, '/exam-questions', { profession, pageSize: '100' })).json<{
      examQuestions: AdminQuestion[];
    }>().examQuestions;

  it('when questions carry topics, then the add form, the list, the CSV import (values in any case) and the export keep them', async () => {
    await retire('dentist');
    const added = await createQuestion(t, admin.headers, {
      profession: 'dentist',
      question: 'Topic via the form?',
      topic: ' Pharmacology ',
    });
    expect((await listAll('dentist')).find((q) => q.id === added.id)?.topic).toBe('Pharmacology');
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/exam-questions',
      headers: admin.headers,
      payload: {
        question: 'Long topic?',
        options: ['a', 'b'],
        correct_answer: 'a',
        explanation: 'x',
        profession: 'dentist',
        topic: 'x'.repeat(101),
      },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: 'Topic must be at most 100 characters.', field: 'topic' });

    // The screens' own spelling ("Dentist", "Easy", "Multiple-choice") imports as the stored values.
    const csv = [
      // A file written before Markdown questions: no question_format column.
      questionCsvColumns.filter((c) => c !== 'question_format').join(','),
      '"Which nerve for lower molars?",Multiple-choice,"Inferior alveolar, Facial",Inferior alveolar,Blocked at the mandibular foramen.,Dentist,Easy,Anaesthesia',
      '"Fluoride works by ___",fill-in-the-blank,,remineralisation,It strengthens enamel.,dentist,MEDIUM,',
    ].join('\n');
    const imported = await importCsv(csv);
    expect(imported.json()).toEqual({ imported: 2 });
    const bank = await listAll('dentist');
    expect(bank.find((q) => q.question === 'Which nerve for lower molars?')).toMatchObject({
      question_type: 'multiple-choice',
      profession: 'dentist',
      difficulty: 'easy',
      topic: 'Anaesthesia',
    });
    expect(bank.find((q) => q.question === 'Fluoride works by ___')).toMatchObject({ difficulty: 'medium', topic: '' });

    const exported = await get(admin.headers, '/exam-questions/export', { profession: 'dentist' });
    const records = parse(exported.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(Object.keys(records[0] ?? {})).toEqual([...questionCsvColumns]);
    expect(records.map((r) => r.topic).sort()).toEqual(['', 'Anaesthesia', 'Pharmacology']);
  });

  it('when a cell looks like a formula, then the export guards it, and export then import gives the same bank', async () => {
    await retire('nutritionist');
    const tricky = [
      {
        question: '=HYPERLINK("http://evil.example","click")',
        options: ['@SUM(A1)', '+1'],
        correct_answer: '+1',
        explanation: '-2 is wrong',
        topic: '=cmd',
      },
      {
        question: "'Quoted already?",
        options: ['Yes', 'No'],
        correct_answer: 'Yes',
        explanation: 'Plain.',
        topic: 'Diet',
      },
    ];
    for (const q of tricky) await createQuestion(t, admin.headers, { profession: 'nutritionist', ...q });
    const exported = (await get(admin.headers, '/exam-questions/export', { profession: 'nutritionist' })).body;
    const cells = (parse(exported, { columns: true, bom: true }) as Record<string, string>[]).flatMap((r) =>
      Object.values(r),
    );
    // No cell starts with a character a spreadsheet would run as a formula.
    expect(cells.filter((c) => /^[=+\-@]/.test(c))).toEqual([]);
    expect(cells).toContain(`'=HYPERLINK("http://evil.example","click")`);

    const shape = (qs: AdminQuestion[]) =>
      qs
        .map(({ question, question_type, options, correct_answer, explanation, profession, difficulty, topic }) => ({
          question,
          question_type,
          options,
          correct_answer,
          explanation,
          profession,
          difficulty,
          topic,
        }))
        .sort((a, b) => a.question.localeCompare(b.question));
    const before = shape(await listAll('nutritionist'));
    await retire('nutritionist');
    expect((await importCsv(exported)).json()).toEqual({ imported: 2 });
    expect(shape(await listAll('nutritionist'))).toEqual(before);
  });

  /** A profession's bank of FORM_SIZE questions: `topics` in turn. */
  async function bankOf(profession: Profession, topics: string[]) {
    await retire(profession);
    const made = [];
    for (let i = 0; i < FORM_SIZE; i++) {
      made.push({
        ...(await createQuestion(t, admin.headers, { profession, topic: topics[i % topics.length] })),
        topic: topics[i % topics.length],
      });
    }
    return made;
  }

  it('when an attempt is reviewed, then byTopic lists each topic of the form weakest first, unanswered counted wrong, beside the pass mark the admin set', async () => {
    const made = await bankOf('physiotherapist', ['Anatomy', 'Anatomy', 'Rehab', 'Rehab', '', '']);
    const topicOf = new Map(made.map((q) => [q.id, q.topic]));
    const learner = await registerLearner(t, { profession: 'physiotherapist', programs: ['exam-results'] });
    // Anatomy and untopiced ones right, Rehab wrong; the last question of the form is left unanswered.
    const tally = new Map<string, { topic: string; questions: number; answered: number; correct: number }>();
    for (let served = 0; served < FORM_SIZE; served++) {
      const question = (await next(learner)).examQuestions[0];
      if (!question) throw new Error('expected a question');
      const topic = topicOf.get(question.id) || 'General';
      const row = tally.get(topic) ?? { topic, questions: 0, answered: 0, correct: 0 };
      tally.set(topic, { ...row, questions: row.questions + 1 });
      if (served === FORM_SIZE - 1) break;
      await submit(learner, question.id, topic === 'Rehab' ? 'Wrong' : 'Right');
      tally.set(topic, {
        ...row,
        questions: row.questions + 1,
        answered: row.answered + 1,
        correct: row.correct + (topic === 'Rehab' ? 0 : 1),
      });
    }
    await t.app.inject({ method: 'POST', url: '/user/exam/finish', headers: learner.headers });

    expect((await settings({ retakeWaitSeconds: 0, passMarks: { physiotherapist: 101 } })).statusCode).toBe(400);
    expect((await settings({ retakeWaitSeconds: 0, passMarks: { plumber: 50 } })).statusCode).toBe(400);
    expect((await settings()).json<{ passMarks: Record<string, number> }>().passMarks.physiotherapist).toBe(60);
    const saved = await settings({ retakeWaitSeconds: 0, passMarks: { physiotherapist: 55 } });
    expect(saved.json()).toMatchObject({ passMarks: { physiotherapist: 55, nurse: 60 } });

    const attempts = (await get(learner.headers, '/user/exam/attempts')).json<ExamAttemptsResponse>();
    expect(attempts.passMark).toBe(55);
    const attemptId = attempts.attempts[0]?.id ?? 0;
    const right = [...tally.values()].reduce((sum, row) => sum + row.correct, 0);
    // 5 answered of 6; 3 or 4 right (the unanswered one counts as wrong): 50% or 66.7%.
    expect(attempts.attempts[0]).toMatchObject({
      answered: 5,
      questions: FORM_SIZE,
      score: right,
      percentage: right === 3 ? 50 : 66.7,
    });
    const review = (await get(learner.headers, `/user/exam/attempts/${attemptId}/review`)).json<ExamReview>();
    expect(new Set(review.byTopic)).toEqual(new Set(tally.values()));
    // Weakest first: Rehab (none right) leads, and the share right never falls down the list.
    expect(review.byTopic[0]?.topic).toBe('Rehab');
    const shares = review.byTopic.map((row) => row.correct / row.questions);
    expect(shares).toEqual([...shares].sort((x, y) => x - y));
    const passed = right === 4;
    expect(review).toMatchObject({ passMark: 55, passed, unanswered: 1 });
    const summary = (await get(learner.headers, '/user/exam/summary')).json<{ summary: object }>();
    expect(summary.summary).toMatchObject({ totalQuestions: FORM_SIZE, totalScore: right, passMark: 55, passed });
  });

  it('when "Practise this topic" is asked, then the set holds only that topic (any case); a topic without questions says so', async () => {
    const made = await bankOf('doctor', ['Cardiology', 'Renal']);
    const learner = await registerLearner(t, { profession: 'doctor' });
    const set = (
      await get(learner.headers, '/user/exam/questions', { set: 'mock', topic: 'cardiology' })
    ).json<PracticeSetResponse>();
    const cardiology = made
      .filter((q) => q.topic === 'Cardiology')
      .map((q) => q.id)
      .sort();
    expect(set.examQuestions.map((q) => q.id).sort()).toEqual(cardiology);
    const none = (
      await get(learner.headers, '/user/exam/questions', { set: 'mock', topic: 'Dermatology' })
    ).json<PracticeSetResponse>();
    expect(none).toEqual({ examQuestions: [], message: 'There are no questions on this topic to practise.' });
  });

  it('when results are locked, then a submit keeps correct and explanation but withholds the correct answer; unlocked, it is given', async () => {
    await bankOf('nurse', ['Infection control']);
    for (const [programs, expected] of [
      [[], null],
      [['exam-results'], 'Right'],
    ] as const) {
      const learner = await registerLearner(t, { profession: 'nurse', programs: [...programs] });
      const served = (await next(learner)).examQuestions[0];
      const result = await submit(learner, served?.id ?? 0, 'Wrong');
      expect(result.json<AnswerResult>()).toMatchObject({
        correct: false,
        explanation: expect.any(String),
        correctAnswer: expected,
      });
      if (expected === null) expect(result.body).not.toContain('"Right"');
    }
  });

  it('when learners have answered, then the statistics give the facility of each topic over the whole bank', async () => {
    const made = await bankOf('dentist', ['Perio', 'Endo']);
    const perio = new Set(made.filter((q) => q.topic === 'Perio').map((q) => q.id));
    for (let n = 0; n < 2; n++) {
      const learner = await registerLearner(t, { profession: 'dentist' });
      for (;;) {
        const served = (await next(learner)).examQuestions[0];
        if (!served) break;
        // Perio: right every time; Endo: right only for the second learner.
        await submit(learner, served.id, perio.has(served.id) || n === 1 ? 'Right' : 'Wrong');
      }
    }
    const stats = (
      await get(admin.headers, '/exam-questions/statistics', { profession: 'dentist', pageSize: '1' })
    ).json<{ statistics: unknown[]; topics: TopicStatistic[] }>();
    expect(stats.statistics).toHaveLength(1);
    expect(stats.topics).toEqual([
      { topic: 'Endo', questions: 3, attempts: 6, facility: 0.5 },
      { topic: 'Perio', questions: 3, attempts: 6, facility: 1 },
    ]);
  });

  it('when fewer than 30 other learners have finished, then no percentile is given; from 30 on, the attempt is ranked among their latest attempts', async () => {
    const made = await bankOf('nurse', ['Wards']);
    const ids = made.map((q) => q.id);
    const learner = await registerLearner(t, { profession: 'nurse', programs: ['exam-results'] });
    // 4 of 6 right.
    let i = 0;
    for (;;) {
      const served = (await next(learner)).examQuestions[0];
      if (!served) break;
      await submit(learner, served.id, i++ < 4 ? 'Right' : 'Wrong');
    }
    const attemptId =
      (await get(learner.headers, '/user/exam/attempts')).json<ExamAttemptsResponse>().attempts[0]?.id ?? 0;
    const review = async () =>
      (await get(learner.headers, `/user/exam/attempts/${attemptId}/review`)).json<ExamReview>();

    // Earlier nurses of this file: counted among the others too.
    const { rows: earlier } = await t.database.pool.query<{ n: number }>(
      `SELECT count(DISTINCT user_id)::int AS n FROM exam_attempts WHERE profession = 'nurse' AND finished_at IS NOT NULL AND user_id <> $1`,
      [learner.id],
    );
    const already = earlier[0]?.n ?? 0;
    expect(already).toBeLessThan(30);
    expect(await review()).toMatchObject({ percentile: null, percentileOthers: already });

    /** Other nurses with a finished attempt of `correct` right out of the form (directly in the database: 30 sign-ups would test nothing more). */
    async function othersScoring(correct: number, count: number) {
      for (let n = 0; n < count; n++) {
        const { rows } = await t.database.pool.query<{ id: number }>(
          `INSERT INTO lms_users (username, password_hash, profession) VALUES ($1, 'x', 'nurse') RETURNING id`,
          [`other_${correct}_${n}_${Date.now().toString(36)}`],
        );
        const userId = rows[0]?.id;
        const now = t.clock.now();
        const { rows: attempt } = await t.database.pool.query<{ id: number }>(
          `INSERT INTO exam_attempts (user_id, exam_key, profession, seed, started_at, deadline_at, finished_at, finish_reason, question_ids)
           VALUES ($1, 'nurse-en', 'nurse', 1, $2, $2, $2, 'completed', $3) RETURNING id`,
          [userId, now, ids],
        );
        for (const [k, questionId] of ids.entries()) {
          await t.database.pool.query(
            `INSERT INTO exam_answers (attempt_id, question_id, user_answer, outcome, answered_at) VALUES ($1, $2, 'x', $3, $4)`,
            [attempt[0]?.id, questionId, k < correct ? 'correct' : 'incorrect', now],
          );
        }
      }
    }
    // Up to 30 others: half score below (2 of 6), a tenth the same (4 of 6), the rest above (6 of 6).
    const below = 15 - already;
    await othersScoring(2, below > 0 ? below : 0);
    await othersScoring(4, 2);
    await othersScoring(6, 30 - already - Math.max(below, 0) - 2 - 1);
    expect(await review()).toMatchObject({ percentile: null, percentileOthers: 29 });
    await othersScoring(6, 1);
    const ranked = await review();
    expect(ranked.percentileOthers).toBe(30);
    // The earlier nurses of this file scored whatever they scored; recount what the rule gives.
    const { rows: scores } = await t.database.pool.query<{ s: number }>(
      `SELECT DISTINCT ON (a.user_id) (SELECT count(*) FROM exam_answers e WHERE e.attempt_id = a.id AND e.outcome = 'correct')::float8 / cardinality(a.question_ids) AS s
       FROM exam_attempts a WHERE a.profession = 'nurse' AND a.finished_at IS NOT NULL AND a.user_id <> $1 ORDER BY a.user_id, a.finished_at DESC, a.id DESC`,
      [learner.id],
    );
    const mine = 4 / 6;
    const expected = Math.round(
      ((scores.filter((r) => r.s < mine - 1e-9).length + scores.filter((r) => Math.abs(r.s - mine) < 1e-9).length / 2) /
        30) *
        100,
    );
    expect(ranked.percentile).toBe(expected);
    expect(ranked.percentile).toBeGreaterThan(0);
  });
});
