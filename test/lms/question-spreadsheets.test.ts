import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminQuestion } from '../../contracts/lms.js';
import { signInLmsAdmin } from '../factories/lms.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * The question CSV import against files as spreadsheet programs save them (test/fixtures/spreadsheets,
 * described in its README): every file imports every question exactly as written, whatever the
 * program, encoding, separator or line ending; the export carries a byte-order mark and imports back.
 */

const fixture = (name: string) => readFileSync(new URL(`../fixtures/spreadsheets/${name}`, import.meta.url));

type Expected = Pick<
  AdminQuestion,
  'question' | 'question_type' | 'options' | 'correct_answer' | 'explanation' | 'profession' | 'difficulty' | 'topic'
>;

const latin: Expected[] = [
  {
    question: 'Which vitamin D dose is the usual weekly loading dose for deficiency?',
    question_type: 'multiple-choice',
    options: ['50,000 IU', '10,000 IU', '1,000 IU', '400 IU'],
    correct_answer: '50,000 IU',
    explanation: "Jürgen Müller's protocol: 50,000 IU weekly for 8 weeks, then maintenance.",
    profession: 'nurse',
    difficulty: 'medium',
    topic: 'Pharmacology',
  },
  {
    question: 'The normal adult resting heart rate is 60 to 100 beats per ____.',
    question_type: 'fill-in-the-blank',
    options: [],
    correct_answer: 'minute|min',
    explanation: 'Résumé of the guideline: 60–100 beats per minute.',
    profession: 'nurse',
    difficulty: 'easy',
    topic: 'Cardiology',
  },
  {
    question: 'Describe the five moments of hand hygiene.',
    question_type: 'essay',
    options: [],
    correct_answer:
      'Before patient contact, before aseptic tasks, after body fluid exposure, after patient contact, after touching surroundings.',
    explanation: 'WHO "My 5 Moments" (2009).',
    profession: 'nurse',
    difficulty: 'hard',
    topic: 'Infection control',
  },
  {
    question: 'Which position eases breathing in acute dyspnoea?',
    question_type: 'multiple-choice',
    options: ['Upright, leaning forward', 'Supine, flat', 'Prone', 'Trendelenburg'],
    correct_answer: 'Upright, leaning forward',
    explanation: 'Leaning forward lets the accessory muscles work; café-au-lait notes aside.',
    profession: 'nurse',
    difficulty: 'medium',
    topic: 'Respiratory',
  },
];
const unicode: Expected[] = [
  ...latin,
  {
    question: 'ما هو العصب المسؤول عن حركة الحجاب الحاجز؟',
    question_type: 'multiple-choice',
    options: ['العصب الحجابي', 'العصب المبهم', 'العصب الوربي'],
    correct_answer: 'العصب الحجابي',
    explanation: 'العصب الحجابي (C3–C5) يغذي الحجاب الحاجز.',
    profession: 'doctor',
    difficulty: 'hard',
    topic: 'التشريح',
  },
  {
    question: 'वयस्क में सामान्य श्वसन दर प्रति मिनट कितनी है?',
    question_type: 'multiple-choice',
    options: ['१२–२० बार', '३०–४० बार', '५–८ बार'],
    correct_answer: '१२–२० बार',
    explanation: 'सामान्य वयस्क श्वसन दर १२ से २० बार प्रति मिनट है।',
    profession: 'nurse',
    difficulty: 'easy',
    topic: 'श्वसन',
  },
];

