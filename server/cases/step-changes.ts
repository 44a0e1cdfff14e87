import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client.js';
import { cases, caseServices, services, stepChanges, steps } from '../db/schema/cases.js';
import { AppError, notFound } from '../platform/errors.js';
import type { ActingAdmin } from './case-events.js';
import { queueChangeNotifications, type NotificationDeps } from './case-notifications.js';
import { refreshCaseStatuses } from './case-status.js';
import { requestStepEstimates } from './step-estimates.js';

type TargetStep = { id: number; name: string; description: string | null };
type LockedCaseService = { id: number; caseId: number; serviceName: string; currentStepId: number | null };

/** The service's step of that name, or a 400 naming the steps there are. */
async function findStepOfService(tx: Queryable, serviceId: number, newStepName: string) {
  const serviceSteps = await tx
    .select({ id: steps.id, name: steps.name, description: steps.description })
    .from(steps)
    .where(eq(steps.serviceId, serviceId))
    .orderBy(asc(steps.sequence));
  const target = serviceSteps.find((s) => s.name === newStepName);
  if (!target) {
    const choices = serviceSteps.map((s) => s.name).join(', ') || 'none';
    throw new AppError(400, `"${newStepName}" is not a step of this service (steps: ${choices})`);
  }
  return { target, serviceSteps };
}

/**
 * Moves locked case services to the target step: one update, one history entry and one queued
 * notification per case service that actually moves, the cases' statuses refreshed (which emails
 * the cases this completes). Returns how many moved.
 */
async function moveCaseServices(
  tx: Queryable,
  notify: NotificationDeps,
  locked: LockedCaseService[],
  serviceSteps: TargetStep[],
  target: TargetStep,
  admin: ActingAdmin,
  now: Date,
): Promise<number> {
  const moving = locked.filter((row) => row.currentStepId !== target.id);
  if (moving.length === 0) return 0;
  const caseIds = [...new Set(moving.map((row) => row.caseId))];

  await tx
    .update(caseServices)
    .set({ currentStepId: target.id, lastUpdated: now })
    .where(inArray(caseServices.id, moving.map((row) => row.id)));
  await tx.insert(stepChanges).values(
    moving.map((row) => ({
      caseId: row.caseId,
      caseServiceId: row.id,
      serviceName: row.serviceName,
      fromStep: serviceSteps.find((s) => s.id === row.currentStepId)?.name ?? null,
      toStep: target.name,
      changedByAdminId: admin.id,
      changedByEmail: admin.email,
      changedAt: now,
    })),
  );
  await tx.update(cases).set({ updatedAt: now }).where(inArray(cases.id, caseIds));
  await requestStepEstimates(tx, notify.jobs);
  await queueChangeNotifications(
    tx,
    notify,
    moving.map((row) => ({ caseId: row.caseId, serviceName: row.serviceName, stepName: target.name, stepDescription: target.description })),
    now,
  );
  await refreshCaseStatuses(tx, notify, { caseIds }, now);
  return moving.length;
}

/** Moves a case's service to one of that service's steps, and records who did it. */
export async function changeCurrentStep(
  db: Database,
  notify: NotificationDeps,
  caseServiceId: number,
  newStepName: string,
  admin: ActingAdmin,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [caseService] = await tx
      .select({
        id: caseServices.id,
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
    const { target, serviceSteps } = await findStepOfService(tx, caseService.serviceId, newStepName);
    await moveCaseServices(tx, notify, [caseService], serviceSteps, target, admin, now);
  });
}

/** Names at most this many case numbers in a refusal. */
const NAMED_CASES = 20;
const listed = (items: string[]) => `${items.slice(0, NAMED_CASES).join(', ')}${items.length > NAMED_CASES ? ', …' : ''}`;

/**
 * Why a bulk move cannot go ahead, by the case numbers the admin sees: cases deleted since they
 * were selected, and cases without the service.
 */
async function missingCasesError(tx: Queryable, caseIds: number[], serviceName: string): Promise<AppError> {
  const existing = await tx.select({ id: cases.id, caseNumber: cases.caseNumber }).from(cases).where(inArray(cases.id, caseIds)).orderBy(asc(cases.caseNumber));
  const gone = new Set(caseIds).size - existing.length;
  const problems = [
    ...(gone ? [`${gone} selected case(s) no longer exist`] : []),
    ...(existing.length ? [`${existing.length} case(s) do not have the service "${serviceName}": ${listed(existing.map((row) => row.caseNumber))}`] : []),
  ];
  return new AppError(400, `${problems.join('; ')}; nothing was changed`);
}

/**
 * Sets one service's step on many cases in one transaction. Every case must have the service and
 * the step must be the service's, or nothing changes (400).
 */
export async function bulkChangeStep(
  db: Database,
  notify: NotificationDeps,
  input: { caseIds: number[]; serviceId: number; newStep: string },
  admin: ActingAdmin,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [service] = await tx.select({ id: services.id, name: services.name }).from(services).where(eq(services.id, input.serviceId));
    if (!service) throw new AppError(400, `There is no service with id ${input.serviceId}`);
    // Locked in id order, so two bulk moves over overlapping cases cannot deadlock.
    const locked = await tx
      .select({ id: caseServices.id, caseId: caseServices.caseId, currentStepId: caseServices.currentStepId })
      .from(caseServices)
      .where(and(eq(caseServices.serviceId, input.serviceId), inArray(caseServices.caseId, input.caseIds)))
      .orderBy(asc(caseServices.id))
      .for('update');
    const missing = input.caseIds.filter((id) => !locked.some((row) => row.caseId === id));
    if (missing.length) throw await missingCasesError(tx, missing, service.name);
    const { target, serviceSteps } = await findStepOfService(tx, input.serviceId, input.newStep);
    return moveCaseServices(
      tx,
      notify,
      locked.map((row) => ({ ...row, serviceName: service.name })),
      serviceSteps,
      target,
      admin,
      now,
    );
  });
}
