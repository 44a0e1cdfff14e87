import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminQuestion } from '../../contracts/lms.js';
import { registerLearner, signInLmsAdmin } from '../factories/lms.js';
import { createTestApp, type TestApp } from '../test-app.js';

const gift = (wrongLine: string) => `// Pharmacology questions for nurses
$CATEGORY: $course$/top/Nursing/Pharmacology

::Antidote:: Which drug reverses an opioid overdose? {
  =Naloxone#It blocks opioid receptors.
  ~Flumazenil#That reverses benzodiazepines.
  ~Atropine
}

${wrongLine}

The normal adult resting heart rate is 60 to 100 beats per {=minute =min} in most texts.

Warfarin is monitored with the INR.{T}

$CATEGORY: Infection control

Describe the five moments of hand hygiene. {
####Before patient contact, before aseptic tasks, after body fluid exposure, after patient contact, after touching surroundings.
}

Which pathogen causes most catheter-associated urinary infections? {~Staphylococcus aureus ~%100%Escherichia coli ~Candida albicans}
`;

const aiken = (answer: string) => `Which vein is used most often for venepuncture?
A. Median cubital vein
B. Great saphenous vein
C. Jugular vein
ANSWER: A

Which gauge of cannula is largest?
A) 14G
B) 22G
ANSWER: ${answer}
`;