describe('question CSV files as spreadsheet programs save them', () => {
  let t: TestApp;
  let admin: { headers: Record<string, string> };
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    admin = await signInLmsAdmin(t);
  });
  afterAll(() => t.close());

  const importFile = (payload: Buffer, contentType = 'text/csv') =>
    t.app.inject({
      method: 'POST',
      url: '/exam-questions/import',
      headers: { ...admin.headers, 'content-type': contentType },
      payload,
    });
  const bank = async (): Promise<Expected[]> => {
    const { rows } = await t.database.pool.query<{
      question: string;
      question_type: AdminQuestion['question_type'];
      options: string[];
      correct_answer: string;
      explanation: string;
      profession: AdminQuestion['profession'];
      difficulty: AdminQuestion['difficulty'];
      topic: string;
    }>(
      `SELECT question, question_type, options, correct_answer, explanation, profession, difficulty, topic
         FROM exam_questions WHERE deleted_at IS NULL ORDER BY id`,
    );
    return rows;
  };
  const emptyBank = () =>
    t.database.pool.query(`UPDATE exam_questions SET deleted_at = now() WHERE deleted_at IS NULL`);

  it.each([
    ['questions-excel-windows-1252.csv', latin],
    ['questions-excel-semicolon-1252.csv', latin],
    ['questions-excel-utf8-bom.csv', unicode],
    ['questions-excel-unicode-text.txt', unicode],
    ['questions-google-sheets.csv', unicode],
    ['questions-google-sheets.tsv', [latin[1], latin[2]]],
    ['questions-libreoffice-quoted.csv', unicode],
    ['questions-trailing-empty-columns.csv', unicode],
  ] as const)('when %s is imported, then every question is stored as written', async (name, expected) => {
    await emptyBank();
    const response = await importFile(fixture(name));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ imported: expected.length });
    expect(await bank()).toEqual(expected);
  });

  it('when a file written before options were one per line is imported, then its comma-separated options are read as before, a quoted one keeping its comma', async () => {
    await emptyBank();
    const response = await importFile(fixture('questions-before-option-lines.csv'));
    expect(response.statusCode, response.body).toBe(200);
    expect((await bank()).map((q) => [q.options, q.correct_answer])).toEqual([
      [['14G', '18G', '22G'], '14G'],
      [['50,000 IU', '400 IU', '800 IU'], '50,000 IU'],
    ]);
  });

  it('when the bank is exported, then the file starts with a byte-order mark, guards formulas, has options one per line, and imports back unchanged', async () => {
    await emptyBank();
    expect((await importFile(fixture('questions-excel-utf8-bom.csv'))).statusCode).toBe(200);
    const exported = await t.app.inject({ method: 'GET', url: '/exam-questions/export', headers: admin.headers });
    expect(exported.statusCode).toBe(200);
    const bytes = exported.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = parse(bytes, { columns: true, bom: true }) as Record<string, string>[];
    expect(records[0]?.options).toBe('50,000 IU\n10,000 IU\n1,000 IU\n400 IU');
    await emptyBank();
    const again = await importFile(bytes);
    expect(again.json()).toEqual({ imported: unicode.length });
    expect(await bank()).toEqual(unicode);
  });

  it('when a row has a value beyond the header or too few values, then it is named, and empty rows are skipped', async () => {
    await emptyBank();
    const header = 'question,question_type,options,correct_answer,explanation,profession,difficulty,,';
    const response = await importFile(
      Buffer.from(
        `${header}\r\nQ one?,essay,,a,b,nurse,easy,,\r\n,,,,,,,,\r\nQ two?,essay,,a,b,nurse,easy,,oops\r\nQ three?,essay\r\n`,
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errors: [
        {
          row: 4,
          error:
            'Column 9 has a value but no name in the header (the header has 7 columns, read with commas between values)',
        },
        { row: 5, error: 'A row has a different number of values than the header (line 5): 2 instead of 7.' },
      ],
    });
    expect(await bank()).toEqual([]);
  });

  it('when a header is separated by something the import does not read, then the refusal says how it was read', async () => {
    const response = await importFile(Buffer.from('question|question_type|options\nQ?|essay|\n'));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { error: string }[] }>().errors[0]?.error).toContain(
      'read as 1 column, separated by commas: question|question_type|options',
    );
  });
});
