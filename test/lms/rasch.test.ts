import { describe, expect, it } from 'vitest';
import {
  abilityOf,
  answersToPass,
  binomialTail,
  calibrate,
  calibrationVariance,
  cutScore,
  expectedShare,
  misfits,
  mostInformative,
  passChance,
  peerLevels,
  posteriorQuantile,
  type CalibrationInput,
} from '../../server/lms/rasch.js';
import { seededUniform as seeded } from '../../server/platform/draws.js';

/*
 * The measurement model against published reference values: ltm's Rasch fit of the LSAT data
 * (Bock & Lieberman 1970, section 6 of the Law School Admission Test, 1000 candidates, 5 questions;
 * Rizopoulos 2006, "ltm: An R package for latent variable modelling", Journal of Statistical
 * Software 17(5)), and catR's EAP estimate of a three-item reference pattern.
 */

// Response patterns (items 1–5) and how many of the 1000 candidates gave each.
const LSAT: [string, number][] = [
  ['00000', 3],
  ['00001', 6],
  ['00010', 2],
  ['00011', 11],
  ['00100', 1],
  ['00101', 1],
  ['00110', 3],
  ['00111', 4],
  ['01000', 1],
  ['01001', 8],
  ['01011', 16],
  ['01101', 3],
  ['01110', 2],
  ['01111', 15],
  ['10000', 10],
  ['10001', 29],
  ['10010', 14],
  ['10011', 81],
  ['10100', 3],
  ['10101', 28],
  ['10110', 15],
  ['10111', 80],
  ['11000', 16],
  ['11001', 56],
  ['11010', 21],
  ['11011', 173],
  ['11100', 11],
  ['11101', 61],
  ['11110', 28],
  ['11111', 298],
];

function lsatInput(): Omit<CalibrationInput, 'itemPriors'> {
  const learner: number[] = [];
  const item: number[] = [];
  const correct: number[] = [];
  let j = 0;
  for (const [pattern, count] of LSAT) {
    for (let c = 0; c < count; c++, j++) {
      for (let i = 0; i < 5; i++) {
        learner.push(j);
        item.push(i);
        correct.push(pattern[i] === '1' ? 1 : 0);
      }
    }
  }
  return {
    learner: Int32Array.from(learner),
    item: Int32Array.from(item),
    correct: Uint8Array.from(correct),
    learnerCount: j,
  };
}

// Flat priors: the reference is plain marginal maximum likelihood.
const flat = Array.from({ length: 5 }, () => ({ mean: 0, sd: 1000 }));

