/*
 * The measurement model (decision 029): the Rasch model, P(correct) = 1 / (1 + e^-(θ - b)), with
 * learner ability θ and question difficulty b on one logit scale. Pure functions, no database:
 *
 * - calibrate(): every question's difficulty from all recorded answers, by marginal maximum
 *   likelihood with EM (Bock & Aitkin 1981) over a fixed grid of abilities, abilities in the
 *   population ~ N(0, σ²) (σ estimated; the mean 0 fixes the scale's origin), each difficulty with
 *   a normal prior (the admin's easy / medium / hard), so a question with few answers stays near its
 *   prior until the answers outweigh it. Standard errors from the empirical cross-product of each
 *   learner's score, infit and outfit for misfit. Checked against ltm's published LSAT estimates.
 * - abilityOf(): a learner's ability as the posterior mean (EAP) with its posterior standard
 *   deviation, on the same grid, the population as the prior. Checked against catR's reference value.
 * - cutScore(), passChance(): the pass mark as a point on the scale (the ability whose expected score
 *   on the exam's form is the pass mark), and the chance of reaching it on a form.
 * - mostInformative(): the next adaptive question.
 */

/** P(correct) for ability θ and difficulty b; `a` (discrimination) is 1 in the Rasch model. */
export const probability = (theta: number, b: number, a = 1) => 1 / (1 + Math.exp(-a * (theta - b)));

/** Fisher information of a Rasch item at θ: P(1 - P), largest (0.25) where θ = b. */
export function information(theta: number, b: number): number {
  const p = probability(theta, b);
  return p * (1 - p);
}

/** Abilities the integrals are taken over: −8 … 8 logits in steps of 0.05. */
const GRID_MIN = -8;
const GRID_STEP = 0.05;
const GRID_SIZE = 321;
export const GRID: Float64Array = Float64Array.from({ length: GRID_SIZE }, (_, k) => GRID_MIN + k * GRID_STEP);

export type Normal = { mean: number; sd: number };
export const STANDARD_NORMAL: Normal = { mean: 0, sd: 1 };

/** log of the normal density up to a constant, on the grid. */
function logPriorOnGrid(prior: Normal): Float64Array {
  const out = new Float64Array(GRID_SIZE);
  for (let k = 0; k < GRID_SIZE; k++) {
    const z = ((GRID[k] ?? 0) - prior.mean) / prior.sd;
    out[k] = -0.5 * z * z;
  }
  return out;
}

/**
 * One answer as the ability estimate reads it: the question's difficulty (and discrimination),
 * whether it was right, and the difficulty's standard error from its calibration (none: known exactly).
 */
export type ScoredAnswer = { difficulty: number; discrimination?: number; correct: boolean; difficultyError?: number };

/** A learner's ability on the grid: its posterior (normalised weights), mean (EAP) and standard deviation. */
export type AbilityPosterior = { theta: number; se: number; weights: Float64Array };

/**
 * The posterior of ability given the answers and the prior (the population's distribution),
 * widened by the questions' calibration error (calibrationVariance) when their difficulties carry one.
 */
export function abilityOf(answers: readonly ScoredAnswer[], prior: Normal = STANDARD_NORMAL): AbilityPosterior {
  const log = logPriorOnGrid(prior);
  for (const answer of answers) {
    const a = answer.discrimination ?? 1;
    for (let k = 0; k < GRID_SIZE; k++) {
      // log P and log (1 − P) without overflow: −log(1 + e^−x) and −log(1 + e^x).
      const x = a * ((GRID[k] ?? 0) - answer.difficulty);
      log[k]! += answer.correct ? -softplus(-x) : -softplus(x);
    }
  }
  const posterior = summarise(log);
  const added = calibrationVariance(answers, posterior.theta, prior);
  return added > 0 ? widened(posterior, added) : posterior;
}

/**
 * The variance the questions' calibration errors add to the ability's estimate, by the delta method:
 * the estimate solves Σ aᵢ(uᵢ − Pᵢ) = (θ − μ)/σ², so a question's difficulty moving by δ moves it by
 * Iᵢ δ / (Σ Iⱼ + 1/σ²), Iᵢ = aᵢ² Pᵢ(1 − Pᵢ) at the estimate; the errors taken as independent.
 * Small for a learner with many answers on well-calibrated questions; large on questions still at
 * their admin-set prior, or calibrated from few answers (as in a young bank).
 */
