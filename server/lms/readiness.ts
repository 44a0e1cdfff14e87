import { eq } from 'drizzle-orm';
import {
  NO_TOPIC,
  READINESS_MAX_STANDARD_ERROR,
  READINESS_MIN_ANSWERS,
  TOPIC_MIN_ANSWERS,
  type Profession,
  type ReadinessResponse,
  type TopicReadiness,
} from '../../contracts/lms.js';
import type { Queryable } from '../db/client.js';
import { calibrationRuns, examQuestions, itemCalibrations } from '../db/schema/lms.js';
import { passMarkOf } from './exam-settings.js';
import { DIFFICULTY_PRIORS, firstAnswersOfLearner, type MeasuringAnswer } from './item-calibration.js';
import type { LmsAccount } from './programs.js';
import {
  abilityOf,
  chanceAbove,
  cutScore,
  passChance,
  type AbilityPosterior,
  type ExamForm,
  type Normal,
} from './rasch.js';

/*
 * A learner's readiness (decision 029), computed when asked from every measuring answer they have
 * given, so it moves with each answer: ability on the calibrated scale (EAP, the population's
 * distribution as the prior), the chance of passing a form of the exam today with its interval,
 * and each topic against the cut. Nothing is shown as a chance before the estimate rests on enough.
 */

export type QuestionScale = {
  difficulty: number;
  /** The difficulty's standard error: its calibration's, or its prior's spread while it waits for one. */
  difficultyError: number;
  topic: string;
  label: keyof typeof DIFFICULTY_PRIORS;
  live: boolean;
  /** Flagged by the calibration as misfitting: served, but no measure of ability (calibrateMeasuring). */
  misfit: boolean;
};

/** A profession's questions on the scale: calibrated, or (added since the last run) at their prior; and the population. */
export async function professionScale(
  db: Queryable,
  profession: Profession,
): Promise<{ questions: Map<number, QuestionScale>; population: Normal; calibratedAt: Date | null }> {
  // One after the other: `db` may be a transaction's single connection.
  const rows = await db
    .select({
      id: examQuestions.id,
      label: examQuestions.difficulty,
      topic: examQuestions.topic,
      deletedAt: examQuestions.deletedAt,
      difficulty: itemCalibrations.difficulty,
      difficultyError: itemCalibrations.standardError,
      misfit: itemCalibrations.misfit,
    })
    .from(examQuestions)
    .leftJoin(itemCalibrations, eq(itemCalibrations.questionId, examQuestions.id))
    .where(eq(examQuestions.profession, profession));
  const [run] = await db.select().from(calibrationRuns).where(eq(calibrationRuns.profession, profession));
  const questions = new Map(
    rows.map((row) => [
      row.id,
      {
        difficulty: row.difficulty ?? DIFFICULTY_PRIORS[row.label].mean,
        difficultyError: row.difficultyError ?? DIFFICULTY_PRIORS[row.label].sd,
        topic: row.topic || NO_TOPIC,
        label: row.label,
        live: row.deletedAt === null,
        misfit: row.misfit === true,
      },
    ]),
  );
  return { questions, population: { mean: 0, sd: run?.abilitySd ?? 1 }, calibratedAt: run?.ranAt ?? null };
}

/** The exam's form as the pass mark reads it: the live questions, balanced across the admin's labels as a form is drawn. */
export function examFormOf(questions: Map<number, QuestionScale>, questionCount: number): ExamForm {
  const groups = new Map<string, number[]>();
  let live = 0;
  for (const question of questions.values()) {
    if (!question.live) continue;
    live++;
    const group = groups.get(question.label) ?? [];
    group.push(question.difficulty);
    groups.set(question.label, group);
  }
  return { groups: [...groups.values()], length: Math.min(questionCount, live) };
}

/**
 * A learner's ability from their measuring answers, its interval including the questions' calibration
 * error. Answers to misfitting questions are left out: they measure no ability (calibrateMeasuring).
 */
