import { sql } from 'drizzle-orm';
import type pg from 'pg';
import {
  asciiDigits,
  compactCaseNumber,
  compactPassportNumber,
  type Translations,
} from '../../contracts/case-languages.js';
import type { CaseProgress, DocumentsSummary, StepStatus } from '../../contracts/cases.js';
import type { Queryable } from '../db/client.js';
import { cases } from '../db/schema/cases.js';
import { AppError } from '../platform/errors.js';
import { CASE_PROGRESS_LOOKUP } from './hot-statements.js';
import type { StepDistribution } from './censored-durations.js';
import { remainingAt, seedOf, simulateReadyToWork, type SimulatedService } from './ready-to-work.js';
import { typicalDays } from './step-estimates.js';
import { overdueDays } from './step-timing.js';

/**
 * Passport numbers match whatever their case, spacing, dashes and digits (Arabic-Indic and
 * Devanagari digits are the same number as ASCII ones).
 */
export const passportMatches = (stored: string, typed: string) =>
  compactPassportNumber(stored) === compactPassportNumber(typed);

/**
 * The cases a typed case number names: compared without dashes or spaces, upper-cased, with ASCII
 * digits ("pw 2026 k7m2qx", "PW-2026-K7M2QX" and "PW-٢٠٢٦-K7M2QX" are one case), through the
 * b-tree of migration 0030. Rarely more than one; the passport number picks among them.
 */
const caseNumberIs = (typed: string) => sql`replace(${cases.caseNumber}, '-', '') = ${compactCaseNumber(typed)}`;

/**
 * A typed case number as staff wrote it: ASCII digits, upper case, any dash as "-", spaces between
 * its parts read as dashes ("pw 2026 k7m2qx" is "PW-2026-K7M2QX").
 */
const exactCaseNumber = (typed: string) =>
  asciiDigits(typed)
    .trim()
    .toUpperCase()
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/\s+/g, '-');

/**
 * The case a typed case number and passport name, among the cases whose numbers look alike to the
 * lookup (caseNumberIs). One with this passport is the case. When several have it ("PW-1" and "PW1"
 * of one applicant, written before such numbers were refused; decision 048), the one written exactly
 * as typed wins, and without one none does: the lookup answers as for a wrong number rather than
 * show another case's progress.
 */
export function caseTyped<Row extends { caseNumber: string; passportNumber: string }>(
  rows: Row[],
  caseNumber: string,
  passportNumber: string,
): Row | undefined {
  const candidates = rows.filter((row) => passportMatches(row.passportNumber, passportNumber));
  if (candidates.length <= 1) return candidates[0];
  const exact = exactCaseNumber(caseNumber);
  return candidates.find((row) => row.caseNumber === exact);
}

/**
 * The case an applicant's request names by its number as typed and its passport (caseTyped), with
 * what such a request needs of it: the sign-in link and "email me when this changes". `lock`: its row
 * held until the transaction ends.
 */
export async function caseAsTyped(
  tx: Queryable,
  typed: { caseNumber: string; passportNumber: string },
  { lock = false }: { lock?: boolean } = {},
): Promise<{ id: number; caseNumber: string; passportNumber: string; clientEmail: string | null } | undefined> {
  const query = tx
    .select({
      id: cases.id,
      caseNumber: cases.caseNumber,
      passportNumber: cases.passportNumber,
      clientEmail: cases.clientEmail,
    })
    .from(cases)
    .where(caseNumberIs(typed.caseNumber));
  return caseTyped(lock ? await query.for('update') : await query, typed.caseNumber, typed.passportNumber);
}

// One answer for an unknown case and a wrong passport, so the lookup does not confirm case numbers.
export const caseNotFoundAnswer = () => new AppError(404, 'Case details not found. Please verify your information.');

/**
 * A step before the current one is completed, the current one active, later ones pending;
 * a service on its last step has completed them all.
 */
function stepStatuses(serviceSteps: StoredStep[], currentStepId: number | null) {
  const currentIndex = serviceSteps.findIndex((s) => s.id === currentStepId);
  const finished = currentIndex === serviceSteps.length - 1 && currentIndex >= 0;
  return serviceSteps.map((s, index): CaseProgress['servicesSubscribed'][number]['steps'][number] => ({
    name: s.name,
    status: (finished || index < currentIndex
      ? 'completed'
      : index === currentIndex
        ? 'active'
        : 'pending') satisfies StepStatus,
    description: s.description,
    expected_days: s.expectedDays,
    typicalDays: withCases(typicalDays(s.typicalMedian ?? null, s.typicalP80 ?? null), s.typicalSamples),
    translations: s.translations ?? {},
  }));
}

