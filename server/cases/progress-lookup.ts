import type { CaseProgress, StepStatus } from '../../contracts/cases.js';
import type pg from 'pg';
import { AppError } from '../platform/errors.js';
import { normalizeCaseNumber } from './case-numbers.js';
import { CASE_PROGRESS_LOOKUP } from './hot-statements.js';
import { typicalDays } from './step-estimates.js';

/** Passport numbers match whatever their case and spacing. */
const normalizePassport = (passport: string) => passport.replace(/\s+/g, '').toUpperCase();
export const passportMatches = (stored: string, typed: string) =>
  normalizePassport(stored) === normalizePassport(typed);

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
    typicalDays: typicalDays(s.typicalMedian ?? null, s.typicalP80 ?? null),
  }));
}

const DAY_MS = 24 * 60 * 60 * 1000;

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

type StoredStep = {
  id: number;
  name: string;
  description: string | null;
  expectedDays: number | null;
  typicalMedian?: number | null;
  typicalP80?: number | null;
};

type SubscribedService = {
  serviceName: string;
  currentStepId: number | null;
  lastUpdated: string;
  currentStepSince: string;
  steps: StoredStep[] | null;
};

/** The lookup's row: one round trip, a prepared statement (`hot-statements.ts`). */
export type LookupRow = {
  caseNumber: string;
  passportNumber: string;
  status: CaseProgress['status'];
  services: SubscribedService[];
};

/** The case number as the lookup's statement looks it up. */
export const lookupCaseNumber = normalizeCaseNumber;

/**
 * The tracker's answer for a found case, from the lookup's row. The bench's bare baseline answers
 * through this very function (from the build), so a field added here is in both answers.
 */
export function progressAnswer(found: LookupRow): CaseProgress {
  return {
    passportNumber: found.passportNumber,
    caseNumber: found.caseNumber,
    status: found.status,
    servicesSubscribed: found.services.map((s) => {
      const serviceSteps = s.steps ?? [];
      const since = new Date(s.currentStepSince);
      return {
        serviceName: s.serviceName,
        currentStep: serviceSteps.find((step) => step.id === s.currentStepId)?.name ?? null,
        steps: stepStatuses(serviceSteps, s.currentStepId),
        lastUpdated: new Date(s.lastUpdated).toISOString(),
        currentStepSince: since.toISOString(),
        estimatedCompletion: estimateCompletion(serviceSteps, s.currentStepId, since)?.toISOString() ?? null,
      };
    }),
  };
}

/** The public hot path. */
export async function lookupProgress(pool: pg.Pool, caseNumber: string, passportNumber: string): Promise<CaseProgress> {
  const { rows } = await pool.query<LookupRow>({ ...CASE_PROGRESS_LOOKUP, values: [lookupCaseNumber(caseNumber)] });
  const found = rows[0];
  if (!found || !passportMatches(found.passportNumber, passportNumber)) throw caseNotFoundAnswer();
  return progressAnswer(found);
}
