import { parse } from 'csv-parse/sync';
import { IMPORT_MAX_ROWS, professions, type Profession } from '../../contracts/lms.js';
import type { QuestionTextFormat } from '../../contracts/question-formats.js';
import {
  checkQuestions,
  readQuestionCsv,
  readQuestionText,
  type CheckedQuestions,
  type ImportProblem,
} from '../../contracts/question-import.js';
import { SheetRefused } from '../../contracts/spreadsheet.js';
import { AppError, ImportRejected } from '../platform/errors.js';
import { decodeUpload } from '../platform/spreadsheet.js';
import { serveWorkerTask } from '../platform/worker-task.js';
import { readQtiPackage } from './qti.js';

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
export type { CheckedQuestion, ImportProblem } from '../../contracts/question-import.js';
/** What the worker answers: see CheckedQuestions. */
export type QuestionImportOutput = CheckedQuestions;

/** A question CSV, read and checked by the code the browser's preview runs (contracts/question-import.ts). */
function readCsv(input: QuestionImportInput): QuestionImportOutput {
  const { text } = decodeUpload(input.bytes, input.charset);
  try {
    const { rows: _shown, ...read } = readQuestionCsv(parse, text);
    return read;
  } catch (error) {
    if (error instanceof SheetRefused) throw new ImportRejected(error.message, error.rows);
    throw error;
  }
}

function readText(input: QuestionImportInput & { format: QuestionTextFormat }): QuestionImportOutput {
  if (!input.profession)
    throw new AppError(400, `Name the profession of the file's questions: ?profession=${professions.join('|')}`);
  const { text } = decodeUpload(input.bytes, input.charset);
  return readQuestionText(input.format, text, { profession: input.profession, difficulty: input.difficulty });
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
  return checkQuestions(readable, earlier, 'item');
}

export function readQuestionFile(input: QuestionImportInput): QuestionImportOutput | Promise<QuestionImportOutput> {
  if (input.format === 'qti') return readQti(input);
  return input.format === 'csv' ? readCsv(input) : readText({ ...input, format: input.format });
}

serveWorkerTask(readQuestionFile);