describe('the Rasch calibration', () => {
  it('when the LSAT data are calibrated with the spread of ability fixed at 1, then the difficulties, their standard errors and the log-likelihood are ltm’s', async () => {
    const input = lsatInput();
    expect(input.learnerCount).toBe(1000);
    const fit = await calibrate({ ...input, itemPriors: flat, fixedSd: 1 });
    expect(fit.converged).toBe(true);
    // rasch(LSAT, constraint = cbind(6, 1)): Dffclt −2.8720, −1.0630, −0.2576, −1.3881, −2.2188; log.Lik −2473.054.
    const published = [-2.872, -1.063, -0.2576, -1.3881, -2.2188];
    fit.items.forEach((item, i) => expect(item.difficulty).toBeCloseTo(published[i] ?? 0, 2));
    // Standard errors 0.1287, 0.0821, 0.0766, 0.0865, 0.1048 (from the Hessian; ours from the cross-product).
    const errors = [0.1287, 0.0821, 0.0766, 0.0865, 0.1048];
    fit.items.forEach((item, i) => expect(Math.abs(item.standardError - (errors[i] ?? 0))).toBeLessThan(0.01));
    expect(fit.logLikelihood).toBeCloseTo(-2473.054, 1);
  });

  it('when the spread of ability is estimated as well, then it and the difficulties are ltm’s unconstrained fit', async () => {
    const fit = await calibrate({ ...lsatInput(), itemPriors: flat });
    // rasch(LSAT): Dffclt −3.6153, −1.3224, −0.3176, −1.7301, −2.7802 in units of the spread, Dscrmn 0.7551;
    // on the logit scale (×0.7551) −2.730, −0.999, −0.240, −1.306, −2.099; log.Lik −2466.938.
    expect(fit.abilitySd).toBeCloseTo(0.7551, 2);
    const published = [-3.6153, -1.3224, -0.3176, -1.7301, -2.7802].map((d) => d * 0.7551);
    fit.items.forEach((item, i) => expect(item.difficulty).toBeCloseTo(published[i] ?? 0, 2));
    expect(fit.logLikelihood).toBeCloseTo(-2466.938, 1);
  });

  it('when a question has no answers, then it keeps its prior; with a few, it moves only part of the way', async () => {
    const input = lsatInput();
    const priors = [...flat.slice(0, 4), { mean: 1, sd: 0.5 }, { mean: -1, sd: 0.5 }];
    const fit = await calibrate({ ...input, itemPriors: priors, fixedSd: 1 });
    const unanswered = fit.items[5];
    expect(unanswered?.difficulty).toBeCloseTo(-1, 6);
    expect(unanswered?.standardError).toBeCloseTo(0.5, 6);
    expect(unanswered?.answers).toBe(0);
    // Item 5 is easy (−2.22 with no prior); a prior at +1 ± 0.5 pulls it up, and its error is smaller than either alone.
    const pulled = fit.items[4];
    expect(pulled?.difficulty).toBeGreaterThan(-2.2188);
    expect(pulled?.difficulty).toBeLessThan(1);
  });

  it('when a question is answered at random whatever the ability, then it is flagged as misfitting and the others are not', async () => {
    // 600 learners of known ability, 20 fitting questions and one answered by coin toss.
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const normal = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
    const difficulties = Array.from({ length: 21 }, (_, i) => -2 + (i % 20) * 0.2);
    const learner: number[] = [];
    const item: number[] = [];
    const correct: number[] = [];
    for (let j = 0; j < 600; j++) {
      const theta = normal();
      difficulties.forEach((b, i) => {
        learner.push(j);
        item.push(i);
        const p = i === 20 ? 0.5 : 1 / (1 + Math.exp(-(theta - b)));
        correct.push(random() < p ? 1 : 0);
      });
    }
    const fit = await calibrate({
      learner: Int32Array.from(learner),
      item: Int32Array.from(item),
      correct: Uint8Array.from(correct),
      learnerCount: 600,
      itemPriors: difficulties.map(() => ({ mean: 0, sd: 2 })),
    });
    expect(misfits(fit.items[20]!)).toBe(true);
    expect(fit.items.slice(0, 20).filter(misfits)).toEqual([]);
  });
});

describe('the ability estimate', () => {
  it('when the reference pattern is scored, then the EAP estimate is catR’s', () => {
    // catR::eapEst(it = rbind(c(1, −1, 0, 1), c(1.2, 0, 0, 1), c(0.8, 1, 0, 1)), x = c(1, 0, 1)) = 0.1446946,
    // on catR's default 33 points from −4 to 4; a finer grid agrees to three decimals.
    const estimate = abilityOf([
      { difficulty: -1, discrimination: 1, correct: true },
      { difficulty: 0, discrimination: 1.2, correct: false },
      { difficulty: 1, discrimination: 0.8, correct: true },
    ]);
    expect(estimate.theta).toBeCloseTo(0.1447, 3);
  });

  it('when there are no answers, then the estimate is the prior, and answers narrow it', () => {
    const none = abilityOf([], { mean: 0.5, sd: 1.2 });
    expect(none.theta).toBeCloseTo(0.5, 6);
    expect(none.se).toBeCloseTo(1.2, 3);
    expect(posteriorQuantile(none, 0.975)).toBeCloseTo(0.5 + 1.96 * 1.2, 1);
    const many = abilityOf(
      Array.from({ length: 100 }, (_, i) => ({ difficulty: 0, correct: i % 2 === 0 })),
      STANDARD,
    );
    expect(many.theta).toBeCloseTo(0, 6);
    // 100 answers at θ = b give information 25; with the prior's 1, the standard error is 1/√26.
    expect(many.se).toBeCloseTo(1 / Math.sqrt(26), 2);
  });
});

const STANDARD = { mean: 0, sd: 1 };

