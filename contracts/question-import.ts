import {
  IMPORT_MAX_ROWS,
  joinOptionLines,
  optionalCsvColumns,
  questionCsvColumns,
  readOptionsCell,
} from './lms-constants.js';
import { checkQuestion, type QuestionBody, type QuestionField } from './question-checks.js';
import { parseQuestionText, type QuestionTextFormat } from './question-formats.js';
import { questionKey } from './question-key.js';
import { cellsByName, readSheet, type CsvParse } from './spreadsheet.js';
import { separatorNames } from './text-files.js';

/*
 * Checking an import's questions, shared by the server's import worker and the browser's preview
 * (which finds every problem but "already in the bank" before anything is sent): each question
 * with the add form's rules (question-checks.ts), and against the rest of the file. Written without
 * zod, so the browser may run it (decision 045).
 */

export type CheckedQuestion = { at: number; file?: string; body: QuestionBody };
/** A problem of a row, line or item; `field` names the question's field when it is about one. */
export type ImportProblem = { at: number; file?: string; field?: QuestionField; error: string };
/**
 * `at`: the spreadsheet row (CSV), the file's line (GIFT, Aiken) or the item's place in the
 * package's manifest (QTI, with the item's `file`) of each question or problem.
 */
export type CheckedQuestions = {
  unit: 'row' | 'line' | 'item';
  checked: CheckedQuestion[];
  errors: ImportProblem[];
};

/**
 * Each item checked with the add form's rules (its first problem is the one named), and the same question twice in the file refused at
 * its second place; errors found while reading (`earlier`) come first.
 */
export function checkQuestions(
  items: { at: number; file?: string; input: Record<string, unknown> }[],
  earlier: ImportProblem[],
  unit: CheckedQuestions['unit'],
): CheckedQuestions {
  const errors = [...earlier];
  const checked: CheckedQuestion[] = [];
  const seen = new Map<string, number>();
  for (const { at, file, input } of items) {
    const where = file === undefined ? {} : { file };
    const parsed = checkQuestion(input);
    if (!parsed.body) {
      const [{ field, error } = { error: 'invalid row' }] = parsed.problems;
      errors.push({ at, ...where, ...(field ? { field } : {}), error });
      continue;
    }
    const key = questionKey(parsed.body);
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ at, ...where, error: `The same question is on ${unit} ${first}` });
      continue;
    }
    seen.set(key, at);
    checked.push({ at, ...where, body: parsed.body });
  }
  return { unit, checked, errors: errors.sort((a, b) => a.at - b.at) };
}

/** A question CSV read and checked, with each row's cells by column name for a preview to show. */
export type QuestionCsv = CheckedQuestions & { rows: { row: number; cells: Record<string, string> }[] };

/**
 * A question CSV (already decoded) read and checked as its import is; a file refused whole throws
 * `SheetRefused` (contracts/spreadsheet.ts).
 */
export function readQuestionCsv(parse: CsvParse, text: string): QuestionCsv {
  const sheet = readSheet(parse, text, { maxRows: IMPORT_MAX_ROWS, maxColumns: 200, rowsName: 'questions' });
  const rows = sheet.rows.map((row) => ({ row: row.row, cells: cellsByName(sheet.header, row) }));
  const missing = questionCsvColumns.filter((c) => !sheet.header.includes(c) && !optionalCsvColumns.includes(c));
  if (missing.length)
    return {
      unit: 'row',
      rows,
      checked: [],
      errors: [
        {
          at: 1,
          error: `The header lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (it was read as ${sheet.header.length} column${sheet.header.length === 1 ? '' : 's'}, separated by ${separatorNames[sheet.separator]}s: ${sheet.header.join(', ') || 'none'})`,
        },
      ],
    };
  if (sheet.rows.length === 0 && sheet.errors.length === 0)
    return { unit: 'row', rows, checked: [], errors: [{ at: 2, error: 'The file has no questions' }] };
  const checked = checkQuestions(
    rows.map(({ row, cells }) => {
      const type = cells.question_type?.trim() || undefined;
      // A multiple-response key lists its right options like the options cell: one per line.
      const multipleResponse = type?.toLowerCase() === 'multiple-response';
      return {
        at: row,
        input: {
          question: cells.question,
          question_format: cells.question_format?.trim() || undefined,
          question_type: type,
          options: readOptionsCell(cells.options ?? ''),
          correct_answer: multipleResponse
            ? joinOptionLines(readOptionsCell(cells.correct_answer ?? ''))
            : cells.correct_answer,
          explanation: cells.explanation,
          profession: cells.profession?.trim(),
          difficulty: cells.difficulty?.trim() || undefined,
          topic: cells.topic ?? '',
        },
      };
    }),
    sheet.errors.map(({ row, error }) => ({ at: row, error })),
    'row',
  );
  return { ...checked, rows };
}

/**
 * A GIFT or Aiken file (already decoded) read and checked as its import is, its questions given the
 * profession and difficulty the admin chose for the file: problems by line.
 */
export function readQuestionText(
  format: QuestionTextFormat,
  text: string,
  chosen: { profession: string; difficulty?: string | undefined },
): CheckedQuestions {
  const parsed = parseQuestionText(format, text);
  if (parsed.questions.length === 0 && parsed.errors.length === 0)
    return { unit: 'line', checked: [], errors: [{ at: 1, error: 'The file has no questions' }] };
  if (parsed.questions.length > IMPORT_MAX_ROWS)
    return { unit: 'line', checked: [], errors: [{ at: 1, error: `At most ${IMPORT_MAX_ROWS} questions per import` }] };
  return checkQuestions(
    parsed.questions.map((q) => ({
      at: q.line,
      input: {
        question: q.question,
        question_format: q.question_format,
        question_type: q.question_type,
        options: q.options,
        correct_answer: q.correct_answer,
        explanation: q.explanation,
        topic: q.topic,
        profession: chosen.profession,
        difficulty: chosen.difficulty,
      },
    })),
    parsed.errors.map(({ line, error }) => ({ at: line, error })),
    'line',
  );
}
