import { AsyncLocalStorage } from 'node:async_hooks';
import { randomInt } from 'node:crypto';

/*
 * The app's chance draws: a practice set's questions, an attempt's or set's seed (the form and the
 * options' order follow from it), the adaptive pick among the most informative questions. Served to
 * learners they are unpredictable. The readiness simulation (scripts/lms-simulate.ts) runs each
 * simulated learner's calls inside seededDraws() with a generator of their own, so what a learner
 * is served follows from the run's seed and not from how the learners' concurrent calls interleave,
 * and the simulation's figures repeat from run to run (decision 029).
 */

const seeded = new AsyncLocalStorage<() => number>();

/** Runs `work` with the draws taken from `uniform` (a seeded generator of numbers in [0, 1)). */
export const seededDraws = <T>(uniform: () => number, work: () => T): T => seeded.run(uniform, work);

/** A number in [0, 1). */
export const drawUniform = (): number => seeded.getStore()?.() ?? Math.random();

/** A seed for a form or set: a whole number from 1 to 2³¹ − 2 (a PostgreSQL integer). */
export function drawSeed(): number {
  const uniform = seeded.getStore();
  return uniform ? 1 + Math.floor(uniform() * 2_147_483_646) : randomInt(1, 2_147_483_647);
}

/** mulberry32: a small seeded generator of numbers in [0, 1), for draws that repeat (the simulation, tests). */
export function seededUniform(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
