import { sql } from 'drizzle-orm';
import { NO_TOPIC, PERCENTILE_MIN_OTHERS, type TopicResult } from '../../contracts/lms.js';
import type { Queryable } from '../db/client.js';
import { examAnswers, examAttempts, examQuestions } from '../db/schema/lms.js';
import type { LmsAccount } from './programs.js';

/*
 * What a finished attempt tells a learner beyond its score: how each topic of the form went and
 * where the score stands among other learners of the profession. Kept apart from the exam engine,
 * which runs the attempt itself.
 */

/** Questions of a topic; NO_TOPIC stands for the questions an admin gave none. Case aside, as screens spell it. */
export const ofTopic = (topic: string) =>
  topic.toLowerCase() === NO_TOPIC.toLowerCase()
    ? sql`${examQuestions.topic} = ''`
    : sql`lower(${examQuestions.topic}) = lower(${topic})`;

/**
 * Per topic of the attempt's form: its questions, how many were answered and how many correct.
 * Weakest first by the score's own definition (correct of the topic's questions, unanswered
 * counted wrong), so the chart and "Practise this topic" lead with what needs work.
 */
export async function topicResults(
  db: Queryable,
  attempt: { id: number; questionIds: number[] },
): Promise<TopicResult[]> {
  if (attempt.questionIds.length === 0) return [];
  const rows = await db
    .select({
      topic: examQuestions.topic,
      questions: sql<number>`count(*)`.mapWith(Number),
      answered: sql<number>`count(${examAnswers.id})`.mapWith(Number),
      correct: sql<number>`count(*) FILTER (WHERE ${examAnswers.outcome} = 'correct')`.mapWith(Number),
    })
    .from(examQuestions)
    .leftJoin(
      examAnswers,
      sql`${examAnswers.questionId} = ${examQuestions.id} AND ${examAnswers.attemptId} = ${attempt.id}`,
    )
    .where(sql`${examQuestions.id} = ANY(${sql.param(attempt.questionIds)}::integer[])`)
    .groupBy(examQuestions.topic);
  return rows
    .map((row) => ({ ...row, topic: row.topic || NO_TOPIC }))
    .sort((a, b) => a.correct / a.questions - b.correct / b.questions || a.topic.localeCompare(b.topic));
}

/**
 * The attempt's percentile among the other learners of the profession, each counted once by
 * their latest finished attempt: the share scoring below it, ties counting half. Null while fewer
 * than PERCENTILE_MIN_OTHERS others have finished one: a rank among a handful says little.
 * Scores compare in tenths of a percent, the precision the score is shown in.
 */
export async function percentileAmongOthers(
  db: Queryable,
  account: LmsAccount,
  correct: number,
  formSize: number,
): Promise<{ percentile: number | null; percentileOthers: number }> {
  const mine = formSize === 0 ? 0 : Math.round((correct * 1000) / formSize);
  const result = await db.execute<{ others: string; below: string; equal: string }>(sql`
    WITH latest AS (
      SELECT DISTINCT ON (a.user_id) a.id, cardinality(a.question_ids) AS n
      FROM ${examAttempts} a
      WHERE a.profession = ${account.profession} AND a.user_id <> ${account.id} AND a.finished_at IS NOT NULL
      ORDER BY a.user_id, a.finished_at DESC, a.id DESC
    ), scores AS (
      SELECT CASE WHEN l.n = 0 THEN 0
        ELSE round((SELECT count(*) FROM ${examAnswers} e WHERE e.attempt_id = l.id AND e.outcome = 'correct') * 1000.0 / l.n) END AS s
      FROM latest l
    )
    SELECT count(*) AS others, count(*) FILTER (WHERE s < ${mine}) AS below, count(*) FILTER (WHERE s = ${mine}) AS equal FROM scores`);
  const row = result.rows[0];
  const others = Number(row?.others ?? 0);
  if (others < PERCENTILE_MIN_OTHERS) return { percentile: null, percentileOthers: others };
  return {
    percentile: Math.round(((Number(row?.below ?? 0) + Number(row?.equal ?? 0) / 2) / others) * 100),
    percentileOthers: others,
  };
}
