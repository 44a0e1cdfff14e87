import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { statementSql } from '../db/statement-sql.js';
import { examQuestions } from '../db/schema/lms.js';
import { dayBefore, SHOWN_SINCE } from './hot-statements.js';
import { firstAnswersOfLearner } from './item-calibration.js';
import { drawUniform } from '../platform/draws.js';
import type { LmsAccount } from './programs.js';
import { posteriorOf, professionScale, type QuestionScale } from './readiness.js';
import { mostInformative, type AbilityPosterior } from './rasch.js';

/*
 * Adaptive practice (decision 029): each next question is the most informative at the learner's
 * current ability (on the Rasch scale, the one they have about a 50 % chance of getting right),
 * within a chosen topic or across the blueprint (no topic ahead of its share of the bank by more
 * than one question), among
 * questions the learner has not answered before (a repeat measures memory, not ability) and within
 * the day's question budget. The set stops at its length, or once the ability's standard error
 * reaches its target.
 */

/** One of the few most informative questions is picked at random, so learners of one ability do not all get the same. */
const RANDOMESQUE = 3;
/** An adaptive set asks at least this many before stopping for precision. */
export const ADAPTIVE_MIN_QUESTIONS = 5;

export type AdaptiveSet = {
  id: number;
  questionIds: number[];
  topic: string | null;
  targetLength: number | null;
  targetStandardError: number | null;
};

export type AdaptiveStep = {
  /** The next question's id, or undefined when the set stops (its length, its precision, or nothing left). */
  next: number | undefined;
  ability: AbilityPosterior;
};

/** The learner's ability now and the set's next question. */
export async function nextAdaptiveQuestion(
  tx: Queryable,
  account: LmsAccount,
  set: AdaptiveSet,
  answeredInSet: number,
  now: Date,
  questionsPerDay: number,
  random: () => number = drawUniform,
): Promise<AdaptiveStep> {
  const { questions, population } = await professionScale(tx, account.profession);
  const answers = await firstAnswersOfLearner(tx, account.id, account.profession);
  const ability = posteriorOf(answers, questions, population);
  const length = set.targetLength ?? Number.POSITIVE_INFINITY;
  const precise =
    set.targetStandardError !== null &&
    answeredInSet >= ADAPTIVE_MIN_QUESTIONS &&
    ability.se <= set.targetStandardError;
  if (answeredInSet >= length || precise) return { next: undefined, ability };

  const answered = new Set(answers.map((answer) => answer.questionId));
  const inSet = new Set(set.questionIds);
  // Questions shown today may come again; new ones only while the day's budget lasts (decision 004).
  const shownRows = await tx.execute<{ id: number }>(statementSql(SHOWN_SINCE.text, [account.id, dayBefore(now)]));
  const shown = new Set(shownRows.rows.map((row) => Number(row.id)));
  const freshAllowed = shown.size < questionsPerDay;
  const topicOf = (topic: string) => topic.toLowerCase();
  const wanted = set.topic === null ? undefined : topicOf(set.topic);

  const candidates: (QuestionScale & { id: number })[] = [];
  for (const [id, question] of questions) {
    // A misfitting question measures nothing: the adaptive set, which is for measuring, skips it.
    if (!question.live || question.misfit || answered.has(id) || inSet.has(id)) continue;
    if (wanted !== undefined && topicOf(question.topic) !== wanted) continue;
    if (!freshAllowed && !shown.has(id)) continue;
    candidates.push({ id, ...question });
  }
  if (candidates.length === 0) return { next: undefined, ability };

  let pool = candidates;
  if (wanted === undefined) {
    // Across the blueprint: the topic furthest below its share of the bank so far in this set.
    const share = new Map<string, number>();
    let live = 0;
    for (const question of questions.values()) {
      if (!question.live) continue;
      live++;
      share.set(question.topic, (share.get(question.topic) ?? 0) + 1);
    }
    const asked = new Map<string, number>();
    for (const id of set.questionIds) {
      const topic = questions.get(id)?.topic;
      if (topic !== undefined) asked.set(topic, (asked.get(topic) ?? 0) + 1);
    }
    // A topic is open while it has had fewer than its share of the set so far plus one, so no topic
    // runs ahead of the blueprint by more than a question and the choice stays wide.
    const n = set.questionIds.length + 1;
    const open = (topic: string) => (asked.get(topic) ?? 0) < ((share.get(topic) ?? 0) / live) * n + 1;
    const balanced = candidates.filter((candidate) => open(candidate.topic));
    if (balanced.length > 0) pool = balanced;
  }
  return { next: mostInformative(pool, ability.theta, RANDOMESQUE, random)?.id, ability };
}

/** The served columns of a question, for the set's response. */
export async function servedRow(tx: Queryable, id: number) {
  const [row] = await tx
    .select()
    .from(examQuestions)
    .where(sql`${examQuestions.id} = ${id}`);
  return row;
}
