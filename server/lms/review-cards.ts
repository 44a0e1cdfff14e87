import { and, asc, count, eq, gt, inArray, isNull, lte, min, sql } from 'drizzle-orm';
import { createEmptyCard, fsrs, Rating, type Card, type Grade } from 'ts-fsrs';
import type { ReviewsResponse } from '../../contracts/lms.js';
import type { Queryable } from '../db/client.js';
import { examQuestions, lmsUsers, reviewCards } from '../db/schema/lms.js';
import { AppError } from '../platform/errors.js';

/*
 * Mistakes come back when they are about to be forgotten (decision 029): every question a learner
 * gets wrong, or right but slowly, becomes a review card scheduled by FSRS (ts-fsrs), and every
 * later answer to it reviews the card: wrong is Again, right but slow Hard, right Good. Scheduling
 * is in days (no same-session learning steps: the learner has just read the explanation), so a
 * mistake is back the next day. The target retention rises as the learner's exam date nears, and
 * no interval reaches past it.
 */

/** An answer slower than this is right but not yet fluent (a licensing exam allows about 80 s a question). */
export const SLOW_ANSWER_SECONDS = 90;
export const BASE_RETENTION = 0.9;
export const EXAM_DAY_RETENTION = 0.95;
/** Days before the exam over which the target retention rises from BASE_RETENTION to EXAM_DAY_RETENTION. */
export const RETENTION_RAMP_DAYS = 60;
const DAY_MS = 86_400_000;

/** Whole days from `now` to the exam date (UTC midnight of that day); null without one. */
export function daysToExam(examDate: string | null, now: Date): number | null {
  if (!examDate) return null;
  return Math.ceil((Date.parse(`${examDate}T00:00:00Z`) - now.getTime()) / DAY_MS);
}

/** The retention reviews aim at: 0.90 far from the exam, rising in a straight line to 0.95 on its day. */
export function targetRetention(examDate: string | null, now: Date): number {
  const days = daysToExam(examDate, now);
  if (days === null || days < 0) return BASE_RETENTION;
  const near = Math.max(0, Math.min(1, 1 - days / RETENTION_RAMP_DAYS));
  return Math.round((BASE_RETENTION + (EXAM_DAY_RETENTION - BASE_RETENTION) * near) * 1000) / 1000;
}

/** The scheduler for a learner now: its retention, and intervals that end by the exam day. */
export function schedulerFor(examDate: string | null, now: Date) {
  const days = daysToExam(examDate, now);
  return fsrs({
    request_retention: targetRetention(examDate, now),
    maximum_interval: days !== null && days >= 1 ? days : 36_500,
    enable_fuzz: false,
    enable_short_term: false,
  });
}

/** How an answer rates the card; null for an essay waiting for its grade. */
export function ratingOf(
  outcome: 'correct' | 'incorrect' | 'pending-review',
  responseSeconds?: number | null,
): Grade | null {
  if (outcome === 'pending-review') return null;
  if (outcome === 'incorrect') return Rating.Again;
  return responseSeconds !== undefined && responseSeconds !== null && responseSeconds > SLOW_ANSWER_SECONDS
    ? Rating.Hard
    : Rating.Good;
}

type CardRow = typeof reviewCards.$inferSelect;

const toCard = (row: CardRow): Card => ({
  due: row.due,
  stability: row.stability,
  difficulty: row.difficulty,
  elapsed_days: 0,
  scheduled_days: row.scheduledDays,
  learning_steps: row.learningSteps,
  reps: row.reps,
  lapses: row.lapses,
  state: row.state,
  ...(row.lastReview ? { last_review: row.lastReview } : {}),
});

/**
 * The card after a review (a new one when there was none). With an exam date ahead, no review is set
 * later than the day before it (the day itself, once that has come): FSRS's own maximum interval
 * bounds neither a new card's first interval nor one it must keep longer than the last.
 */
export function reviewed(card: Card | undefined, rating: Grade, now: Date, examDate: string | null): Card {
  const next = schedulerFor(examDate, now).next(card ?? createEmptyCard(now), now, rating).card;
  if (!examDate) return next;
  const examStart = Date.parse(`${examDate}T00:00:00Z`);
  if (examStart <= now.getTime()) return next;
  const cap = examStart - DAY_MS > now.getTime() ? examStart - DAY_MS : examStart;
  return next.due.getTime() > cap ? { ...next, due: new Date(cap) } : next;
}

export type ReviewedAnswer = {
  questionId: number;
  outcome: 'correct' | 'incorrect' | 'pending-review';
  responseSeconds?: number | null | undefined;
};

/**
 * Applies answers to the learner's cards in three statements: a wrong or slow answer makes a card
 * if there is none, and any answer to a question with a card reviews it.
 */
