import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { cases, caseServices, services, stepChanges, steps } from '../db/schema/cases.js';
import { AppError, notFound } from '../platform/errors.js';
import { refreshCaseStatuses } from './case-status.js';

export type ActingAdmin = { id: number; email: string };

/** Moves a case's service to one of that service's steps, and records who did it. */
export async function changeCurrentStep(
  db: Database,
  caseServiceId: number,
  newStepName: string,
  admin: ActingAdmin,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [caseService] = await tx
      .select({
        caseId: caseServices.caseId,
        serviceId: caseServices.serviceId,
        serviceName: services.name,
        currentStepId: caseServices.currentStepId,
      })
      .from(caseServices)
      .innerJoin(services, eq(services.id, caseServices.serviceId))
      .where(eq(caseServices.id, caseServiceId))
      .for('update', { of: caseServices });
    if (!caseService) throw notFound('Case service');

    const serviceSteps = await tx
      .select({ id: steps.id, name: steps.name })
      .from(steps)
      .where(eq(steps.serviceId, caseService.serviceId))
      .orderBy(asc(steps.sequence));
    const target = serviceSteps.find((s) => s.name === newStepName);
    if (!target) {
      const choices = serviceSteps.map((s) => s.name).join(', ') || 'none';
      throw new AppError(400, `"${newStepName}" is not a step of this service (steps: ${choices})`);
    }
    if (target.id === caseService.currentStepId) return;

    const from = serviceSteps.find((s) => s.id === caseService.currentStepId);
    await tx
      .update(caseServices)
      .set({ currentStepId: target.id, lastUpdated: now })
      .where(eq(caseServices.id, caseServiceId));
    await tx.insert(stepChanges).values({
      caseId: caseService.caseId,
      caseServiceId,
      serviceName: caseService.serviceName,
      fromStep: from?.name ?? null,
      toStep: target.name,
      changedByAdminId: admin.id,
      changedByEmail: admin.email,
      changedAt: now,
    });
    await tx.update(cases).set({ updatedAt: now }).where(eq(cases.id, caseService.caseId));
    await refreshCaseStatuses(tx, { caseIds: [caseService.caseId] });
  });
}
