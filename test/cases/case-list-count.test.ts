import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminCase } from '../../contracts/cases.js';
import { plannedCaseListMatches, type CaseListFilter } from '../../server/cases/case-list-query.js';
import { signInCaseAdmin, type AdminHeaders } from '../factories/cases.js';
import { createTestApp, type TestApp } from '../test-app.js';

/**
 * The staff list's total (issue 38) with an exact-count limit of 10 (CASE_LIST_EXACT_COUNT_LIMIT),
 * over 235 cases: 200 under review, 30 in progress and 5 completed. Where the planner expects five
 * times the limit or more, nothing is counted (at 200,000 cases the count read 10,001 matches only
 * to learn that more than 10,000 match); nearer the limit the count runs, so a small total is exact
 * and "more than the limit" is said only when it is true.
 */
describe('the case list total with a small exact-count limit', () => {
  const LIMIT = 10;
  let t: TestApp;
  let h: AdminHeaders;
  /** The statements the app sent to PostgreSQL during the test. */
  let statements: string[];

  beforeAll(async () => {
    t = await createTestApp({ CASE_LIST_EXACT_COUNT_LIMIT: String(LIMIT) });
    await t.db.execute(sql`
      INSERT INTO cases (case_number, passport_number, client_name, status)
      SELECT 'CNT-' || lpad(g::text, 4, '0'), 'P' || (7000000 + g), 'Client ' || g,
             CASE WHEN g <= 200 THEN 'Under Review' WHEN g <= 230 THEN 'In Progress' ELSE 'Completed' END
      FROM generate_series(1, 235) AS g`);
    // The planner's figures, as autovacuum leaves them.
    await t.db.execute(sql`ANALYZE cases`);
    h = (await signInCaseAdmin(t)).headers;
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const list = async (query: Record<string, string>) => {
    statements = [];
    const pool = t.database.pool;
    const query_ = pool.query.bind(pool);
    vi.spyOn(pool, 'query').mockImplementation(((statement: string | { text: string }, ...rest: unknown[]) => {
      statements.push(typeof statement === 'string' ? statement : statement.text);
      return (query_ as (...args: unknown[]) => unknown)(statement, ...rest);
    }) as typeof pool.query);
    const response = await t.app.inject({ method: 'GET', url: '/api/caseadmin/cases', headers: h, query });
    vi.restoreAllMocks();
    expect(response.statusCode, response.body).toBe(200);
    return {
      numbers: response.json<AdminCase[]>().map((item) => item.case_number),
      total: Number(response.headers['x-total-count']),
      estimated: response.headers['x-total-count-estimated'],
    };
  };
  /** A statement that reads up to limit + 1 matches to count them. */
  const counted = () => statements.filter((text) => text.includes(`LIMIT ${LIMIT + 1}`));
  const planned = (filter: CaseListFilter) => plannedCaseListMatches(t.database.pool, filter);

  it('when the planner expects far more matches than the limit, then nothing is counted and the total is its estimate, flagged', async () => {
    // Without a search (the whole list, or a status), and with one.
    for (const query of [
      { sortBy: 'case_number', order: 'ASC' } as Record<string, string>,
      { status: 'Under Review', sortBy: 'case_number', order: 'ASC' },
      { search: 'cnt', sortBy: 'case_number', order: 'ASC' },
    ]) {
      const estimate = await planned(query as CaseListFilter);
      expect(estimate, JSON.stringify(query)).toBeGreaterThanOrEqual(5 * LIMIT);
      const answer = await list(query);
      expect(counted(), JSON.stringify(query)).toEqual([]);
      expect([answer.total, answer.estimated], JSON.stringify(query)).toEqual([estimate, 'true']);
      // The page itself is exact.
      expect(answer.numbers, JSON.stringify(query)).toEqual(
        Array.from({ length: 20 }, (_, i) => `CNT-${String(i + 1).padStart(4, '0')}`),
      );
    }
  });

  it('when the planner expects matches near the limit, then they are counted: exact at or under the limit, flagged as more than it only when more match', async () => {
    const inProgress = { status: 'In Progress', sortBy: 'case_number', order: 'ASC' } as const;
    expect(await planned(inProgress)).toBeLessThan(5 * LIMIT);
    const over = await list(inProgress);
    expect(counted()).toHaveLength(1);
    expect(over.estimated).toBe('true');
    expect(over.total).toBeGreaterThan(LIMIT);

    const completed = await list({ status: 'Completed', sortBy: 'case_number', order: 'ASC' });
    expect(counted()).toHaveLength(1);
    expect([completed.total, completed.estimated]).toEqual([5, undefined]);
    expect(completed.numbers).toEqual(['CNT-0231', 'CNT-0232', 'CNT-0233', 'CNT-0234', 'CNT-0235']);

    // A search: its matches read once, counted and paged in one statement.
    const searched = await list({ search: 'cnt-023', sortBy: 'case_number', order: 'ASC' });
    expect(counted()).toHaveLength(1);
    expect([searched.total, searched.estimated]).toEqual([6, undefined]);
    // CNT-0200 to CNT-0235: 36.
    const over36 = { search: 'cnt-02', sortBy: 'case_number', order: 'ASC' } as const;
    expect(await planned(over36)).toBeLessThan(5 * LIMIT);
    const searchedOver = await list(over36);
    expect(counted()).toHaveLength(1);
    expect([searchedOver.estimated, searchedOver.total > LIMIT]).toEqual(['true', true]);
  });

  it('when the planner expects far more than the limit but the first page is short, then that page is the whole list and its total is exact', async () => {
    // The planner's figures left as they were while all but five cases go (autovacuum kept away):
    // it still expects 235, as it can expect two broad conditions that seldom meet to match many.
    await t.db.execute(sql`ALTER TABLE cases SET (autovacuum_enabled = false)`);
    await t.db.execute(sql`DELETE FROM cases WHERE case_number > 'CNT-0005'`);
    for (const query of [
      { sortBy: 'case_number', order: 'ASC' } as Record<string, string>,
      { search: 'cnt', sortBy: 'case_number', order: 'ASC' },
    ]) {
      expect(await planned(query as CaseListFilter), JSON.stringify(query)).toBeGreaterThanOrEqual(5 * LIMIT);
      const answer = await list(query);
      expect(counted(), JSON.stringify(query)).toEqual([]);
      expect([answer.numbers.length, answer.total, answer.estimated], JSON.stringify(query)).toEqual([5, 5, undefined]);
      // Past the end: nothing to settle it, so the estimate stands.
      expect((await list({ ...query, page: '2' })).estimated, JSON.stringify(query)).toBe('true');
    }
  });
});