export function calibrationVariance(answers: readonly ScoredAnswer[], theta: number, prior: Normal): number {
  let total = 1 / prior.sd ** 2;
  let moved = 0;
  for (const answer of answers) {
    const a = answer.discrimination ?? 1;
    const info = a * a * information(a * theta, a * answer.difficulty);
    total += info;
    moved += (info * (answer.difficultyError ?? 0)) ** 2;
  }
  return moved / total ** 2;
}

/** The posterior convolved with N(0, variance) on the grid: its mean stays, its variance grows by `variance`. */
function widened(posterior: AbilityPosterior, variance: number): AbilityPosterior {
  const sd = Math.sqrt(variance);
  const reach = Math.min(GRID_SIZE - 1, Math.ceil((5 * sd) / GRID_STEP));
  const kernel = Float64Array.from({ length: 2 * reach + 1 }, (_, j) =>
    Math.exp(-0.5 * (((j - reach) * GRID_STEP) / sd) ** 2),
  );
  const log = new Float64Array(GRID_SIZE);
  for (let k = 0; k < GRID_SIZE; k++) {
    let sum = 0;
    for (let j = -reach; j <= reach; j++) sum += (posterior.weights[k - j] ?? 0) * (kernel[j + reach] ?? 0);
    // summarise() takes logs and normalises; an empty point stays at −∞.
    log[k] = Math.log(sum);
  }
  return summarise(log);
}

/** log(1 + e^x), stable for large |x|. */
const softplus = (x: number) => (x > 30 ? x : x < -30 ? Math.exp(x) : Math.log1p(Math.exp(x)));

function summarise(log: Float64Array): AbilityPosterior {
  let max = -Infinity;
  for (const value of log) if (value > max) max = value;
  const weights = new Float64Array(GRID_SIZE);
  let total = 0;
  for (let k = 0; k < GRID_SIZE; k++) {
    const w = Math.exp((log[k] ?? 0) - max);
    weights[k] = w;
    total += w;
  }
  let mean = 0;
  for (let k = 0; k < GRID_SIZE; k++) {
    weights[k]! /= total;
    mean += (weights[k] ?? 0) * (GRID[k] ?? 0);
  }
  let variance = 0;
  for (let k = 0; k < GRID_SIZE; k++) variance += (weights[k] ?? 0) * ((GRID[k] ?? 0) - mean) ** 2;
  return { theta: mean, se: Math.sqrt(variance), weights };
}

/** The ability below which `share` of the posterior lies (for the interval's ends). */
export function posteriorQuantile(posterior: Pick<AbilityPosterior, 'weights'>, share: number): number {
  let cumulative = 0;
  for (let k = 0; k < GRID_SIZE; k++) {
    const w = posterior.weights[k] ?? 0;
    if (cumulative + w >= share) {
      // Linear within the step, so the ends move smoothly with the answers.
      const within = w === 0 ? 0 : (share - cumulative) / w;
      return (GRID[k] ?? 0) - GRID_STEP / 2 + within * GRID_STEP;
    }
    cumulative += w;
  }
  return GRID[GRID_SIZE - 1] ?? 0;
}

/** The probability that ability is above `cut`, from the posterior. */
export function chanceAbove(posterior: Pick<AbilityPosterior, 'weights'>, cut: number): number {
  let above = 0;
  for (let k = 0; k < GRID_SIZE; k++) if ((GRID[k] ?? 0) > cut) above += posterior.weights[k] ?? 0;
  return above;
}

// ---- Calibration

export type CalibrationInput = {
  /** Per question: the prior of its difficulty (the admin's label). */
  itemPriors: readonly Normal[];
  /** The answers: parallel arrays of learner index, question index and right (1) or wrong (0). */
  learner: Int32Array;
  item: Int32Array;
  correct: Uint8Array;
  learnerCount: number;
  /** Fix the population's spread instead of estimating it (the reference test does, as ltm's constraint). */
  fixedSd?: number;
  maxIterations?: number;
  tolerance?: number;
  /** Called between iterations so a long calibration lets other work run (the job awaits it). */
  yieldEvery?: () => Promise<void>;
};

export type CalibratedItem = {
  difficulty: number;
  standardError: number;
  answers: number;
  /** Mean-square fit (1 is a perfect fit); null without answers. */
  infit: number | null;
  outfit: number | null;
  /** The infit's distance from 1 in its own standard errors (how sure the misfit is). */
  infitZ: number | null;
};

