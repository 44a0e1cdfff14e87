import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import {
  type AdminCase,
  type CaseDetails,
  type CaseService,
  type CasesOverview,
  type CaseStatus,
  type DashboardMetrics,
} from '../../contracts/cases.js';
import type { Database, Queryable } from '../db/client.js';
import { caseAdmins, caseEvents, cases, caseServices, services, stepChanges, steps } from '../db/schema/cases.js';
import { notFound } from '../platform/errors.js';
import { caseChecklist } from './case-documents.js';
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
import { countOverdueCases } from './step-estimates.js';

/*
 * What staff read about cases: the dashboard, the list, one case with its history and documents,
 * the staff who may own one. Nothing here writes; case-writes.ts holds the changes.
 */

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

/** The counts by status, the cases overdue as of `now` (step-estimates.ts) and the recently changed cases. */
export async function dashboardMetrics(db: Database, now: Date): Promise<DashboardMetrics> {
  const [counts, recent, overdueCases] = await Promise.all([
    countByStatus(db),
    db
      .select({ id: cases.id, case_number: cases.caseNumber, updatedAt: cases.updatedAt })
      .from(cases)
      .orderBy(desc(cases.updatedAt), desc(cases.id))
      .limit(RECENT_CASES),
    countOverdueCases(db, now),
  ]);
  return {
    totalCases: counts['Under Review'] + counts['In Progress'] + counts.Completed,
    activeCases: counts['In Progress'],
    pendingCases: counts['Under Review'],
    completedCases: counts.Completed,
    recentCases: recent.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
    overdueCases,
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

/** A listed case from its row; the bench's bare baseline answers through this function too (from the build). */
export function toListedCase(row: CaseListRow): AdminCase {
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

/** One case as the list shows it, with its services and owner; a 404 when there is none. */
export async function loadCase(db: Queryable, id: number): Promise<AdminCase> {
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

/** The case's page: the case, its step history, its other events and its document checklist (case-documents.ts). */
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
    documents: await caseChecklist(db, id),
  };
}

// ---- Staff

/** Every case admin, for choosing a case's owner (staff accounts are few: a capped list, by email). */
export const CASE_ADMINS_LISTED = 500;
export async function listCaseAdmins(db: Queryable): Promise<{ id: number; email: string }[]> {
  return db
    .select({ id: caseAdmins.id, email: caseAdmins.email })
    .from(caseAdmins)
    .orderBy(asc(caseAdmins.email))
    .limit(CASE_ADMINS_LISTED);
}
