import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { NO_TOPIC, STATISTICS } from '../../contracts/lms-constants.js';
import type { BankFilter } from '../../contracts/lms.js';
import { examQuestions } from '../db/schema/lms.js';

/*
 * The question bank's filter (GET /exam-questions and its statistics): the live questions of a
 * profession, words of their text, a topic, difficulty and type, and what their item statistics say.
 * One definition, so the table, the statistics beside it and their paging always agree.
 */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// The outer question, named in full: inside a subquery a bare column would bind to the inner table.
const outerId = sql`${sql.identifier('exam_questions')}.${sql.identifier('id')}`;

/**
 * The marked answers of finished attempts to the outer question, as the item statistics count them
 * (questionStatistics in question-bank.ts): `mark` 1 when correct, `rest` the share correct of the
 * attempt's other marked answers (null when it has none), for the point-biserial discrimination.
 */
const marksOfQuestion = sql`
  SELECT (fa.outcome = 'correct')::int AS mark,
    CASE WHEN r.marked > 1 THEN (r.correct - (fa.outcome = 'correct')::int)::float8 / (r.marked - 1) END AS rest
  FROM exam_answers fa
  JOIN exam_attempts ft ON ft.id = fa.attempt_id AND ft.finished_at IS NOT NULL
  CROSS JOIN LATERAL (
    SELECT count(*) FILTER (WHERE b.outcome = 'correct') AS correct, count(*) AS marked
    FROM exam_answers b WHERE b.attempt_id = fa.attempt_id AND b.outcome <> 'pending-review'
  ) r
  WHERE fa.question_id = ${outerId} AND fa.outcome <> 'pending-review'`;

const enough = sql`count(*) >= ${STATISTICS.minAttemptsForFlags}`;
const tooEasy = sql`(${enough} AND avg(m.mark) > ${STATISTICS.tooEasyAbove})`;
const tooHard = sql`(${enough} AND avg(m.mark) < ${STATISTICS.tooHardBelow})`;
// Rounded as the table shows it (three places), so a flag shown is a flag found.
const negative = sql`(${enough} AND round(corr(m.mark, m.rest)::numeric, 3) < 0)`;

const statisticHolds = (condition: SQL) => sql`coalesce((SELECT ${condition} FROM (${marksOfQuestion}) m), false)`;

function statisticWhere(statistic: BankFilter['statistic']): SQL | undefined {
  switch (statistic) {
    case undefined:
      return undefined;
    case 'no-answers':
      return sql`NOT EXISTS (${marksOfQuestion})`;
    case 'answered':
      return sql`EXISTS (${marksOfQuestion})`;
    case 'too-easy':
      return statisticHolds(tooEasy);
    case 'too-hard':
      return statisticHolds(tooHard);
    case 'negative-discrimination':
      return statisticHolds(negative);
    case 'flagged':
      return statisticHolds(sql`(${tooEasy} OR ${tooHard} OR ${negative})`);
  }
}

/** The live questions a bank filter keeps. */
export function bankWhere(filter: BankFilter): SQL | undefined {
  const words = (filter.q ?? '').split(/\s+/).filter(Boolean);
  return and(
    isNull(examQuestions.deletedAt),
    filter.profession ? eq(examQuestions.profession, filter.profession) : undefined,
    filter.difficulty ? eq(examQuestions.difficulty, filter.difficulty) : undefined,
    filter.question_type ? eq(examQuestions.questionType, filter.question_type) : undefined,
    filter.topic === undefined
      ? undefined
      : filter.topic.toLowerCase() === NO_TOPIC.toLowerCase()
        ? eq(examQuestions.topic, '')
        : sql`lower(${examQuestions.topic}) = lower(${filter.topic})`,
    // Every word somewhere in the question, its options, explanation or topic.
    ...words.map(
      (word) =>
        sql`concat_ws(' ', ${examQuestions.question}, ${examQuestions.options}::text, ${examQuestions.explanation}, ${examQuestions.topic}) ILIKE ${`%${escapeLike(word)}%`}`,
    ),
    statisticWhere(filter.statistic),
  );
}
