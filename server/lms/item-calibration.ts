import { setImmediate } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { Profession } from '../../contracts/lms.js';
import type { difficulties } from '../db/schema/lms.js';
import type { Database, Queryable } from '../db/client.js';
import { calibrationRuns, examQuestions, itemCalibrations, lmsProfessions } from '../db/schema/lms.js';
import type { AreaDeps } from '../platform/area.js';
import { calibrateMeasuring, peerLevels, type Normal } from './rasch.js';

/*
 * Item calibration (decision 029): a background job, never a request, puts every question of a
 * profession on the Rasch scale from all the answers recorded for it, and stores each difficulty
 * with its standard error, fit and peer level, and the run (when, from how much, the spread of
 * ability). Ability estimates, pass chances and adaptive practice read what it stored.
 */

export const CALIBRATION_QUEUE = 'lms-item-calibration';

/**
 * The prior of a question's difficulty from the admin's label, in logits from the average learner
 * of the profession: wide enough that a few dozen answers outweigh it, narrow enough that a new
 * question starts where its author placed it.
 */
export const DIFFICULTY_PRIORS: Record<(typeof difficulties)[number], Normal> = {
  easy: { mean: -1, sd: 1.5 },
  medium: { mean: 0, sd: 1.5 },
  hard: { mean: 1, sd: 1.5 },
};

/**
 * Answers that measure: each learner's first answer to each question (a question seen again, after
 * its explanation, measures memory of that question), marked (essays waiting for a grade are not),
 * final (a test-centre answer once its sitting has finished; practice answers at once), by learners.
 * One SQL text for the calibration (a profession) and for one learner's estimate. An exam attempt
 * is of its profession; a practice set's questions are of the learner's.
 */
const firstAnswers = (profession: Profession, learnerId?: number) => {
  // The learner's filter goes into each branch, so one learner's estimate reads only their rows.
  const attemptOf = learnerId === undefined ? sql`` : sql`AND a.user_id = ${learnerId}`;
  const setOf = learnerId === undefined ? sql`` : sql`AND s.user_id = ${learnerId}`;
  return sql`
    SELECT DISTINCT ON (answers.user_id, answers.question_id)
      answers.user_id AS "userId", answers.question_id AS "questionId", answers.correct
    FROM (
      SELECT a.user_id, e.question_id, e.outcome = 'correct' AS correct, e.answered_at
      FROM exam_answers e JOIN exam_attempts a ON a.id = e.attempt_id
      WHERE a.profession = ${profession} ${attemptOf}
        AND e.outcome <> 'pending-review' AND (a.mode = 'practice' OR a.finished_at IS NOT NULL)
      UNION ALL
      SELECT s.user_id, p.question_id, p.outcome = 'correct', p.answered_at
      FROM practice_answers p JOIN practice_sets s ON s.id = p.set_id JOIN exam_questions q ON q.id = p.question_id
      WHERE q.profession = ${profession} ${setOf} AND p.outcome <> 'pending-review'
    ) answers
    JOIN lms_users u ON u.id = answers.user_id AND u.role = 'user'
    ORDER BY answers.user_id, answers.question_id, answers.answered_at`;
};

export type MeasuringAnswer = { userId: number; questionId: number; correct: boolean };

export async function firstAnswersOfProfession(db: Queryable, profession: Profession): Promise<MeasuringAnswer[]> {
  return (await db.execute<MeasuringAnswer>(firstAnswers(profession))).rows;
}

export async function firstAnswersOfLearner(
  db: Queryable,
  learnerId: number,
  profession: Profession,
): Promise<MeasuringAnswer[]> {
  return (await db.execute<MeasuringAnswer>(firstAnswers(profession, learnerId))).rows;
}

export type CalibrationSummary = {
  profession: Profession;
  learners: number;
  questions: number;
  answers: number;
  abilitySd: number;
  converged: boolean;
};

