import type { z } from 'zod';
import {
  createQuestionBody,
  IMPORT_MAX_ROWS,
  optionalCsvColumns,
  professions,
  questionCsvColumns,
  joinOptionLines,
  readOptionsCell,
  type Profession,
} from '../../contracts/lms.js';
import { parseQuestionText, type QuestionTextFormat } from '../../contracts/question-formats.js';
import { separatorNames } from '../../contracts/text-files.js';
import { AppError } from '../platform/errors.js';
import { cellsByName, decodeUpload, readSheet } from '../platform/spreadsheet.js';
import { serveWorkerTask } from '../platform/worker-task.js';
import { readQtiPackage } from './qti.js';
import { questionKey } from './question-key.js';

/*
 * The CPU half of a question import, run in a worker thread (platform/worker-task.ts): the bytes
 * decoded, the file read (CSV, GIFT, Aiken), every question checked with the add form's schema and
 * against the rest of the file. The event loop's half (question-bank.ts) checks the bank and writes.
 */

export type QuestionImportFormat = 'csv' | QuestionTextFormat | 'qti';
export type QuestionImportInput = {
  format: QuestionImportFormat;
  bytes: Uint8Array;
  charset?: string | undefined;
  profession?: Profession | undefined;
  difficulty?: string | undefined;
};
export type CheckedQuestion = { at: number; file?: string; body: z.output<typeof createQuestionBody> };
export type ImportProblem = { at: number; file?: string; error: string };
/**
 * `at`: the spreadsheet row (CSV), the file's line (GIFT, Aiken) or the item's place in the
 * package's manifest (QTI, with the item's `file`) of each question or problem.
 */
export type QuestionImportOutput = {
  unit: 'row' | 'line' | 'item';
  checked: CheckedQuestion[];
  errors: ImportProblem[];
};

const firstIssue = (error: { issues: { message: string }[] }) => error.issues[0]?.message ?? 'invalid row';

/**
 * Each item checked with the add form's schema, and the same question twice in the file refused at
 * its second place; errors found while reading (`earlier`) come first.
 */
function check(
  items: { at: number; file?: string; input: Record<string, unknown> }[],
  earlier: ImportProblem[],
  unit: QuestionImportOutput['unit'],
): QuestionImportOutput {
  const errors = [...earlier];
  const checked: CheckedQuestion[] = [];
  const seen = new Map<string, number>();
  for (const { at, file, input } of items) {
    const where = file === undefined ? {} : { file };
    const parsed = createQuestionBody.safeParse(input);
    if (!parsed.success) {
      errors.push({ at, ...where, error: firstIssue(parsed.error) });
      continue;
    }
    const key = questionKey(parsed.data);
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ at, ...where, error: `The same question is on ${unit} ${first}` });
      continue;
    }
    seen.set(key, at);
    checked.push({ at, ...where, body: parsed.data });
  }
  return { unit, checked, errors: errors.sort((a, b) => a.at - b.at) };
}

function readCsv(input: QuestionImportInput): QuestionImportOutput {
  const { text } = decodeUpload(input.bytes, input.charset);
  const sheet = readSheet(text, { maxRows: IMPORT_MAX_ROWS, maxColumns: 200, rowsName: 'questions' });
  const missing = questionCsvColumns.filter((c) => !sheet.header.includes(c) && !optionalCsvColumns.includes(c));
  if (missing.length)
    return {
      unit: 'row',
      checked: [],
      errors: [
        {
          at: 1,
          error: `The header lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (it was read as ${sheet.header.length} column${sheet.header.length === 1 ? '' : 's'}, separated by ${separatorNames[sheet.separator]}s: ${sheet.header.join(', ') || 'none'})`,
        },
      ],
    };
  if (sheet.rows.length === 0 && sheet.errors.length === 0)
    return { unit: 'row', checked: [], errors: [{ at: 2, error: 'The file has no questions' }] };
  return check(
    sheet.rows.map((row) => {
      const record = cellsByName(sheet.header, row);
      const type = record.question_type?.trim() || undefined;
      // A multiple-response key lists its right options like the options cell: one per line.
      const multipleResponse = type?.toLowerCase() === 'multiple-response';
      return {
        at: row.row,
        input: {
          question: record.question,
          question_type: type,
          options: readOptionsCell(record.options ?? ''),
          correct_answer: multipleResponse
            ? joinOptionLines(readOptionsCell(record.correct_answer ?? ''))
            : record.correct_answer,
          explanation: record.explanation,
          profession: record.profession?.trim(),
          difficulty: record.difficulty?.trim() || undefined,
          topic: record.topic ?? '',
        },
      };
    }),
    sheet.errors.map(({ row, error }) => ({ at: row, error })),
    'row',
  );
}

function readText(input: QuestionImportInput & { format: QuestionTextFormat }): QuestionImportOutput {
  if (!input.profession)
    throw new AppError(400, `Name the profession of the file's questions: ?profession=${professions.join('|')}`);
  const { text } = decodeUpload(input.bytes, input.charset);
  const parsed = parseQuestionText(input.format, text);
  if (parsed.questions.length === 0 && parsed.errors.length === 0)
    return { unit: 'line', checked: [], errors: [{ at: 1, error: 'The file has no questions' }] };
  if (parsed.questions.length > IMPORT_MAX_ROWS)
    return { unit: 'line', checked: [], errors: [{ at: 1, error: `At most ${IMPORT_MAX_ROWS} questions per import` }] };
  return check(
    parsed.questions.map((q) => ({
      at: q.line,
      input: {
        question: q.question,
        question_type: q.question_type,
        options: q.options,
        correct_answer: q.correct_answer,
        explanation: q.explanation,
        topic: q.topic,
        profession: input.profession,
        difficulty: input.difficulty,
      },
    })),
    parsed.errors.map(({ line, error }) => ({ at: line, error })),
    'line',
  );
}

/**
 * A QTI 3.0 package, item by item (server/lms/qti.ts); each item takes the profession, topic and
 * difficulty its manifest gives, else the ones named with the file.
 */
async function readQti(input: QuestionImportInput): Promise<QuestionImportOutput> {
  const items = await readQtiPackage(input.bytes, IMPORT_MAX_ROWS);
  const earlier: ImportProblem[] = [];
  const readable: { at: number; file: string; input: Record<string, unknown> }[] = [];
  for (const { at, file, item, error, ...metadata } of items) {
    if (!item) {
      earlier.push({ at, file, error: error ?? 'The item could not be read' });
      continue;
    }
    const profession = metadata.profession ?? input.profession;
    if (!profession) {
      earlier.push({
        at,
        file,
        error: `The package gives this item no profession: name the profession of its questions (${professions.join(', ')})`,
      });
      continue;
    }
    readable.push({
      at,
      file,
      input: { ...item, profession, difficulty: metadata.difficulty ?? input.difficulty, topic: metadata.topic ?? '' },
    });
  }
  return check(readable, earlier, 'item');
}

export function readQuestionFile(input: QuestionImportInput): QuestionImportOutput | Promise<QuestionImportOutput> {
  if (input.format === 'qti') return readQti(input);
  return input.format === 'csv' ? readCsv(input) : readText({ ...input, format: input.format });
}

serveWorkerTask(readQuestionFile);
