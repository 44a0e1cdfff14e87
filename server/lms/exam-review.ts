import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  LOCKED_SUMMARY_MESSAGE,
  scorePercent,
  UPGRADE_REQUIRED,
  type ExamAttemptSummary,
  type ExamReview,
  type ExamSummary,
  type ProfessionsResponse,
} from '../../contracts/lms.js';
import { professions, type Profession } from '../../contracts/lms-constants.js';
import type { Database } from '../db/client.js';
import { examAnswers, examAttempts, examQuestions } from '../db/schema/lms.js';
import { AppError } from '../platform/errors.js';
import { endExam, expireIfDue, lockAttempt, retakeAllowedAt } from './exam-attempts.js';
import { examKeyOf, pastDeadline, shuffledOptions, type Attempt, type ExamSettings } from './exam-form.js';
import { passMarkOf, retakeWaitSeconds } from './exam-settings.js';
import { resultsLocked, type LmsAccount } from './programs.js';
import { percentileAmongOthers, topicResults } from './results.js';
import { finishAttempt } from './test-centre.js';

/*
 * What a learner reads of their attempts: the latest one's summary, the history, and a finished
 * attempt's review, each with the one score definition (scorePercent) and the results lock; and
 * finishing an exam, which answers with the summary the learner sees next.
 */

/** The learner ends the daily exam (POST /user/exam/finish; the client does when its countdown reaches zero): its summary. */
export async function finishExam(db: Database, account: LmsAccount, now: Date): Promise<ExamSummary> {
  await endExam(db, account, now);
  return examSummary(db, account, now);
}

/** The candidate ends a test-centre attempt (POST /user/exam/attempts/:id/finish): its summary; the review then opens. */
export async function finishTestCentreAttempt(
  db: Database,
  account: LmsAccount,
  attemptId: number,
  now: Date,
): Promise<ExamSummary> {
  await finishAttempt(db, account, attemptId, now);
  return examSummary(db, account, now);
}

/**
 * The summary of the latest attempt, with the one score definition (scorePercent): questions
 * correct out of the whole form, unanswered ones counted wrong; essays awaiting review are
 * reported apart (and count once graded). Every learner gets the score and the verdict; without
 * the `exam-results` program `locked` is true: the review, topics and percentile are Premium.
 */
export async function examSummary(db: Database, account: LmsAccount, now: Date): Promise<ExamSummary> {
  const attempt = await db.transaction(async (tx) => {
    const found = await lockAttempt(tx, account);
    return found ? expireIfDue(tx, found, now) : undefined;
  });
  const counts = attempt
    ? (
        await db
          .select({
            correct: sql<number>`count(*) FILTER (WHERE ${examAnswers.outcome} = 'correct')`.mapWith(Number),
            marked: sql<number>`count(*) FILTER (WHERE ${examAnswers.outcome} <> 'pending-review')`.mapWith(Number),
            pending: sql<number>`count(*) FILTER (WHERE ${examAnswers.outcome} = 'pending-review')`.mapWith(Number),
          })
          .from(examAnswers)
          .where(eq(examAnswers.attemptId, attempt.id))
      )[0]
    : undefined;
  const formSize = attempt?.questionIds.length ?? 0;
  const correct = counts?.correct ?? 0;
  const pendingReview = counts?.pending ?? 0;
  const finished = Boolean(attempt?.finishedAt);
  const passMark = await passMarkOf(db, account.profession);
  if (attempt?.mode === 'test-centre' && !finished) {
    // Nothing about correctness until the sitting ends, as at a test centre.
    return {
      locked: false,
      message: 'Exam in progress.',
      finished,
      summary: { totalQuestions: 0, totalScore: null, percentage: null, pendingReview: 0, passMark, passed: null },
    };
  }
  const percentage = scorePercent(correct, formSize);
  // Every learner sees the score and the verdict; a locked learner's `locked` says the details
  // (the review, topics, percentile) are Premium.
  const locked = resultsLocked(account);
  const message = locked
    ? LOCKED_SUMMARY_MESSAGE
    : !attempt
      ? 'You have not started the exam yet.'
      : finished
        ? 'Exam completed.'
        : 'Exam in progress.';
  return {
    locked,
    message,
    finished,
    summary: {
      totalQuestions: formSize,
      totalScore: correct,
      percentage,
      pendingReview,
      passMark,
      passed: percentage >= passMark,
    },
  };
}

