import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type pg from 'pg';
import {
  type AdminCase,
  type CaseDetails,
  type CasesOverview,
  type CaseStatus,
  type DashboardMetrics,
} from '../../contracts/cases.js';
import { compactPassportNumber } from '../../contracts/case-languages.js';
import type { Database, Queryable } from '../db/client.js';
import { caseAdmins, caseDocuments, caseEvents, cases, stepChanges } from '../db/schema/cases.js';
import { notFound } from '../platform/errors.js';
import { caseChecklist } from './case-documents.js';
import {
  caseListOrderBy,
  caseListPage,
  caseListPageRows,
  caseListSortedColumns,
  caseListWhereClause,
  countCaseList,
  EXACT_COUNT_LIMIT,
  estimatedTotal,
  isFarAboveLimit,
  plannedCaseListMatches,
  settledTotal,
  stepGroupsListStatement,
  stepGroupsStatement,
  STEP_GROUPS_MAX,
  toStatement,
  searchWords,
  type CaseListFilter,
  type CaseListTotal,
  type StepGroup,
} from './case-list-query.js';
import { CASE_LIST_PAGE_COLUMNS, listedCase, type CaseListRow } from './case-list-rows.js';
import { lateStepsFor } from './late-steps.js';
import { progressOfCase } from './progress-lookup.js';
import { countOverdueCases } from './step-estimates.js';

/*
 * What staff read about cases: the dashboard, the list, one case with its history and documents,
 * the staff who may own one. Nothing here writes; case-writes.ts holds the changes.
 */

const RECENT_CASES = 5;
const DASHBOARD_LATE_STEPS = 10;