export type Calibration = {
  items: CalibratedItem[];
  /** The population's spread of ability (σ); its mean is 0 by definition of the scale. */
  abilitySd: number;
  logLikelihood: number;
  iterations: number;
  converged: boolean;
  /** Each learner's ability (EAP) under the final estimates, in learner-index order. */
  abilities: Float64Array;
};

const CALIBRATION_STEP = 0.2;
// A coarser grid than abilityOf's: the calibration touches every answer at every point, each iteration.
const CAL_GRID = Float64Array.from({ length: 81 }, (_, k) => -8 + k * CALIBRATION_STEP);
const Q = CAL_GRID.length;

/**
 * Marginal maximum likelihood (Bayes modal for the difficulties, through their priors) by EM.
 * E-step: each learner's posterior over the grid given the current difficulties and population;
 * M-step: per question, Newton steps on the expected log-likelihood plus its log prior; the
 * population's variance as the mean posterior second moment.
 */
export async function calibrate(input: CalibrationInput): Promise<Calibration> {
  const itemCount = input.itemPriors.length;
  const n = input.item.length;
  const maxIterations = input.maxIterations ?? 500;
  const tolerance = input.tolerance ?? 1e-5;
  const difficulty = Float64Array.from(input.itemPriors, (prior) => prior.mean);
  let sd = input.fixedSd ?? 1;

  // Where each learner's answers are: sorted by learner, so the E-step runs learner by learner.
  const order = Int32Array.from({ length: n }, (_, i) => i).sort(
    (x, y) => (input.learner[x] ?? 0) - (input.learner[y] ?? 0),
  );
  const start = new Int32Array(input.learnerCount + 1);
  for (let i = 0; i < n; i++) start[(input.learner[i] ?? 0) + 1]!++;
  for (let j = 0; j < input.learnerCount; j++) start[j + 1]! += start[j] ?? 0;

  const logP = new Float64Array(itemCount * Q);
  const logQ = new Float64Array(itemCount * Q);
  const expected = new Float64Array(itemCount * Q); // n_iq: expected learners at q answering i
  const expectedRight = new Float64Array(itemCount * Q); // r_iq: of those, expected right
  const posterior = new Float64Array(Q);
  const answersOf = new Int32Array(itemCount);
  for (let i = 0; i < n; i++) answersOf[input.item[i] ?? 0]!++;

  let logLikelihood = -Infinity;
  let iterations: number;
  let converged = false;

  const eStep = () => {
    for (let i = 0; i < itemCount; i++) {
      for (let q = 0; q < Q; q++) {
        const x = (CAL_GRID[q] ?? 0) - (difficulty[i] ?? 0);
        logP[i * Q + q] = -softplus(-x);
        logQ[i * Q + q] = -softplus(x);
      }
    }
    expected.fill(0);
    expectedRight.fill(0);
    const logPrior = new Float64Array(Q);
    for (let q = 0; q < Q; q++) {
      const z = (CAL_GRID[q] ?? 0) / sd;
      // The normal density on the grid, normalised below (the grid's step times the density).
      logPrior[q] = -0.5 * z * z - Math.log(sd * Math.sqrt(2 * Math.PI)) + Math.log(CALIBRATION_STEP);
    }
    let total = 0;
    let secondMoment = 0;
    for (let j = 0; j < input.learnerCount; j++) {
      posterior.set(logPrior);
      for (let k = start[j] ?? 0; k < (start[j + 1] ?? 0); k++) {
        const a = order[k] ?? 0;
        const base = (input.item[a] ?? 0) * Q;
        const table = input.correct[a] ? logP : logQ;
        for (let q = 0; q < Q; q++) posterior[q]! += table[base + q] ?? 0;
      }
      let max = -Infinity;
      for (let q = 0; q < Q; q++) if ((posterior[q] ?? 0) > max) max = posterior[q] ?? 0;
      let sum = 0;
      for (let q = 0; q < Q; q++) {
        const w = Math.exp((posterior[q] ?? 0) - max);
        posterior[q] = w;
        sum += w;
      }
      total += max + Math.log(sum);
      for (let q = 0; q < Q; q++) {
        posterior[q]! /= sum;
        secondMoment += (posterior[q] ?? 0) * (CAL_GRID[q] ?? 0) ** 2;
      }
      for (let k = start[j] ?? 0; k < (start[j + 1] ?? 0); k++) {
        const a = order[k] ?? 0;
        const base = (input.item[a] ?? 0) * Q;
        const right = input.correct[a] === 1;
        for (let q = 0; q < Q; q++) {
          expected[base + q]! += posterior[q] ?? 0;
          if (right) expectedRight[base + q]! += posterior[q] ?? 0;
        }
      }
    }
    return { logLikelihood: total, secondMoment };
  };

  for (iterations = 1; iterations <= maxIterations; iterations++) {
    const e = eStep();
    let change = 0;
    for (let i = 0; i < itemCount; i++) {
      const prior = input.itemPriors[i] ?? STANDARD_NORMAL;
      let b = difficulty[i] ?? 0;
      for (let step = 0; step < 10; step++) {
        let gradient = -(b - prior.mean) / prior.sd ** 2;
        let curvature = 1 / prior.sd ** 2;
        for (let q = 0; q < Q; q++) {
          const nq = expected[i * Q + q] ?? 0;
          if (nq === 0) continue;
          const p = probability(CAL_GRID[q] ?? 0, b);
          gradient += nq * p - (expectedRight[i * Q + q] ?? 0);
          curvature += nq * p * (1 - p);
        }
        const delta = gradient / curvature;
        b += Math.max(-1, Math.min(1, delta));
        if (Math.abs(delta) < 1e-8) break;
      }
      change = Math.max(change, Math.abs(b - (difficulty[i] ?? 0)));
      difficulty[i] = b;
    }
    if (input.fixedSd === undefined && input.learnerCount > 0) {
      const next = Math.sqrt(e.secondMoment / input.learnerCount);
      change = Math.max(change, Math.abs(next - sd));
      sd = Math.min(4, Math.max(0.2, next));
    }
    const gain = e.logLikelihood - logLikelihood;
    logLikelihood = e.logLikelihood;
    if (change < tolerance && Math.abs(gain) < tolerance) {
      converged = true;
      break;
    }
    if (input.yieldEvery) await input.yieldEvery();
  }
  iterations = Math.min(iterations, maxIterations);

  // The final estimates' log-likelihood, abilities, standard errors and fit.
  const final = eStep();
  logLikelihood = final.logLikelihood;
  const abilities = new Float64Array(input.learnerCount);
  const scoreSquares = new Float64Array(itemCount);
  const squaredResiduals = new Float64Array(itemCount);
  const variances = new Float64Array(itemCount);
  const standardised = new Float64Array(itemCount);
  const fourthMoments = new Float64Array(itemCount);
  const logPrior = new Float64Array(Q);
  for (let q = 0; q < Q; q++) logPrior[q] = -0.5 * ((CAL_GRID[q] ?? 0) / sd) ** 2;
  for (let j = 0; j < input.learnerCount; j++) {
    posterior.set(logPrior);
    for (let k = start[j] ?? 0; k < (start[j + 1] ?? 0); k++) {
      const a = order[k] ?? 0;
      const base = (input.item[a] ?? 0) * Q;
      const table = input.correct[a] ? logP : logQ;
      for (let q = 0; q < Q; q++) posterior[q]! += table[base + q] ?? 0;
    }
    let max = -Infinity;
    for (let q = 0; q < Q; q++) if ((posterior[q] ?? 0) > max) max = posterior[q] ?? 0;
    let sum = 0;
    for (let q = 0; q < Q; q++) {
      posterior[q] = Math.exp((posterior[q] ?? 0) - max);
      sum += posterior[q] ?? 0;
    }
    let theta = 0;
    for (let q = 0; q < Q; q++) {
      posterior[q]! /= sum;
      theta += (posterior[q] ?? 0) * (CAL_GRID[q] ?? 0);
    }
    abilities[j] = theta;
    for (let k = start[j] ?? 0; k < (start[j + 1] ?? 0); k++) {
      const a = order[k] ?? 0;
      const i = input.item[a] ?? 0;
      const u = input.correct[a] ?? 0;
      // This learner's score for b_i: the posterior mean of ∂/∂b log P(u | θ, b) = P(θ − b) − u.
      // And for fit, the chance of a right answer predicted from the learner's other answers (the
      // posterior without this one): under the model, (u − P̄)² averages P̄(1 − P̄), so a mean
      // square of 1 is a fit whatever the learner's number of answers (a point estimate's
      // shrinkage would make every question look too predictable).
      let score = 0;
      let heldOut = 0;
      let heldOutTotal = 0;
      for (let q = 0; q < Q; q++) {
        const p = probability(CAL_GRID[q] ?? 0, difficulty[i] ?? 0);
        const w = posterior[q] ?? 0;
        score += w * p;
        const without = w / (u ? p : 1 - p);
        heldOut += without * p;
        heldOutTotal += without;
      }
      score -= u;
      scoreSquares[i]! += score * score;
      const predicted = heldOut / heldOutTotal;
      const variance = predicted * (1 - predicted);
      squaredResiduals[i]! += (u - predicted) ** 2;
      variances[i]! += variance;
      standardised[i]! += (u - predicted) ** 2 / variance;
      // The variance of (u − P̄)² under the model, for the infit's standard error.
      fourthMoments[i]! += variance * ((1 - predicted) ** 3 + predicted ** 3) - variance ** 2;
    }
  }
  const items = Array.from({ length: itemCount }, (_, i): CalibratedItem => {
    const prior = input.itemPriors[i] ?? STANDARD_NORMAL;
    const count = answersOf[i] ?? 0;
    return {
      difficulty: difficulty[i] ?? prior.mean,
      standardError: 1 / Math.sqrt((scoreSquares[i] ?? 0) + 1 / prior.sd ** 2),
      answers: count,
      infit: count === 0 ? null : (squaredResiduals[i] ?? 0) / (variances[i] ?? 1),
      outfit: count === 0 ? null : (standardised[i] ?? 0) / count,
      infitZ:
        count === 0
          ? null
          : ((squaredResiduals[i] ?? 0) - (variances[i] ?? 0)) / Math.sqrt(Math.max(1e-12, fourthMoments[i] ?? 0)),
    };
  });
  return { items, abilitySd: sd, logLikelihood, iterations, converged, abilities };
}