describe('GIFT and Aiken import', () => {
  let t: TestApp;
  let admin: { headers: Record<string, string> };
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    admin = await signInLmsAdmin(t);
  });
  afterAll(() => t.close());

  const importText = (format: string, text: string, query: Record<string, string> = {}, headers = admin.headers) =>
    t.app.inject({
      method: 'POST',
      url: '/exam-questions/import',
      query: { format, ...query },
      headers: { ...headers, 'content-type': 'text/plain' },
      payload: text,
    });
  const bank = async (profession: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/exam-questions',
        headers: admin.headers,
        query: { profession, pageSize: '100' },
      })
    ).json<{ examQuestions: AdminQuestion[] }>().examQuestions;

  it('when a GIFT file has one bad question, then nothing is imported and its line is named; fixed, every question is imported with its category as topic', async () => {
    await t.database.pool.query(`UPDATE exam_questions SET deleted_at = now() WHERE profession = 'nurse'`);
    const bad = await importText('gift', gift('Which organ makes insulin? {~Liver ~Kidney}'), {
      profession: 'Nurse',
      difficulty: 'hard',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'Nothing was imported: 1 question has an error.',
      code: 'IMPORT_REJECTED',
      errors: [{ line: 10, error: 'No right answer: mark one with =, or give the right ones a weight (~%50%)' }],
    });
    expect(await bank('nurse')).toEqual([]);

    const good = await importText('gift', gift('Which organ makes insulin? {=Pancreas ~Liver ~Kidney}'), {
      profession: 'Nurse',
      difficulty: 'hard',
    });
    expect(good.json()).toEqual({ imported: 6 });
    const questions = await bank('nurse');
    const byText = (start: string) => questions.find((q) => q.question.startsWith(start));
    expect(byText('Which drug reverses')).toMatchObject({
      question_type: 'multiple-choice',
      options: ['Naloxone', 'Flumazenil', 'Atropine'],
      correct_answer: 'Naloxone',
      // Every option's feedback is kept: the right one's as the explanation, the others' by their option.
      explanation: 'It blocks opioid receptors.\n\nFlumazenil: That reverses benzodiazepines.',
      profession: 'nurse',
      difficulty: 'hard',
      topic: 'Pharmacology',
    });
    expect(byText('The normal adult')).toMatchObject({
      question: 'The normal adult resting heart rate is 60 to 100 beats per ____ in most texts.',
      question_type: 'fill-in-the-blank',
      correct_answer: 'minute|min',
    });
    expect(byText('Warfarin')).toMatchObject({
      options: ['True', 'False'],
      correct_answer: 'True',
      topic: 'Pharmacology',
    });
    expect(byText('Describe the five')).toMatchObject({ question_type: 'essay', topic: 'Infection control' });
    expect(byText('Which pathogen')).toMatchObject({ correct_answer: 'Escherichia coli', topic: 'Infection control' });

    // The same file again: every question is already in the bank, each named by its line.
    const again = await importText('gift', gift('Which organ makes insulin? {=Pancreas ~Liver ~Kidney}'), {
      profession: 'nurse',
    });
    expect(again.json<{ errors: { line: number; error: string }[] }>().errors).toEqual(
      [4, 10, 12, 14, 18, 22].map((line) => ({ line, error: 'This question is already in the bank' })),
    );
    expect(await bank('nurse')).toHaveLength(6);
  });

  it('when an Aiken file names an answer that is not an option, then its line is named and nothing is imported; fixed, both questions are', async () => {
    await t.database.pool.query(`UPDATE exam_questions SET deleted_at = now() WHERE profession = 'doctor'`);
    const bad = await importText('aiken', aiken('C'), { profession: 'doctor' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      errors: [{ line: 10, error: 'ANSWER must be the letter of one of the options (A to B)' }],
    });
    expect(await bank('doctor')).toEqual([]);
    const good = await importText('aiken', aiken('A'), { profession: 'doctor' });
    expect(good.json()).toEqual({ imported: 2 });
    expect((await bank('doctor')).map((q) => [q.correct_answer, q.difficulty, q.explanation]).sort()).toEqual([
      ['14G', 'medium', 'The correct answer is: 14G'],
      ['Median cubital vein', 'medium', 'The correct answer is: Median cubital vein'],
    ]);
    const outOfOrder = await importText('aiken', 'Q?\nA. one\nC. two\nANSWER: A\n', { profession: 'doctor' });
    expect(outOfOrder.json()).toMatchObject({ errors: [{ line: 3, error: 'Expected option B here, found C' }] });
    const duplicate = await importText('aiken', 'Same?\nA. x\nB. y\nANSWER: A\n\nsame?\nA. x\nB. y\nANSWER: B\n', {
      profession: 'doctor',
    });
    expect(duplicate.json()).toMatchObject({ errors: [{ line: 6, error: 'The same question is on line 1' }] });
  });

  it('when the profession is missing or unknown, the format is unknown or the caller is a learner, then nothing is imported', async () => {
    const missing = await importText('aiken', aiken('A'));
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: string }>().error).toContain('Name the profession');
    const unknown = await importText('aiken', aiken('A'), { profession: 'plumber' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ error: string }>().error).toContain('Profession must be one of');
    expect((await importText('qti', aiken('A'), { profession: 'dentist' })).statusCode).toBe(400);
    const empty = await importText('gift', '// only a comment\n', { profession: 'dentist' });
    expect(empty.json()).toMatchObject({ errors: [{ line: 1, error: 'The file has no questions' }] });
    const learner = await registerLearner(t);
    expect((await importText('aiken', aiken('A'), { profession: 'dentist' }, learner.headers)).statusCode).toBe(403);
    expect(await bank('dentist')).toEqual([]);
  });

  it('when a GIFT question is marked [markdown], then its text is kept as Markdown and served saying so, [html] becomes plain text, and a CSV export keeps the format', async () => {
    await t.database.pool.query(`UPDATE exam_questions SET deleted_at = now() WHERE profession = 'nutritionist'`);
    const file = `[markdown]Which **maintenance** dose fits?\n| Weight | Dose |\n|---|---|\n| ٦٠ kg | १२ mg |{=12 mg ~24 mg}

[html]<p>Which vitamin is <b>fat</b>-soluble?</p>{=Vitamin D ~Vitamin C}

[plain]Name *one* B vitamin.{=Thiamine =Riboflavin}
`;
    const imported = await importText('gift', file, { profession: 'nutritionist' });
    expect(imported.json()).toEqual({ imported: 3 });
    const questions = await bank('nutritionist');
    const byText = (start: string) => questions.find((q) => q.question.startsWith(start));
    expect(byText('Which **maintenance**')).toMatchObject({
      question: 'Which **maintenance** dose fits?\n| Weight | Dose |\n|---|---|\n| ٦٠ kg | १२ mg |',
      question_format: 'markdown',
    });
    expect(byText('Which vitamin')).toMatchObject({
      question: 'Which vitamin is fat-soluble?',
      question_format: 'plain',
    });
    expect(byText('Name *one*')).toMatchObject({ question_format: 'plain' });

    // A learner is served the text as written, with its format, until every question is answered.
    const learner = await registerLearner(t, { profession: 'nutritionist' });
    const formats = new Map<string, string>();
    for (let i = 0; i < 3; i++) {
      const served = await t.app.inject({ method: 'GET', url: '/user/exam/questions', headers: learner.headers });
      expect(served.statusCode).toBe(200);
      const [question] = served.json<{
        examQuestions: { id: number; question: string; question_format: string; options: string[] }[];
      }>().examQuestions;
      if (!question) break;
      formats.set(question.question, question.question_format);
      const submit = await t.app.inject({
        method: 'POST',
        url: '/user/exam/submit',
        headers: learner.headers,
        payload: { questionId: question.id, userAnswer: question.options[0] ?? 'Thiamine' },
      });
      expect(submit.statusCode).toBe(200);
    }
    expect(formats.get('Which **maintenance** dose fits?\n| Weight | Dose |\n|---|---|\n| ٦٠ kg | १२ mg |')).toBe(
      'markdown',
    );
    expect(formats.get('Which vitamin is fat-soluble?')).toBe('plain');

    // Exported and imported again (after the bank forgot them), the Markdown question stays Markdown.
    const exported = await t.app.inject({
      method: 'GET',
      url: '/exam-questions/export',
      headers: admin.headers,
      query: { profession: 'nutritionist' },
    });
    await t.database.pool.query(`UPDATE exam_questions SET deleted_at = now() WHERE profession = 'nutritionist'`);
    const again = await t.app.inject({
      method: 'POST',
      url: '/exam-questions/import',
      headers: { ...admin.headers, 'content-type': 'text/csv' },
      payload: exported.body,
    });
    expect(again.json()).toEqual({ imported: 3 });
    expect((await bank('nutritionist')).map((q) => q.question_format).sort()).toEqual(['markdown', 'plain', 'plain']);
  });
});
