import { and, eq, ilike, like, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { CASES_PAGE_SIZE, type caseSortFields, type CaseStatus, type sortOrders } from '../../contracts/cases.js';
import { cases } from '../db/schema/cases.js';

/**
 * The admin case list's filter, search and sort, built once for every reader of the list (the
 * paged list, and exports that walk the same rows). Each sort has an index that matches it, with
 * and without the status filter (see migration 0009), so a page is read off an index in order.
 */
export type CaseListFilter = {
  search?: string | undefined;
  status?: CaseStatus | '' | undefined;
  sortBy?: (typeof caseSortFields)[number] | undefined;
  order?: (typeof sortOrders)[number] | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Case numbers are stored upper-case (every write normalizes them; the public lookup relies on
 * it), so a search upper-cased once matches with LIKE, which PostgreSQL runs several times faster
 * than ILIKE over the rows the trigram index cannot rule out (a search of one or two characters
 * reads them all). Outside ASCII, upper-casing may change length (ß to SS): ILIKE keeps its meaning.
 */
function caseNumberContains(search: string): SQL {
  const isAscii = /^[\x20-\x7e]*$/.test(search);
  return isAscii ? like(cases.caseNumber, `%${escapeLike(search.toUpperCase())}%`) : ilike(cases.caseNumber, `%${escapeLike(search)}%`);
}

/** The WHERE of the list: a substring of the case number (trigram index) and the status. */
export function caseListWhere(filter: Pick<CaseListFilter, 'search' | 'status'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.search) conditions.push(caseNumberContains(filter.search));
  if (filter.status) conditions.push(eq(cases.status, filter.status));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * The ORDER BY of the list. Case numbers are unique, so they need no tie-breaker (and without
 * one the unique index serves the order); the other sorts break ties by id, as their indexes do.
 *
 * `fewMatches`: the filter is known to match at most EXACT_COUNT_LIMIT cases, and searches. Then
 * the columns are wrapped (`|| ''`, `+ 0`: the same values and order) so no sort index can serve
 * them: PostgreSQL takes the matches from the trigram index and sorts those few, instead of
 * walking a sort index past every non-matching case (when the matches sit at the far end of that
 * order, that walk reads nearly the whole table).
 */
export function caseListOrderBy(filter: Pick<CaseListFilter, 'sortBy' | 'order' | 'search'>, fewMatches = false): SQL[] {
  const direction = filter.order === 'ASC' ? sql`asc` : sql`desc`;
  const unindexed = fewMatches && Boolean(filter.search);
  const text = (column: typeof cases.passportNumber) => (unindexed ? sql`(${column} || '')` : sql`${column}`);
  const value = (column: typeof cases.id | typeof cases.createdAt) =>
    unindexed ? (column === cases.id ? sql`(${column} + 0)` : sql`(${column} + interval '0')`) : sql`${column}`;
  switch (filter.sortBy ?? 'createdAt') {
    case 'case_number':
      // Walking the unique index is right for any search: the matches come in order.
      return [sql`${cases.caseNumber} ${direction}`];
    case 'passport_number':
      return [sql`${text(cases.passportNumber)} ${direction}`, sql`${value(cases.id)} ${direction}`];
    case 'createdAt':
      return [sql`${value(cases.createdAt)} ${direction}`, sql`${value(cases.id)} ${direction}`];
  }
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
 * broad search over 200,000 cases does not read them all; when more match, the total is
 * PostgreSQL's estimate of the matching rows (never below the limit), and is flagged as one.
 */
export async function countCaseList(pool: pg.Pool, filter: Pick<CaseListFilter, 'search' | 'status'>): Promise<CaseListTotal> {
  const where = caseListWhere(filter);
  const whereClause = where ? sql` WHERE ${where}` : sql``;
  const { rows } = await pool.query<{ n: number }>(
    toStatement(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${cases}${whereClause} LIMIT ${sql.raw(String(EXACT_COUNT_LIMIT + 1))}) matching`),
  );
  const n = rows[0]?.n ?? 0;
  if (n <= EXACT_COUNT_LIMIT) return { total: n, estimated: false };
  const plan = await pool.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(toStatement(sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${cases}${whereClause}`));
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
