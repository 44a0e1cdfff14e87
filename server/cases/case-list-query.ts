import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { CASES_PAGE_SIZE, type caseSortFields, type CaseStatus, type sortOrders } from '../../contracts/cases.js';
import { asciiDigits } from '../../contracts/case-languages.js';
import { cases, caseServices, STEP_GROUP_MAX_BYTES } from '../db/schema/cases.js';
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
  /** Only cases with this service, and (with `stepId`) whose service is at this step of it. */
  serviceId?: number | undefined;
  stepId?: number | undefined;
  /**
   * Words of four letters or more also match a client name's word one typo away ("Aminah" finds
   * "Amina"). Asked by listCases only when the search found nothing as typed.
   */
  nearMatches?: boolean | undefined;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The words of a search as the list compares them: split at spaces, Arabic-Indic and Devanagari
 * digits as ASCII, without hyphens, apostrophes and dots (so "Al-Harbi", "al harbi" and "alharbi"
 * meet, and "4471 823" finds P4471823). Every word must match, in any order, in any field.
 */
export function searchWords(search: string | undefined): string[] {
  if (!search) return [];
  return asciiDigits(search)
    .split(/\s+/)
    .map((word) => word.replace(/[\u2010-\u2015'\u2019.-]/g, ''))
    .filter((word) => word !== '')
    .slice(0, 10);
}

/**
 * A word of a search matches a case when it is part of:
 * - its number without dashes: compared upper-cased with LIKE (case numbers are stored upper-case),
 *   which the number's trigram index serves and a sort index holding the number checks alone;
 * - its client's name, passport number or email: `search_text`, stored folded (migration 0030),
 *   the word folded by the same function, with a trigram index of its own;
 * - the name of a step one of its services is at: `step_search`, folded and indexed the same way;
 * - with `nearMatches`, a word of its client's name one typo away (`name_variants`, a GIN index).
 */
const caseNumberMatches = (word: string) =>
  sql`replace(${cases.caseNumber}, '-', '') LIKE ${`%${escapeLike(word)}%`.toUpperCase()}`;
const searchTextMatches = (word: string) => sql`${cases.searchText} LIKE case_search_fold(${`%${escapeLike(word)}%`})`;
const stepMatches = (word: string) => sql`${cases.stepSearch} LIKE case_search_fold(${`%${escapeLike(word)}%`})`;
const nameIsNear = (word: string) => sql`${cases.nameVariants} && case_name_variants(${word})`;
/** Case numbers hold only letters, digits and dashes: a word with another character cannot be in one. */
const couldMatchCaseNumber = (word: string) => /^[A-Za-z0-9]+$/.test(word);
/** A word of fewer letters has too few neighbours one typo away worth showing. */
const NEAR_MATCH_MIN_LENGTH = 4;

/**
 * Where one word may match besides the case number: the people's text, a step's name (unless the
 * caller knows the steps already), and with near matches a name one typo away.
 */
function peopleAndStepsMatch(word: string, nearMatches: boolean, steps = true): SQL {
  const near = nearMatches && [...word].length >= NEAR_MATCH_MIN_LENGTH;
  const places = [searchTextMatches(word), ...(steps ? [stepMatches(word)] : []), ...(near ? [nameIsNear(word)] : [])];
  return sql`(${sql.join(places, sql` OR `)})`;
}

/** One word anywhere (or anywhere but the steps' names). */
function wordMatches(word: string, nearMatches: boolean, steps = true): SQL {
  const elsewhere = peopleAndStepsMatch(word, nearMatches, steps);
  return couldMatchCaseNumber(word) ? sql`(${caseNumberMatches(word)} OR ${elsewhere})` : elsewhere;
}

/** Every word of the search, each anywhere. */
function caseSearchMatches(words: string[], nearMatches: boolean): SQL | undefined {
  return words.length ? and(...words.map((word) => wordMatches(word, nearMatches))) : undefined;
}

type CaseListWhere = Pick<
  CaseListFilter,
  'search' | 'status' | 'overdueAt' | 'ownerId' | 'serviceId' | 'stepId' | 'nearMatches'
>;

/** The list's conditions besides the search: status, overdue, owner, service and step. */
function filterConditions(filter: CaseListWhere): SQL[] {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(cases.status, filter.status));
  if (filter.ownerId !== undefined)
    conditions.push(filter.ownerId === null ? isNull(cases.ownerAdminId) : eq(cases.ownerAdminId, filter.ownerId));
  if (filter.overdueAt) conditions.push(caseIsOverdue(filter.overdueAt));
  if (filter.serviceId !== undefined || filter.stepId !== undefined)
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${caseServices} fcs WHERE fcs.case_id = ${cases.id}${
        filter.serviceId !== undefined ? sql` AND fcs.service_id = ${filter.serviceId}` : sql``
      }${filter.stepId !== undefined ? sql` AND fcs.current_step_id = ${filter.stepId}` : sql``})`,
    );
  return conditions;
}

/** The WHERE of the list: the search (trigram and GIN indexes), the status, overdue, owner, service and step. */
export function caseListWhere(filter: CaseListWhere): SQL | undefined {
  const search = caseSearchMatches(searchWords(filter.search), filter.nearMatches ?? false);
  const conditions = [...(search ? [search] : []), ...filterConditions(filter)];
  return conditions.length ? and(...conditions) : undefined;
}

/** `WHERE …` of the list, or nothing when there is neither a search nor a filter. */
export function caseListWhereClause(filter: CaseListWhere): SQL {
  const where = caseListWhere(filter);
  return where ? sql`WHERE ${where}` : sql``;
}

/**
 * The columns of each sort of the list. Case numbers are unique, so they need no tie-breaker (and
 * without one the unique index serves the order); the other sorts break ties by id, as their
 * indexes do. "Days at step" and "how overdue" read their stored moments (case-status.ts) the other
 * way round: the most days first is the earliest step start first.
 */
const sortColumns = {
  createdAt: [cases.createdAt, cases.id],
  case_number: [cases.caseNumber],
  passport_number: [cases.passportNumber, cases.id],
  daysAtStep: [cases.stepSince, cases.id],
  overdue: [cases.overdueAt, cases.id],
} as const;
const reversedSorts: ReadonlySet<string> = new Set(['daysAtStep', 'overdue']);

/**
 * The ORDER BY of the list. The columns are named as `cases.…`, so the same ORDER BY applies to
 * any row set named `cases` that has them (caseListSortedColumns).
 */
export function caseListOrderBy(filter: Pick<CaseListFilter, 'sortBy' | 'order'>): SQL[] {
  const sortBy = filter.sortBy ?? 'createdAt';
  const ascending = (filter.order === 'ASC') !== reversedSorts.has(sortBy);
  const direction = ascending ? sql`asc` : sql`desc`;
  return sortColumns[sortBy].map((column) => sql`${column} ${direction}`);
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
 * The page's ids and sort columns, in order, as a row set named `cases`. With a one-word search,
 * each half of it is its own ordered walk, merged after: the case-number half walks the sort's
 * index, which holds the case number, so it is checked on the index alone (an index-only scan), and
 * the other half (name, passport, email, steps) uses its trigram indexes or walks the sort's index,
 * whichever the planner finds cheaper; each stops after offset + limit rows. One walk testing
 * `case_number LIKE … OR search_text LIKE …` has to read every case it passes from the table for
 * search_text: 200 ms for "BENCH-1" at 200,000 cases (100,000 passed before the first match), against
 * 20 ms for the two walks (docs/performance.md). A word no case number can match (an accent, "@")
 * leaves the case-number half out. A search of several words (rarely more than a few hundred
 * matches, which listCases reads by its indexes before it comes here) is one walk.
 */
export function caseListPageRows(filter: CaseListFilter): SQL {
  const orderBy = sql.join(caseListOrderBy(filter), sql`, `);
  const { limit, offset } = caseListPage(filter);
  const columns = caseListSortedColumns(filter);
  const words = searchWords(filter.search);
  if (words.length !== 1)
    return sql`SELECT ${columns} FROM ${cases} ${caseListWhereClause(filter)} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`;
  const [word] = words as [string];
  const rest = filterConditions(filter);
  const half = (match: SQL) =>
    sql`(SELECT ${columns} FROM ${cases} WHERE ${and(match, ...rest)} ORDER BY ${orderBy} LIMIT ${limit + offset})`;
  const halves = [
    ...(couldMatchCaseNumber(word) ? [half(caseNumberMatches(word))] : []),
    half(peopleAndStepsMatch(word, filter.nearMatches ?? false)),
  ];
  return sql`SELECT * FROM (${sql.join(halves, sql` UNION `)}) AS cases ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`;
}

/**
 * A search for a step's name, by step groups (issue 38). A step's name matches every case at that
 * step: "documents received" a third of the cases at 200,000. Walking a sort's index for them is
 * cheap when they come early in its order and slow when they sit at its far end: sorted by how
 * overdue (least first), every case at "Documents Received" comes after the cases at the later
 * steps, so the page walked past 133,334 cases (0.15-1.7 s, docs/performance.md); and counting
 * them read 10,001 matches from the table. So the cases are taken in groups at the same steps with
 * the same status (their step text and status, a few dozen values in an agency): the groups whose
 * step text holds every word of the search are found in an index (stepGroupsStatement), and their
 * cases are read off the groups' indexes, each group in the sort's order (migration 0045), merged
 * with the few other matches (a word in a name, a number, a passport or an email), which are read
 * and sorted as listSearchMatches does. The same cases in the same order as one walk of the sort's
 * index: each group's cases all match (the step text holds every word), and a match outside the
 * groups holds some word outside the steps, so it is among the others.
 */
export type StepGroup = { stepSearch: string; status: CaseStatus };

// The step groups' indexes leave out step texts longer than STEP_GROUP_MAX_BYTES; the cases with a
// longer one (many services) are read as other matches, through their own small index. These are
// the indexes' predicates (migration 0045) exactly, or PostgreSQL would not use them.
const inStepGroupIndex = sql.raw(`octet_length("cases"."step_search") <= ${STEP_GROUP_MAX_BYTES}`);
const stepTextTooLong = sql.raw(`octet_length("cases"."step_search") > ${STEP_GROUP_MAX_BYTES}`);
/** Shorter words match too many step names (every step with an "e") for groups to pay. */
const STEP_GROUP_MIN_WORD_LENGTH = 3;
/** Past this many groups the merged statement costs more to plan than the walk it saves. */
export const STEP_GROUPS_MAX = 64;

/**
 * The step groups whose step text holds every word of the search, whatever their status: the
 * distinct step texts and statuses, found by jumping through the groups' index one group at a time
 * (a loose index scan: one index descent per group, 0.1 ms for the bench's 200,000 cases), then
 * tested against the words. Undefined when the search cannot use groups: a word of one or two
 * letters.
 */
export function stepGroupsStatement(filter: CaseListWhere): SQL | undefined {
  const words = searchWords(filter.search);
  if (words.length === 0 || words.some((word) => [...word].length < STEP_GROUP_MIN_WORD_LENGTH)) return undefined;
  const holdsWords = and(
    ...words.map((word) => sql`groups.step_search LIKE case_search_fold(${`%${escapeLike(word)}%`})`),
  );
  return sql`WITH RECURSIVE groups AS (
      (SELECT cases.step_search, cases.status FROM ${cases} WHERE ${inStepGroupIndex}
       ORDER BY cases.step_search, cases.status LIMIT 1)
      UNION ALL
      SELECT next.step_search, next.status FROM groups AS previous CROSS JOIN LATERAL (
        SELECT cases.step_search, cases.status FROM ${cases}
        WHERE ${inStepGroupIndex} AND (cases.step_search, cases.status) > (previous.step_search, previous.status)
        ORDER BY cases.step_search, cases.status LIMIT 1
      ) AS next
    )
    SELECT groups.step_search AS "stepSearch", groups.status FROM groups WHERE ${holdsWords}
    LIMIT ${sql.raw(String(STEP_GROUPS_MAX + 1))}`;
}

/**
 * A searched list by step groups, in one statement: the other matches (outside the groups) read
 * once up to limit + 1, the groups' cases counted up to limit + 1 off their indexes alone, and the
 * page merged from the others, sorted, and each group's cases in the sort's order (each stops
 * after offset + limit). `groups` are those of the status asked for, and may be none: a step's name
 * with a status no group at those steps has ("documents received" In Progress) is then matched
 * outside the steps alone, through the number's and the folded text's indexes, instead of reading
 * the step text's matches of every status (the words hold in some group's step text, so they are
 * step words, not a broad name). Its rows: "otherMatches" and "stepMatches" (the two counts; the
 * page is empty when more than `limit` others match, as they were not all read), then the page's
 * `columns` per case, in order.
 */
export function stepGroupsListStatement(
  filter: CaseListFilter,
  groups: StepGroup[],
  limit: number,
  pageColumns: SQL,
): SQL {
  const words = searchWords(filter.search);
  const orderBy = sql.join(caseListOrderBy(filter), sql`, `);
  const page = caseListPage(filter);
  const columns = caseListSortedColumns(filter);
  const rest = filterConditions(filter);
  const capAndOne = sql.raw(String(limit + 1));
  const inGroup = (group: StepGroup) =>
    and(inStepGroupIndex, eq(cases.stepSearch, group.stepSearch), eq(cases.status, group.status), ...rest);
  const groupList = sql.join(
    groups.map((group) => sql`(${group.stepSearch}, ${group.status})`),
    sql`, `,
  );
  // A match outside the groups holds some word outside the steps (its step text is in no group, so
  // lacks a word), unless its step text is too long for the groups' indexes.
  // With near matches (names one typo away), a word may be near a name's word instead.
  const nearMatches = filter.nearMatches ?? false;
  const wordElsewhere = or(...words.map((word) => wordMatches(word, nearMatches, false)));
  const search = caseSearchMatches(words, nearMatches);
  const groupPages = groups.map(
    (group) =>
      sql`(SELECT ${columns} FROM ${cases} WHERE ${inGroup(group)} ORDER BY ${orderBy} LIMIT ${page.limit + page.offset})`,
  );
  const groupCases = groups.map((group) => sql`(SELECT 1 FROM ${cases} WHERE ${inGroup(group)})`);
  return sql`WITH others AS MATERIALIZED (
      (SELECT ${columns} FROM ${cases}
       WHERE ${and(inStepGroupIndex, search, wordElsewhere, ...(groups.length ? [sql`(cases.step_search, cases.status) NOT IN (${groupList})`] : []), ...rest)}
       LIMIT ${capAndOne})
      UNION ALL
      (SELECT ${columns} FROM ${cases} WHERE ${and(stepTextTooLong, search, ...rest)} LIMIT ${capAndOne})
    ),
    at_steps AS (SELECT count(*)::int AS n FROM (SELECT 1 FROM (${groups.length ? sql.join(groupCases, sql` UNION ALL `) : sql`SELECT 1 WHERE false`}) AS at_steps LIMIT ${capAndOne}) AS capped),
    total AS (SELECT (SELECT count(*)::int FROM others) AS others, (SELECT n FROM at_steps) AS at_steps),
    page AS (
      SELECT cases.id FROM (
        (SELECT * FROM others AS cases ORDER BY ${orderBy} LIMIT ${page.limit + page.offset})
        ${groups.length ? sql`UNION ALL ${sql.join(groupPages, sql` UNION ALL `)}` : sql``}
      ) AS cases
      WHERE (SELECT others FROM total) <= ${sql.raw(String(limit))}
      ORDER BY ${orderBy} LIMIT ${page.limit} OFFSET ${page.offset}
    )
    SELECT total.others AS "otherMatches", total.at_steps AS "stepMatches", ${pageColumns}
    FROM total LEFT JOIN (page JOIN ${cases} ON cases.id = page.id) ON true
    ORDER BY ${orderBy}`;
}

export function caseListPage(filter: Pick<CaseListFilter, 'page' | 'pageSize'>): { limit: number; offset: number } {
  const limit = filter.pageSize ?? CASES_PAGE_SIZE;
  return { limit, offset: ((filter.page ?? 1) - 1) * limit };
}

/** Up to this many matches the list's total is exact; past it, the planner's estimate. */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * When the planner expects at least this many times the limit to match, the exact count is not
 * tried: it would read limit + 1 matches (32-178 ms for a step name at 200,000 cases, against
 * 0.1-2.3 ms for the page, docs/performance.md) only to learn that more than the limit match. Five
 * times, because the estimate of a condition matching a large share of the cases (what can be that
 * far above the limit) is read off the column's statistics and is seldom off by half; one nearer the
 * limit is counted, so "more than 10,000" is exact where the count is small.
 */
export const FAR_ABOVE_LIMIT = 5;

export type CaseListTotal = { total: number; estimated: boolean };

/** How many cases PostgreSQL's planner expects the filter to match (EXPLAIN: planned, nothing read). */
export async function plannedCaseListMatches(pool: pg.Pool, filter: CaseListWhere): Promise<number> {
  const plan = await pool.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    toStatement(sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${cases} ${caseListWhereClause(filter)}`),
  );
  return Math.round(plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
}

