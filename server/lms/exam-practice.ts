import { and, count, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { EXAM_OPEN } from '../../contracts/lms-constants.js';
import {
  ADAPTIVE_DEFAULT_LENGTH,
  ADAPTIVE_PRECISE_MAX_LENGTH,
  ADAPTIVE_TARGET_STANDARD_ERROR,
  NO_MORE_QUESTIONS_MESSAGE,
  type PracticeSetResponse,
  type MockResult,
  type PracticeAnswerResult,
} from '../../contracts/lms.js';
import type { Database, Queryable } from '../db/client.js';
import { statementSql } from '../db/statement-sql.js';
import {
  examAnswers,
  examAttempts,
  examQuestions,
  lmsUsers,
  mockExamResults,
  practiceAnswers,
  practiceSets,
} from '../db/schema/lms.js';
import { drawSeed } from '../platform/draws.js';
import { AppError } from '../platform/errors.js';
import { nextAdaptiveQuestion, servedRow } from './adaptive-practice.js';
import { hasOpenAttempt, questionWithdrawn } from './exam-attempts.js';
import { applyAnswersToCards, dueQuestionIds } from './review-cards.js';
import { toServed } from './exam-form.js';
import { outcomeOf, shownCorrectAnswer } from './exam-scoring.js';
import { dayBefore, SHOWN_SINCE } from './hot-statements.js';
import { resultsLocked, type LmsAccount } from './programs.js';
import { ofTopic } from './results.js';

/*
 * The practice sets: a short set (quick practice, my mistakes, a topic) in tutor mode, each answer
 * marked and explained as it is given (answerPracticeQuestion). The older 300-second module's way,
 * every answer sent at the end and scored once, still works for a set nobody answered one by one.
 */

const MOCK_SET_SIZE = 10;

export type PracticeSettings = { durationSeconds: number; setsPerHour: number; questionsPerDay: number };

export const PRACTICE_DURING_EXAM =
  'Your timed exam is still open, so practice waits until it is finished. Return to your exam to go on with it.';
/** The one refusal of practice during an open timed exam (a set, or an answer to one), with the way back. */
const practiceDuringExam = () => new AppError(409, PRACTICE_DURING_EXAM, EXAM_OPEN);
export const NO_MISTAKES_MESSAGE =
  'No mistakes to practise yet: questions you get wrong in the timed exam will appear here.';
export const NO_TOPIC_QUESTIONS_MESSAGE = 'There are no questions on this topic to practise.';
export const DAY_BUDGET_MESSAGE =
  "You have seen today's share of new questions and none of them fits this practice. Try another practice, or come back tomorrow.";
// Network time between the served set and the answers reaching the server.
const PRACTICE_GRACE_SECONDS = 30;
// A tutor-mode set may be answered for a day after it was served; then a new one is drawn.
const TUTOR_SET_HOURS = 24;

/**
 * A practice set of up to 10 questions: random ones of the profession, or (`mistakes`) ones the
 * learner got wrong in the timed exam. Recorded, so only its questions can be scored, once, in time.
 * Refused while a timed attempt is open, and limited per learner per hour.
 */
export async function practiceSet(
  db: Database,
  account: LmsAccount,
  kind: 'mock' | 'mistakes' | 'adaptive' | 'review',
  now: Date,
  settings: PracticeSettings,
  options: { topic?: string | undefined; length?: number | undefined; stop?: 'length' | 'precise' | undefined } = {},
): Promise<PracticeSetResponse> {
  const { topic } = options;
  return db.transaction(async (tx) => {
    // One set at a time per learner, so the hourly count below cannot be raced.
    await tx.select({ id: lmsUsers.id }).from(lmsUsers).where(eq(lmsUsers.id, account.id)).for('update');
    if (await hasOpenAttempt(tx, account, now)) throw practiceDuringExam();
    const [recent] = await tx
      .select({ n: count() })
      .from(practiceSets)
      .where(and(eq(practiceSets.userId, account.id), gt(practiceSets.servedAt, new Date(now.getTime() - 3_600_000))));
    if ((recent?.n ?? 0) >= settings.setsPerHour) {
      throw new AppError(
        429,
        `You have practised ${settings.setsPerHour} sets in the last hour. Please try again later.`,
      );
    }
    if (kind === 'adaptive') return startAdaptiveSet(tx, account, now, settings, options);
    if (kind === 'review') return startReviewSet(tx, account, now);
    const live = and(
      eq(examQuestions.profession, account.profession),
      isNull(examQuestions.deletedAt),
      topic === undefined ? undefined : ofTopic(topic),
    );
    // A mistake is a question whose latest answer by this learner was wrong: one put right in a retake is no longer practised.
    const latestAnswers = tx
      .selectDistinctOn([examAnswers.questionId], { id: examAnswers.questionId, outcome: examAnswers.outcome })
      .from(examAnswers)
      .innerJoin(examAttempts, eq(examAttempts.id, examAnswers.attemptId))
      .where(eq(examAttempts.userId, account.id))
      .orderBy(examAnswers.questionId, desc(examAnswers.answeredAt), desc(examAnswers.id))
      .as('latest_answers');
    const mistaken = tx
      .select({ id: latestAnswers.id })
      .from(latestAnswers)
      .where(eq(latestAnswers.outcome, 'incorrect'));
    const wanted = kind === 'mistakes' ? and(live, inArray(examQuestions.id, mistaken)) : live;
    // Within the day's question budget (decision 004): questions already shown today (forms and
    // sets) may come again; new ones only while the budget lasts, as a form draws them. So a
    // learner whose results are locked cannot check guesses on the rest of the bank through sets.
    const shown = statementSql(SHOWN_SINCE.text, [account.id, dayBefore(now)]);
    const reused = sql<boolean>`${examQuestions.id} IN (${shown})`;
    // The set's questions in an order drawn from its seed, as a form is (md5 of the seed and id):
    // the new ones within the budget and the set's questions both come first in that order.
    const seed = drawSeed();
    const drawOrder = sql`md5(${seed}::int::text || ':' || ${examQuestions.id}::text)`;
    const candidates = tx
      .select({
        id: examQuestions.id,
        reused: reused.as('reused'),
        order: drawOrder.as('draw_order'),
        fresh: sql<number>`row_number() OVER (PARTITION BY ${reused} ORDER BY ${drawOrder})`.as('fresh'),
      })
      .from(examQuestions)
      .where(wanted)
      .as('candidates');
    const budgetLeft = sql`greatest(0, ${settings.questionsPerDay}::int - (SELECT count(*) FROM (${shown}) shown))`;
    const drawn = await tx
      .select({ id: candidates.id })
      .from(candidates)
      .where(or(candidates.reused, lte(candidates.fresh, budgetLeft)))
      .orderBy(candidates.order)
      .limit(MOCK_SET_SIZE);
    if (drawn.length === 0) {
      const [any] = await tx.select({ id: examQuestions.id }).from(examQuestions).where(wanted).limit(1);
      const message = any
        ? DAY_BUDGET_MESSAGE
        : kind === 'mistakes'
          ? NO_MISTAKES_MESSAGE
          : topic === undefined
            ? NO_MORE_QUESTIONS_MESSAGE
            : NO_TOPIC_QUESTIONS_MESSAGE;
      return { examQuestions: [], message };
    }
    const byId = new Map(
      (
        await tx
          .select()
          .from(examQuestions)
          .where(
            inArray(
              examQuestions.id,
              drawn.map((row) => row.id),
            ),
          )
      ).map((row) => [row.id, row]),
    );
    const rows = drawn.flatMap(({ id }) => byId.get(id) ?? []);
    const expiresAt = new Date(now.getTime() + (settings.durationSeconds + PRACTICE_GRACE_SECONDS) * 1000);
    const [set] = await tx
      .insert(practiceSets)
      .values({ userId: account.id, kind, questionIds: rows.map((row) => row.id), seed, servedAt: now, expiresAt })
      .returning({ id: practiceSets.id });
    if (!set) throw new Error('insert returned no row');
    return {
      examQuestions: rows.map((row) => toServed(row, seed)),
      practiceSet: { id: set.id, expiresAt: expiresAt.toISOString(), kind },
    };
  });
}

/** An adaptive set: recorded with its stopping rule and its first question, chosen at the learner's ability. */
async function startAdaptiveSet(
  tx: Queryable,
  account: LmsAccount,
  now: Date,
  settings: PracticeSettings,
  options: { topic?: string | undefined; length?: number | undefined; stop?: 'length' | 'precise' | undefined },
): Promise<PracticeSetResponse> {
  const precise = options.stop === 'precise';
  const target = {
    topic: options.topic ?? null,
    targetLength: precise ? ADAPTIVE_PRECISE_MAX_LENGTH : (options.length ?? ADAPTIVE_DEFAULT_LENGTH),
    targetStandardError: precise ? ADAPTIVE_TARGET_STANDARD_ERROR : null,
  };
  const first = await nextAdaptiveQuestion(
    tx,
    account,
    { id: 0, questionIds: [], ...target },
    0,
    now,
    settings.questionsPerDay,
  );
  const row = first.next === undefined ? undefined : await servedRow(tx, first.next);
  if (!row) {
    const [any] = await tx
      .select({ id: examQuestions.id })
      .from(examQuestions)
      .where(
        and(
          eq(examQuestions.profession, account.profession),
          isNull(examQuestions.deletedAt),
          options.topic === undefined ? undefined : ofTopic(options.topic),
        ),
      )
      .limit(1);
    const message = !any
      ? options.topic === undefined
        ? NO_MORE_QUESTIONS_MESSAGE
        : NO_TOPIC_QUESTIONS_MESSAGE
      : ADAPTIVE_NOTHING_NEW_MESSAGE;
    return { examQuestions: [], message };
  }
  const seed = drawSeed();
  const expiresAt = new Date(now.getTime() + TUTOR_SET_HOURS * 3_600_000);
  const [set] = await tx
    .insert(practiceSets)
    .values({ userId: account.id, kind: 'adaptive', questionIds: [row.id], seed, servedAt: now, expiresAt, ...target })
    .returning({ id: practiceSets.id });
  if (!set) throw new Error('insert returned no row');
  return {
    examQuestions: [toServed(row, seed)],
    practiceSet: {
      id: set.id,
      expiresAt: expiresAt.toISOString(),
      kind: 'adaptive',
      targetLength: target.targetLength,
      targetStandardError: target.targetStandardError,
    },
  };
}

export const NO_REVIEWS_MESSAGE =
  'No reviews are due now. Questions you get wrong come back here when they are about to be forgotten.';

/** A review set: the learner's due review cards, earliest first (outside the day's budget: nothing in it is new). */
async function startReviewSet(tx: Queryable, account: LmsAccount, now: Date): Promise<PracticeSetResponse> {
  const ids = await dueQuestionIds(tx, account.id, now, MOCK_SET_SIZE);
  if (ids.length === 0) return { examQuestions: [], message: NO_REVIEWS_MESSAGE };
  const byId = new Map(
    (await tx.select().from(examQuestions).where(inArray(examQuestions.id, ids))).map((row) => [row.id, row]),
  );
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  const seed = drawSeed();
  const expiresAt = new Date(now.getTime() + TUTOR_SET_HOURS * 3_600_000);
  const [set] = await tx
    .insert(practiceSets)
    .values({ userId: account.id, kind: 'review', questionIds: ids, seed, servedAt: now, expiresAt })
    .returning({ id: practiceSets.id });
  if (!set) throw new Error('insert returned no row');
  return {
    examQuestions: rows.map((row) => toServed(row, seed)),
    practiceSet: { id: set.id, expiresAt: expiresAt.toISOString(), kind: 'review' },
  };
}

export const ADAPTIVE_NOTHING_NEW_MESSAGE =
  "There is no question here you have not answered before within today's share of new questions. Try another topic, or come back tomorrow.";

/** Scores a practice set's answers, once: the score is out of the set's non-essay questions. */
export async function scoreMockExam(
  db: Database,
  account: LmsAccount,
  answers: Record<string, string>,
  setId: number | undefined,
  now: Date,
): Promise<MockResult> {
  const ids = Object.keys(answers).map(Number);
  if (ids.length === 0) throw new AppError(400, 'answers must hold at least one answer');
  if (ids.length > 50) throw new AppError(400, 'answers may hold at most 50 answers');
  return db.transaction(async (tx) => {
    const [set] = await tx
      .select()
      .from(practiceSets)
      .where(and(eq(practiceSets.userId, account.id), setId === undefined ? undefined : eq(practiceSets.id, setId)))
      .orderBy(desc(practiceSets.id))
      .limit(1)
      .for('update');
    if (!set) throw new AppError(409, 'Ask for a practice set first');
    if (set.submittedAt) throw new AppError(409, 'This practice set has already been scored');
    if (now > set.expiresAt) throw new AppError(409, 'The time for this practice set is over');
    if (await hasOpenAttempt(tx, account, now)) throw practiceDuringExam();
    const [tutored] = await tx
      .select({ id: practiceAnswers.id })
      .from(practiceAnswers)
      .where(eq(practiceAnswers.setId, set.id))
      .limit(1);
    if (tutored) throw new AppError(409, 'This practice set is being answered one question at a time');
    const inSet = new Set(set.questionIds);
    if (!ids.every((id) => inSet.has(id)))
      throw new AppError(400, 'answers name a question that is not part of this practice set');
    const rows = await tx.select().from(examQuestions).where(inArray(examQuestions.id, set.questionIds));
    const scored = rows.filter((row) => row.questionType !== 'essay');
    const score = scored.filter((row) => outcomeOf(row, answers[String(row.id)] ?? '') === 'correct').length;
    await tx.update(practiceSets).set({ submittedAt: now }).where(eq(practiceSets.id, set.id));
    await tx.insert(mockExamResults).values({ userId: account.id, score, total: scored.length, createdAt: now });
    // Scored once, the set is something to learn from: each answer, the correct one and why, in the order served.
    const byId = new Map(rows.map((row) => [row.id, row]));
    const review = set.questionIds.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const userAnswer = answers[String(id)] ?? '';
      const outcome = outcomeOf(row, userAnswer);
      return [
        {
          ...toServed(row, set.seed),
          questionId: row.id,
          userAnswer,
          // As in the exam's review: the correct answer (an essay's model answer) only for a learner
          // whose results are open, so practice sets are no way around the harvest bounds (decision 004).
          correctAnswer: resultsLocked(account)
            ? null
            : row.questionType === 'essay'
              ? row.correctAnswer
              : shownCorrectAnswer(account, row),
          explanation: row.explanation,
          outcome,
        },
      ];
    });
    return {
      score,
      total: scored.length,
      essays: rows.length - scored.length,
      review: review.map(({ id: _id, ...rest }) => rest),
    };
  });
}

