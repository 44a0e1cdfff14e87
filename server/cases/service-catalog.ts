import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { missingTranslations, translatedLanguages, type Translations } from '../../contracts/case-languages.js';
import { mergeTranslations } from '../../contracts/case-translations.js';
import type { Service, Step } from '../../contracts/cases.js';
import type { Database, Queryable } from '../db/client.js';
import { caseServices, serviceDocuments, services, steps } from '../db/schema/cases.js';
import { AppError, databaseErrorCode, notFound, PG_UNIQUE_VIOLATION } from '../platform/errors.js';
import type { NotificationDeps } from './case-notifications.js';
import { refreshCaseStatuses, refreshStepFacts } from './case-status.js';

const stepColumns = {
  id: steps.id,
  service_id: steps.serviceId,
  name: steps.name,
  sequence: steps.sequence,
  description: steps.description,
  expected_days: steps.expectedDays,
  translations: steps.translations,
};

/** Translations as staff send them: `{ ar?: { name?, description? }, hi?: … }`, an empty field removing one. */
export type SentTranslations = Partial<Record<string, Partial<Record<string, string | undefined>> | undefined>>;

/** The error code of a step's deletion refused while cases are at it: the screen links to them. */
export const STEP_IN_USE = 'STEP_IN_USE';

/**
 * The services with their names in each language and, per language, how many of their texts (the
 * service's name, each step's name and description, each document's name and description) staff
 * have not translated yet: the services screen tells them what applicants will read in English.
 */
export async function listServices(db: Database): Promise<Service[]> {
  const [serviceRows, stepRows, documentRows] = await Promise.all([
    db
      .select({ id: services.id, name: services.name, translations: services.translations })
      .from(services)
      .orderBy(asc(services.id)),
    db
      .select({
        serviceId: steps.serviceId,
        name: steps.name,
        description: steps.description,
        translations: steps.translations,
      })
      .from(steps),
    db
      .select({
        serviceId: serviceDocuments.serviceId,
        name: serviceDocuments.name,
        description: serviceDocuments.description,
        translations: serviceDocuments.translations,
      })
      .from(serviceDocuments),
  ]);
  return serviceRows.map((service) => {
    const texts = [
      { name: service.name, translations: service.translations },
      ...[...stepRows, ...documentRows].filter((row) => row.serviceId === service.id),
    ];
    const missing = { ar: 0, hi: 0 };
    for (const text of texts) {
      const gaps = missingTranslations(text, text.translations);
      for (const language of translatedLanguages) missing[language] += gaps[language].length;
    }
    return { ...service, missingTranslations: missing };
  });
}

const duplicateServiceName = (error: unknown, name: string | undefined) =>
  databaseErrorCode(error) === PG_UNIQUE_VIOLATION
    ? new AppError(409, `A service named "${name}" already exists`, undefined, 'name')
    : error;

async function serviceAnswer(db: Queryable, id: number): Promise<Service> {
  const found = (await listServices(db as Database)).find((service) => service.id === id);
  if (!found) throw notFound('Service');
  return found;
}

export async function createService(
  db: Database,
  body: { name: string; translations?: SentTranslations | undefined },
): Promise<Service> {
  try {
    const [created] = await db
      .insert(services)
      .values({ name: body.name, translations: mergeTranslations({}, body.translations) })
      .returning({ id: services.id });
    if (!created) throw new Error('insert returned no row');
    return await serviceAnswer(db, created.id);
  } catch (error) {
    throw duplicateServiceName(error, body.name);
  }
}

/**
 * A service renamed or translated. Its cases' history keeps the name each change was made under;
 * the tracker, emails and screens show the new one at once.
 */
export async function updateService(
  db: Database,
  id: number,
  body: { name?: string | undefined; translations?: SentTranslations | undefined },
): Promise<Service> {
  try {
    await db.transaction(async (tx) => {
      const [found] = await tx
        .select({ translations: services.translations })
        .from(services)
        .where(eq(services.id, id))
        .for('update');
      if (!found) throw notFound('Service');
      await tx
        .update(services)
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.translations !== undefined
            ? { translations: mergeTranslations(found.translations, body.translations) }
            : {}),
        })
        .where(eq(services.id, id));
    });
  } catch (error) {
    throw duplicateServiceName(error, body.name);
  }
  return serviceAnswer(db, id);
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