/** Whether a planned number of matches is far enough above the limit to be shown without counting. */
export const isFarAboveLimit = (planned: number, limit: number) => planned >= FAR_ABOVE_LIMIT * limit;

/** More than `limit` match: the planner's estimate (never at or below the limit), flagged as one. */
export const estimatedTotal = (planned: number, limit: number): CaseListTotal => ({
  total: Math.max(planned, limit + 1),
  estimated: true,
});

/**
 * An estimated total against the page read beside it: a page shorter than a full one (and not past
 * the end) is the list's last, so the total is exact whatever the planner expected. The planner
 * multiplies its conditions' shares as if unrelated, so two broad conditions that seldom meet
 * ("documents received" and "In Progress") can be expected far above the limit and match a handful;
 * their first page then says so rather than an estimate of thousands over a few rows.
 */
export function settledTotal(
  total: CaseListTotal,
  filter: Pick<CaseListFilter, 'page' | 'pageSize'>,
  rowsOnPage: number,
): CaseListTotal {
  const { limit, offset } = caseListPage(filter);
  if (total.estimated && rowsOnPage < limit && (rowsOnPage > 0 || offset === 0))
    return { total: offset + rowsOnPage, estimated: false };
  return total;
}

/**
 * The number of cases matching the filter: the planner's estimate when it is far above the limit
 * (isFarAboveLimit); otherwise counted, stopping after `limit` + 1 rows, so a list of 200,000 cases
 * does not read them all, and estimated when more than the limit match.
 */
export async function countCaseList(
  pool: pg.Pool,
  filter: CaseListWhere,
  limit = EXACT_COUNT_LIMIT,
): Promise<CaseListTotal> {
  const planned = await plannedCaseListMatches(pool, filter);
  if (isFarAboveLimit(planned, limit)) return estimatedTotal(planned, limit);
  const { rows } = await pool.query<{ n: number }>(
    toStatement(
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${cases} ${caseListWhereClause(filter)} LIMIT ${sql.raw(String(limit + 1))}) matching`,
    ),
  );
  const n = rows[0]?.n ?? 0;
  return n <= limit ? { total: n, estimated: false } : estimatedTotal(planned, limit);
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