/** Answers before a question's fit is judged. */
export const FIT_MIN_ANSWERS = 50;
/**
 * A misfitting question: its infit mean square outside 0.8–1.2 (Wright & Linacre's range for
 * high-stakes multiple choice) and that far from 1 by at least three of its standard errors, so a
 * question with few answers is not flagged by chance, nor one with thousands for a trifle.
 */
export const misfits = (item: Pick<CalibratedItem, 'answers' | 'infit' | 'infitZ'>) =>
  item.answers >= FIT_MIN_ANSWERS &&
  item.infit !== null &&
  item.infitZ !== null &&
  (item.infit < 0.8 || item.infit > 1.2) &&
  Math.abs(item.infitZ) >= 3;

/** A calibration whose scale leaves the misfitting questions out, each question marked whether it misfits. */
export type MeasuringCalibration = Omit<Calibration, 'items'> & { items: (CalibratedItem & { misfit: boolean })[] };

/**
 * Calibrates, then, when questions misfit, again without their answers (decision 029). A misfitting
 * question (a miskeyed or ambiguous one, answered by chance whatever the ability) says nothing about
 * ability, yet counted as a Rasch question it pulls every learner who answered it towards the middle
 * and the population's spread down with them; that spread is every learner's prior, so the error is
 * shared and no learner's interval holds it (the full simulation's coverage fell to 0.876 so). The
 * misfitting questions keep their first pass's difficulty and fit, for the admins who fix them; the
 * other questions and the spread come from the second pass.
 */
