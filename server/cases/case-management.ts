import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  CASES_PAGE_SIZE,
  type AdminCase,
  type CaseDetails,
  type CaseService,
  type CasesOverview,
  type CaseStatus,
  type DashboardMetrics,
  type caseSortFields,
  type sortOrders,
} from '../../contracts/cases.js';
import type { Database, Queryable } from '../db/client.js';
import { cases, caseServices, services, stepChanges, steps } from '../db/schema/cases.js';
import { AppError, notFound } from '../platform/errors.js';
import { refreshCaseStatuses } from './case-status.js';

const RECENT_CASES = 5;

type CaseRow = typeof cases.$inferSelect;

function toAdminCase(row: CaseRow, caseServicesOfCase: CaseService[]): AdminCase {
  return {
    id: row.id,
    case_number: row.caseNumber,
    passport_number: row.passportNumber,
    client_name: row.clientName,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    CaseServices: caseServicesOfCase,
  };
}

/** The services of the given cases, grouped by case id, in the order they were assigned. */
async function loadCaseServices(db: Queryable, caseIds: number[]): Promise<Map<number, CaseService[]>> {
  const grouped = new Map<number, CaseService[]>(caseIds.map((id) => [id, []]));
  if (caseIds.length === 0) return grouped;
  const rows = await db
    .select({
      id: caseServices.id,
      caseId: caseServices.caseId,
      serviceId: caseServices.serviceId,
      serviceName: services.name,
      currentStep: steps.name,
      lastUpdated: caseServices.lastUpdated,
    })
    .from(caseServices)
    .innerJoin(services, eq(services.id, caseServices.serviceId))
    .leftJoin(steps, eq(steps.id, caseServices.currentStepId))
    .where(inArray(caseServices.caseId, caseIds))
    .orderBy(asc(caseServices.id));
  for (const row of rows) {
    grouped.get(row.caseId)?.push({
      id: row.id,
      service_id: row.serviceId,
      current_step: row.currentStep,
      last_updated: row.lastUpdated.toISOString(),
      Service: { id: row.serviceId, name: row.serviceName },
    });
  }
  return grouped;
}

// ---- Dashboard