export const PRACTICE_SET_FINISHED = 'This practice set is finished; start another one.';

type PracticeAnswer = {
  setId: number;
  questionId: number;
  userAnswer: string;
  clientAnswerId?: string | undefined;
  responseSeconds?: number | undefined;
};

/**
 * Tutor mode: marks one answer to a question of the learner's practice set and explains it at once
 * (the correct answer only to a learner whose results are open, as in the timed exam's practice
 * mode). Each question of the set is answered once; the same answer resent (its clientAnswerId)
 * gets the recorded answer's feedback again. A question id outside the set is refused before any
 * question is read, so no other question's explanation can be asked for. The last answer finishes
 * the set and records its score, as the older module's scoring did.
 */
export async function answerPracticeQuestion(
  db: Database,
  account: LmsAccount,
  answer: PracticeAnswer,
  now: Date,
  settings: Pick<PracticeSettings, 'questionsPerDay'>,
): Promise<PracticeAnswerResult> {
  return db.transaction(async (tx) => {
    const [set] = await tx
      .select()
      .from(practiceSets)
      .where(and(eq(practiceSets.id, answer.setId), eq(practiceSets.userId, account.id)))
      .for('update');
    if (!set) throw new AppError(404, 'Practice set not found');
    if (!set.questionIds.includes(answer.questionId))
      throw new AppError(400, 'This question is not part of this practice set');

    const recorded = answer.clientAnswerId
      ? (
          await tx
            .select()
            .from(practiceAnswers)
            .where(and(eq(practiceAnswers.setId, set.id), eq(practiceAnswers.clientAnswerId, answer.clientAnswerId)))
        )[0]
      : undefined;
    if (recorded && recorded.questionId !== answer.questionId)
      throw new AppError(409, 'This answer was already sent for another question');
    if (!recorded) {
      if (set.submittedAt) throw new AppError(409, PRACTICE_SET_FINISHED);
      if (now.getTime() - set.servedAt.getTime() > TUTOR_SET_HOURS * 3_600_000)
        throw new AppError(409, PRACTICE_SET_FINISHED);
      if (await hasOpenAttempt(tx, account, now)) throw practiceDuringExam();
    }
    const [question] = await tx.select().from(examQuestions).where(eq(examQuestions.id, answer.questionId));
    if (!question) throw new AppError(404, 'Question not found');
    if (!recorded && question.deletedAt) throw questionWithdrawn();

    const outcome = recorded?.outcome ?? outcomeOf(question, answer.userAnswer);
    if (!recorded) {
      const inserted = await tx
        .insert(practiceAnswers)
        .values({
          setId: set.id,
          questionId: question.id,
          userAnswer: answer.userAnswer.trim(),
          outcome,
          answeredAt: now,
          responseSeconds: answer.responseSeconds ?? null,
          clientAnswerId: answer.clientAnswerId ?? null,
        })
        .onConflictDoNothing({ target: [practiceAnswers.setId, practiceAnswers.questionId] })
        .returning({ id: practiceAnswers.id });
      if (inserted.length === 0) throw new AppError(409, 'This question has already been answered');
      await applyAnswersToCards(
        tx,
        account.id,
        [{ questionId: question.id, outcome, responseSeconds: answer.responseSeconds }],
        now,
      );
    }

    const [counts] = await tx
      .select({
        answered: count(),
        correct: sql<number>`count(*) FILTER (WHERE ${practiceAnswers.outcome} = 'correct')`.mapWith(Number),
      })
      .from(practiceAnswers)
      .where(eq(practiceAnswers.setId, set.id));
    const answered = counts?.answered ?? 0;
    const correct = counts?.correct ?? 0;
    // An adaptive set chooses the next question now (a resent answer gets the one already chosen).
    let adaptive: Pick<PracticeAnswerResult, 'next' | 'ability'> = {};
    let finished = answered >= set.questionIds.length;
    if (set.kind === 'adaptive') {
      const step = await nextAdaptiveQuestion(tx, account, set, answered, now, settings.questionsPerDay);
      const pending = set.questionIds.length > answered ? set.questionIds.at(-1) : undefined;
      const nextId = set.submittedAt ? undefined : (pending ?? step.next);
      if (nextId !== undefined && pending === undefined)
        await tx
          .update(practiceSets)
          .set({ questionIds: [...set.questionIds, nextId] })
          .where(eq(practiceSets.id, set.id));
      const row = nextId === undefined ? undefined : await servedRow(tx, nextId);
      finished = !row;
      adaptive = {
        next: row ? toServed(row, set.seed) : null,
        ability: { theta: step.ability.theta, standardError: step.ability.se },
      };
    }
    if (finished && !set.submittedAt) {
      await tx.update(practiceSets).set({ submittedAt: now }).where(eq(practiceSets.id, set.id));
      const [essays] = await tx
        .select({ n: count() })
        .from(examQuestions)
        .where(and(inArray(examQuestions.id, set.questionIds), eq(examQuestions.questionType, 'essay')));
      await tx.insert(mockExamResults).values({
        userId: account.id,
        score: correct,
        total: answered - (essays?.n ?? 0),
        createdAt: now,
      });
    }
    const pendingReview = outcome === 'pending-review';
    return {
      correct: outcome === 'correct',
      pendingReview,
      explanation: question.explanation,
      correctAnswer: pendingReview ? null : shownCorrectAnswer(account, question),
      practiceSet: {
        id: set.id,
        answered,
        correct,
        total: set.kind === 'adaptive' ? (set.targetLength ?? answered) : set.questionIds.length,
        finished,
      },
      ...adaptive,
    };
  });
}