export async function calibrateMeasuring(input: CalibrationInput): Promise<MeasuringCalibration> {
  const first = await calibrate(input);
  const misfit = first.items.map((item) => misfits(item));
  if (!misfit.includes(true)) return { ...first, items: first.items.map((item) => ({ ...item, misfit: false })) };
  const kept: number[] = [];
  for (let k = 0; k < input.item.length; k++) if (!misfit[input.item[k] ?? 0]) kept.push(k);
  const second = await calibrate({
    ...input,
    learner: Int32Array.from(kept, (k) => input.learner[k] ?? 0),
    item: Int32Array.from(kept, (k) => input.item[k] ?? 0),
    correct: Uint8Array.from(kept, (k) => input.correct[k] ?? 0),
  });
  return {
    ...second,
    iterations: first.iterations + second.iterations,
    converged: first.converged && second.converged,
    items: second.items.map((item, i) =>
      misfit[i] ? { ...(first.items[i] ?? item), misfit: true } : { ...item, misfit: false },
    ),
  };
}

/** The peer label's bands, easiest first: easiest 20 %, next 30 %, next 30 %, next 15 %, hardest 5 %. */
export const PEER_BANDS = [0.2, 0.5, 0.8, 0.95, 1] as const;

/** Each difficulty's level 1 (easiest 20 %) to 5 (hardest 5 %) among `difficulties`. */
export function peerLevels(difficulties: readonly number[]): number[] {
  const ranked = difficulties.map((d, i) => ({ d, i })).sort((x, y) => x.d - y.d || x.i - y.i);
  const levels = new Array<number>(difficulties.length).fill(1);
  ranked.forEach(({ i }, rank) => {
    const share = (rank + 0.5) / ranked.length;
    levels[i] = PEER_BANDS.findIndex((upper) => share <= upper) + 1;
  });
  return levels;
}

