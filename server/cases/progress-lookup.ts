import { sql } from 'drizzle-orm';
import type { CaseProgress, StepStatus } from '../../contracts/cases.js';
import type { Database } from '../db/client.js';
import { cases, caseServices, services, steps } from '../db/schema/cases.js';
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
 * JSON by PostgreSQL. The lookup is the public hot path, so it does not pay three.
 */
export async function lookupProgress(db: Database, caseNumber: string, passportNumber: string): Promise<CaseProgress> {
  const { rows } = await db.execute<{ caseNumber: string; passportNumber: string; status: CaseProgress['status']; services: SubscribedService[] }>(sql`
    SELECT ${cases.caseNumber} AS "caseNumber", ${cases.passportNumber} AS "passportNumber", ${cases.status} AS status,
      coalesce((
        SELECT json_agg(json_build_object(
          'serviceName', ${services.name},
          'currentStepId', ${caseServices.currentStepId},
          'lastUpdated', ${caseServices.lastUpdated},
          'steps', (SELECT json_agg(json_build_object('id', ${steps.id}, 'name', ${steps.name}) ORDER BY ${steps.sequence})
                    FROM ${steps} WHERE ${steps.serviceId} = ${caseServices.serviceId})
        ) ORDER BY ${caseServices.id})
        FROM ${caseServices} JOIN ${services} ON ${services.id} = ${caseServices.serviceId}
        WHERE ${caseServices.caseId} = ${cases.id}
      ), '[]') AS services
    FROM ${cases}
    WHERE ${cases.caseNumber} = ${normalizeCaseNumber(caseNumber)}`);
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
