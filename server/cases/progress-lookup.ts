import { asc, eq, inArray } from 'drizzle-orm';
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

export async function lookupProgress(db: Database, caseNumber: string, passportNumber: string): Promise<CaseProgress> {
  const [found] = await db.select().from(cases).where(eq(cases.caseNumber, normalizeCaseNumber(caseNumber)));
  if (!found || normalizePassport(found.passportNumber) !== normalizePassport(passportNumber)) throw notFoundAnswer();

  const subscribed = await db
    .select({
      serviceId: caseServices.serviceId,
      serviceName: services.name,
      currentStepId: caseServices.currentStepId,
      lastUpdated: caseServices.lastUpdated,
    })
    .from(caseServices)
    .innerJoin(services, eq(services.id, caseServices.serviceId))
    .where(eq(caseServices.caseId, found.id))
    .orderBy(asc(caseServices.id));
  const allSteps = subscribed.length
    ? await db
        .select({ id: steps.id, serviceId: steps.serviceId, name: steps.name })
        .from(steps)
        .where(
          inArray(
            steps.serviceId,
            subscribed.map((s) => s.serviceId),
          ),
        )
        .orderBy(asc(steps.sequence))
    : [];

  return {
    passportNumber: found.passportNumber,
    caseNumber: found.caseNumber,
    status: found.status,
    servicesSubscribed: subscribed.map((s) => {
      const serviceSteps = allSteps.filter((step) => step.serviceId === s.serviceId);
      return {
        serviceName: s.serviceName,
        currentStep: serviceSteps.find((step) => step.id === s.currentStepId)?.name ?? null,
        steps: stepStatuses(serviceSteps, s.currentStepId),
        lastUpdated: s.lastUpdated.toISOString(),
      };
    }),
  };
}