const withCases = (days: { median: number; p80: number } | null, cases: number | undefined) =>
  days && { ...days, cases: cases ?? 0 };

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * When the service should reach its last step: the current step's start plus the expected days
 * of the current step and every later one before the last. Unknown (null) when the service is on
 * no step or already on its last, or when a step on the way has no expected days.
 */
export function estimateCompletion(
  serviceSteps: StoredStep[],
  currentStepId: number | null,
  currentStepSince: Date,
): Date | null {
  const currentIndex = serviceSteps.findIndex((s) => s.id === currentStepId);
  if (currentIndex < 0 || currentIndex === serviceSteps.length - 1) return null;
  let days = 0;
  for (const s of serviceSteps.slice(currentIndex, -1)) {
    // How long cases really stay comes first; the staff's expected days stand in until enough have.
    const stepDays = typicalDays(s.typicalMedian ?? null, s.typicalP80 ?? null)?.median ?? s.expectedDays;
    if (stepDays === null) return null;
    days += stepDays;
  }
  return new Date(currentStepSince.getTime() + days * DAY_MS);
}

/**
 * Taking longer than usual: the current step is overdue (past its 80th percentile, or its expected
 * days) or the estimate has passed. The tracker then never shows a date already gone (issue 38: "23
 * November", seen on 27 November); it says the step takes longer and is being followed up.
 */
function isDelayed(
  serviceSteps: StoredStep[],
  currentStepId: number | null,
  since: Date,
  estimate: Date | null,
  at: Date,
) {
  const currentIndex = serviceSteps.findIndex((s) => s.id === currentStepId);
  const current = serviceSteps[currentIndex];
  if (!current || currentIndex === serviceSteps.length - 1) return false;
  const overdue = overdueDays(
    since,
    { p80: current.typicalP80 ?? null, expectedDays: current.expectedDays },
    false,
    at,
  );
  return overdue !== null || (estimate !== null && estimate.getTime() < at.getTime());
}

type StoredStep = {
  id: number;
  name: string;
  description: string | null;
  expectedDays: number | null;
  typicalMedian?: number | null;
  typicalP80?: number | null;
  /** How many stays the figures rest on, and their whole distribution (null until enough are known). */
  typicalSamples?: number;
  distribution?: StepDistribution | null;
  translations?: Translations;
};

/**
 * The current step's time left given the days this case has already waited there (issue 41): from
 * the stays that lasted as long, in whole days as the step's typical days are. Null without a
 * distribution for the step, or once the service is on its last step.
 */
function remainingDaysOf(serviceSteps: StoredStep[], currentStepId: number | null, since: Date, at: Date) {
  const currentIndex = serviceSteps.findIndex((s) => s.id === currentStepId);
  const current = serviceSteps[currentIndex];
  if (!current?.distribution || currentIndex === serviceSteps.length - 1) return null;
  const waited = Math.max(0, (at.getTime() - since.getTime()) / DAY_MS);
  return withCases(
    typicalDays(remainingAt(current.distribution, waited, 0.5), remainingAt(current.distribution, waited, 0.8)),
    current.typicalSamples,
  );
}

/**
 * The case's ready-to-work date (ready-to-work.ts): every service not yet on its last step, from its
 * current step to the one before its last. Unknown while a service with steps is on none.
 */
function readyToWorkOf(found: LookupRow, at: Date): CaseProgress['readyToWork'] {
  if (found.status === 'Completed') return null;
  const left: SimulatedService[] = [];
  for (const service of found.services) {
    const serviceSteps = service.steps ?? [];
    if (serviceSteps.length === 0) continue;
    const currentIndex = serviceSteps.findIndex((s) => s.id === service.currentStepId);
    if (currentIndex < 0) return null;
    if (currentIndex === serviceSteps.length - 1) continue;
    left.push({
      since: new Date(service.lastUpdated),
      steps: serviceSteps.slice(currentIndex, -1).map((s) => ({
        distribution: s.distribution ?? null,
        expectedDays: s.expectedDays,
        cases: s.typicalSamples ?? 0,
      })),
    });
  }
  // The simulation's inputs: a step move (its moment), new figures for a step (its cases, its tail's
  // mean and its median and 80th percentile: a recomputation that moves any point moves these) or
  // the next hour make another key, so a kept answer is not stale.
  const key = `${found.caseNumber}|${at.getTime()}|${left
    .map(
      (service) =>
        `${service.since.getTime()}:${service.steps
          .map((step) =>
            step.distribution
              ? `${step.cases}/${step.distribution.mean}/${step.distribution.q[19]}/${step.distribution.q[31]}`
              : `e${step.expectedDays}`,
          )
          .join(',')}`,
    )
    .join(';')}`;
  const kept = simulated.get(key);
  if (kept !== undefined) return kept;
  const estimate = simulateReadyToWork(left, at, seedOf(found.caseNumber));
  const answer = estimate && { ...estimate, p50: estimate.p50.toISOString(), p80: estimate.p80.toISOString() };
  simulated.set(key, answer);
  // The oldest goes first (a Map keeps the order of insertion).
  if (simulated.size > SIMULATED_KEPT) simulated.delete(simulated.keys().next().value!);
  return answer;
}

