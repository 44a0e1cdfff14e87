import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Service, Step } from '../../contracts/cases.js';
import type { Database, Queryable } from '../db/client.js';
import { caseServices, services, steps } from '../db/schema/cases.js';
import { AppError, databaseErrorCode, notFound, PG_UNIQUE_VIOLATION } from '../platform/errors.js';
import type { NotificationDeps } from './case-notifications.js';
import { refreshCaseStatuses } from './case-status.js';

const stepColumns = {
  id: steps.id,
  service_id: steps.serviceId,
  name: steps.name,
  sequence: steps.sequence,
  description: steps.description,
  expected_days: steps.expectedDays,
};

export function listServices(db: Database): Promise<Service[]> {
  return db.select({ id: services.id, name: services.name }).from(services).orderBy(asc(services.id));
}

export async function createService(db: Database, name: string): Promise<Service> {
  try {
    const [created] = await db.insert(services).values({ name }).returning({ id: services.id, name: services.name });
    if (!created) throw new Error('insert returned no row');
    return created;
  } catch (error) {
    if (databaseErrorCode(error) === PG_UNIQUE_VIOLATION)
      throw new AppError(409, `A service named "${name}" already exists`, undefined, 'name');
    throw error;
  }
}

export async function deleteService(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [service] = await tx.select({ id: services.id }).from(services).where(eq(services.id, id)).for('update');
    if (!service) throw notFound('Service');
    const [usage] = await tx.select({ n: count() }).from(caseServices).where(eq(caseServices.serviceId, id));
    if (usage && usage.n > 0) {
      throw new AppError(409, `This service is assigned to ${usage.n} case(s); remove it from them first`);
    }
    await tx.delete(services).where(eq(services.id, id));
  });
}

async function assertServiceExists(tx: Queryable, serviceId: number, lock = false): Promise<void> {
  const query = tx.select({ id: services.id }).from(services).where(eq(services.id, serviceId));
  const [service] = lock ? await query.for('update') : await query;
  if (!service) throw notFound('Service');
}

export async function listSteps(db: Database, serviceId: number): Promise<Step[]> {
  await assertServiceExists(db, serviceId);
  return db.select(stepColumns).from(steps).where(eq(steps.serviceId, serviceId)).orderBy(asc(steps.sequence));
}

type StepExplanation = { description?: string | null | undefined; expected_days?: number | null | undefined };

export async function createStep(
  db: Database,
  notify: NotificationDeps,
  serviceId: number,
  input: { name: string; sequence: number } & StepExplanation,
  now: Date,
): Promise<Step> {
  return db.transaction(async (tx) => {
    // Locking the service serialises step changes, so the first/last step stays well defined.
    await assertServiceExists(tx, serviceId, true);
    const existing = await tx.select(stepColumns).from(steps).where(eq(steps.serviceId, serviceId));
    if (existing.some((s) => s.name.toLowerCase() === input.name.toLowerCase())) {
      throw new AppError(409, `This service already has a step named "${input.name}"`, undefined, 'name');
    }
    if (existing.some((s) => s.sequence === input.sequence)) {
      throw new AppError(409, `This service already has a step with sequence ${input.sequence}`, undefined, 'sequence');
    }
    const [created] = await tx
      .insert(steps)
      .values({
        serviceId,
        name: input.name,
        sequence: input.sequence,
        description: input.description ?? null,
        expectedDays: input.expected_days ?? null,
      })
      .returning(stepColumns);
    if (!created) throw new Error('insert returned no row');
    // Cases subscribed while the service had no steps start on its first step once it has one: like
    // a service added to a case, no step email; a case this completes is told so.
    await tx
      .update(caseServices)
      .set({
        currentStepId: sql`(SELECT id FROM steps WHERE service_id = ${serviceId} ORDER BY sequence LIMIT 1)`,
        lastUpdated: now,
      })
      .where(and(eq(caseServices.serviceId, serviceId), isNull(caseServices.currentStepId)));
    await refreshCaseStatuses(tx, notify, { serviceId }, now);
    return created;
  });
}

/** Deletes a step no case is on; cases then on the service's new last step complete, and are told so. */
export async function deleteStep(db: Database, notify: NotificationDeps, stepId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [step] = await tx.select(stepColumns).from(steps).where(eq(steps.id, stepId));
    if (!step) throw notFound('Step');
    await assertServiceExists(tx, step.service_id, true);
    const [usage] = await tx.select({ n: count() }).from(caseServices).where(eq(caseServices.currentStepId, stepId));
    if (usage && usage.n > 0) {
      throw new AppError(409, `This step is the current step of ${usage.n} case(s); move them to another step first`);
    }
    await tx.delete(steps).where(eq(steps.id, stepId));
    await refreshCaseStatuses(tx, notify, { serviceId: step.service_id }, now);
  });
}

/** Changes a step's public explanation; a field not sent stays as it is. */
export async function updateStep(db: Database, stepId: number, input: StepExplanation): Promise<Step> {
  const [updated] = await db
    .update(steps)
    .set({
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.expected_days !== undefined ? { expectedDays: input.expected_days } : {}),
    })
    .where(eq(steps.id, stepId))
    .returning(stepColumns);
  if (!updated) throw notFound('Step');
  return updated;
}