// ---- The pass mark on the scale, and the chance of reaching it

/**
 * The exam's form as the score reads it: the difficulties it draws from, grouped as it balances them
 * (the form takes the admin's easy, medium and hard in turn), and its length.
 */
export type ExamForm = { groups: readonly (readonly number[])[]; length: number };

/** The expected share right on the form at ability θ: each group equally, each question of a group equally. */
export function expectedShare(form: ExamForm, theta: number): number {
  const groups = form.groups.filter((group) => group.length > 0);
  if (groups.length === 0) return 0;
  let total = 0;
  for (const group of groups) {
    let sum = 0;
    for (const b of group) sum += probability(theta, b);
    total += sum / group.length;
  }
  return total / groups.length;
}

/** The ability whose expected score on the form is the pass mark (percent): the cut on the scale. */
export function cutScore(form: ExamForm, passMarkPercent: number): number {
  const target = passMarkPercent / 100;
  let low = -8;
  let high = 8;
  for (let step = 0; step < 60; step++) {
    const middle = (low + high) / 2;
    if (expectedShare(form, middle) < target) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/** Right answers needed to pass a form of `length` questions at the pass mark (the score is a percent to one decimal). */
export const answersToPass = (length: number, passMarkPercent: number) =>
  Math.max(0, Math.ceil(Math.round(length * passMarkPercent * 10) / 1000 - 1e-9));

/** P(at least k right of n) when each is right with probability p (the form drawn at random from the bank). */
export function binomialTail(n: number, k: number, p: number): number {
  if (k <= 0) return 1;
  if (k > n) return 0;
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  // Summed in logs from k up: stable for n in the hundreds.
  const logP = Math.log(p);
  const logQ = Math.log1p(-p);
  let logTerm = logChoose(n, k) + k * logP + (n - k) * logQ;
  let total = 0;
  for (let x = k; x <= n; x++) {
    total += Math.exp(logTerm);
    logTerm += Math.log((n - x) / (x + 1)) + logP - logQ;
  }
  return Math.min(1, total);
}

function logChoose(n: number, k: number): number {
  let sum = 0;
  for (let i = 1; i <= k; i++) sum += Math.log((n - k + i) / i);
  return sum;
}

/** The chance of passing the form at ability θ. */
export const passChanceAt = (form: ExamForm, passMarkPercent: number, theta: number) =>
  binomialTail(form.length, answersToPass(form.length, passMarkPercent), expectedShare(form, theta));

export type PassChance = { chance: number; low: number; high: number };

/**
 * The chance of passing the form today: averaged over the posterior of ability (the point shown),
 * and its 95 % interval as the chance at the posterior's 2.5 % and 97.5 % abilities.
 */
export function passChance(form: ExamForm, passMarkPercent: number, posterior: AbilityPosterior): PassChance {
  let chance = 0;
  for (let k = 0; k < GRID_SIZE; k++) {
    const w = posterior.weights[k] ?? 0;
    if (w < 1e-9) continue;
    chance += w * passChanceAt(form, passMarkPercent, GRID[k] ?? 0);
  }
  return {
    chance,
    low: passChanceAt(form, passMarkPercent, posteriorQuantile(posterior, 0.025)),
    high: passChanceAt(form, passMarkPercent, posteriorQuantile(posterior, 0.975)),
  };
}

// ---- Adaptive choice

/**
 * The candidates most informative at θ (for Rasch, the difficulties nearest θ, where the chance of
 * a right answer is about 50 %): the best `among`, one of which is picked at random so learners of
 * the same ability do not all see the same question.
 */
export function mostInformative<T extends { difficulty: number }>(
  candidates: readonly T[],
  theta: number,
  among: number,
  random: () => number = Math.random,
): T | undefined {
  const best = [...candidates]
    .sort((x, y) => information(theta, y.difficulty) - information(theta, x.difficulty))
    .slice(0, Math.max(1, among));
  return best[Math.floor(random() * best.length)];
}
