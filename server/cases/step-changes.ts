import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client.js';
import { caseNotificationChanges, cases, caseServices, services, stepChanges, steps } from '../db/schema/cases.js';
import { AppError, notFound } from '../platform/errors.js';
import { recordCaseEvents, type ActingAdmin } from './case-events.js';
import { queueChangeNotifications, type NotificationDeps } from './case-notifications.js';
import { refreshCaseStatuses } from './case-status.js';
import { requestStepEstimates } from './step-estimates.js';

type TargetStep = { id: number; name: string; description: string | null };
type LockedCaseService = {
  id: number;
  caseId: number;
  serviceName: string;
  currentStepId: number | null;
  /** When it reached its current step: kept with the change, so an undo gives the time back. */
  lastUpdated: Date;
};

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

type MoveOptions = {
  /** Email the applicants about the new step, and about the completion of the cases it completes. */
  notifyApplicant: boolean;
};

/**
 * Moves locked case services to the target step: one update, one history entry and (unless the
 * admin chose not to) one queued notification per case service that actually moves, the cases'
 * statuses refreshed (which emails the cases this completes, unless the admin chose not to).
 * Returns the history entries' ids.
 */
async function moveCaseServices(
  tx: Queryable,
  notify: NotificationDeps,
  locked: LockedCaseService[],
  serviceSteps: TargetStep[],
  target: TargetStep,
  admin: ActingAdmin,
  now: Date,
  options: MoveOptions,
): Promise<number[]> {
  const moving = locked.filter((row) => row.currentStepId !== target.id);
  if (moving.length === 0) return [];
  const caseIds = [...new Set(moving.map((row) => row.caseId))];

  await tx
    .update(caseServices)
    .set({ currentStepId: target.id, lastUpdated: now })
    .where(
      inArray(
        caseServices.id,
        moving.map((row) => row.id),
      ),
    );
  const recorded = await tx
    .insert(stepChanges)
    .values(
      moving.map((row) => ({
        caseId: row.caseId,
        caseServiceId: row.id,
        serviceName: row.serviceName,
        fromStep: serviceSteps.find((s) => s.id === row.currentStepId)?.name ?? null,
        toStep: target.name,
        fromStepId: row.currentStepId,
        toStepId: target.id,
        fromSince: row.lastUpdated,
        changedByAdminId: admin.id,
        changedByEmail: admin.email,
        changedAt: now,
      })),
    )
    .returning({ id: stepChanges.id, caseServiceId: stepChanges.caseServiceId });
  await tx.update(cases).set({ updatedAt: now }).where(inArray(cases.id, caseIds));
  await requestStepEstimates(tx, notify.jobs);
  if (options.notifyApplicant) {
    const changeOf = new Map(recorded.map((row) => [row.caseServiceId, row.id]));
    await queueChangeNotifications(
      tx,
      notify,
      moving.map((row) => ({
        caseId: row.caseId,
        serviceName: row.serviceName,
        stepName: target.name,
        stepDescription: target.description,
        stepId: target.id,
        stepChangeId: changeOf.get(row.id) ?? null,
      })),
      now,
      // Every move can be undone for a while (one case or many): its email waits for that.
      { undoable: true },
    );
  }
  await refreshCaseStatuses(tx, notify, { caseIds }, now, { notifyApplicant: options.notifyApplicant });
  return recorded.map((row) => row.id);
}

export type StepChangeResult = { stepChangeId: number | null; undoUntil: Date | null };

/**
 * Moves a case's service to one of that service's steps, and records who did it. The change can be
 * undone until `undoUntil` (null when the service was already at that step: nothing moved).
 */
