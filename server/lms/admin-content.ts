import { and, asc, count, desc, eq, gte, inArray, lt, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ADMIN_PAGE_SIZE,
  type AdminQuestion,
  type BankFilter,
  type createQuestionBody,
  type createUpcomingExamBody,
  type EssayAnswer,
  type ExamLog,
  type Profession,
  type UpcomingExam,
} from '../../contracts/lms.js';
import type { Database, Queryable } from '../db/client.js';
import { examAnswers, examAttempts, examLogs, examQuestions, lmsUsers, upcomingExams } from '../db/schema/lms.js';
import { AppError, notFound } from '../platform/errors.js';
import { bankWhere } from './bank-filter.js';
import { questionKey } from '../../contracts/question-key.js';

type Paging = { page?: number | undefined; pageSize?: number | undefined };
const limits = (query: Paging) => {
  const pageSize = query.pageSize ?? ADMIN_PAGE_SIZE;
  return { limit: pageSize, offset: ((query.page ?? 1) - 1) * pageSize };
};

// ---- Questions

type QuestionRow = typeof examQuestions.$inferSelect;
const toAdminQuestion = (row: QuestionRow): AdminQuestion => ({
  id: row.id,
  question: row.question,
  question_format: row.questionFormat,
  question_type: row.questionType,
  options: row.options,
  correct_answer: row.correctAnswer,
  explanation: row.explanation,
  profession: row.profession,
  difficulty: row.difficulty,
  topic: row.topic,
  created_at: row.createdAt.toISOString(),
});

export async function listQuestions(db: Database, query: Paging & BankFilter) {
  const where = bankWhere(query);
  const { limit, offset } = limits(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(examQuestions)
      .where(where)
      .orderBy(desc(examQuestions.createdAt), desc(examQuestions.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(examQuestions).where(where),
  ]);
  return { examQuestions: rows.map(toAdminQuestion), total: total?.n ?? 0 };
}

/** A question as the add form or an import row gives it, as the row to insert. */
export const questionValues = (
  body: z.output<typeof createQuestionBody>,
  now: Date,
): typeof examQuestions.$inferInsert => ({
  question: body.question,
  questionFormat: body.question_format,
  questionType: body.question_type,
  options: body.options,
  correctAnswer: body.correct_answer,
  explanation: body.explanation,
  profession: body.profession,
  difficulty: body.difficulty,
  topic: body.topic,
  createdAt: now,
});

export const QUESTION_IN_BANK_MESSAGE = 'This question is already in the bank';

export { questionKey };

/** The keys (questionKey) of those questions that are already live in the bank, found in one query. */
export async function questionsInBank(
  db: Queryable,
  questions: { profession: string; question: string }[],
): Promise<Set<string>> {
  const texts = [...new Set(questions.map((q) => q.question.trim().toLowerCase()))];
  if (texts.length === 0) return new Set();
  const existing = await db
    .select({ profession: examQuestions.profession, question: examQuestions.question })
    .from(examQuestions)
    .where(and(isNull(examQuestions.deletedAt), inArray(sql`lower(btrim(${examQuestions.question}))`, texts)));
  return new Set(existing.map(questionKey));
}

/** Adds a question; the same question live for the same profession is refused, as the CSV import refuses it. */
export async function createQuestion(
  db: Database,
  body: z.output<typeof createQuestionBody>,
  now: Date,
): Promise<AdminQuestion> {
  return db.transaction(async (tx) => {
    if ((await questionsInBank(tx, [body])).has(questionKey(body))) throw new AppError(409, QUESTION_IN_BANK_MESSAGE);
    const [row] = await tx.insert(examQuestions).values(questionValues(body, now)).returning();
    if (!row) throw new Error('insert returned no row');
    return toAdminQuestion(row);
  });
}

/**
 * Replaces a live question. Answers already given keep the outcome they were marked with; only
 * attempts drawn from now on see the new text. Another live question with the same text for the
 * same profession is refused, as on adding.
 */
export async function updateQuestion(
  db: Database,
  id: number,
  body: z.output<typeof createQuestionBody>,
): Promise<AdminQuestion> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: examQuestions.id })
      .from(examQuestions)
      .where(and(eq(examQuestions.id, id), isNull(examQuestions.deletedAt)))
      .for('update');
    if (!current) throw notFound('Question');
    const [twin] = await tx
      .select({ id: examQuestions.id })
      .from(examQuestions)
      .where(
        and(
          isNull(examQuestions.deletedAt),
          eq(examQuestions.profession, body.profession),
          eq(sql`lower(btrim(${examQuestions.question}))`, body.question.trim().toLowerCase()),
          ne(examQuestions.id, id),
        ),
      )
      .limit(1);
    if (twin) throw new AppError(409, QUESTION_IN_BANK_MESSAGE);
    const { createdAt: _kept, ...values } = questionValues(body, new Date(0));
    const [row] = await tx.update(examQuestions).set(values).where(eq(examQuestions.id, id)).returning();
    if (!row) throw new Error('update returned no row');
    return toAdminQuestion(row);
  });
}

/** Retires the question: no longer served, still shown in the attempts that answered it. */
export async function deleteQuestion(db: Database, id: number, now: Date): Promise<void> {
  const deleted = await db
    .update(examQuestions)
    .set({ deletedAt: now })
    .where(and(eq(examQuestions.id, id), isNull(examQuestions.deletedAt)))
    .returning({ id: examQuestions.id });
  if (deleted.length === 0) throw notFound('Question');
}

// ---- Exam logs

