import { readdirSync, readFileSync } from 'node:fs';
import { parse as browserParse } from 'csv-parse/browser/esm/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readQuestionCsv, readQuestionText } from '../../contracts/question-import.js';
import type { QuestionTextFormat } from '../../contracts/question-formats.js';
import { readSheet, SheetRefused } from '../../contracts/spreadsheet.js';
import { readTextFileWithEncoding } from '../../web/lib/text-file.js';
import { signInLmsAdmin } from '../factories/lms.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * Issue 39: the import preview marks each row's problem before the file is sent, with the server's
 * own rules (contracts/question-checks.ts, decision 045). Here the preview's reading (the browser's
 * decoding and csv-parse build, as web/lms/admin/question-import.tsx runs them) and the server's
 * import of the same text (as the web sends it) must name the same problems, row for row: for every
 * file in test/fixtures/spreadsheets as the programs saved it, the same files with bad rows added in
 * the file's own separator and line endings, and Moodle's GIFT and Aiken files.
 */

const spreadsheets = new URL('../fixtures/spreadsheets/', import.meta.url);
const moodle = new URL('../fixtures/moodle/', import.meta.url);
type Problem = { at: number; error: string };

/** What the preview shows for a file: its problems by row or line, or the whole file's refusal. */
async function previewProblems(
  name: string,
  bytes: Uint8Array,
  text?: { format: QuestionTextFormat; profession: string },
): Promise<Problem[]> {
  const { text: decoded } = await readTextFileWithEncoding(new File([new Uint8Array(bytes)], name));
  if (text) return readQuestionText(text.format, decoded, { profession: text.profession }).errors.map(plain);
  try {
    return readQuestionCsv(browserParse, decoded).errors.map(plain);
  } catch (error) {
    if (!(error instanceof SheetRefused)) throw error;
    return error.rows.map(({ row, error: why }) => ({ at: row, error: why }));
  }
}

const plain = ({ at, error }: Problem) => ({ at, error });