async function countByStatus(db: Database): Promise<Record<CaseStatus, number>> {
  const rows = await db.select({ status: cases.status, n: count() }).from(cases).groupBy(cases.status);
  const counts: Record<CaseStatus, number> = { 'Under Review': 0, 'In Progress': 0, Completed: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

export async function dashboardMetrics(db: Database): Promise<DashboardMetrics> {
  const [counts, recent] = await Promise.all([
    countByStatus(db),
    db
      .select({ id: cases.id, case_number: cases.caseNumber, updatedAt: cases.updatedAt })
      .from(cases)
      .orderBy(desc(cases.updatedAt), desc(cases.id))
      .limit(RECENT_CASES),
  ]);
  return {
    totalCases: counts['Under Review'] + counts['In Progress'] + counts.Completed,
    activeCases: counts['In Progress'],
    pendingCases: counts['Under Review'],
    completedCases: counts.Completed,
    recentCases: recent.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
  };
}

export async function casesOverview(db: Database): Promise<CasesOverview> {
  const [counts, recent] = await Promise.all([
    countByStatus(db),
    db.select().from(cases).orderBy(desc(cases.createdAt), desc(cases.id)).limit(RECENT_CASES),
  ]);
  return {
    stats: { active: counts['In Progress'], completed: counts.Completed, pending: counts['Under Review'] },
    recentCases: recent.map((row) => ({
      id: row.id,
      caseNumber: row.caseNumber,
      clientName: row.clientName,
      status: row.status,
      lastUpdated: row.updatedAt.toISOString(),
    })),
  };
}

// ---- List

const sortColumns = {
  createdAt: cases.createdAt,
  case_number: cases.caseNumber,
  passport_number: cases.passportNumber,
} as const;

export type CaseListFilter = {
  search?: string | undefined;
  status?: CaseStatus | '' | undefined;
  sortBy?: (typeof caseSortFields)[number] | undefined;
  order?: (typeof sortOrders)[number] | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listCases(db: Database, filter: CaseListFilter): Promise<{ cases: AdminCase[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.search) conditions.push(ilike(cases.caseNumber, `%${escapeLike(filter.search)}%`));
  if (filter.status) conditions.push(eq(cases.status, filter.status));
  const where = conditions.length ? and(...conditions) : undefined;

  const direction = filter.order === 'ASC' ? asc : desc;
  const pageSize = filter.pageSize ?? CASES_PAGE_SIZE;
  const page = filter.page ?? 1;

  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(cases)
      .where(where)
      .orderBy(direction(sortColumns[filter.sortBy ?? 'createdAt']), direction(cases.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(cases).where(where),
  ]);
  const servicesByCase = await loadCaseServices(
    db,
    rows.map((row) => row.id),
  );
  return {
    cases: rows.map((row) => toAdminCase(row, servicesByCase.get(row.id) ?? [])),
    total: totalRow?.n ?? 0,
  };
}

// ---- One case

async function loadCase(db: Queryable, id: number): Promise<AdminCase> {
  const [row] = await db.select().from(cases).where(eq(cases.id, id));
  if (!row) throw notFound('Case');
  const servicesByCase = await loadCaseServices(db, [id]);
  return toAdminCase(row, servicesByCase.get(id) ?? []);
}

export async function caseDetails(db: Database, id: number): Promise<CaseDetails> {
  const found = await loadCase(db, id);
  const history = await db
    .select({
      id: stepChanges.id,
      caseServiceId: stepChanges.caseServiceId,
      serviceName: stepChanges.serviceName,
      fromStep: stepChanges.fromStep,
      toStep: stepChanges.toStep,
      changedBy: stepChanges.changedByEmail,
      changedAt: stepChanges.changedAt,
    })
    .from(stepChanges)
    .where(eq(stepChanges.caseId, id))
    .orderBy(desc(stepChanges.changedAt), desc(stepChanges.id))
    .limit(500);
  return { ...found, history: history.map((entry) => ({ ...entry, changedAt: entry.changedAt.toISOString() })) };
}

// ---- Writes

async function assertServicesExist(tx: Queryable, serviceIds: number[]): Promise<void> {
  if (serviceIds.length === 0) return;
  const found = await tx.select({ id: services.id }).from(services).where(inArray(services.id, serviceIds));
  const missing = serviceIds.filter((id) => !found.some((row) => row.id === id));
  if (missing.length) throw new AppError(400, `Unknown service id(s): ${missing.join(', ')}`);
}

/** Subscribes a case to services, each starting on its first step. */
async function addCaseServices(tx: Queryable, caseId: number, serviceIds: number[], now: Date): Promise<void> {
  if (serviceIds.length === 0) return;
  await tx.insert(caseServices).values(
    serviceIds.map((serviceId) => ({
      caseId,
      serviceId,
      currentStepId: sql`(SELECT id FROM steps WHERE service_id = ${serviceId} ORDER BY sequence LIMIT 1)`,
      lastUpdated: now,
    })),
  );
}

// Without easily confused characters (0/O, 1/I/L), for numbers read over the phone.
const CASE_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

function generateCaseNumber(now: Date): string {
  const suffix = Array.from({ length: 6 }, () => CASE_NUMBER_ALPHABET[randomInt(CASE_NUMBER_ALPHABET.length)]).join('');
  return `PW-${now.getUTCFullYear()}-${suffix}`;
}

/** Case numbers are kept upper-case, so look-ups need not care how they were typed. */
export const normalizeCaseNumber = (caseNumber: string) => caseNumber.trim().toUpperCase();

export async function createCase(
  db: Database,
  input: { case_number?: string | undefined; passport_number: string; client_name: string; serviceIds: number[] },
  now: Date,
): Promise<AdminCase> {
  return db.transaction(async (tx) => {
    await assertServicesExist(tx, input.serviceIds);
    const requested = input.case_number ? normalizeCaseNumber(input.case_number) : undefined;
    let id: number | undefined;
    for (let attempt = 0; id === undefined; attempt++) {
      if (!requested && attempt === 10) throw new Error('could not generate a unique case number');
      const [inserted] = await tx
        .insert(cases)
        .values({
          caseNumber: requested ?? generateCaseNumber(now),
          passportNumber: input.passport_number,
          clientName: input.client_name,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: cases.caseNumber })
        .returning({ id: cases.id });
      if (!inserted && requested) throw new AppError(409, `Case number ${requested} already exists`);
      id = inserted?.id;
    }
    await addCaseServices(tx, id, input.serviceIds, now);
    await refreshCaseStatuses(tx, { caseIds: [id] });
    return loadCase(tx, id);
  });
}

export async function deleteCase(db: Database, id: number): Promise<void> {
  const deleted = await db.delete(cases).where(eq(cases.id, id)).returning({ id: cases.id });
  if (deleted.length === 0) throw notFound('Case');
}

/** Makes the case's services exactly these: new ones start on their first step, removed ones go. */
export async function setCaseServices(db: Database, caseId: number, serviceIds: number[], now: Date): Promise<AdminCase> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: cases.id }).from(cases).where(eq(cases.id, caseId)).for('update');
    if (!locked) throw notFound('Case');
    await assertServicesExist(tx, serviceIds);
    const current = await tx.select({ serviceId: caseServices.serviceId }).from(caseServices).where(eq(caseServices.caseId, caseId));
    const added = serviceIds.filter((id) => !current.some((row) => row.serviceId === id));
    await tx
      .delete(caseServices)
      .where(
        and(eq(caseServices.caseId, caseId), serviceIds.length ? notInArray(caseServices.serviceId, serviceIds) : undefined),
      );
    await addCaseServices(tx, caseId, added, now);
    await tx.update(cases).set({ updatedAt: now }).where(eq(cases.id, caseId));
    await refreshCaseStatuses(tx, { caseIds: [caseId] });
    return loadCase(tx, caseId);
  });
}