export function posteriorOf(
  answers: readonly MeasuringAnswer[],
  questions: Map<number, QuestionScale>,
  population: Normal,
): AbilityPosterior {
  return abilityOf(
    answers.flatMap((answer) => {
      const question = questions.get(answer.questionId);
      return question && !question.misfit
        ? [{ difficulty: question.difficulty, difficultyError: question.difficultyError, correct: answer.correct }]
        : [];
    }),
    population,
  );
}

/** Above the cut with at least this chance is "above"; at most its complement, "below"; between, "near". */
const TOPIC_SURE = 0.8;

/**
 * The learner's readiness (GET /user/readiness): a form of the exam's length, against the pass mark
 * of the learner's profession as the admins set it.
 */
export async function learnerReadiness(
  db: Queryable,
  account: LmsAccount,
  questionCount: number,
): Promise<ReadinessResponse> {
  return readinessOf(db, account, { questionCount, passMark: await passMarkOf(db, account.profession) });
}

/** The readiness against a given form length and pass mark (the simulation sets its own). */
export async function readinessOf(
  db: Queryable,
  account: LmsAccount,
  exam: { questionCount: number; passMark: number },
): Promise<ReadinessResponse> {
  const { questions, population, calibratedAt } = await professionScale(db, account.profession);
  // A misfitting question measures nothing (decision 029): its answers neither count toward the
  // answers the estimate rests on nor fill a topic.
  const answers = (await firstAnswersOfLearner(db, account.id, account.profession)).filter(
    (answer) => !questions.get(answer.questionId)?.misfit,
  );
  const posterior = posteriorOf(answers, questions, population);
  const form = examFormOf(questions, exam.questionCount);
  const enough = answers.length >= READINESS_MIN_ANSWERS;
  const precise = posterior.se <= READINESS_MAX_STANDARD_ERROR;
  const shown = calibratedAt !== null && form.length > 0 && enough && precise;
  const cut = form.length > 0 ? cutScore(form, exam.passMark) : 0;

  const byTopic = new Map<string, MeasuringAnswer[]>();
  for (const question of questions.values())
    if (question.live && !byTopic.has(question.topic)) byTopic.set(question.topic, []);
  for (const answer of answers) {
    const topic = questions.get(answer.questionId)?.topic ?? NO_TOPIC;
    byTopic.set(topic, [...(byTopic.get(topic) ?? []), answer]);
  }
  const topics = [...byTopic.entries()]
    .map(([topic, topicAnswers]) => {
      if (!shown || topicAnswers.length < TOPIC_MIN_ANSWERS)
        return { topic, answers: topicAnswers.length, chanceAbove: null, status: 'too-few' as TopicReadiness };
      const above = chanceAbove(posteriorOf(topicAnswers, questions, population), cut);
      const status: TopicReadiness = above >= TOPIC_SURE ? 'above' : above <= 1 - TOPIC_SURE ? 'below' : 'near';
      return { topic, answers: topicAnswers.length, chanceAbove: above, status };
    })
    // What needs work first: below, near, above, then the topics with too few answers.
    .sort(
      (x, y) => (x.chanceAbove ?? 2) - (y.chanceAbove ?? 2) || y.answers - x.answers || x.topic.localeCompare(y.topic),
    );

  return {
    answers: answers.length,
    calibratedAt: calibratedAt?.toISOString() ?? null,
    ability: { theta: posterior.theta, standardError: posterior.se },
    passMark: exam.passMark,
    pass: shown ? passChance(form, exam.passMark, posterior) : null,
    // Short of the count, the rest of it; precise enough but not yet calibrated, none (the job will come);
    // enough but too uncertain (answers all right or all wrong), ten more as a next step.
    answersNeeded: !enough ? READINESS_MIN_ANSWERS - answers.length : precise ? 0 : 10,
    topics,
  };
}
