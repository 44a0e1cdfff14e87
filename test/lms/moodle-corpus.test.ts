import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminQuestion } from '../../contracts/lms.js';
import { signInLmsAdmin } from '../factories/lms.js';
import { createTestApp, type TestApp } from '../test-app.js';

/*
 * Moodle's own GIFT and Aiken test fixtures and samples (test/fixtures/moodle, README there), each
 * question imported on its own through the real endpoint: every one is either stored as Moodle means
 * it (compared field by field with expected.json, whose entries were checked against Moodle's
 * qformat_gift and qformat_aiken) or refused naming its line and why. Nothing is stored otherwise.
 */

type Stored = Pick<
  AdminQuestion,
  'question' | 'question_type' | 'options' | 'correct_answer' | 'explanation' | 'topic'
>;
type Outcome = { stored: Stored } | { refused: string };
const folder = new URL('../fixtures/moodle/', import.meta.url);
const expected = JSON.parse(readFileSync(new URL('expected.json', folder), 'utf8')) as Record<
  string,
  Record<string, Outcome>
>;
const read = (name: string) => readFileSync(new URL(name, folder), 'utf8');

/** A GIFT file cut into its questions as Moodle cuts it (blank lines outside braces), each with its line and category. */
function giftQuestions(text: string): { line: number; source: string }[] {
  const found: { line: number; source: string }[] = [];
  let category = '';
  let block: { line: number; lines: string[] } | null = null;
  let depth = 0;
  const flush = () => {
    if (block) found.push({ line: block.line, source: block.lines.join('\n') });
    block = null;
  };
  text.split('\n').forEach((raw, index) => {
    const content = raw.trim();
    if (depth === 0 && content.startsWith('//')) return;
    if (depth === 0 && content.startsWith('$CATEGORY:')) {
      flush();
      category = content;
      return;
    }
    if (depth === 0 && content === '') return flush();
    block ??= { line: index + 1, lines: [] };
    block.lines.push(raw);
    for (let i = 0; i < raw.length; i++) {
      if (raw[i] === '\\') i++;
      else if (raw[i] === '{') depth++;
      else if (raw[i] === '}') depth = Math.max(0, depth - 1);
    }
  });
  flush();
  // Each question alone, on the line it has in the file (its category on the line before).
  return found.map(({ line, source }) => ({
    line,
    source: category ? `${'\n'.repeat(line - 2)}${category}\n${source}` : `${'\n'.repeat(line - 1)}${source}`,
  }));
}

/** An Aiken file cut into its questions: from a question's line to its ANSWER line. */
function aikenQuestions(text: string, lines: number[]): { line: number; source: string }[] {
  const all = text.split('\n');
  return lines.map((line) => {
    const end = all.findIndex((l, i) => i >= line - 1 && /^ANSWER:/.test(l));
    return { line, source: `${'\n'.repeat(line - 1)}${all.slice(line - 1, end + 1).join('\n')}` };
  });
}

describe("Moodle's GIFT and Aiken fixtures", () => {
  let t: TestApp;
  let admin: { headers: Record<string, string> };
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    admin = await signInLmsAdmin(t);
  });
  afterAll(() => t.close());

  const importText = (format: 'gift' | 'aiken', text: string) =>
    t.app.inject({
      method: 'POST',
      url: '/exam-questions/import',
      query: { format, profession: 'nurse' },
      headers: { ...admin.headers, 'content-type': 'text/plain' },
      payload: text,
    });
  const stored = async (): Promise<Stored[]> =>
    (
      await t.database.pool.query<Stored>(
        `SELECT question, question_type, options, correct_answer, explanation, topic
           FROM exam_questions WHERE deleted_at IS NULL ORDER BY id`,
      )
    ).rows;
  const tally = { stored: 0, refused: 0 };

  it.each(['questions.gift.txt', 'questions_in_category.gift.txt', 'examples.txt', 'giftformat_test.gift.txt'])(
    'when each question of %s is imported on its own, then it is stored as Moodle means it or refused naming its line',
    async (file) => {
      const questions = giftQuestions(read(file));
      expect(questions.map((q) => String(q.line))).toEqual(Object.keys(expected[file] ?? {}));
      for (const { line, source } of questions) {
        await t.database.pool.query(`UPDATE exam_questions SET deleted_at = now() WHERE deleted_at IS NULL`);
        const outcome = expected[file]?.[String(line)];
        const response = await importText('gift', source);
        if (outcome && 'stored' in outcome) {
          expect(response.json(), `${file}:${line}`).toEqual({ imported: 1 });
          expect(await stored(), `${file}:${line}`).toEqual([outcome.stored]);
          tally.stored++;
        } else {
          expect(response.statusCode, `${file}:${line}`).toBe(400);
          expect(response.json(), `${file}:${line}`).toMatchObject({ errors: [{ line, error: outcome?.refused }] });
          expect(await stored()).toEqual([]);
          tally.refused++;
        }
      }
    },
  );

  it.each(['questions.aiken.txt', 'aiken_errors.txt'])(
    'when %s is imported, then its problems are named at their lines; each good question alone is stored as Moodle means it',
    async (file) => {
      const outcomes = Object.entries(expected[file] ?? {});
      const refusals = outcomes.flatMap(([line, o]) =>
        'refused' in o ? [{ line: Number(line), error: o.refused }] : [],
      );
      await t.database.pool.query(`UPDATE exam_questions SET deleted_at = now() WHERE deleted_at IS NULL`);
      const whole = await importText('aiken', read(file));
      if (refusals.length) expect(whole.json()).toMatchObject({ errors: refusals });
      else expect(whole.json()).toEqual({ imported: outcomes.length });
      tally.refused += refusals.length;
      const good = outcomes.flatMap(([line, o]) => ('stored' in o ? [{ line: Number(line), stored: o.stored }] : []));
      for (const [index, { source }] of aikenQuestions(
        read(file),
        good.map((g) => g.line),
      ).entries()) {
        await t.database.pool.query(`UPDATE exam_questions SET deleted_at = now() WHERE deleted_at IS NULL`);
        expect((await importText('aiken', source)).json()).toEqual({ imported: 1 });
        expect(await stored()).toEqual([good[index]?.stored]);
        tally.stored++;
      }
    },
  );

  it('when every fixture has been imported, then 49 questions were stored as Moodle means them and 39 refused, none altered', () => {
    expect(tally).toEqual({ stored: 49, refused: 39 });
  });
});
