import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCase } from '../../contracts/cases.js';
import { caseListPageRows, toStatement, type CaseListFilter } from '../../server/cases/case-list-query.js';
import { signInCaseAdmin, type AdminHeaders } from '../factories/cases.js';
import { createTestApp, type TestApp } from '../test-app.js';

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe('the admin case search at 20,000 cases', () => {
  let t: TestApp;
  let h: AdminHeaders;

  beforeAll(async () => {
    t = await createTestApp();
    await t.db.execute(sql`
      INSERT INTO cases (case_number, passport_number, client_name)
      SELECT 'SCALE-' || lpad(g::text, 6, '0'), 'P' || (1000000 + g), 'Client ' || g FROM generate_series(1, 20000) AS g`);
    // As autovacuum leaves a table: analyzed, and its pages marked all-visible (index-only scans need it).
    await t.db.execute(sql`VACUUM ANALYZE cases`);
    h = (await signInCaseAdmin(t)).headers;
  });
  afterAll(() => t.close());

  it('when an admin searches part of a case number, then the trigram index finds the matches instead of reading every case', async () => {
    // Case numbers are compared without their dashes ("scale0123" finds SCALE-0123…): the index holds them so.
    const plan = await t.db.execute(
      sql`EXPLAIN (FORMAT JSON) SELECT count(*) FROM cases WHERE replace(case_number, '-', '') LIKE '%01234%'`,
    );
    const root = (plan.rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]?.Plan;
    const nodes = root ? nodesOf(root) : [];
    expect(nodes.some((node) => node['Index Name'] === 'cases_case_number_compact_trgm_idx')).toBe(true);
    expect(nodes.some((node) => node['Node Type'] === 'Seq Scan')).toBe(false);
  });

  const list = async (query: Record<string, string>) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/caseadmin/cases', headers: h, query });
    expect(response.statusCode, response.body).toBe(200);
    return {
      cases: response.json<AdminCase[]>(),
      total: Number(response.headers['x-total-count']),
      estimated: response.headers['x-total-count-estimated'],
    };
  };

  it('when a search matches more than 10,000 cases, then the page is right and the total is flagged as an estimate above 10,000', async () => {
    const broad = await list({ search: 'SCALE', sortBy: 'case_number', order: 'ASC', page: '3' });
    expect(broad.cases.map((c) => c.case_number)).toEqual(
      Array.from({ length: 20 }, (_, i) => `SCALE-${String(41 + i).padStart(6, '0')}`),
    );
    expect(broad.estimated).toBe('true');
    expect(broad.total).toBeGreaterThan(10_000);
  });

  it('when a broad search cuts its page, then the case number and the folded text are two walks merged, never one walk testing both, and a search no case number can hold makes only the second', async () => {
    const planOf = async (filter: CaseListFilter) => {
      const statement = toStatement(caseListPageRows(filter));
      const { rows } = await t.database.pool.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>({
        text: `EXPLAIN (FORMAT JSON) ${statement.text}`,
        values: statement.values,
      });
      const root = rows[0]?.['QUERY PLAN'][0]?.Plan;
      // Each node's own text (its filters, conditions and index), without its children's.
      return (root ? nodesOf(root) : []).map(({ Plans: _children, ...node }) => JSON.stringify(node));
    };
    for (const sortBy of ['createdAt', 'case_number', 'passport_number'] as const) {
      const nodes = await planOf({ search: 'SCALE-0', sortBy, order: 'ASC', page: 3 });
      // A walk testing `case_number … OR search_text …` reads every case it passes from the table.
      expect(
        nodes.filter((node) => node.includes('case_number') && node.includes('search_text')),
        sortBy,
      ).toEqual([]);
      expect(
        nodes.some((node) => /replace\(\(?case_number\b[^"]*~~/.test(node)),
        sortBy,
      ).toBe(true);
      expect(
        nodes.some((node) => node.includes('search_text ~~')),
        sortBy,
      ).toBe(true);
    }
    // A word no case number can hold (an accent, an "@") leaves the case-number half out.
    for (const search of ['clïent', 'client1@']) {
      const elsewhere = await planOf({ search, sortBy: 'createdAt', order: 'DESC' });
      expect(
        elsewhere.some((node) => node.includes('case_number')),
        search,
      ).toBe(false);
    }
    // The same cases either way: the two halves' merge is the single OR's answer.
    const merged = await list({ search: 'SCALE-0', sortBy: 'passport_number', order: 'DESC', page: '50' });
    expect(merged.cases.map((c) => c.passport_number)).toEqual(
      Array.from({ length: 20 }, (_, i) => `P${1_000_000 + 20_000 - 980 - i}`),
    );
  });

  it('when a search matches 10,000 cases or fewer, then the total is exact and not flagged', async () => {
    const narrow = await list({ search: 'SCALE-01' });
    expect(narrow.total).toBe(10_000);
    expect(narrow.estimated).toBeUndefined();
    expect((await list({ search: '01234' })).total).toBe(11);
  });

  it('when a search matches cases at the far end of the sort, then each sort pages through exactly them, with the exact total', async () => {
    // SCALE-019900 to SCALE-019999: the last 100 cases by number, the first a descending walk meets.
    const numbers = (from: number, to: number) =>
      Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => 19_900 + from + (to < from ? -i : i));
    const byNumber = await list({ search: 'scale-0199', sortBy: 'case_number', order: 'DESC', page: '2' });
    expect(byNumber.cases.map((c) => c.case_number)).toEqual(numbers(79, 60).map((n) => `SCALE-0${n}`));
    expect([byNumber.total, byNumber.estimated]).toEqual([100, undefined]);
    const byPassport = await list({ search: 'SCALE-0199', sortBy: 'passport_number', order: 'ASC', page: '5' });
    expect(byPassport.cases.map((c) => c.passport_number)).toEqual(numbers(80, 99).map((n) => `P${1_000_000 + n}`));
    const newestFirst = await list({ search: 'SCALE-0199', status: 'Under Review' });
    expect(newestFirst.cases.map((c) => c.case_number)).toEqual(numbers(99, 80).map((n) => `SCALE-0${n}`));
    const pastTheEnd = await list({ search: 'SCALE-0199', page: '6' });
    expect([pastTheEnd.cases, pastTheEnd.total]).toEqual([[], 100]);
  });

  it('when the list is sorted by each field, with or without a status and a search, then the page is read off an index alone, in order', async () => {
    const sorts = [
      ['"cases"."id", "cases"."created_at"', '"cases"."created_at" desc, "cases"."id" desc'],
      ['"cases"."id", "cases"."passport_number"', '"cases"."passport_number" asc, "cases"."id" asc'],
      ['"cases"."id", "cases"."case_number"', '"cases"."case_number" desc'],
      // Days at step and how overdue (issue 38), most first: the earliest stored moment first.
      ['"cases"."id", "cases"."step_since"', '"cases"."step_since" asc, "cases"."id" asc'],
      ['"cases"."id", "cases"."overdue_at"', '"cases"."overdue_at" desc, "cases"."id" desc'],
    ];
    for (const [columns, order] of sorts) {
      for (const where of [
        '',
        `WHERE status = 'Under Review'`,
        `WHERE case_number LIKE '%SCALE%'`,
        `WHERE case_number LIKE '%SCALE%' AND status = 'Under Review'`,
      ]) {
        // The shape of the list's page (listCasePage): the ids in the sort's order, then their cases.
        const plan = await t.db.execute(
          sql.raw(`EXPLAIN (FORMAT JSON) SELECT ${columns} FROM cases ${where} ORDER BY ${order} LIMIT 20 OFFSET 40`),
        );
        const root = (plan.rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]?.Plan;
        const nodeTypes = (root ? nodesOf(root) : []).map((node) => node['Node Type']);
        expect(nodeTypes, `${where} ${order}`).toContain('Index Only Scan');
        expect(nodeTypes, `${where} ${order}`).not.toContain('Sort');
      }
    }
  });

  it('when a search is asked with a status, then its indexes hold the status, and words that match only cases of another status find none without reading them', async () => {
    // 300 cases at "Documents Received", all under review, beside 2,700 in progress elsewhere (the
    // bench's shape: the planner multiplies the two conditions' shares and expects some).
    await t.db.execute(sql`
      INSERT INTO cases (case_number, passport_number, client_name, status, step_search)
      SELECT 'STEPW-' || g, 'QS' || g, 'Step Client ' || g,
             CASE WHEN g <= 300 THEN 'Under Review' ELSE 'In Progress' END,
             case_search_fold(CASE WHEN g <= 300 THEN 'Documents Received' ELSE 'Visa Issued' END)
      FROM generate_series(1, 3000) AS g`);
    await t.db.execute(sql`ANALYZE cases`);
    const inProgress = await list({ search: 'documents received', status: 'In Progress', sortBy: 'case_number' });
    expect([inProgress.cases, inProgress.total, inProgress.estimated]).toEqual([[], 0, undefined]);
    const underReview = await list({ search: 'received documents', status: 'Under Review', sortBy: 'case_number' });
    expect([underReview.cases.length, underReview.total, underReview.estimated]).toEqual([20, 300, undefined]);
    // Each of the search's indexes takes the status as one of its own conditions (migration 0042),
    // where it was checked on every case the words matched, read from the table.
    for (const [index, condition] of [
      ['cases_step_search_trgm_idx', sql`step_search LIKE case_search_fold('%received%')`],
      ['cases_search_text_trgm_idx', sql`search_text LIKE case_search_fold('%received%')`],
      ['cases_case_number_compact_trgm_idx', sql`replace(case_number, '-', '') LIKE '%RECEIVED%'`],
      ['cases_name_variants_idx', sql`name_variants && case_name_variants('received')`],
    ] as const) {
      const plan = await t.db.execute(
        sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM cases WHERE ${condition} AND status = 'In Progress'`,
      );
      const root = (plan.rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode & { 'Index Cond'?: string } }> })[
        'QUERY PLAN'
      ][0]?.Plan;
      const scans = (root ? nodesOf(root) : []).filter((node) => node['Index Name'] === index) as (PlanNode & {
        'Index Cond'?: string;
      })[];
      expect(
        scans.map((node) => node['Index Cond']?.includes('status')),
        index,
      ).toEqual([true]);
    }
  });
});
