import { and, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import {
  type BankFilter,
  NO_TOPIC,
  questionCsvColumns,
  writeOptionsCell,
  STATISTICS,
  type ImportRowError,
  type QtiPreview,
  type Profession,
  type QuestionFlag,
  type QuestionStatistic,
  type TopicStatistic,
} from '../../contracts/lms.js';
import type { LineError } from '../../contracts/question-formats.js';
import type { Database, Queryable } from '../db/client.js';
import { examAnswers, examAttempts, examQuestions, itemCalibrations } from '../db/schema/lms.js';
import { guardFormula } from '../../contracts/csv-formula-guard.js';
import { AppError, ImportRejected } from '../platform/errors.js';
import { runWorkerTask } from '../platform/worker-task.js';
import { QUESTION_IN_BANK_MESSAGE, questionsInBank, questionValues } from './admin-content.js';
import { bankWhere } from './bank-filter.js';
import { qtiQuestionTypes, writeQtiPackage } from './qti.js';
import type { ImportProblem, QuestionImportInput, QuestionImportOutput } from './question-import-task.js';
import { questionKey } from '../../contracts/question-key.js';

/*
 * The question bank in bulk: CSV import (all or nothing) and export with the columns of the add
 * form, and the item analysis of the questions (facility and discrimination).
 */

const rejected = (errors: ImportRowError[]) =>
  new ImportRejected(
    errors.length === 1
      ? 'Nothing was imported: 1 row has an error.'
      : `Nothing was imported: ${errors.length} rows have errors.`,
    errors,
  );

const INSERT_BATCH = 1000;

/** A refused GIFT or Aiken import: every bad question with the line of the file it starts on; nothing was imported. */
export class LinesRejected extends AppError {
  constructor(readonly errors: LineError[]) {
    super(
      400,
      errors.length === 1
        ? 'Nothing was imported: 1 question has an error.'
        : `Nothing was imported: ${errors.length} questions have errors.`,
      'IMPORT_REJECTED',
    );
  }
}

/** A refused QTI import: every bad item with its place in the manifest and its file; nothing was imported. */
export class ItemsRejected extends AppError {
  constructor(readonly errors: { item: number; file: string; error: string }[]) {
    super(
      400,
      errors.length === 1
        ? 'Nothing was imported: 1 item has an error.'
        : `Nothing was imported: ${errors.length} items have errors.`,
      'IMPORT_REJECTED',
    );
  }
}

// The worker's module as built; from the sources, worker-task runs the .ts beside it.
const importTask = new URL('./question-import-task.js', import.meta.url);

/**
 * Imports a question file, every question or none: CSV (rows numbered as a spreadsheet shows them,
 * the header being row 1), or GIFT and Aiken (questions named by the line they start on, taking the
 * profession and difficulty named with the file). The file is read and checked in a worker thread
 * (question-import-task.ts); here the bank is checked and written. A question already live for its
 * profession is refused, so an import run twice adds nothing twice.
 */
export async function importQuestionFile(
  db: Database,
  input: QuestionImportInput,
  now: Date,
): Promise<{ imported: number }> {
  const read = await runWorkerTask<QuestionImportInput, QuestionImportOutput>(importTask, input);
  const rows = read.checked.map(({ at, body }) => ({ at, values: questionValues(body, now) }));
  const result = await db.transaction(async (tx) => {
    const errors = [...read.errors, ...(await alreadyInBank(tx, read))];
    if (errors.length) return errors.sort((a, b) => a.at - b.at);
    for (let i = 0; i < rows.length; i += INSERT_BATCH)
      await tx.insert(examQuestions).values(rows.slice(i, i + INSERT_BATCH).map((r) => r.values));
    return rows.length;
  });
  if (typeof result === 'number') return { imported: result };
  if (read.unit === 'row') throw rejected(result.map(({ at, error }) => ({ row: at, error })));
  if (read.unit === 'line') throw new LinesRejected(result.map(({ at, error }) => ({ line: at, error })));
  throw new ItemsRejected(itemErrors(result));
}

/** The checked questions that are already live for their profession, each as a problem at its place. */
async function alreadyInBank(db: Queryable, read: QuestionImportOutput): Promise<ImportProblem[]> {
  const inBank = await questionsInBank(
    db,
    read.checked.map(({ body }) => ({ profession: body.profession, question: body.question })),
  );
  return read.checked
    .filter(({ body }) => inBank.has(questionKey(body)))
    .map(({ at, file }) => ({ at, ...(file === undefined ? {} : { file }), error: QUESTION_IN_BANK_MESSAGE }));
}

const itemErrors = (problems: ImportProblem[]) =>
  problems.map(({ at, file, error }) => ({ item: at, file: file ?? '', error }));

/**
 * A QTI package read and checked exactly as its import would be (worker thread, limits, the bank's
 * questions), nothing stored: the import dialog's preview.
 */
export async function previewQtiPackage(db: Database, input: Omit<QuestionImportInput, 'format'>): Promise<QtiPreview> {
  const read = await runWorkerTask<QuestionImportInput, QuestionImportOutput>(importTask, { ...input, format: 'qti' });
  const errors = [...read.errors, ...(await alreadyInBank(db, read))].sort((a, b) => a.at - b.at);
  return {
    questions: read.checked.map(({ at, file, body }) => ({ item: at, file: file ?? '', ...body })),
    errors: itemErrors(errors),
  };
}

/**
 * The live questions as CSV, in the import's columns, so an export imports into another bank.
 * Formula-like cells are guarded as the case export guards them (the import takes the guard off).
 */
export async function exportQuestions(db: Database, profession: Profession | undefined): Promise<string> {
  const rows = await db
    .select()
    .from(examQuestions)
    .where(and(isNull(examQuestions.deletedAt), profession ? eq(examQuestions.profession, profession) : undefined))
    .orderBy(examQuestions.id);
  return stringify(
    rows.map((row) =>
      [
        row.question,
        row.questionType,
        writeOptionsCell(row.options),
        row.correctAnswer,
        row.explanation,
        row.profession,
        row.difficulty,
        row.topic,
        row.questionFormat,
      ].map(guardFormula),
    ),
    // The byte-order mark makes Excel, opened by a double click, read UTF-8 (Arabic and Hindi) as UTF-8.
    { header: true, columns: [...questionCsvColumns], bom: true },
  );
}

/**
 * The live questions a learner answers by choosing (single choice, true/false, multiple response)
 * of one profession and topic, or all, as a QTI 3.0 content package; `leftOut` counts the
 * fill-in-the-blank and essay questions of the same filter, which a QTI export does not carry.
 */
export async function exportQtiPackage(
  db: Database,
  filter: { profession?: Profession | undefined; topic?: string | undefined },
  now: Date,
): Promise<{ zip: Buffer; exported: number; leftOut: number }> {
  const where = and(
    isNull(examQuestions.deletedAt),
    filter.profession ? eq(examQuestions.profession, filter.profession) : undefined,
    filter.topic === undefined ? undefined : eq(examQuestions.topic, filter.topic === NO_TOPIC ? '' : filter.topic),
  );
  const rows = await db
    .select()
    .from(examQuestions)
    .where(and(where, inArray(examQuestions.questionType, [...qtiQuestionTypes])))
    .orderBy(examQuestions.id);
  const [left] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(examQuestions)
    .where(and(where, notInArray(examQuestions.questionType, [...qtiQuestionTypes])));
  return { zip: await writeQtiPackage(rows, now), exported: rows.length, leftOut: left?.count ?? 0 };
}

function flagsOf(attempts: number, facility: number | null, discrimination: number | null): QuestionFlag[] {
  if (attempts < STATISTICS.minAttemptsForFlags) return [];
  const flags: QuestionFlag[] = [];
  if (facility !== null && facility > STATISTICS.tooEasyAbove) flags.push('too-easy');
  if (facility !== null && facility < STATISTICS.tooHardBelow) flags.push('too-hard');
  if (discrimination !== null && discrimination < 0) flags.push('negative-discrimination');
  return flags;
}

const round3 = (value: number | null) =>
  value === null || Number.isNaN(value) ? null : Math.round(value * 1000) / 1000;

/**
 * Item analysis over the marked answers of finished attempts, for the questions of one page of
 * the admin table (same filter, order and paging as GET /exam-questions).
 * - facility: share of those answers that were correct;
 * - discrimination: the point-biserial correlation (Pearson's r with a 0/1 variable) between the
 *   question's mark and the rest of the attempt's score (the share correct of the attempt's other
 *   marked answers), as Moodle's discrimination index does. Null when it cannot be computed
 *   (fewer than two attempts, or no spread in either variable).
 */
export async function questionStatistics(
  db: Database,
  query: BankFilter & { limit: number; offset: number },
): Promise<QuestionStatistic[]> {
  const page = await db
    .select({ id: examQuestions.id })
    .from(examQuestions)
    .where(bankWhere(query))
    .orderBy(desc(examQuestions.createdAt), desc(examQuestions.id))
    .limit(query.limit)
    .offset(query.offset);
  const ids = page.map((row) => row.id);
  if (ids.length === 0) return [];

  const touched = db
    .selectDistinct({ id: examAnswers.attemptId })
    .from(examAnswers)
    .where(inArray(examAnswers.questionId, ids));
  const marks = db
    .select({
      questionId: examAnswers.questionId,
      mark: sql<number>`(${examAnswers.outcome} = 'correct')::int`.as('mark'),
      attemptCorrect:
        sql<number>`sum((${examAnswers.outcome} = 'correct')::int) OVER (PARTITION BY ${examAnswers.attemptId})`.as(
          'attempt_correct',
        ),
      attemptMarked: sql<number>`count(*) OVER (PARTITION BY ${examAnswers.attemptId})`.as('attempt_marked'),
    })
    .from(examAnswers)
    .innerJoin(examAttempts, eq(examAttempts.id, examAnswers.attemptId))
    .where(
      and(
        inArray(examAnswers.attemptId, touched),
        sql`${examAnswers.outcome} <> 'pending-review'`,
        sql`${examAttempts.finishedAt} IS NOT NULL`,
      ),
    )
    .as('marks');
  const stats = await db
    .select({
      id: marks.questionId,
      attempts: sql<number>`count(*)`.mapWith(Number),
      facility: sql<number | null>`avg(${marks.mark})`.mapWith((v) => (v === null ? null : Number(v))),
      discrimination: sql<
        number | null
      >`corr(${marks.mark}, CASE WHEN ${marks.attemptMarked} > 1 THEN (${marks.attemptCorrect} - ${marks.mark})::float8 / (${marks.attemptMarked} - 1) END)`.mapWith(
        (v) => (v === null ? null : Number(v)),
      ),
    })
    .from(marks)
    .where(inArray(marks.questionId, ids))
    .groupBy(marks.questionId);
  const byId = new Map(stats.map((s) => [s.id, s]));
  const calibrated = new Map(
    (await db.select().from(itemCalibrations).where(inArray(itemCalibrations.questionId, ids))).map((row) => [
      row.questionId,
      row,
    ]),
  );
  return ids.map((id) => {
    const found = byId.get(id);
    const attempts = found?.attempts ?? 0;
    const facility = round3(found?.facility ?? null);
    const discrimination = round3(found?.discrimination ?? null);
    const calibration = calibrated.get(id);
    return {
      id,
      attempts,
      facility,
      discrimination,
      flags: flagsOf(attempts, facility, discrimination),
      calibration: calibration
        ? {
            difficulty: round3(calibration.difficulty) ?? 0,
            standardError: round3(calibration.standardError) ?? 0,
            answers: calibration.answers,
            peerLevel: calibration.peerLevel,
            infit: round3(calibration.infit),
            outfit: round3(calibration.outfit),
            misfit: calibration.misfit,
            calibratedAt: calibration.calibratedAt.toISOString(),
          }
        : null,
    };
  });
}

/**
 * Facility per topic over the live questions of the filter (every page, not only the one shown):
 * the share correct of the marked answers in finished attempts, as for a single question.
 */
export async function topicStatistics(db: Database, profession: Profession | undefined): Promise<TopicStatistic[]> {
  const rows = await db
    .select({
      topic: examQuestions.topic,
      questions: sql<number>`count(DISTINCT ${examQuestions.id})`.mapWith(Number),
      attempts: sql<number>`count(${examAnswers.id})`.mapWith(Number),
      facility: sql<number | null>`avg((${examAnswers.outcome} = 'correct')::int)`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
    })
    .from(examQuestions)
    .leftJoin(
      examAnswers,
      and(
        eq(examAnswers.questionId, examQuestions.id),
        sql`${examAnswers.outcome} <> 'pending-review'`,
        sql`EXISTS (SELECT 1 FROM ${examAttempts} WHERE ${examAttempts.id} = ${examAnswers.attemptId} AND ${examAttempts.finishedAt} IS NOT NULL)`,
      ),
    )
    .where(and(isNull(examQuestions.deletedAt), profession ? eq(examQuestions.profession, profession) : undefined))
    .groupBy(examQuestions.topic)
    .orderBy(examQuestions.topic)
    .limit(500);
  return rows.map((row) => ({
    topic: row.topic || NO_TOPIC,
    questions: row.questions,
    attempts: row.attempts,
    facility: round3(row.facility),
  }));
}