describe('the ability estimate with the questions’ calibration error', () => {
  it('when the difficulties carry standard errors, then the estimate stays and its variance grows by the delta method', () => {
    const answers = Array.from({ length: 100 }, (_, i) => ({ difficulty: 0, correct: i % 2 === 0 }));
    const known = abilityOf(answers, STANDARD);
    const uncertain = abilityOf(
      answers.map((answer) => ({ ...answer, difficultyError: 2 })),
      STANDARD,
    );
    expect(uncertain.theta).toBeCloseTo(known.theta, 6);
    // Each difficulty moves the estimate by 0.25/26 per logit: 100 × (0.25 × 2)² / 26² added to 1/26.
    expect(
      calibrationVariance(
        answers.map((a) => ({ ...a, difficultyError: 2 })),
        0,
        STANDARD,
      ),
    ).toBeCloseTo(25 / 676, 6);
    expect(uncertain.se).toBeCloseTo(Math.sqrt(1 / 26 + 25 / 676), 2);
  });

  it('when difficulties are drawn from their calibration’s distribution, then the spread of the estimates matches the widened interval', () => {
    // 40 answers of a middling learner on questions from easy to hard, each difficulty known to ±0.5.
    const answers = Array.from({ length: 40 }, (_, i) => {
      const difficulty = -2 + (4 * i) / 39;
      return { difficulty, correct: (i * 7) % 10 < 10 - Math.round(5 + 2 * difficulty), difficultyError: 0.5 };
    });
    const prior = { mean: 0, sd: 1.2 };
    const widened = abilityOf(answers, prior);
    // Multiple imputation: the posterior for each draw of the difficulties; total variance = mean within + between.
    const random = seeded(7);
    const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    const draws = Array.from({ length: 600 }, () =>
      abilityOf(
        answers.map((answer) => ({ difficulty: answer.difficulty + 0.5 * normal(), correct: answer.correct })),
        prior,
      ),
    );
    const meanTheta = draws.reduce((sum, draw) => sum + draw.theta, 0) / draws.length;
    const between = draws.reduce((sum, draw) => sum + (draw.theta - meanTheta) ** 2, 0) / (draws.length - 1);
    const within = draws.reduce((sum, draw) => sum + draw.se ** 2, 0) / draws.length;
    const exact = abilityOf(
      answers.map(({ difficulty, correct }) => ({ difficulty, correct })),
      prior,
    );
    // What the delta method adds is the estimates' spread across the draws (about 5 % of the variance here).
    const added = widened.se ** 2 - exact.se ** 2;
    expect(added / between).toBeGreaterThan(0.8);
    expect(added / between).toBeLessThan(1.25);
    expect(widened.se / Math.sqrt(within + between)).toBeCloseTo(1, 1);
  });
});

describe('the pass mark on the scale and the chance of passing', () => {
  const form = {
    groups: [
      [-1, -0.5],
      [0, 0.2],
      [1, 1.5],
    ],
    length: 100,
  };

  it('when the pass mark is 50 % of a symmetric form, then the cut is where the expected score is half', () => {
    const symmetric = { groups: [[-1, 1]], length: 100 };
    expect(cutScore(symmetric, 50)).toBeCloseTo(0, 6);
    const cut = cutScore(form, 60);
    expect(expectedShare(form, cut)).toBeCloseTo(0.6, 6);
  });

  it('when counting the answers a pass needs, then the one-decimal percent rule is kept', () => {
    expect(answersToPass(100, 60)).toBe(60);
    expect(answersToPass(30, 60)).toBe(18);
    expect(answersToPass(7, 60)).toBe(5); // 4/7 = 57.1 % fails, 5/7 = 71.4 % passes
    expect(answersToPass(3, 0)).toBe(0);
  });

  it('when the binomial tail is taken, then it matches exact sums', () => {
    expect(binomialTail(10, 5, 0.5)).toBeCloseTo(638 / 1024, 10);
    expect(binomialTail(4, 4, 0.9)).toBeCloseTo(0.6561, 10);
    expect(binomialTail(4, 0, 0.3)).toBe(1);
  });

  it('when a learner is well above the cut, then passing is likely and the interval holds the point', () => {
    const cut = cutScore(form, 60);
    const answers = Array.from({ length: 240 }, (_, i) => ({ difficulty: cut, correct: i % 4 !== 0 }));
    const posterior = abilityOf(answers, STANDARD);
    const chance = passChance(form, 60, posterior);
    expect(chance.chance).toBeGreaterThan(0.9);
    expect(chance.low).toBeLessThanOrEqual(chance.chance);
    expect(chance.high).toBeGreaterThanOrEqual(chance.chance);
  });
});

describe('the peer label and the adaptive choice', () => {
  it('when 20 questions are labelled, then 4, 6, 6, 3 and 1 fall in the five bands', () => {
    const levels = peerLevels(Array.from({ length: 20 }, (_, i) => 20 - i));
    const counts = [1, 2, 3, 4, 5].map((level) => levels.filter((l) => l === level).length);
    expect(counts).toEqual([4, 6, 6, 3, 1]);
    expect(levels[0]).toBe(5); // the hardest
  });

  it('when choosing the next question, then it is the one nearest the ability', () => {
    const bank = [-2, -0.4, 0.3, 1.1, 2].map((difficulty, id) => ({ id, difficulty }));
    expect(mostInformative(bank, 0.25, 1)?.id).toBe(2);
    expect(mostInformative(bank, -0.5, 1)?.id).toBe(1);
  });
});