describe('the import preview and the server name the same problems', () => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    headers = (await signInLmsAdmin(t)).headers;
  });
  afterAll(() => t.close());

  /** The server's answer to the text the web sends (decoded in the browser, sent as UTF-8). */
  async function serverProblems(
    name: string,
    bytes: Uint8Array,
    text?: { format: QuestionTextFormat; profession: string },
  ): Promise<Problem[]> {
    const { text: decoded } = await readTextFileWithEncoding(new File([new Uint8Array(bytes)], name));
    const response = await t.app.inject({
      method: 'POST',
      url: '/exam-questions/import',
      headers: { ...headers, 'content-type': text ? 'text/plain' : 'text/csv' },
      ...(text ? { query: { format: text.format, profession: text.profession } } : {}),
      payload: decoded,
    });
    if (response.statusCode === 200) {
      // Nothing stays: the next file's questions must not be "already in the bank", which only the server knows.
      await t.database.pool.query('UPDATE exam_questions SET deleted_at = now() WHERE deleted_at IS NULL');
      return [];
    }
    expect(response.statusCode, response.body).toBe(400);
    const { errors } = response.json<{ errors: { row?: number; line?: number; error: string }[] }>();
    return errors.map((e) => ({ at: e.row ?? e.line ?? 0, error: e.error }));
  }

  const files = readdirSync(spreadsheets).filter((name) => name !== 'README.md');

  it.each(files)('when %s is chosen as it was saved, then the preview’s problems are the server’s', async (name) => {
    const bytes = readFileSync(new URL(name, spreadsheets));
    const preview = await previewProblems(name, bytes);
    expect(preview).toEqual(await serverProblems(name, bytes));
    // The question files import whole; the case lists are not question files, refused at their header.
    if (name.startsWith('questions-')) expect(preview).toEqual([]);
    else expect(preview).toEqual([{ at: 1, error: expect.stringMatching(/^The header lacks the columns /) }]);
  });

  /**
   * The file with bad rows added as its program would write them: its separator, its line endings,
   * every value quoted, the columns in its header's order.
   */
  function withBadRows(decoded: string): { text: string; problems: number } {
    const sheet = readSheet(browserParse, decoded, { maxRows: 2000, maxColumns: 200, rowsName: 'questions' });
    const [first] = sheet.rows;
    if (!first) throw new Error('a fixture without rows');
    const firstQuestion = first.cells[sheet.header.indexOf('question')] ?? '';
    const firstProfession = first.cells[sheet.header.indexOf('profession')] ?? '';
    const row = (values: Record<string, string>) =>
      sheet.header.map((column) => `"${(values[column] ?? '').replaceAll('"', '""')}"`).join(sheet.separator);
    const good = {
      question_type: 'multiple-choice',
      options: 'Protamine\nVitamin K',
      correct_answer: 'Protamine',
      explanation: 'البروتامين يعكس الهيبارين.',
      profession: 'nurse',
      difficulty: 'easy',
      topic: 'الصيدلة',
    };
    const bad = [
      row({ ...good, question: 'ما الدواء الذي يعكس الهيبارين؟', correct_answer: 'Naloxone' }),
      row({ ...good, question: 'रक्तचाप १२०/८० सामान्य है?', question_type: 'essay', difficulty: 'very hard' }),
      row({ ...good, question: `  ${firstQuestion.toUpperCase()} `, profession: firstProfession }),
      row({ ...good, question: 'Which drug is a loop diuretic?', profession: 'Pharmacist' }),
      row({ ...good, question: 'Name the antidote to warfarin.', explanation: '' }),
      row({
        ...good,
        question: 'The antidote to heparin is ____.',
        question_type: 'fill-in-the-blank',
        correct_answer: ' | ',
      }),
      row({
        ...good,
        question: 'Select every anticoagulant.',
        question_type: 'multiple-response',
        correct_answer: 'Heparin\nAspirin',
        options: 'Heparin\nWarfarin\nParacetamol',
      }),
      row({
        ...good,
        question: 'Pick one.',
        options: Array.from({ length: 11 }, (_, i) => `Option ${i + 1}`).join('\n'),
      }),
      row({ ...good, question: 'x'.repeat(2001) }),
      row({ ...good, question: 'Pick the two same options.', options: 'Heparin\nheparin', correct_answer: 'Heparin' }),
      // Too few values for the header.
      ['"Q three?"', '"essay"'].join(sheet.separator),
    ];
    const lineEnd = decoded.includes('\r\n') ? '\r\n' : '\n';
    const body = decoded.endsWith('\n') ? decoded : `${decoded}${lineEnd}`;
    return { text: `${body}${bad.join(lineEnd)}${lineEnd}`, problems: bad.length };
  }

  it.each(files.filter((name) => name.startsWith('questions-')))(
    'when %s has bad rows added, then the preview and the server mark the same rows with the same words',
    async (name) => {
      const { text: decoded } = await readTextFileWithEncoding(
        new File([new Uint8Array(readFileSync(new URL(name, spreadsheets)))], name),
      );
      const broken = withBadRows(decoded);
      const bytes = new TextEncoder().encode(broken.text);
      const preview = await previewProblems(`${name}.csv`, bytes);
      expect(preview).toHaveLength(broken.problems);
      expect(preview).toEqual(await serverProblems(`${name}.csv`, bytes));
      expect(preview.map((p) => p.error)).toEqual([
        'correct_answer must be one of the options',
        'difficulty must be one of easy, medium, hard',
        'The same question is on row 2',
        'profession must be one of doctor, nurse, physiotherapist, nutritionist, dentist',
        'explanation is required',
        'correct_answer needs at least one accepted answer (separate several with |)',
        'correct_answer must list right options only, one per line; not an option: Aspirin',
        'at most 10 options',
        'question must be at most 2000 characters',
        'options must be different from each other',
        expect.stringMatching(
          /^A row has a different number of values than the header \(line \d+\): 2 instead of \d+\.$/,
        ),
      ]);
    },
  );

  const textFiles: [string, QuestionTextFormat][] = readdirSync(moodle)
    .filter((name) => name.endsWith('.txt'))
    .map((name) => [name, name.includes('aiken') ? 'aiken' : 'gift']);

  it.each(textFiles)(
    'when Moodle’s %s is chosen (%s), then the preview’s problems are the server’s',
    async (name, format) => {
      const bytes = readFileSync(new URL(name, moodle));
      const chosen = { format, profession: 'physiotherapist' };
      expect(await previewProblems(name, bytes, chosen)).toEqual(await serverProblems(name, bytes, chosen));
    },
  );
});
