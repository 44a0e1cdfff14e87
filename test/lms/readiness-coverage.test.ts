import { describe, expect, it } from 'vitest';
import { DIFFICULTY_PRIORS } from '../../server/lms/item-calibration.js';
import { calibrateMeasuring, type Normal } from '../../server/lms/rasch.js';
import { posteriorOf, type QuestionScale } from '../../server/lms/readiness.js';
import { seededUniform } from '../../server/platform/draws.js';

/*
 * The readiness simulation's measuring part at the full run's size (500 learners × 200 questions,
 * 60 practice answers each in sets of 10), in memory: the same population, bank and share of broken
 * questions as scripts/lms-simulate.ts, the calibration job's calibrateMeasuring and the readiness's
 * posteriorOf, without the database. The full simulation takes a quarter of an hour; CI runs its
 * quick size (160 × 120), whose coverage wanders by about 0.02 with the seed and whose questions have
 * too few answers for the misfit check, so it could not see the full run's coverage falling to 0.876
 * (decision 029: questions answered by chance, counted as measuring, pulled the population's spread
 * down). This check can: four seeds, each run's coverage in the 0.92–0.98. Seed 2 gave
 * 0.896 before misfitting questions were left out of the scale; about 1 s of processor time a seed.
 */

const LEARNERS = 500;
const ITEMS = 200;
const PRACTICE_ANSWERS = 60;
const SET_SIZE = 10;
const BROKEN_SHARE = 0.02;

function coverageOf(calibrated: Awaited<ReturnType<typeof calibrateMeasuring>>, run: Run): number {
  const questions = new Map<number, QuestionScale>(
    calibrated.items.map((item, i) => [
      i,
      {
        difficulty: item.difficulty,
        difficultyError: item.standardError,
        topic: 'General',
        label: run.labels[i] ?? 'medium',
        live: true,
        misfit: item.misfit,
      },
    ]),
  );
  const population: Normal = { mean: 0, sd: calibrated.abilitySd };
  let covered = 0;
  run.answers.forEach((answers, j) => {
    const posterior = posteriorOf(answers, questions, population);
    if (Math.abs(posterior.theta - (run.thetas[j] ?? 0)) <= 1.96 * posterior.se) covered++;
  });
  return covered / LEARNERS;
}

type Run = {
  thetas: number[];
  labels: (keyof typeof DIFFICULTY_PRIORS)[];
  answers: { userId: number; questionId: number; correct: boolean }[][];
};

/** Learners ~ N(0, 1.2²) answer random sets of a bank ~ N(−0.3, 2²); each learner's first answer to each question measures. */
function simulated(seed: number): Run {
  const random = seededUniform(seed);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const difficulties = Array.from({ length: ITEMS }, () => -0.3 + 2 * normal());
  const broken = difficulties.map(() => random() < BROKEN_SHARE);
  const sorted = [...difficulties].sort((a, b) => a - b);
  const [low, high] = [sorted[Math.floor(ITEMS / 3)] ?? 0, sorted[Math.floor((2 * ITEMS) / 3)] ?? 0];
  const labels = difficulties.map((d): keyof typeof DIFFICULTY_PRIORS =>
    d < low ? 'easy' : d < high ? 'medium' : 'hard',
  );
  const thetas = Array.from({ length: LEARNERS }, () => 1.2 * normal());
  const answers = thetas.map((theta, userId) => {
    const first = new Map<number, boolean>();
    for (let given = 0; given < PRACTICE_ANSWERS;) {
      const ids = Array.from({ length: ITEMS }, (_, i) => i);
      for (let k = 0; k < SET_SIZE && given < PRACTICE_ANSWERS; k++, given++) {
        const pick = k + Math.floor(random() * (ITEMS - k));
        [ids[k], ids[pick]] = [ids[pick] ?? 0, ids[k] ?? 0];
        const question = ids[k] ?? 0;
        const chance = broken[question] ? 0.5 : 1 / (1 + Math.exp(-(theta - (difficulties[question] ?? 0))));
        const correct = random() < chance;
        if (!first.has(question)) first.set(question, correct);
      }
    }
    return [...first].map(([questionId, correct]) => ({ userId, questionId, correct }));
  });
  return { thetas, labels, answers };
}

describe('the readiness interval at the full simulation size', () => {
  it.each([1, 2, 3, 4])('seed %i: the interval holds the true ability of 0.92–0.98 of the learners', async (seed) => {
    const run = simulated(seed);
    const all = run.answers.flat();
    const calibrated = await calibrateMeasuring({
      itemPriors: run.labels.map((label) => DIFFICULTY_PRIORS[label]),
      learner: Int32Array.from(all, (answer) => answer.userId),
      item: Int32Array.from(all, (answer) => answer.questionId),
      correct: Uint8Array.from(all, (answer) => (answer.correct ? 1 : 0)),
      learnerCount: LEARNERS,
    });
    const coverage = coverageOf(calibrated, run);
    expect(coverage).toBeGreaterThanOrEqual(0.92);
    expect(coverage).toBeLessThanOrEqual(0.98);
  });
});