type StepExplanation = {
  description?: string | null | undefined;
  expected_days?: number | null | undefined;
  translations?: SentTranslations | undefined;
};

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
        translations: mergeTranslations({}, input.translations),
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

/**
 * Deletes a step no case is on; cases then on the service's new last step complete, and are told
 * so. Refused (409, code STEP_IN_USE) while cases are at it: the screen links to them (the list's
 * step filter) so staff can move them first.
 */
export async function deleteStep(db: Database, notify: NotificationDeps, stepId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [step] = await tx.select(stepColumns).from(steps).where(eq(steps.id, stepId));
    if (!step) throw notFound('Step');
    await assertServiceExists(tx, step.service_id, true);
    const [usage] = await tx.select({ n: count() }).from(caseServices).where(eq(caseServices.currentStepId, stepId));
    if (usage && usage.n > 0) {
      throw new AppError(
        409,
        `This step is the current step of ${usage.n} case(s); move them to another step first`,
        STEP_IN_USE,
      );
    }
    await tx.delete(steps).where(eq(steps.id, stepId));
    await refreshCaseStatuses(tx, notify, { serviceId: step.service_id }, now);
  });
}

/**
 * Renames a step, changes its public explanation or its translations; a field not sent stays as it
 * is. A new name shows at once on the tracker, the screens and the emails still waiting; the
 * history keeps the name each move was made under. The cases at the step are found by the new
 * name and are overdue by its new expected days.
 */
export async function updateStep(
  db: Database,
  stepId: number,
  input: StepExplanation & { name?: string | undefined },
): Promise<Step> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ serviceId: steps.serviceId, name: steps.name, translations: steps.translations })
      .from(steps)
      .where(eq(steps.id, stepId));
    if (!found) throw notFound('Step');
    await assertServiceExists(tx, found.serviceId, true);
    if (input.name !== undefined && input.name.toLowerCase() !== found.name.toLowerCase()) {
      const [taken] = await tx
        .select({ id: steps.id })
        .from(steps)
        .where(and(eq(steps.serviceId, found.serviceId), sql`lower(${steps.name}) = lower(${input.name})`));
      if (taken) throw new AppError(409, `This service already has a step named "${input.name}"`, undefined, 'name');
    }
    const [updated] = await tx
      .update(steps)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.expected_days !== undefined ? { expectedDays: input.expected_days } : {}),
        ...(input.translations !== undefined
          ? { translations: mergeTranslations(found.translations as Translations, input.translations) }
          : {}),
      })
      .where(eq(steps.id, stepId))
      .returning(stepColumns);
    if (!updated) throw notFound('Step');
    if (input.name !== undefined || input.expected_days !== undefined) await refreshStepFacts(tx, [stepId]);
    return updated;
  });
}

/**
 * Puts a service's steps in a new order: `stepIds` names every step once. The steps keep the
 * sequence numbers they had between them (1, 2, 3 or 10, 20, 30), given out in the new order, so
 * nothing else about them changes. Cases whose service is now on its last step complete (and are
 * told so), as when a step is added or removed.
 */
export async function reorderSteps(
  db: Database,
  notify: NotificationDeps,
  serviceId: number,
  stepIds: number[],
  now: Date,
): Promise<Step[]> {
  return db.transaction(async (tx) => {
    await assertServiceExists(tx, serviceId, true);
    const existing = await tx
      .select({ id: steps.id, sequence: steps.sequence })
      .from(steps)
      .where(eq(steps.serviceId, serviceId))
      .orderBy(asc(steps.sequence));
    const named = new Set(stepIds);
    if (named.size !== stepIds.length || named.size !== existing.length || existing.some((s) => !named.has(s.id)))
      throw new AppError(
        400,
        `Name each of the service's ${existing.length} step(s) once, in their new order`,
        undefined,
        'stepIds',
      );
    const sequences = existing.map((s) => s.sequence);
    // Out of the way first (the numbers are unique per service), then each at its place.
    await tx
      .update(steps)
      .set({ sequence: sql`-${steps.sequence}` })
      .where(and(eq(steps.serviceId, serviceId), inArray(steps.id, stepIds)));
    for (const [index, id] of stepIds.entries())
      await tx
        .update(steps)
        .set({ sequence: sequences[index] ?? index + 1 })
        .where(eq(steps.id, id));
    await refreshCaseStatuses(tx, notify, { serviceId }, now);
    return tx.select(stepColumns).from(steps).where(eq(steps.serviceId, serviceId)).orderBy(asc(steps.sequence));
  });
}