/**
 * The answers simulated lately, by their inputs (decision 046): an applicant's refresh, her case
 * page and her journey page within the hour ask the same question, and a simulation costs a few
 * hundred microseconds of CPU where the lookup itself costs about as much. Each instance keeps its
 * own; the answers are the same everywhere (the draws are seeded by the case number).
 */
const simulated = new Map<string, CaseProgress['readyToWork']>();
const SIMULATED_KEPT = 5_000;

type SubscribedService = {
  serviceName: string;
  translations: Translations | null;
  currentStepId: number | null;
  /** When the service reached its current step (an undone move gives the earlier moment back). */
  lastUpdated: string;
  steps: StoredStep[] | null;
};

/** The lookup's row: one round trip, a prepared statement (`hot-statements.ts`). */
export type LookupRow = {
  caseNumber: string;
  passportNumber: string;
  status: CaseProgress['status'];
  ownerName: string | null;
  services: SubscribedService[];
  documents: DocumentsSummary;
};

/**
 * The case number as the lookup's statement looks it up: ASCII digits, upper case, no spaces or
 * dashes (issue 38: "pw2026k7m2qx" and Arabic-Indic digits find the case).
 */
export const lookupCaseNumber = compactCaseNumber;

/**
 * The tracker's answer for a found case, from the lookup's row. The bench's bare baseline answers
 * through this very function (from the build), so a field added here is in both answers.
 */
export function progressAnswer(found: LookupRow, at: Date = new Date()): CaseProgress {
  // The time left and the dates as of the hour's start: every lookup within the hour gives the same
  // answer (a refresh does not move the date; the bench's baseline compares answers byte for byte).
  const hour = new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
  return {
    passportNumber: found.passportNumber,
    caseNumber: found.caseNumber,
    status: found.status,
    servicesSubscribed: found.services.map((s) => {
      const serviceSteps = s.steps ?? [];
      const since = new Date(s.lastUpdated);
      const estimate = estimateCompletion(serviceSteps, s.currentStepId, since);
      return {
        serviceName: s.serviceName,
        currentStep: serviceSteps.find((step) => step.id === s.currentStepId)?.name ?? null,
        steps: stepStatuses(serviceSteps, s.currentStepId),
        lastUpdated: since.toISOString(),
        currentStepSince: since.toISOString(),
        estimatedCompletion: estimate?.toISOString() ?? null,
        translations: s.translations ?? {},
        delayed: isDelayed(serviceSteps, s.currentStepId, since, estimate, at),
        remainingDays: remainingDaysOf(serviceSteps, s.currentStepId, since, hour),
      };
    }),
    owner: found.ownerName ? { name: found.ownerName } : null,
    documents: found.documents,
    readyToWork: readyToWorkOf(found, hour),
  };
}

/**
 * The public hot path. Numbers that differ only in their dashes look alike to the lookup, so the
 * passport picks among the rows found, and the number as typed among those of one passport (caseTyped).
 */
export async function lookupProgress(
  pool: pg.Pool,
  caseNumber: string,
  passportNumber: string,
  at: Date,
): Promise<CaseProgress> {
  const { rows } = await pool.query<LookupRow>({ ...CASE_PROGRESS_LOOKUP, values: [lookupCaseNumber(caseNumber)] });
  const found = caseTyped(rows, caseNumber, passportNumber);
  if (!found) throw caseNotFoundAnswer();
  return progressAnswer(found, at);
}

/**
 * The same answer for staff, who know the case exactly: the row whose stored number is this one
 * ("PW-1" and "PW1" look alike to the public lookup, and the passport may be shared by both).
 */
export async function progressOfCase(pool: pg.Pool, caseNumber: string, at: Date): Promise<CaseProgress> {
  const { rows } = await pool.query<LookupRow>({ ...CASE_PROGRESS_LOOKUP, values: [lookupCaseNumber(caseNumber)] });
  const found = rows.find((row) => row.caseNumber === caseNumber);
  if (!found) throw caseNotFoundAnswer();
  return progressAnswer(found, at);
}