/** The given cases as the list shows them, with their services and owners, in the order of `caseIds`. */
async function readCases(db: Queryable, caseIds: number[], at: Date): Promise<AdminCase[]> {
  if (caseIds.length === 0) return [];
  const result = await db.execute<CaseListRow>(
    sql`SELECT ${sql.raw(CASE_LIST_PAGE_COLUMNS)} FROM ${cases} WHERE cases.id IN (${sql.join(
      caseIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const byId = new Map(result.rows.map((row) => [row.id, listedCase(row, at)]));
  return caseIds.map((id) => byId.get(id)).filter((found): found is AdminCase => found !== undefined);
}

// ---- Dashboard

async function countByStatus(db: Database): Promise<Record<CaseStatus, number>> {
  const rows = await db.select({ status: cases.status, n: count() }).from(cases).groupBy(cases.status);
  const counts: Record<CaseStatus, number> = { 'Under Review': 0, 'In Progress': 0, Completed: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/**
 * The counts by status, the cases overdue as of `now` (step-estimates.ts), the recently changed
 * cases, and (ours) what waits for this admin: documents to review and their own open cases.
 */
export async function dashboardMetrics(db: Database, now: Date, adminId: number): Promise<DashboardMetrics> {
  const [counts, recent, overdueCases, [toReview], [mine], lateSteps] = await Promise.all([
    countByStatus(db),
    db
      .select({ id: cases.id, case_number: cases.caseNumber, updatedAt: cases.updatedAt })
      .from(cases)
      .orderBy(desc(cases.updatedAt), desc(cases.id))
      .limit(RECENT_CASES),
    countOverdueCases(db, now),
    db.select({ n: count() }).from(caseDocuments).where(eq(caseDocuments.status, 'uploaded')),
    db
      .select({ n: count() })
      .from(cases)
      .where(and(eq(cases.ownerAdminId, adminId), ne(cases.status, 'Completed'))),
    lateStepsFor(db, adminId, DASHBOARD_LATE_STEPS),
  ]);
  return {
    documentsToReview: toReview?.n ?? 0,
    myOpenCases: mine?.n ?? 0,
    totalCases: counts['Under Review'] + counts['In Progress'] + counts.Completed,
    activeCases: counts['In Progress'],
    pendingCases: counts['Under Review'],
    completedCases: counts.Completed,
    recentCases: recent.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
    overdueCases,
    lateSteps,
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

const pageColumns = sql.raw(CASE_LIST_PAGE_COLUMNS);

/**
 * One page of the list in index order: the page's ids are cut first, off the index of its sort
 * (caseListPageRows: which stops after offset + limit matches), then only the page's cases are
 * read, with their services.
 */
async function listCasePage(pool: pg.Pool, filter: CaseListFilter, at: Date): Promise<AdminCase[]> {
  const orderBy = sql.join(caseListOrderBy(filter), sql`, `);
  const { rows } = await pool.query<CaseListRow>(
    toStatement(sql`
    SELECT ${pageColumns}
    FROM (${caseListPageRows(filter)}) AS page
    JOIN ${cases} ON cases.id = page.id
    ORDER BY ${orderBy}`),
  );
  return rows.map((row) => listedCase(row, at));
}

/**
 * A searched list in one statement when at most `limit` cases match: the trigram index's
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
  at: Date,
  limit: number,
): Promise<({ cases: AdminCase[] } & CaseListTotal) | undefined> {
  const orderBy = sql.join(caseListOrderBy(filter), sql`, `);
  const page = caseListPage(filter);
  const cap = sql.raw(String(limit));
  const capAndOne = sql.raw(String(limit + 1));
  const { rows } = await pool.query<{ total: number } & (CaseListRow | { id: null })>(
    toStatement(sql`
    WITH matches AS MATERIALIZED (
      SELECT ${caseListSortedColumns(filter)} FROM ${cases} ${caseListWhereClause(filter)} LIMIT ${capAndOne}
    ),
    total AS (SELECT count(*)::int AS n FROM matches),
    page AS (
      SELECT cases.id FROM matches AS cases WHERE (SELECT n FROM total) <= ${cap} ORDER BY ${orderBy} LIMIT ${page.limit} OFFSET ${page.offset}
    )
    SELECT total.n AS total, ${pageColumns}
    FROM total LEFT JOIN (page JOIN ${cases} ON cases.id = page.id) ON true
    ORDER BY ${orderBy}`),
  );
  const total = rows[0]?.total ?? 0;
  if (total > limit) return undefined;
  return {
    cases: rows
      .filter((row): row is { total: number } & CaseListRow => row.id !== null)
      .map((row) => listedCase(row, at)),
    total,
    estimated: false,
  };
}

/**
 * A searched list by step groups (case-list-query.ts, stepGroupsStatement): a search for a step's
 * name reads its page off the groups' indexes and counts them there. `undefined` when the search
 * has no group at any status (or too many), or when more than `limit` cases match outside the
 * groups (they were not all read).
 */
async function listByStepGroups(
  pool: pg.Pool,
  filter: CaseListFilter,
  at: Date,
  limit: number,
): Promise<({ cases: AdminCase[] } & CaseListTotal) | undefined> {
  const groupsQuery = stepGroupsStatement(filter);
  if (!groupsQuery) return undefined;
  const { rows: groups } = await pool.query<StepGroup>(toStatement(groupsQuery));
  if (groups.length === 0 || groups.length > STEP_GROUPS_MAX) return undefined;
  const atStatus = filter.status ? groups.filter((group) => group.status === filter.status) : groups;
  const { rows } = await pool.query<{ otherMatches: number; stepMatches: number } & (CaseListRow | { id: null })>(
    toStatement(stepGroupsListStatement(filter, atStatus, limit, pageColumns)),
  );
  const others = rows[0]?.otherMatches ?? 0;
  const total = others + (rows[0]?.stepMatches ?? 0);
  if (others > limit) return undefined;
  const page = rows
    .filter((row): row is { otherMatches: number; stepMatches: number } & CaseListRow => row.id !== null)
    .map((row) => listedCase(row, at));
  if (total <= limit) return { cases: page, total, estimated: false };
  const planned = await plannedCaseListMatches(pool, filter);
  return { cases: page, ...settledTotal(estimatedTotal(planned, limit), filter, page.length) };
}

/** A listed case from its row; the bench's bare baseline answers through this function too (from the build). */
// One argument: the baseline maps rows with it (Array.prototype.map passes an index second).
export function toListedCase(row: CaseListRow): AdminCase {
  return listedCase(row, new Date());
}

/**
 * A page of the list and the total: exact up to `exactCountLimit` matches (EXACT_COUNT_LIMIT, or the
 * configured CASE_LIST_EXACT_COUNT_LIMIT), estimated above. When the planner expects far more than
 * the limit to match (countCaseList, isFarAboveLimit), nothing is counted: the page is read off the
 * sort's index and the total is the estimate. Otherwise a search reads its matches first
 * (listSearchMatches); without one, or past the limit, the page is read off the sort's index while
 * the total is counted or estimated.
 */
export async function listCases(
  pool: pg.Pool,
  filter: CaseListFilter,
  at: Date,
  exactCountLimit = EXACT_COUNT_LIMIT,
): Promise<{ cases: AdminCase[]; nearMatches: boolean } & CaseListTotal> {
  if (!filter.search) {
    const [page, total] = await Promise.all([
      listCasePage(pool, filter, at),
      countCaseList(pool, filter, exactCountLimit),
    ]);
    return { cases: page, nearMatches: false, ...settledTotal(total, filter, page.length) };
  }
  const byStepGroups = await listByStepGroups(pool, filter, at, exactCountLimit);
  if (byStepGroups && byStepGroups.total > 0) return { ...byStepGroups, nearMatches: false };
  // Counted by groups and none matched: straight to the near matches below.
  const planned = byStepGroups ? 0 : await plannedCaseListMatches(pool, filter);
  const fewMatches =
    byStepGroups ??
    (isFarAboveLimit(planned, exactCountLimit)
      ? undefined
      : await listSearchMatches(pool, filter, at, exactCountLimit));
  // Nothing as typed: the names one typo away ("Aminah" finds "Amina"), said so by the answer.
  if (fewMatches?.total === 0 && searchWords(filter.search).some((word) => [...word].length >= 4)) {
    const nearFilter = { ...filter, nearMatches: true };
    // Step words: by groups again (as many as listSearchMatches reads: up to the limit).
    const byGroups = byStepGroups && (await listByStepGroups(pool, nearFilter, at, exactCountLimit));
    const near =
      byGroups && !byGroups.estimated ? byGroups : await listSearchMatches(pool, nearFilter, at, exactCountLimit);
    if (near && near.total > 0) return { ...near, nearMatches: true };
  }
  if (fewMatches) return { ...fewMatches, nearMatches: false };
  const page = await listCasePage(pool, filter, at);
  return {
    cases: page,
    nearMatches: false,
    ...settledTotal(estimatedTotal(planned, exactCountLimit), filter, page.length),
  };
}

// ---- One case

/** One case as the list shows it, with its services and owner, as of `at`; a 404 when there is none. */
export async function loadCase(db: Queryable, id: number, at: Date): Promise<AdminCase> {
  const [found] = await readCases(db, [id], at);
  if (!found) throw notFound('Case');
  return found;
}

/** The case's page: the case, its step history, its other events and its document checklist (case-documents.ts). */
export async function caseDetails(db: Database, id: number, at: Date, pool: pg.Pool): Promise<CaseDetails> {
  const found = await loadCase(db, id, at);
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
    // What the applicant is told, from the tracker's own answer (issue 41).
    readyToWork: (await progressOfCase(pool, found.case_number, at)).readyToWork,
  };
}

// ---- Staff

/** Every case admin, for choosing a case's owner (staff accounts are few: a capped list, by email). */
export const CASE_ADMINS_LISTED = 500;
export async function listCaseAdmins(db: Queryable): Promise<{ id: number; email: string; name: string | null }[]> {
  return db
    .select({ id: caseAdmins.id, email: caseAdmins.email, name: caseAdmins.name })
    .from(caseAdmins)
    .orderBy(asc(caseAdmins.email))
    .limit(CASE_ADMINS_LISTED);
}

/** One admin as staff and applicants see them; 404 when the account is gone. */
export async function caseAdminOf(
  db: Queryable,
  id: number,
): Promise<{ id: number; email: string; name: string | null }> {
  const [found] = await db
    .select({ id: caseAdmins.id, email: caseAdmins.email, name: caseAdmins.name })
    .from(caseAdmins)
    .where(eq(caseAdmins.id, id));
  if (!found) throw notFound('Admin');
  return found;
}

/**
 * The cases with this passport number however it is written (spaces, dashes, dots, case, Arabic or
 * Devanagari digits), through the index of migration 0030: the create form warns before a second
 * case is made for one applicant, and links to the first (issue 38).
 */
export async function casesWithPassport(
  db: Queryable,
  passportNumber: string,
): Promise<{ id: number; case_number: string; client_name: string; status: CaseStatus }[]> {
  return db
    .select({ id: cases.id, case_number: cases.caseNumber, client_name: cases.clientName, status: cases.status })
    .from(cases)
    .where(sql`upper(translate(${cases.passportNumber}, ' -.', '')) = ${compactPassportNumber(passportNumber)}`)
    .orderBy(desc(cases.createdAt), desc(cases.id))
    .limit(20);
}
