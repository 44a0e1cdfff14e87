import type { CaseProgress, StepStatus } from '../../contracts/cases.js';
import type pg from 'pg';
import { AppError } from '../platform/errors.js';
import { normalizeCaseNumber } from './case-management.js';

/** Passport numbers match whatever their case and spacing. */
const normalizePassport = (passport: string) => passport.replace(/\s+/g, '').toUpperCase();

// One answer for an unknown case and a wrong passport, so the lookup does not confirm case numbers.
const notFoundAnswer = () => new AppError(404, 'Case details not found. Please verify your information.');

/**
 * A step before the current one is completed, the current one active, later ones pending;
 * a service on its last step has completed them all.
 */
function stepStatuses(stepNames: { id: number; name: string }[], currentStepId: number | null) {
  const currentIndex = stepNames.findIndex((s) => s.id === currentStepId);
  const finished = currentIndex === stepNames.length - 1 && currentIndex >= 0;
  return stepNames.map((s, index): { name: string; status: StepStatus } => ({
    name: s.name,
    status: finished || index < currentIndex ? 'completed' : index === currentIndex ? 'active' : 'pending',
  }));
}

type SubscribedService = {
  serviceName: string;
  currentStepId: number | null;
  lastUpdated: string;
  steps: { id: number; name: string }[] | null;
};

/**
 * One round trip: the case with its services and each service's steps in order, aggregated as
 * JSON by PostgreSQL. The lookup is the public hot path, so it does not pay three, nor building the
 * query each time: it is a named prepared statement, parsed and planned once per connection.
 */
const LOOKUP = {
  name: 'case_progress_lookup',
  text: `
    SELECT c.case_number AS "caseNumber", c.passport_number AS "passportNumber", c.status,
      coalesce((
        SELECT json_agg(json_build_object(
          'serviceName', s.name,
          'currentStepId', cs.current_step_id,
          'lastUpdated', cs.last_updated,
          'steps', (SELECT json_agg(json_build_object('id', st.id, 'name', st.name) ORDER BY st.sequence)
                    FROM steps st WHERE st.service_id = cs.service_id)
        ) ORDER BY cs.id)
        FROM case_services cs JOIN services s ON s.id = cs.service_id
        WHERE cs.case_id = c.id
      ), '[]') AS services
    FROM cases c
    WHERE c.case_number = $1`,
};

type LookupRow = { caseNumber: string; passportNumber: string; status: CaseProgress['status']; services: SubscribedService[] };

export async function lookupProgress(pool: pg.Pool, caseNumber: string, passportNumber: string): Promise<CaseProgress> {
  const { rows } = await pool.query<LookupRow>({ ...LOOKUP, values: [normalizeCaseNumber(caseNumber)] });
  const found = rows[0];
  if (!found || normalizePassport(found.passportNumber) !== normalizePassport(passportNumber)) throw notFoundAnswer();

  return {
    passportNumber: found.passportNumber,
    caseNumber: found.caseNumber,
    status: found.status,
    servicesSubscribed: found.services.map((s) => {
      const serviceSteps = s.steps ?? [];
      return {
        serviceName: s.serviceName,
        currentStep: serviceSteps.find((step) => step.id === s.currentStepId)?.name ?? null,
        steps: stepStatuses(serviceSteps, s.currentStepId),
        lastUpdated: new Date(s.lastUpdated).toISOString(),
      };
    }),
  };
}