type AttemptCounts = { answered: number; marked: number; correct: number };
/** `hidden`: an open test-centre sitting, which tells nothing about correctness until it ends. */
function toAttemptSummary(attempt: Attempt, counts: AttemptCounts, hidden: boolean): ExamAttemptSummary {
  return {
    id: attempt.id,
    started_at: attempt.startedAt.toISOString(),
    finished_at: attempt.finishedAt?.toISOString() ?? null,
    finish_reason: attempt.finishReason,
    answered: counts.answered,
    questions: attempt.questionIds.length,
    score: hidden ? null : counts.correct,
    percentage: hidden ? null : scorePercent(counts.correct, attempt.questionIds.length),
  };
}

const answerCounts = {
  answered: sql<number>`count(${examAnswers.id})`.mapWith(Number),
  marked: sql<number>`count(${examAnswers.id}) FILTER (WHERE ${examAnswers.outcome} <> 'pending-review')`.mapWith(
    Number,
  ),
  correct: sql<number>`count(${examAnswers.id}) FILTER (WHERE ${examAnswers.outcome} = 'correct')`.mapWith(Number),
};

/**
 * The learner's attempts, newest first, each with its score and percentage (every learner's);
 * `locked` says whether the reviews are open.
 */
export async function listAttempts(
  db: Database,
  account: LmsAccount,
  page: { limit: number; offset: number },
  now: Date,
  settings: ExamSettings,
) {
  const where = and(eq(examAttempts.userId, account.id), eq(examAttempts.examKey, examKeyOf(account)));
  const [rows, [total], retakeWait, passMark, questionsAvailable] = await Promise.all([
    db
      .select({ attempt: examAttempts, ...answerCounts })
      .from(examAttempts)
      .leftJoin(examAnswers, eq(examAnswers.attemptId, examAttempts.id))
      .where(where)
      .groupBy(examAttempts.id)
      .orderBy(desc(examAttempts.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(examAttempts).where(where),
    // The wait between attempts and the pass mark are admin settings.
    retakeWaitSeconds(db, settings.retakeWaitSeconds),
    passMarkOf(db, account.profession),
    hasAnExam(db, account.profession),
  ]);
  const locked = resultsLocked(account);
  // A listed attempt past its deadline is shown as it will be once the server notices.
  const attempts = rows.map(({ attempt, ...counts }) => {
    const due = !attempt.finishedAt && pastDeadline(attempt, now);
    const shown: Attempt = due ? { ...attempt, finishedAt: attempt.deadlineAt, finishReason: 'timeout' } : attempt;
    return toAttemptSummary(shown, counts, shown.mode === 'test-centre' && !shown.finishedAt);
  });
  const latest = rows[0]?.attempt;
  const latestFinishedAt = latest?.finishedAt ?? (latest && pastDeadline(latest, now) ? latest.deadlineAt : null);
  const allowedAt =
    latest && latestFinishedAt
      ? retakeAllowedAt({ ...latest, finishedAt: latestFinishedAt }, { retakeWaitSeconds: retakeWait })
      : null;
  return {
    attempts,
    locked,
    nextAttemptAt: allowedAt && allowedAt > now ? allowedAt.toISOString() : null,
    passMark,
    questionsAvailable,
    total: total?.n ?? 0,
  };
}

/** One live question of the profession is enough for a form (the partial profession index answers it). */
async function hasAnExam(db: Database, profession: Profession): Promise<boolean> {
  const [anyQuestion] = await db
    .select({ id: examQuestions.id })
    .from(examQuestions)
    .where(and(eq(examQuestions.profession, profession), isNull(examQuestions.deletedAt)))
    .limit(1);
  return anyQuestion !== undefined;
}

/**
 * Each profession and whether it has an exam yet (GET /auth/professions), for the registration
 * form: a profession without one may still register (courses, and the exam once questions come).
 */
export async function professionsWithExams(db: Database): Promise<ProfessionsResponse> {
  // One statement for a public page's every visit (it was one per profession): each profession's
  // EXISTS is one probe of the partial profession index, as hasAnExam's is. Read at each request,
  // not cached, so a question made live or deleted on any instance shows at once.
  const listed = sql.join(
    professions.map((profession) => sql`(${profession})`),
    sql`, `,
  );
  const rows = await db.execute<{ profession: string; has_exam: boolean }>(sql`
    SELECT p.profession, EXISTS (
      SELECT 1 FROM ${examQuestions}
      WHERE ${examQuestions.profession} = p.profession AND ${examQuestions.deletedAt} IS NULL
    ) AS has_exam
    FROM (VALUES ${listed}) AS p (profession)`);
  const hasExam = new Map(rows.rows.map((row) => [row.profession, row.has_exam]));
  return { professions: professions.map((profession) => ({ profession, hasExam: hasExam.get(profession) ?? false })) };
}

export const REVIEW_LOCKED_MESSAGE =
  'This review is locked. Upgrade to Premium to see your answers and the correct ones.';

/** Each answered question of a finished attempt of this learner, with the correct answer and explanation. */
export async function reviewAttempt(
  db: Database,
  account: LmsAccount,
  attemptId: number,
  now: Date,
): Promise<ExamReview> {
  const attempt = await db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(examAttempts)
      .where(and(eq(examAttempts.id, attemptId), eq(examAttempts.userId, account.id)))
      .for('update');
    return found ? expireIfDue(tx, found, now) : undefined;
  });
  // Another learner's attempt is as absent as one that does not exist.
  if (!attempt) throw new AppError(404, 'Attempt not found');
  if (resultsLocked(account)) throw new AppError(403, REVIEW_LOCKED_MESSAGE, UPGRADE_REQUIRED);
  if (!attempt.finishedAt) throw new AppError(409, 'The review opens when the attempt is finished');
  const rows = await db
    .select({ answer: examAnswers, question: examQuestions })
    .from(examAnswers)
    .innerJoin(examQuestions, eq(examQuestions.id, examAnswers.questionId))
    .where(eq(examAnswers.attemptId, attempt.id))
    .orderBy(examAnswers.answeredAt, examAnswers.id);
  const counts = {
    answered: rows.length,
    marked: rows.filter((r) => r.answer.outcome !== 'pending-review').length,
    correct: rows.filter((r) => r.answer.outcome === 'correct').length,
  };
  const summary = toAttemptSummary(attempt, counts, false);
  const percentage = summary.percentage ?? 0;
  const [byTopic, passMark, percentile] = await Promise.all([
    topicResults(db, attempt),
    passMarkOf(db, account.profession),
    percentileAmongOthers(db, account, counts.correct, attempt.questionIds.length),
  ]);
  return {
    attempt: summary,
    byTopic,
    passMark,
    passed: percentage >= passMark,
    ...percentile,
    unanswered: Math.max(0, attempt.questionIds.length - rows.length),
    questions: rows.map(({ answer, question }) => ({
      questionId: question.id,
      question: question.question,
      question_format: question.questionFormat,
      question_type: question.questionType,
      options: shuffledOptions(question.options, attempt.seed, question.id),
      userAnswer: answer.userAnswer,
      correctAnswer: question.correctAnswer,
      explanation: question.explanation,
      outcome: answer.outcome,
      reviewNote: answer.reviewNote,
    })),
  };
}