export async function applyAnswersToCards(
  tx: Queryable,
  userId: number,
  answers: readonly ReviewedAnswer[],
  now: Date,
): Promise<void> {
  const rated = answers.flatMap((answer) => {
    const rating = ratingOf(answer.outcome, answer.responseSeconds);
    return rating === null ? [] : [{ questionId: answer.questionId, rating }];
  });
  if (rated.length === 0) return;
  const [user] = await tx.select({ examDate: lmsUsers.examDate }).from(lmsUsers).where(eq(lmsUsers.id, userId));
  const existing = new Map(
    (
      await tx
        .select()
        .from(reviewCards)
        .where(
          and(
            eq(reviewCards.userId, userId),
            inArray(
              reviewCards.questionId,
              rated.map((answer) => answer.questionId),
            ),
          ),
        )
        .for('update')
    ).map((row) => [row.questionId, toCard(row)]),
  );
  const rows = new Map<number, typeof reviewCards.$inferInsert>();
  for (const { questionId, rating } of rated) {
    const card = rows.has(questionId) ? undefined : existing.get(questionId);
    // Right and quick with no card: nothing to review.
    if (!card && !rows.has(questionId) && rating === Rating.Good) continue;
    const next = reviewed(card, rating, now, user?.examDate ?? null);
    rows.set(questionId, {
      userId,
      questionId,
      due: next.due,
      stability: next.stability,
      difficulty: next.difficulty,
      scheduledDays: next.scheduled_days,
      learningSteps: next.learning_steps,
      reps: next.reps,
      lapses: next.lapses,
      state: next.state,
      lastReview: next.last_review ?? now,
    });
  }
  if (rows.size === 0) return;
  await tx
    .insert(reviewCards)
    .values([...rows.values()])
    .onConflictDoUpdate({
      target: [reviewCards.userId, reviewCards.questionId],
      set: {
        due: sql`excluded.due`,
        stability: sql`excluded.stability`,
        difficulty: sql`excluded.difficulty`,
        scheduledDays: sql`excluded.scheduled_days`,
        learningSteps: sql`excluded.learning_steps`,
        reps: sql`excluded.reps`,
        lapses: sql`excluded.lapses`,
        state: sql`excluded.state`,
        lastReview: sql`excluded.last_review`,
      },
    });
}

/** The learner's cards due now, earliest first, of live questions. */
export async function dueQuestionIds(tx: Queryable, userId: number, now: Date, limit: number): Promise<number[]> {
  const rows = await tx
    .select({ id: reviewCards.questionId })
    .from(reviewCards)
    .innerJoin(examQuestions, eq(examQuestions.id, reviewCards.questionId))
    .where(and(eq(reviewCards.userId, userId), lte(reviewCards.due, now), isNull(examQuestions.deletedAt)))
    .orderBy(asc(reviewCards.due), asc(reviewCards.questionId))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** What the dashboard shows: reviews due now, when the next comes, and the exam date and retention. */
export async function reviewsOf(db: Queryable, userId: number, now: Date): Promise<ReviewsResponse> {
  const live = and(eq(reviewCards.userId, userId), isNull(examQuestions.deletedAt));
  const [[due], [upcoming], [total], [user]] = [
    await db
      .select({ n: count() })
      .from(reviewCards)
      .innerJoin(examQuestions, eq(examQuestions.id, reviewCards.questionId))
      .where(and(live, lte(reviewCards.due, now))),
    await db
      .select({ next: min(reviewCards.due) })
      .from(reviewCards)
      .innerJoin(examQuestions, eq(examQuestions.id, reviewCards.questionId))
      .where(and(live, gt(reviewCards.due, now))),
    await db
      .select({ n: count() })
      .from(reviewCards)
      .innerJoin(examQuestions, eq(examQuestions.id, reviewCards.questionId))
      .where(live),
    await db.select({ examDate: lmsUsers.examDate }).from(lmsUsers).where(eq(lmsUsers.id, userId)),
  ];
  const examDate = user?.examDate ?? null;
  return {
    due: due?.n ?? 0,
    cards: total?.n ?? 0,
    nextDueAt: upcoming?.next ? new Date(upcoming.next).toISOString() : null,
    examDate,
    targetRetention: targetRetention(examDate, now),
  };
}

/** Sets the day the learner sits the real exam (null: none), today or later, and answers their reviews as they now stand. */
export async function setExamDate(db: Queryable, userId: number, examDate: string | null, now: Date) {
  if (examDate !== null && examDate < now.toISOString().slice(0, 10))
    throw new AppError(400, 'examDate must be today or later');
  await db.update(lmsUsers).set({ examDate }).where(eq(lmsUsers.id, userId));
  return reviewsOf(db, userId, now);
}