export async function changeCurrentStep(
  db: Database,
  notify: NotificationDeps,
  caseServiceId: number,
  newStepName: string,
  admin: ActingAdmin,
  now: Date,
  { notifyApplicant = true }: { notifyApplicant?: boolean } = {},
): Promise<StepChangeResult> {
  return db.transaction(async (tx) => {
    const [caseService] = await tx
      .select({
        id: caseServices.id,
        caseId: caseServices.caseId,
        serviceId: caseServices.serviceId,
        serviceName: services.name,
        currentStepId: caseServices.currentStepId,
        lastUpdated: caseServices.lastUpdated,
      })
      .from(caseServices)
      .innerJoin(services, eq(services.id, caseServices.serviceId))
      .where(eq(caseServices.id, caseServiceId))
      .for('update', { of: caseServices });
    if (!caseService) throw notFound('Case service');
    const { target, serviceSteps } = await findStepOfService(tx, caseService.serviceId, newStepName);
    const [stepChangeId] = await moveCaseServices(tx, notify, [caseService], serviceSteps, target, admin, now, {
      notifyApplicant,
    });
    return stepChangeId === undefined
      ? { stepChangeId: null, undoUntil: null }
      : { stepChangeId, undoUntil: new Date(now.getTime() + notify.undoSeconds * 1000) };
  });
}

/**
 * Takes step changes back, shortly after they were made (one, or every move of a bulk step change):
 * each case service returns to the step it left, the change's email (still waiting: it waits for the
 * undo window) is withdrawn, and the history records both the change and its undoing. All or
 * nothing: refused (409) once the window has passed, or when a service has moved again since (that
 * later change would be lost).
 */
export async function undoStepChanges(
  db: Database,
  notify: NotificationDeps,
  stepChangeIds: number[],
  admin: ActingAdmin,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const changes = await tx
      .select()
      .from(stepChanges)
      .where(inArray(stepChanges.id, stepChangeIds))
      .orderBy(asc(stepChanges.caseServiceId));
    if (changes.length < new Set(stepChangeIds).size)
      throw notFound(stepChangeIds.length === 1 ? 'Step change' : 'One of the step changes');
    // In case-service order, as bulk moves lock them, so an undo and a move cannot deadlock.
    for (const change of changes) await undoOne(tx, notify, change, admin, now);
    await refreshCaseStatuses(tx, notify, { caseIds: [...new Set(changes.map((change) => change.caseId))] }, now);
    return changes.length;
  });
}

async function undoOne(
  tx: Queryable,
  notify: NotificationDeps,
  change: typeof stepChanges.$inferSelect,
  admin: ActingAdmin,
  now: Date,
): Promise<void> {
  if (now.getTime() - change.changedAt.getTime() > notify.undoSeconds * 1000) {
    throw new AppError(409, 'This step change can no longer be undone: change the step again instead');
  }
  const [caseService] = await tx
    .select({
      id: caseServices.id,
      caseId: caseServices.caseId,
      serviceId: caseServices.serviceId,
      currentStepId: caseServices.currentStepId,
    })
    .from(caseServices)
    .where(eq(caseServices.id, change.caseServiceId))
    .for('update');
  if (!caseService) throw new AppError(409, 'The service was taken off the case since: there is nothing to undo');
  const [latest] = await tx
    .select({ id: stepChanges.id })
    .from(stepChanges)
    .where(eq(stepChanges.caseServiceId, change.caseServiceId))
    .orderBy(desc(stepChanges.changedAt), desc(stepChanges.id))
    .limit(1);
  if (latest?.id !== change.id)
    throw new AppError(409, 'The step was changed again since: undo that change first, or choose the step again');

  const serviceSteps = await tx
    .select({ id: steps.id, name: steps.name, description: steps.description })
    .from(steps)
    .where(eq(steps.serviceId, caseService.serviceId))
    .orderBy(asc(steps.sequence));
  if (change.fromStep === null)
    throw new AppError(409, 'The service had no step before this change: there is no step to go back to');
  // By id (a step renamed since is still the same step), by name for changes recorded before ids were.
  const back = serviceSteps.find((s) =>
    change.fromStepId !== null ? s.id === change.fromStepId : s.name === change.fromStep,
  );
  if (!back) throw new AppError(409, `The step "${change.fromStep}" no longer exists: choose another step`);

  // The email about the change has not gone yet (it waits for this window): withdraw it.
  const withdrawn = await tx
    .delete(caseNotificationChanges)
    .where(and(eq(caseNotificationChanges.stepChangeId, change.id), isNull(caseNotificationChanges.notifiedAt)))
    .returning({ id: caseNotificationChanges.id });
  // The service is back exactly as it was: its step, and since when it has been there (issue 38:
  // an undo restarted the clock, and the applicant's estimate jumped by the step's whole length).
  await tx
    .update(caseServices)
    .set({ currentStepId: back.id, lastUpdated: change.fromSince ?? now })
    .where(eq(caseServices.id, caseService.id));
  await tx.update(stepChanges).set({ undone: true }).where(eq(stepChanges.id, change.id));
  await tx.insert(stepChanges).values({
    caseId: change.caseId,
    caseServiceId: change.caseServiceId,
    serviceName: change.serviceName,
    fromStep: change.toStep,
    toStep: back.name,
    fromStepId: change.toStepId,
    toStepId: back.id,
    fromSince: change.changedAt,
    undone: true,
    changedByAdminId: admin.id,
    changedByEmail: admin.email,
    changedAt: now,
  });
  await tx.update(cases).set({ updatedAt: now }).where(eq(cases.id, change.caseId));
  await recordCaseEvents(
    tx,
    [
      {
        caseId: change.caseId,
        kind: 'step change undone',
        summary: `Undid moving ${change.serviceName} to "${change.toStep}": back at "${back.name}"${withdrawn.length ? '; the email to the applicant about it was withdrawn' : ''}`,
      },
    ],
    admin,
    now,
  );
}

