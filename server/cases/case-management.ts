import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  type AdminCase,
  type CaseDetails,
  type CaseService,
  type CasesOverview,
  type CaseStatus,
  type DashboardMetrics,
} from '../../contracts/cases.js';
import type { ApplicantLanguageCode } from '../../contracts/case-documents.js';
import type pg from 'pg';
import type { Database, Queryable } from '../db/client.js';
import { caseAdmins, caseEvents, cases, caseServices, services, stepChanges, steps } from '../db/schema/cases.js';
import { AppError, fieldError, notFound } from '../platform/errors.js';
import { endApplicantSignIns } from './applicant-sign-ins.js';
import { recordCaseEvents, type CaseEventInput } from './case-events.js';
import {
  caseListOrderBy,
  caseListPage,
  caseListPageRows,
  caseListSortedColumns,
  caseListWhereClause,
  countCaseList,
  estimateCaseList,
  EXACT_COUNT_LIMIT,
  toStatement,
  type CaseListFilter,
  type CaseListTotal,
} from './case-list-query.js';
import { addClientEmailRecipients, sendCaseCreatedEmails, type NotificationDeps } from './case-notifications.js';
import { refreshCaseStatuses, setInitialCaseStatuses } from './case-status.js';
import type { ActingAdmin } from './case-events.js';

const RECENT_CASES = 5;

type CaseRow = typeof cases.$inferSelect;