/** Calibrates one profession's questions from every measuring answer and stores the result in one transaction. */
export async function calibrateProfession(
  db: Database,
  profession: Profession,
  now: Date,
): Promise<CalibrationSummary> {
  const started = performance.now();
  const questions = await db
    .select({ id: examQuestions.id, difficulty: examQuestions.difficulty, deletedAt: examQuestions.deletedAt })
    .from(examQuestions)
    .where(eq(examQuestions.profession, profession));
  const answers = await firstAnswersOfProfession(db, profession);
  const itemIndex = new Map(questions.map((question, index) => [question.id, index]));
  const learnerIndex = new Map<number, number>();
  const n = answers.length;
  const learner = new Int32Array(n);
  const item = new Int32Array(n);
  const correct = new Uint8Array(n);
  answers.forEach((answer, k) => {
    let j = learnerIndex.get(answer.userId);
    if (j === undefined) learnerIndex.set(answer.userId, (j = learnerIndex.size));
    learner[k] = j;
    item[k] = itemIndex.get(answer.questionId) ?? 0;
    correct[k] = answer.correct ? 1 : 0;
  });
  // Misfitting questions are left out of the scale and the population's spread (calibrateMeasuring).
  const fit = await calibrateMeasuring({
    itemPriors: questions.map((question) => DIFFICULTY_PRIORS[question.difficulty]),
    learner,
    item,
    correct,
    learnerCount: learnerIndex.size,
    // Between iterations the event loop serves requests: the job runs in the app's own process.
    yieldEvery: () => setImmediate(),
  });

  // Peer levels compare the questions learners are served now.
  const live = questions.flatMap((question, index) => (question.deletedAt ? [] : [index]));
  const levels = peerLevels(live.map((index) => fit.items[index]?.difficulty ?? 0));
  const levelOf = new Map(live.map((index, rank) => [index, levels[rank] ?? 1]));
  const rows = questions.map((question, index) => {
    const calibrated = fit.items[index];
    if (!calibrated) throw new Error('calibration lost a question');
    return {
      questionId: question.id,
      profession,
      difficulty: calibrated.difficulty,
      standardError: calibrated.standardError,
      answers: calibrated.answers,
      infit: calibrated.infit,
      outfit: calibrated.outfit,
      misfit: calibrated.misfit,
      peerLevel: levelOf.get(index) ?? 0,
      calibratedAt: now,
    };
  });
  await db.transaction(async (tx) => {
    // One calibration of a profession at a time, whichever instance runs the job.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`lms-calibration:${profession}`}))`);
    await tx.delete(itemCalibrations).where(eq(itemCalibrations.profession, profession));
    for (let from = 0; from < rows.length; from += 1000)
      await tx.insert(itemCalibrations).values(rows.slice(from, from + 1000));
    const run = {
      ranAt: now,
      learners: learnerIndex.size,
      questions: questions.length,
      answers: n,
      abilitySd: fit.abilitySd,
      iterations: fit.iterations,
      converged: fit.converged,
      durationMs: Math.round(performance.now() - started),
    };
    await tx
      .insert(calibrationRuns)
      .values({ profession, ...run })
      .onConflictDoUpdate({ target: calibrationRuns.profession, set: run });
  });
  return {
    profession,
    learners: learnerIndex.size,
    questions: questions.length,
    answers: n,
    abilitySd: fit.abilitySd,
    converged: fit.converged,
  };
}

/** Runs the calibration on its schedule (once across instances) and whenever an admin asks. */
export async function startItemCalibration(db: Database, deps: AreaDeps, now: () => Date): Promise<void> {
  await deps.jobs.work<{ profession?: Profession }>(
    CALIBRATION_QUEUE,
    async (data) => {
      for (const profession of data.profession ? [data.profession] : lmsProfessions) {
        const summary = await calibrateProfession(db, profession, now());
        deps.logger.info(summary, 'questions calibrated');
      }
    },
    { policy: 'short' },
  );
  await deps.jobs.schedule(CALIBRATION_QUEUE, deps.config.lms.calibrationCron);
}

/** Queues a calibration now (an admin's "Calibrate now"); one waits at a time per profession. */
export async function requestCalibration(db: Database, deps: Pick<AreaDeps, 'jobs'>, profession?: Profession) {
  await deps.jobs.send(db, CALIBRATION_QUEUE, profession ? { profession } : {}, {
    singletonKey: profession ?? 'all',
  });
}
