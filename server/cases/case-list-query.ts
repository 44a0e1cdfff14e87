import { and, eq, isNull, like, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { CASES_PAGE_SIZE, type caseSortFields, type CaseStatus, type sortOrders } from '../../contracts/cases.js';
import { cases } from '../db/schema/cases.js';
import { caseIsOverdue } from './step-estimates.js';

/**
 * The admin case list's filter, search and sort, built once for every reader of the list (the
 * paged list, and exports that walk the same rows). Each sort has an index that matches it, with
 * and without the status filter, and that holds the case number (migrations 0009 and 0011), so a
 * page is read off an index in order and a search is checked on the index alone.
 */
export type CaseListFilter = {
  search?: string | undefined;
  status?: CaseStatus | '' | undefined;
  sortBy?: (typeof caseSortFields)[number] | undefined;
  order?: (typeof sortOrders)[number] | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
  /** Only cases overdue at this time (the "Overdue" filter; see step-estimates.ts). */
  overdueAt?: Date | undefined;
  /** Only this admin's cases, or (null) the cases nobody owns yet. */
  ownerId?: number | null | undefined;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One search box finds a case by a substring of its number or of its client's name, passport
 * number or email. Case numbers are stored as every write normalizes them (`normalizeCaseNumber`:
 * upper-cased), so that part is normalized the same way and matches with LIKE, which the trigram
 * index serves and which PostgreSQL runs several times faster than ILIKE over the rows that index
 * cannot rule out (a search of one or two characters reads them all). The other fields are stored
 * folded in `search_text` (lower-case, accents removed: migration 0014), with a trigram index of
 * its own, and the search is folded by the same function; PostgreSQL combines the two indexes.
 */
function caseSearchMatches(search: string): SQL {
  return sql`(${caseNumberMatches(search)} OR ${searchTextMatches(search)})`;
}
const caseNumberMatches = (search: string) => like(cases.caseNumber, `%${escapeLike(search)}%`.toUpperCase());
const searchTextMatches = (search: string) =>
  sql`${cases.searchText} LIKE case_search_fold(${`%${escapeLike(search)}%`})`;
/** Case numbers hold only letters, digits and dashes (stored upper-case): another character cannot match one. */
const couldMatchCaseNumber = (search: string) => /^[A-Z0-9-]+$/.test(search.toUpperCase());

type CaseListWhere = Pick<CaseListFilter, 'search' | 'status' | 'overdueAt' | 'ownerId'>;

/** The list's conditions besides the search: status, overdue and owner. */
function filterConditions(filter: CaseListWhere): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(cases.status, filter.status));
  if (filter.ownerId !== undefined)
    conditions.push(filter.ownerId === null ? isNull(cases.ownerAdminId) : eq(cases.ownerAdminId, filter.ownerId));
  if (filter.overdueAt) conditions.push(caseIsOverdue(filter.overdueAt));
  return conditions;
}

/** The WHERE of the list: the search (trigram indexes), the status, overdue and the owner. */
export function caseListWhere(filter: CaseListWhere): SQL | undefined {
  const conditions = [...(filter.search ? [caseSearchMatches(filter.search)] : []), ...filterConditions(filter)];
  return conditions.length ? and(...conditions) : undefined;
}

/** `WHERE …` of the list, or nothing when there is neither a search nor a status. */
export function caseListWhereClause(filter: CaseListWhere): SQL {
  const where = caseListWhere(filter);
  return where ? sql`WHERE ${where}` : sql``;
}

/**
 * The columns of each sort of the list. Case numbers are unique, so they need no tie-breaker (and
 * without one the unique index serves the order); the other sorts break ties by id, as their
 * indexes do.
 */
const sortColumns = {
  createdAt: [cases.createdAt, cases.id],
  case_number: [cases.caseNumber],
  passport_number: [cases.passportNumber, cases.id],
} as const;

/**
 * The ORDER BY of the list. The columns are named as `cases.…`, so the same ORDER BY applies to
 * any row set named `cases` that has them (caseListSortedColumns).
 */
export function caseListOrderBy(filter: Pick<CaseListFilter, 'sortBy' | 'order'>): SQL[] {
  const direction = filter.order === 'ASC' ? sql`asc` : sql`desc`;
  return sortColumns[filter.sortBy ?? 'createdAt'].map((column) => sql`${column} ${direction}`);
}

