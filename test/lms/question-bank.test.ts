import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  questionCsvColumns,
  type CreateQuestionBody,
  type CurrentQuestionResponse,
  type QuestionStatistic,
} from '../../contracts/lms.js';
import { createQuestion, questionBody, registerLearner, signInLmsAdmin } from '../factories/lms.js';
import { createTestApp, type TestApp } from '../test-app.js';

// Files written before questions had topics (or Markdown text): those columns may be left out.
const header = questionCsvColumns.filter((c) => c !== 'topic' && c !== 'question_format').join(',');

describe('the question bank: CSV import and export, item analysis', () => {
  let t: TestApp;
  let admin: { headers: Record<string, string> };
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    admin = await signInLmsAdmin(t);
  });
  afterAll(() => t.close());

  const importCsv = (csv: string, contentType = 'text/csv') =>
    t.app.inject({
      method: 'POST',
      url: '/exam-questions/import',
      headers: { ...admin.headers, 'content-type': contentType },
      payload: csv,
    });
  const countOf = async (profession: string) =>
    Number(
      (await t.app.inject({ method: 'GET', url: '/exam-questions', headers: admin.headers, query: { profession } }))
        .headers['x-total-count'],
    );

  it('when a CSV has one bad row, then nothing is imported and the row is named; fixed, every row is imported', async () => {
    const before = await countOf('dentist');
    const rows = [
      header,
      '"Which tooth erupts first?",multiple-choice,"Lower central incisor, Upper canine, First molar",Lower central incisor,Usually at about six months.,dentist,easy',
      '"Fluoride works mainly by ___",fill-in-the-blank,,remineralisation|remineralization,It strengthens enamel.,dentist,medium',
      '"Describe the steps of a root canal.",essay,,Access; clean; shape; fill.,Model answer.,dentist,hard',
      '"Which is the hardest tissue?",multiple-choice,"Enamel, Dentine",Cementum,Enamel is the hardest.,dentist,easy',
    ];
    const bad = await importCsv(rows.join('\n'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'Nothing was imported: 1 row has an error.',
      code: 'IMPORT_REJECTED',
      errors: [{ row: 5, error: 'correct_answer must be one of the options' }],
    });
    expect(await countOf('dentist')).toBe(before);

    rows[4] =
      '"Which is the hardest tissue?",multiple-choice,"Enamel, Dentine",Enamel,Enamel is the hardest.,dentist,easy';
    const good = await importCsv(rows.join('\r\n'));
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ imported: 4 });
    expect(await countOf('dentist')).toBe(before + 4);

    // The same file again: every row is already in the bank.
    const again = await importCsv(rows.join('\n'));
    expect(again.statusCode).toBe(400);
    expect(again.json<{ errors: { row: number }[] }>().errors.map((e) => e.row)).toEqual([2, 3, 4, 5]);
    expect(await countOf('dentist')).toBe(before + 4);
  });

  it('when the file is not the expected CSV, then it is a 400 naming the problem', async () => {
    const missing = await importCsv('question,options\n"Q",a');
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errors: { row: number; error: string }[] }>().errors[0]).toMatchObject({
      row: 1,
      error: expect.stringContaining('question_type'),
    });
    const ragged = await importCsv(`${header}\n"Q?",multiple-choice,"a, b"`);
    expect(ragged.statusCode).toBe(400);
    expect(ragged.json()).toMatchObject({
      errors: [{ row: 2, error: 'A row has a different number of values than the header (line 2): 3 instead of 7.' }],
    });
    const unclosed = await importCsv(`${header}\n"Q?,essay,,x,y,nurse,easy`);
    expect(unclosed.json()).toMatchObject({
      errors: [{ error: 'A quoted value is never closed (line 2). Check the quotes in the file.' }],
    });
    const misspelt = await importCsv(`${header}\nMisspelt?,essay,,x,y,Nurses,Easy`);
    expect(misspelt.json()).toMatchObject({
      errors: [{ row: 2, error: 'profession must be one of doctor, nurse, physiotherapist, nutritionist, dentist' }],
    });
    const duplicate = await importCsv(`${header}\nSame?,essay,,x,y,nurse,easy\nsame?,essay,,x,y,nurse,easy`);
    expect(duplicate.json()).toMatchObject({ errors: [{ row: 3, error: 'The same question is on row 2' }] });
    const json = await t.app.inject({
      method: 'POST',
      url: '/exam-questions/import',
      headers: admin.headers,
      payload: { rows: [] },
    });
    expect(json.statusCode).toBe(400);
    const learner = await registerLearner(t);
    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/exam-questions/import',
      headers: { ...learner.headers, 'content-type': 'text/csv' },
      payload: `${header}\n`,
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it("when the add form sends a question already live for that profession, then it is a 409 with the import's sentence; retired or for another profession, it is added", async () => {
    const add = (body: Partial<CreateQuestionBody>) =>
      t.app.inject({ method: 'POST', url: '/exam-questions', headers: admin.headers, payload: questionBody(body) });
    const first = await add({ profession: 'dentist', question: 'Which nerve is blocked for lower molars?' });
    expect(first.statusCode).toBe(201);
    const twice = await add({ profession: 'dentist', question: '  which NERVE is blocked for lower molars? ' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: 'This question is already in the bank' });
    expect((await add({ profession: 'nurse', question: 'Which nerve is blocked for lower molars?' })).statusCode).toBe(
      201,
    );
    await t.app.inject({
      method: 'DELETE',
      url: `/exam-questions/${first.json<{ id: number }>().id}`,
      headers: admin.headers,
    });
    expect(
      (await add({ profession: 'dentist', question: 'Which nerve is blocked for lower molars?' })).statusCode,
    ).toBe(201);
  });

  it('when a fill-in-the-blank question accepts no answer (only separators or blanks), then the add form and the import refuse it alike', async () => {
    for (const correct_answer of ['|', ' | ', '||']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/exam-questions',
        headers: admin.headers,
        payload: questionBody({ profession: 'nurse', question_type: 'fill-in-the-blank', options: [], correct_answer }),
      });
      expect(response.statusCode, correct_answer).toBe(400);
      expect(response.json<{ error: string }>().error).toContain('Correct answer needs at least one accepted answer');
    }
    const imported = await importCsv(`${header}
"Nothing fits ___",fill-in-the-blank,,|,No answer.,nurse,easy`);
    expect(imported.statusCode).toBe(400);
    expect(imported.json()).toMatchObject({
      errors: [{ row: 2, error: 'correct_answer needs at least one accepted answer (separate several with |)' }],
    });
    // A multiple-choice option may still hold the separator.
    const option = await t.app.inject({
      method: 'POST',
      url: '/exam-questions',
      headers: admin.headers,
      payload: questionBody({ options: ['a|b', 'c'], correct_answer: 'a|b' }),
    });
    expect(option.statusCode).toBe(201);
  });

  it('when questions are exported, then the CSV has the import columns and every live question of the profession', async () => {
    await createQuestion(t, admin.headers, {
      profession: 'nutritionist',
      question: 'Export me, "quoted"?',
      options: ['Yes', 'No'],
      correct_answer: 'Yes',
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/exam-questions/export',
      headers: admin.headers,
      query: { profession: 'nutritionist' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const records = parse(response.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(Object.keys(records[0] ?? {})).toEqual([...questionCsvColumns]);
    expect(records).toContainEqual(
      expect.objectContaining({
        question: 'Export me, "quoted"?',
        options: 'Yes\nNo',
        correct_answer: 'Yes',
        profession: 'nutritionist',
      }),
    );
    expect(records.every((r) => r.profession === 'nutritionist')).toBe(true);
  });

  it('when learners have answered, then statistics give attempts, facility and point-biserial discrimination, and flag bad questions', async () => {
    await t.database.pool.query(`UPDATE exam_questions SET deleted_at = now() WHERE profession = 'physiotherapist'`);
    const good = await createQuestion(t, admin.headers, { profession: 'physiotherapist', question: 'Good item' });
    const easy = await createQuestion(t, admin.headers, { profession: 'physiotherapist', question: 'Easy item' });
    const inverted = await createQuestion(t, admin.headers, {
      profession: 'physiotherapist',
      question: 'Inverted item',
    });
    const filler = await createQuestion(t, admin.headers, { profession: 'physiotherapist', question: 'Filler item' });
    await createQuestion(t, admin.headers, { profession: 'physiotherapist', question: 'Second filler item' });
    // Six learners: the strong ones get `good` and the fillers right and `inverted` wrong; everyone gets `easy` right.
    const strong = [true, true, true, false, false, false];
    for (const isStrong of strong) {
      const learner = await registerLearner(t, { profession: 'physiotherapist' });
      for (;;) {
        const q = (
          await t.app.inject({ method: 'GET', url: '/user/exam/questions', headers: learner.headers })
        ).json<CurrentQuestionResponse>().examQuestions[0];
        if (!q) break;
        const right = q.id === easy.id || (q.id === inverted.id ? !isStrong : isStrong);
        await t.app.inject({
          method: 'POST',
          url: '/user/exam/submit',
          headers: learner.headers,
          payload: { questionId: q.id, userAnswer: right ? 'Right' : 'Wrong' },
        });
      }
    }
    // An unfinished attempt does not count.
    const idle = await registerLearner(t, { profession: 'physiotherapist' });
    await t.app.inject({ method: 'GET', url: '/user/exam/questions', headers: idle.headers });

    const response = await t.app.inject({
      method: 'GET',
      url: '/exam-questions/statistics',
      headers: admin.headers,
      query: { profession: 'physiotherapist' },
    });
    expect(response.statusCode).toBe(200);
    const stats = new Map(response.json<{ statistics: QuestionStatistic[] }>().statistics.map((s) => [s.id, s]));
    expect(stats.get(good.id)).toMatchObject({ attempts: 6, facility: 0.5, flags: [] });
    expect(stats.get(good.id)?.discrimination).toBeGreaterThan(0.8);
    expect(stats.get(easy.id)).toMatchObject({ attempts: 6, facility: 1, discrimination: null, flags: ['too-easy'] });
    expect(stats.get(inverted.id)?.discrimination).toBeLessThan(0);
    expect(stats.get(inverted.id)?.flags).toEqual(['negative-discrimination']);
    expect(stats.get(filler.id)?.attempts).toBe(6);

    // The bank filters by what the statistics say, flag for flag, and its statistics follow the filter.
    const ids = async (statistic: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/exam-questions',
          headers: admin.headers,
          query: { profession: 'physiotherapist', statistic },
        })
      )
        .json<{ examQuestions: { id: number }[] }>()
        .examQuestions.map((q) => q.id)
        .sort((a, b) => a - b);
    expect(await ids('too-easy')).toEqual([easy.id]);
    expect(await ids('negative-discrimination')).toEqual([inverted.id]);
    expect(await ids('flagged')).toEqual([easy.id, inverted.id].sort((a, b) => a - b));
    expect(await ids('too-hard')).toEqual([]);
    expect(await ids('answered')).toHaveLength(5);
    await createQuestion(t, admin.headers, { profession: 'physiotherapist', question: 'Never served item' });
    expect(await ids('no-answers')).toHaveLength(1);
    const flagged = await t.app.inject({
      method: 'GET',
      url: '/exam-questions/statistics',
      headers: admin.headers,
      query: { profession: 'physiotherapist', statistic: 'flagged' },
    });
    expect(flagged.json<{ statistics: QuestionStatistic[] }>().statistics.map((s) => s.flags)).toEqual(
      expect.arrayContaining([['too-easy'], ['negative-discrimination']]),
    );
    expect(flagged.json<{ statistics: QuestionStatistic[] }>().statistics).toHaveLength(2);
  });

  it('when an admin searches and filters the bank, then text (Arabic and Hindi too, options and explanations included), topic, difficulty and type narrow it together; a bad filter is a 400', async () => {
    const tag = `فحص-${Date.now()}`;
    const made = [
      await createQuestion(t, admin.headers, {
        profession: 'nutritionist',
        question: `${tag} ما هو مصدر فيتامين د؟`,
        options: ['ضوء الشمس', 'الماء'],
        correct_answer: 'ضوء الشمس',
        topic: 'Vitamins',
        difficulty: 'easy',
      }),
      await createQuestion(t, admin.headers, {
        profession: 'nutritionist',
        question: `${tag} Which food is richest in iron?`,
        options: ['Spinach 100% (raw)', 'Rice'],
        correct_answer: 'Spinach 100% (raw)',
        explanation: 'पालक में आयरन होता है।',
        topic: 'Minerals',
        difficulty: 'hard',
      }),
      await createQuestion(t, admin.headers, {
        profession: 'nutritionist',
        question: `${tag} Describe a balanced plate.`,
        question_type: 'essay',
        options: [],
        correct_answer: 'Half vegetables.',
        topic: '',
      }),
    ];
    const list = async (query: Record<string, string>) => {
      const response = await t.app.inject({ method: 'GET', url: '/exam-questions', headers: admin.headers, query });
      expect(response.statusCode, response.body).toBe(200);
      return {
        questions: response
          .json<{ examQuestions: { id: number }[] }>()
          .examQuestions.map((q) => q.id)
          .sort((a, b) => a - b),
        total: Number(response.headers['x-total-count']),
      };
    };
    const [arabic, iron, essay] = made.map((q) => q.id) as [number, number, number];
    expect((await list({ q: tag })).questions).toEqual([arabic, iron, essay]);
    expect((await list({ q: `${tag} الشمس` })).questions).toEqual([arabic]);
    expect((await list({ q: 'पालक' })).questions).toEqual([iron]);
    // LIKE's own characters are text here: "100%" finds the option, not everything.
    expect((await list({ q: `${tag} 100%` })).questions).toEqual([iron]);
    expect((await list({ q: `${tag} 10_%` })).questions).toEqual([]);
    expect((await list({ q: tag, topic: 'minerals' })).questions).toEqual([iron]);
    expect((await list({ q: tag, topic: 'General' })).questions).toEqual([essay]);
    expect((await list({ q: tag, difficulty: 'easy' })).questions).toEqual([arabic]);
    expect(await list({ q: tag, question_type: 'essay', profession: 'nutritionist' })).toEqual({
      questions: [essay],
      total: 1,
    });
    expect((await list({ q: tag, profession: 'doctor' })).questions).toEqual([]);
    const refused: Record<string, string>[] = [
      { difficulty: 'trivial' },
      { statistic: 'odd' },
      { question_type: 'poem' },
      { q: 'x'.repeat(201) },
    ];
    for (const query of refused) {
      const response = await t.app.inject({ method: 'GET', url: '/exam-questions', headers: admin.headers, query });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('error');
    }
  });
});