/** Names at most this many case numbers in a refusal. */
const NAMED_CASES = 20;
const listed = (items: string[]) =>
  `${items.slice(0, NAMED_CASES).join(', ')}${items.length > NAMED_CASES ? ', …' : ''}`;

/**
 * Why a bulk move cannot go ahead, by the case numbers the admin sees: cases deleted since they
 * were selected, and cases without the service.
 */
async function missingCasesError(tx: Queryable, caseIds: number[], serviceName: string): Promise<AppError> {
  const existing = await tx
    .select({ id: cases.id, caseNumber: cases.caseNumber })
    .from(cases)
    .where(inArray(cases.id, caseIds))
    .orderBy(asc(cases.caseNumber));
  const gone = new Set(caseIds).size - existing.length;
  const problems = [
    ...(gone ? [`${gone} selected case(s) no longer exist`] : []),
    ...(existing.length
      ? [
          `${existing.length} case(s) do not have the service "${serviceName}": ${listed(existing.map((row) => row.caseNumber))}`,
        ]
      : []),
  ];
  return new AppError(400, `${problems.join('; ')}; nothing was changed`);
}

/**
 * Sets one service's step on many cases in one transaction. Every case must have the service and
 * the step must be the service's, or nothing changes (400). Returns the moves' history entries,
 * which undoStepChanges takes back together.
 */
export async function bulkChangeStep(
  db: Database,
  notify: NotificationDeps,
  input: { caseIds: number[]; serviceId: number; newStep: string; notify?: boolean | undefined },
  admin: ActingAdmin,
  now: Date,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const [service] = await tx
      .select({ id: services.id, name: services.name })
      .from(services)
      .where(eq(services.id, input.serviceId));
    if (!service) throw new AppError(400, `There is no service with id ${input.serviceId}`);
    // Locked in id order, so two bulk moves over overlapping cases cannot deadlock.
    const locked = await tx
      .select({
        id: caseServices.id,
        caseId: caseServices.caseId,
        currentStepId: caseServices.currentStepId,
        lastUpdated: caseServices.lastUpdated,
      })
      .from(caseServices)
      .where(and(eq(caseServices.serviceId, input.serviceId), inArray(caseServices.caseId, input.caseIds)))
      .orderBy(asc(caseServices.id))
      .for('update');
    const missing = input.caseIds.filter((id) => !locked.some((row) => row.caseId === id));
    if (missing.length) throw await missingCasesError(tx, missing, service.name);
    const { target, serviceSteps } = await findStepOfService(tx, input.serviceId, input.newStep);
    const moved = await moveCaseServices(
      tx,
      notify,
      locked.map((row) => ({ ...row, serviceName: service.name })),
      serviceSteps,
      target,
      admin,
      now,
      { notifyApplicant: input.notify ?? true },
    );
    return moved;
  });
}