export async function listExamLogs(
  db: Database,
  query: Paging & {
    examId?: number | undefined;
    learner?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
): Promise<{ logs: ExamLog[]; total: number }> {
  const where = and(
    query.examId ? eq(examLogs.examId, query.examId) : undefined,
    // `%` and `_` in the name are plain text.
    query.learner
      ? sql`${lmsUsers.username} ILIKE ${`%${query.learner.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
      : undefined,
    // Days in UTC: from the start of `from` to the end of `to`.
    query.from ? gte(examLogs.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(examLogs.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + 24 * 60 * 60 * 1000)) : undefined,
  );
  const { limit, offset } = limits(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({ log: examLogs, username: lmsUsers.username })
      .from(examLogs)
      .innerJoin(lmsUsers, eq(lmsUsers.id, examLogs.userId))
      .where(where)
      // Newest attempts first; within an attempt, its events in the order they happened.
      .orderBy(desc(examLogs.examId), asc(examLogs.createdAt), asc(examLogs.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(examLogs).innerJoin(lmsUsers, eq(lmsUsers.id, examLogs.userId)).where(where),
  ]);
  return {
    logs: rows.map(({ log, username }) => ({
      id: log.id,
      user_id: log.userId,
      username,
      exam_id: log.examId,
      log_data: log.logData,
      created_at: log.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}

// ---- Essays

export async function listEssays(
  db: Database,
  query: Paging & { status: 'pending' | 'graded' },
): Promise<{ essays: EssayAnswer[]; total: number }> {
  const where =
    query.status === 'pending'
      ? eq(examAnswers.outcome, 'pending-review')
      : and(eq(examQuestions.questionType, 'essay'), inArray(examAnswers.outcome, ['correct', 'incorrect']));
  const { limit, offset } = limits(query);
  const base = () =>
    db
      .select({
        answer: examAnswers,
        question: examQuestions.question,
        questionFormat: examQuestions.questionFormat,
        modelAnswer: examQuestions.correctAnswer,
        username: lmsUsers.username,
      })
      .from(examAnswers)
      .innerJoin(examQuestions, eq(examQuestions.id, examAnswers.questionId))
      .innerJoin(examAttempts, eq(examAttempts.id, examAnswers.attemptId))
      .innerJoin(lmsUsers, eq(lmsUsers.id, examAttempts.userId))
      .where(where);
  const [rows, [total]] = await Promise.all([
    base().orderBy(asc(examAnswers.answeredAt), asc(examAnswers.id)).limit(limit).offset(offset),
    db
      .select({ n: count() })
      .from(examAnswers)
      .innerJoin(examQuestions, eq(examQuestions.id, examAnswers.questionId))
      .where(where),
  ]);
  return {
    essays: rows.map((row) => ({
      id: row.answer.id,
      username: row.username,
      question: row.question,
      question_format: row.questionFormat,
      modelAnswer: row.modelAnswer,
      userAnswer: row.answer.userAnswer,
      outcome: row.answer.outcome,
      answered_at: row.answer.answeredAt.toISOString(),
      reviewNote: row.answer.reviewNote,
    })),
    total: total?.n ?? 0,
  };
}

export async function gradeEssay(
  db: Database,
  answerId: number,
  correct: boolean,
  note: string | undefined,
  now: Date,
): Promise<void> {
  const [row] = await db
    .select({ type: examQuestions.questionType })
    .from(examAnswers)
    .innerJoin(examQuestions, eq(examQuestions.id, examAnswers.questionId))
    .where(eq(examAnswers.id, answerId));
  if (!row) throw notFound('Answer');
  if (row.type !== 'essay') throw new AppError(409, 'Only essay answers are graded by hand');
  await db
    .update(examAnswers)
    .set({ outcome: correct ? 'correct' : 'incorrect', reviewedAt: now, reviewNote: note || null })
    .where(eq(examAnswers.id, answerId));
}

// ---- Upcoming exams

type UpcomingRow = typeof upcomingExams.$inferSelect;
const toUpcoming = (row: UpcomingRow): UpcomingExam => ({
  id: row.id,
  title: row.title,
  exam_date: row.examDate,
  exam_time: row.examTime,
  profession: row.profession,
});

/** Exams from today on (by the server's UTC date), for the user's profession or everyone. */
export async function upcomingFor(db: Database, profession: Profession, now: Date): Promise<UpcomingExam[]> {
  const today = now.toISOString().slice(0, 10);
  const rows = await db
    .select()
    .from(upcomingExams)
    .where(
      and(
        gte(upcomingExams.examDate, today),
        inArray(upcomingExams.profession, ['all', profession]),
        eq(upcomingExams.published, true),
      ),
    )
    .orderBy(asc(upcomingExams.examDate), asc(upcomingExams.examTime))
    .limit(20);
  return rows.map(toUpcoming);
}

export async function listUpcoming(db: Database): Promise<UpcomingExam[]> {
  const rows = await db
    .select()
    .from(upcomingExams)
    .orderBy(desc(upcomingExams.examDate), desc(upcomingExams.id))
    .limit(200);
  return rows.map(toUpcoming);
}

export async function createUpcoming(
  db: Database,
  body: z.output<typeof createUpcomingExamBody>,
  now: Date,
): Promise<UpcomingExam> {
  const [row] = await db
    .insert(upcomingExams)
    .values({
      title: body.title,
      examDate: body.exam_date,
      examTime: body.exam_time,
      profession: body.profession,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toUpcoming(row);
}

export async function deleteUpcoming(db: Database, id: number): Promise<void> {
  const deleted = await db.delete(upcomingExams).where(eq(upcomingExams.id, id)).returning({ id: upcomingExams.id });
  if (deleted.length === 0) throw notFound('Upcoming exam');
}