function toAdminCase(row: CaseRow, caseServicesOfCase: CaseService[], owner: AdminCase['owner']): AdminCase {
  return {
    id: row.id,
    case_number: row.caseNumber,
    passport_number: row.passportNumber,
    client_name: row.clientName,
    client_email: row.clientEmail,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    CaseServices: caseServicesOfCase,
    owner,
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

/** The counts by status and the recent cases; the route adds the overdue count (step-estimates.ts). */
export async function dashboardMetrics(db: Database): Promise<Omit<DashboardMetrics, 'overdueCases'>> {
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

type CaseListRow = {
  id: number;
  case_number: string;
  passport_number: string;
  client_name: string;
  client_email: string | null;
  status: CaseStatus;
  created_at: Date;
  updated_at: Date;
  services: {
    id: number;
    service_id: number;
    service_name: string;
    current_step: string | null;
    last_updated: string;
  }[];
  owner: { id: number; email: string } | null;
};

/**
 * A page's columns, with each case's services aggregated as JSON, read from the cases joined to the
 * page's ids (so only the page's services are aggregated).
 */
const pageColumns = sql`cases.id, cases.case_number, cases.passport_number, cases.client_name, cases.client_email, cases.status, cases.created_at, cases.updated_at,
  coalesce((
    SELECT json_agg(json_build_object('id', cs.id, 'service_id', cs.service_id, 'service_name', s.name,
                                      'current_step', st.name, 'last_updated', cs.last_updated) ORDER BY cs.id)
    FROM ${caseServices} cs JOIN ${services} s ON s.id = cs.service_id LEFT JOIN ${steps} st ON st.id = cs.current_step_id
    WHERE cs.case_id = cases.id
  ), '[]') AS services,
  (SELECT json_build_object('id', a.id, 'email', a.email) FROM ${caseAdmins} a WHERE a.id = cases.owner_admin_id) AS owner`;

/**
 * One page of the list in index order: the page's ids are cut first, off the index of its sort
 * (caseListPageRows: which stops after offset + limit matches), then only the page's cases are
 * read, with their services.
 */
async function listCasePage(pool: pg.Pool, filter: CaseListFilter): Promise<AdminCase[]> {
  const orderBy = sql.join(caseListOrderBy(filter), sql`, `);
  const { rows } = await pool.query<CaseListRow>(
    toStatement(sql`
    SELECT ${pageColumns}
    FROM (${caseListPageRows(filter)}) AS page
    JOIN ${cases} ON cases.id = page.id
    ORDER BY ${orderBy}`),
  );
  return rows.map(toListedCase);
}

/**
 * A searched list in one statement when at most EXACT_COUNT_LIMIT cases match: the trigram index's
 * matches are read once (with the columns of the sort), counted, and sorted for the page. Walking a
 * sort index instead stops soon only when the matches come early in its order; when they sit at its
 * far end (the last case numbers, sorted by case number descending) it reads nearly every case.
 * `undefined` when more match: then the sort index is walked, which meets that many matches soon
 * unless they cluster at the far end of the order (then it reads the table's index once), and the
 * total is estimated.
 */
async function listSearchMatches(
  pool: pg.Pool,
  filter: CaseListFilter,
): Promise<({ cases: AdminCase[] } & CaseListTotal) | undefined> {
  const orderBy = sql.join(caseListOrderBy(filter), sql`, `);
  const { limit, offset } = caseListPage(filter);
  const cap = sql.raw(String(EXACT_COUNT_LIMIT));
  const capAndOne = sql.raw(String(EXACT_COUNT_LIMIT + 1));
  const { rows } = await pool.query<{ total: number } & (CaseListRow | { id: null })>(
    toStatement(sql`
    WITH matches AS MATERIALIZED (
      SELECT ${caseListSortedColumns(filter)} FROM ${cases} ${caseListWhereClause(filter)} LIMIT ${capAndOne}
    ),
    total AS (SELECT count(*)::int AS n FROM matches),
    page AS (
      SELECT cases.id FROM matches AS cases WHERE (SELECT n FROM total) <= ${cap} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}
    )
    SELECT total.n AS total, ${pageColumns}
    FROM total LEFT JOIN (page JOIN ${cases} ON cases.id = page.id) ON true
    ORDER BY ${orderBy}`),
  );
  const total = rows[0]?.total ?? 0;
  if (total > EXACT_COUNT_LIMIT) return undefined;
  return {
    cases: rows.filter((row): row is { total: number } & CaseListRow => row.id !== null).map(toListedCase),
    total,
    estimated: false,
  };
}

function toListedCase(row: CaseListRow): AdminCase {
  return {
    id: row.id,
    case_number: row.case_number,
    passport_number: row.passport_number,
    client_name: row.client_name,
    client_email: row.client_email,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    CaseServices: row.services.map((s) => ({
      id: s.id,
      service_id: s.service_id,
      current_step: s.current_step,
      last_updated: new Date(s.last_updated).toISOString(),
      Service: { id: s.service_id, name: s.service_name },
    })),
    owner: row.owner,
  };
}

/**
 * A page of the list and the total (exact up to EXACT_COUNT_LIMIT matches, estimated above). A
 * search reads its matches first (listSearchMatches); without one, or past the limit, the page is
 * read off the sort's index while the total is counted or estimated.
 */
export async function listCases(
  pool: pg.Pool,
  filter: CaseListFilter,
): Promise<{ cases: AdminCase[] } & CaseListTotal> {
  if (!filter.search) {
    const [page, total] = await Promise.all([listCasePage(pool, filter), countCaseList(pool, filter)]);
    return { cases: page, ...total };
  }
  const fewMatches = await listSearchMatches(pool, filter);
  if (fewMatches) return fewMatches;
  const [page, total] = await Promise.all([listCasePage(pool, filter), estimateCaseList(pool, filter)]);
  return { cases: page, ...total };
}

// ---- One case

async function loadCase(db: Queryable, id: number): Promise<AdminCase> {
  const [found] = await db
    .select({ row: cases, ownerEmail: caseAdmins.email })
    .from(cases)
    .leftJoin(caseAdmins, eq(caseAdmins.id, cases.ownerAdminId))
    .where(eq(cases.id, id));
  if (!found) throw notFound('Case');
  const { row, ownerEmail } = found;
  const servicesByCase = await loadCaseServices(db, [id]);
  return toAdminCase(
    row,
    servicesByCase.get(id) ?? [],
    row.ownerAdminId !== null && ownerEmail !== null ? { id: row.ownerAdminId, email: ownerEmail } : null,
  );
}

/** The case with its history; the routes add its document checklist (case-documents.ts). */
export async function caseDetails(db: Database, id: number): Promise<Omit<CaseDetails, 'documents'>> {
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
  const events = await db
    .select({
      id: caseEvents.id,
      kind: caseEvents.kind,
      summary: caseEvents.summary,
      changedBy: caseEvents.changedByEmail,
      changedAt: caseEvents.changedAt,
    })
    .from(caseEvents)
    .where(eq(caseEvents.caseId, id))
    .orderBy(desc(caseEvents.changedAt), desc(caseEvents.id))
    .limit(500);
  return {
    ...found,
    history: history.map((entry) => ({ ...entry, changedAt: entry.changedAt.toISOString() })),
    events: events.map((entry) => ({ ...entry, changedAt: entry.changedAt.toISOString() })),
  };
}

// ---- Writes

export async function assertServicesExist(tx: Queryable, serviceIds: number[]): Promise<void> {
  if (serviceIds.length === 0) return;
  const found = await tx.select({ id: services.id }).from(services).where(inArray(services.id, serviceIds));
  const missing = serviceIds.filter((id) => !found.some((row) => row.id === id));
  if (missing.length) throw new AppError(400, `Unknown service id(s): ${missing.join(', ')}`);
}

/** Subscribes a case to services, each starting on its first step. */
export async function addCaseServices(tx: Queryable, caseId: number, serviceIds: number[], now: Date): Promise<void> {
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

/** "Documents Verification, License Registration" for history entries. */
export async function serviceNames(tx: Queryable, serviceIds: number[]): Promise<string> {
  if (serviceIds.length === 0) return '';
  const rows = await tx
    .select({ id: services.id, name: services.name })
    .from(services)
    .where(inArray(services.id, serviceIds));
  return serviceIds.map((id) => rows.find((row) => row.id === id)?.name ?? `#${id}`).join(', ');
}

/** Every case admin, for choosing a case's owner (staff accounts are few: a capped list, by email). */
export const CASE_ADMINS_LISTED = 500;
export async function listCaseAdmins(db: Queryable): Promise<{ id: number; email: string }[]> {
  return db
    .select({ id: caseAdmins.id, email: caseAdmins.email })
    .from(caseAdmins)
    .orderBy(asc(caseAdmins.email))
    .limit(CASE_ADMINS_LISTED);
}

/** The owner's email, or a 400 about `ownerId` when there is no such admin. */
async function ownerEmailOf(tx: Queryable, ownerId: number): Promise<string> {
  const [owner] = await tx.select({ email: caseAdmins.email }).from(caseAdmins).where(eq(caseAdmins.id, ownerId));
  if (!owner) throw fieldError('ownerId', 'Choose the owner among the staff: there is no such admin');
  return owner.email;
}

// Without easily confused characters (0/O, 1/I/L), for numbers read over the phone.
const CASE_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function generateCaseNumber(now: Date): string {
  const suffix = Array.from({ length: 6 }, () => CASE_NUMBER_ALPHABET[randomInt(CASE_NUMBER_ALPHABET.length)]).join('');
  return `PW-${now.getUTCFullYear()}-${suffix}`;
}

/** Case numbers are kept upper-case, so look-ups need not care how they were typed. */
export const normalizeCaseNumber = (caseNumber: string) => caseNumber.trim().toUpperCase();

export async function createCase(
  db: Database,
  input: {
    case_number?: string | undefined;
    passport_number: string;
    client_name: string;
    client_email?: string | null | undefined;
    serviceIds: number[];
    applicant_language?: ApplicantLanguageCode | undefined;
    ownerId?: number | null | undefined;
  },
  admin: ActingAdmin,
  now: Date,
  notify: Pick<NotificationDeps, 'mailer' | 'link' | 'unsubscribeToken'>,
): Promise<AdminCase> {
  return db.transaction(async (tx) => {
    await assertServicesExist(tx, input.serviceIds);
    // Whoever creates a case owns it unless they name someone else (or nobody); the history names
    // an owner other than the creator.
    const ownerId = input.ownerId === undefined ? admin.id : input.ownerId;
    const ownerEmail = ownerId === null ? null : ownerId === admin.id ? admin.email : await ownerEmailOf(tx, ownerId);
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
          clientEmail: input.client_email ?? null,
          ...(input.applicant_language ? { applicantLanguage: input.applicant_language } : {}),
          ownerAdminId: ownerId,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: cases.caseNumber })
        .returning({ id: cases.id });
      if (!inserted && requested)
        throw new AppError(409, `Case number ${requested} already exists`, undefined, 'case_number');
      id = inserted?.id;
    }
    await addCaseServices(tx, id, input.serviceIds, now);
    await setInitialCaseStatuses(tx, { caseIds: [id] });
    await addClientEmailRecipients(tx, [{ caseId: id, email: input.client_email ?? null }], now);
    await sendCaseCreatedEmails(tx, notify, [id]);
    const names = await serviceNames(tx, input.serviceIds);
    await recordCaseEvents(
      tx,
      [
        {
          caseId: id,
          kind: 'case created',
          summary: `Case created${names ? ` with ${names}` : ' without services'}${ownerId !== null && ownerId !== admin.id ? `, owned by ${ownerEmail}` : ''}`,
        },
      ],
      admin,
      now,
    );
    return loadCase(tx, id);
  });
}

export async function deleteCase(db: Database, id: number): Promise<void> {
  const deleted = await db.delete(cases).where(eq(cases.id, id)).returning({ id: cases.id });
  if (deleted.length === 0) throw notFound('Case');
}

/**
 * Makes the case's services exactly these: new ones start on their first step, removed ones go
 * (removing the last unfinished one completes the case, which the applicant is told).
 */
export async function setCaseServices(
  db: Database,
  notify: NotificationDeps,
  caseId: number,
  input: {
    serviceIds: number[];
    client_email?: string | null | undefined;
    client_name?: string | undefined;
    passport_number?: string | undefined;
    reason?: string | null | undefined;
    ownerId?: number | null | undefined;
  },
  admin: ActingAdmin,
  now: Date,
): Promise<AdminCase> {
  const { serviceIds } = input;
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({
        id: cases.id,
        clientEmail: cases.clientEmail,
        clientName: cases.clientName,
        passportNumber: cases.passportNumber,
        ownerAdminId: cases.ownerAdminId,
      })
      .from(cases)
      .where(eq(cases.id, caseId))
      .for('update');
    if (!locked) throw notFound('Case');
    // Who the case is about changes only for a stated reason, kept in the history.
    const identity = [
      { field: 'Client name', column: 'clientName', from: locked.clientName, to: input.client_name },
      { field: 'Passport number', column: 'passportNumber', from: locked.passportNumber, to: input.passport_number },
    ] as const;
    const renamed = identity.filter((item) => item.to !== undefined && item.to !== item.from);
    if (renamed.length && !input.reason)
      throw fieldError(
        'reason',
        `Give a reason for changing the ${renamed.map((item) => item.field.toLowerCase()).join(' and the ')}`,
      );
    await assertServicesExist(tx, serviceIds);
    const current = await tx
      .select({ serviceId: caseServices.serviceId })
      .from(caseServices)
      .where(eq(caseServices.caseId, caseId));
    const added = serviceIds.filter((id) => !current.some((row) => row.serviceId === id));
    const removed = current.map((row) => row.serviceId).filter((id) => !serviceIds.includes(id));
    const events: CaseEventInput[] = [];
    if (added.length)
      events.push({ caseId, kind: 'services added', summary: `Services added: ${await serviceNames(tx, added)}` });
    if (removed.length)
      events.push({
        caseId,
        kind: 'services removed',
        summary: `Services removed: ${await serviceNames(tx, removed)}`,
      });
    if (input.client_email !== undefined && input.client_email !== locked.clientEmail) {
      await tx.update(cases).set({ clientEmail: input.client_email }).where(eq(cases.id, caseId));
      await addClientEmailRecipients(tx, [{ caseId, email: input.client_email }], now);
      events.push({
        caseId,
        kind: 'case edited',
        summary: input.client_email ? `Applicant email set to ${input.client_email}` : 'Applicant email removed',
      });
    }
    if (input.ownerId !== undefined && input.ownerId !== locked.ownerAdminId) {
      const ownerEmail = input.ownerId === null ? null : await ownerEmailOf(tx, input.ownerId);
      await tx.update(cases).set({ ownerAdminId: input.ownerId }).where(eq(cases.id, caseId));
      events.push({
        caseId,
        kind: 'case edited',
        summary: ownerEmail ? `Owner set to ${ownerEmail}` : 'Owner removed',
      });
    }
    for (const item of renamed) {
      await tx
        .update(cases)
        .set({ [item.column]: item.to })
        .where(eq(cases.id, caseId));
      events.push({
        caseId,
        kind: 'case edited',
        summary: `${item.field} changed from "${item.from}" to "${item.to}". Reason: ${input.reason}`,
      });
    }
    // Whoever signed in through the old address or passport number may not be the applicant: their
    // sessions and unused links end with the correction (issue 35: one replaced a document after it).
    const emailChanged = input.client_email !== undefined && input.client_email !== locked.clientEmail;
    const passportChanged = renamed.some((item) => item.column === 'passportNumber');
    if (emailChanged || passportChanged) {
      const ended = await endApplicantSignIns(tx, caseId);
      const because = emailChanged ? 'the applicant email changed' : 'the passport number changed';
      events.push({
        caseId,
        kind: 'applicant sign-ins ended',
        summary: `Ended the applicant's sign-ins because ${because} (${ended.sessions} signed in, ${ended.links} unused link${ended.links === 1 ? '' : 's'})`,
      });
    }
    await recordCaseEvents(tx, events, admin, now);
    await tx
      .delete(caseServices)
      .where(
        and(
          eq(caseServices.caseId, caseId),
          serviceIds.length ? notInArray(caseServices.serviceId, serviceIds) : undefined,
        ),
      );
    await addCaseServices(tx, caseId, added, now);
    await tx.update(cases).set({ updatedAt: now }).where(eq(cases.id, caseId));
    await refreshCaseStatuses(tx, notify, { caseIds: [caseId] }, now);
    return loadCase(tx, caseId);
  });
}