/** The id and the columns the list's sort reads: what a row set must hold to be sorted and joined back. */
export function caseListSortedColumns(filter: Pick<CaseListFilter, 'sortBy'>): SQL {
  const columns = new Set([cases.id, ...sortColumns[filter.sortBy ?? 'createdAt']]);
  return sql.join(
    [...columns].map((column) => sql`${column}`),
    sql`, `,
  );
}

/**
 * The page's ids and sort columns, in order, as a row set named `cases`. With a search, each half of
 * it is its own ordered walk, merged after: the case-number half walks the sort's index, which holds
 * the case number, so it is checked on the index alone (an index-only scan), and the search_text
 * half uses its trigram index or walks the sort's index, whichever the planner finds cheaper; each
 * stops after offset + limit rows. One walk testing `case_number LIKE … OR search_text LIKE …` has to
 * read every case it passes from the table for search_text: 200 ms for "BENCH-1" at 200,000 cases
 * (100,000 passed before the first match), against 20 ms for the two walks (docs/performance.md).
 * A search no case number can match (a space, an accent, "@") leaves the case-number half out.
 */
export function caseListPageRows(filter: CaseListFilter): SQL {
  const orderBy = sql.join(caseListOrderBy(filter), sql`, `);
  const { limit, offset } = caseListPage(filter);
  const columns = caseListSortedColumns(filter);
  if (!filter.search)
    return sql`SELECT ${columns} FROM ${cases} ${caseListWhereClause(filter)} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`;
  const rest = filterConditions(filter);
  const half = (match: SQL) =>
    sql`(SELECT ${columns} FROM ${cases} WHERE ${and(match, ...rest)} ORDER BY ${orderBy} LIMIT ${limit + offset})`;
  const halves = [
    ...(couldMatchCaseNumber(filter.search) ? [half(caseNumberMatches(filter.search))] : []),
    half(searchTextMatches(filter.search)),
  ];
  return sql`SELECT * FROM (${sql.join(halves, sql` UNION `)}) AS cases ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`;
}

export function caseListPage(filter: Pick<CaseListFilter, 'page' | 'pageSize'>): { limit: number; offset: number } {
  const limit = filter.pageSize ?? CASES_PAGE_SIZE;
  return { limit, offset: ((filter.page ?? 1) - 1) * limit };
}

/** Up to this many matches the list's total is exact; past it, the planner's estimate. */
export const EXACT_COUNT_LIMIT = 10_000;

export type CaseListTotal = { total: number; estimated: boolean };

/**
 * The number of cases matching the filter. Counting stops after EXACT_COUNT_LIMIT + 1 rows, so a
 * list of 200,000 cases does not read them all; when more match, the total is an estimate
 * (estimateCaseList).
 */
export async function countCaseList(pool: pg.Pool, filter: CaseListWhere): Promise<CaseListTotal> {
  const { rows } = await pool.query<{ n: number }>(
    toStatement(
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${cases} ${caseListWhereClause(filter)} LIMIT ${sql.raw(String(EXACT_COUNT_LIMIT + 1))}) matching`,
    ),
  );
  const n = rows[0]?.n ?? 0;
  return n <= EXACT_COUNT_LIMIT ? { total: n, estimated: false } : estimateCaseList(pool, filter);
}

/** For more than EXACT_COUNT_LIMIT matches: PostgreSQL's estimate of them (never below the limit), flagged as one. */
export async function estimateCaseList(pool: pg.Pool, filter: CaseListWhere): Promise<CaseListTotal> {
  const plan = await pool.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    toStatement(sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${cases} ${caseListWhereClause(filter)}`),
  );
  const estimate = Math.round(plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
  return { total: Math.max(estimate, EXACT_COUNT_LIMIT + 1), estimated: true };
}

/**
 * The list's statements are built from the filter with Drizzle's `sql` (one builder for the list
 * and the export) but run straight on the pool: an admin reads the list on every page they open,
 * and Drizzle's execution (timestamps as text, parsed again per row, and its result mapping) cost
 * more than the building. Rendered with the app's column naming, as `drizzle()` renders them.
 */
const dialect = new PgDialect({ casing: 'snake_case' });
export function toStatement(query: SQL): { text: string; values: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, values: params };
}
