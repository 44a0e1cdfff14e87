import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  createQuestionBody,
  IMPORT_MAX_ROWS,
  NO_TOPIC,
  optionalCsvColumns,
  parseOptionsText,
  professions,
  questionCsvColumns,
  STATISTICS,
  type ImportRowError,
  type Profession,
  type QuestionFlag,
  type QuestionStatistic,
  type TopicStatistic,
} from '../../contracts/lms.js';
import { csvProblem } from '../../contracts/csv-problem.js';
import { parseQuestionText, type LineError, type QuestionTextFormat } from '../../contracts/question-formats.js';
import type { Database } from '../db/client.js';
import { examAnswers, examAttempts, examQuestions } from '../db/schema/lms.js';
import { guardFormula, unguardFormula } from '../platform/csv-formula-guard.js';
import { AppError, ImportRejected } from '../platform/errors.js';
import { QUESTION_IN_BANK_MESSAGE, questionKey, questionsInBank, questionValues } from './admin-content.js';

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

const firstIssue = (error: { issues: { message: string; path: PropertyKey[] }[] }) => {
  const issue = error.issues[0];
  if (!issue) return 'invalid row';
  return issue.message;
};

/**
 * Imports every row or none. Rows are numbered as a spreadsheet shows them (the header is row 1).
 * A row is refused when it fails the add form's rules, or when its question already exists for
 * that profession (in the bank or earlier in the file), so an import run twice adds nothing twice.
 */
export async function importQuestions(db: Database, csv: string, now: Date): Promise<{ imported: number }> {
  let records: Record<string, string>[];
  let columns: string[] = [];
  try {
    records = parse(csv, {
      // The header as the parser read it (quoted names included), kept to name missing columns.
      columns: (header: string[]) => (columns = header.map((name) => name.trim())),
      bom: true,
      skip_empty_lines: true,
      // Undoes the export's guard against formulas, so an exported file imports with its values.
      cast: (value) => unguardFormula(value),
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw rejected([{ row: typeof line === 'number' ? line : 1, error: csvProblem(error) }]);
  }
  const missing = questionCsvColumns.filter((c) => !columns.includes(c) && !optionalCsvColumns.includes(c));
  if (missing.length)
    throw rejected([
      { row: 1, error: `The header lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}` },
    ]);
  if (records.length === 0) throw rejected([{ row: 2, error: 'The file has no questions' }]);
  if (records.length > IMPORT_MAX_ROWS)
    throw rejected([{ row: IMPORT_MAX_ROWS + 2, error: `At most ${IMPORT_MAX_ROWS} questions per import` }]);

  const errors = await insertAllOrNone(
    db,
    records.map((record, index) => ({
      // Rows as a spreadsheet numbers them: the header is row 1.
      at: index + 2,
      input: {
        question: record.question,
        question_type: record.question_type?.trim() || undefined,
        options: parseOptionsText(record.options ?? ''),
        correct_answer: record.correct_answer,
        explanation: record.explanation,
        profession: record.profession?.trim(),
        difficulty: record.difficulty?.trim() || undefined,
        topic: record.topic ?? '',
      },
    })),
    [],
    'row',
    now,
  );
  if (typeof errors === 'number') return { imported: errors };
  throw rejected(errors.map(({ at, error }) => ({ row: at, error })));
}

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

/**
 * Imports a GIFT or Aiken file, every question or none, under the same rules as the CSV import;
 * the file's questions take the profession and difficulty named with it.
 */
export async function importQuestionText(
  db: Database,
  format: QuestionTextFormat,
  text: string,
  defaults: { profession?: Profession | undefined; difficulty?: string | undefined },
  now: Date,
): Promise<{ imported: number }> {
  if (!defaults.profession)
    throw new AppError(400, `Name the profession of the file's questions: ?profession=${professions.join('|')}`);
  const parsed = parseQuestionText(format, text);
  if (parsed.questions.length === 0 && parsed.errors.length === 0)
    throw new LinesRejected([{ line: 1, error: 'The file has no questions' }]);
  if (parsed.questions.length > IMPORT_MAX_ROWS)
    throw new LinesRejected([{ line: 1, error: `At most ${IMPORT_MAX_ROWS} questions per import` }]);
  const result = await insertAllOrNone(
    db,
    parsed.questions.map((q) => ({
      at: q.line,
      input: {
        question: q.question,
        question_type: q.question_type,
        options: q.options,
        correct_answer: q.correct_answer,
        explanation: q.explanation,
        topic: q.topic,
        profession: defaults.profession,
        difficulty: defaults.difficulty,
      },
    })),
    parsed.errors.map(({ line, error }) => ({ at: line, error })),
    'line',
    now,
  );
  if (typeof result === 'number') return { imported: result };
  throw new LinesRejected(result.map(({ at, error }) => ({ line: at, error })));
}

/**
 * The rules every import shares: each item checked with the add form's schema; the same question
 * twice in the file, or already live for that profession, refused; any error and nothing is
 * written (the errors, by position in the file, sorted); otherwise every item is inserted in one
 * transaction and the count returned.
 */
async function insertAllOrNone(
  db: Database,
  items: { at: number; input: Record<string, unknown> }[],
  earlier: { at: number; error: string }[],
  unit: 'row' | 'line',
  now: Date,
): Promise<number | { at: number; error: string }[]> {
  const errors = [...earlier];
  const rows: (typeof examQuestions.$inferInsert)[] = [];
  const seen = new Map<string, number>();
  for (const { at, input } of items) {
    const parsed = createQuestionBody.safeParse(input);
    if (!parsed.success) {
      errors.push({ at, error: firstIssue(parsed.error) });
      continue;
    }
    const body = parsed.data;
    const k = questionKey(body);
    const first = seen.get(k);
    if (first !== undefined) {
      errors.push({ at, error: `The same question is on ${unit} ${first}` });
      continue;
    }
    seen.set(k, at);
    rows.push(questionValues(body, now));
  }

  return db.transaction(async (tx) => {
    const inBank = await questionsInBank(tx, rows);
    for (const r of rows) {
      const k = questionKey(r);
      if (inBank.has(k)) errors.push({ at: seen.get(k) ?? 0, error: QUESTION_IN_BANK_MESSAGE });
    }
    if (errors.length) return errors.sort((a, b) => a.at - b.at);
    for (let i = 0; i < rows.length; i += INSERT_BATCH)
      await tx.insert(examQuestions).values(rows.slice(i, i + INSERT_BATCH));
    return rows.length;
  });
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
        row.options.join(', '),
        row.correctAnswer,
        row.explanation,
        row.profession,
        row.difficulty,
        row.topic,
      ].map(guardFormula),
    ),
    { header: true, columns: [...questionCsvColumns] },
  );
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
  query: { profession?: Profession | undefined; limit: number; offset: number },
): Promise<QuestionStatistic[]> {
  const page = await db
    .select({ id: examQuestions.id })
    .from(examQuestions)
    .where(
      and(
        isNull(examQuestions.deletedAt),
        query.profession ? eq(examQuestions.profession, query.profession) : undefined,
      ),
    )
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
  return ids.map((id) => {
    const found = byId.get(id);
    const attempts = found?.attempts ?? 0;
    const facility = round3(found?.facility ?? null);
    const discrimination = round3(found?.discrimination ?? null);
    return { id, attempts, facility, discrimination, flags: flagsOf(attempts, facility, discrimination) };
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
