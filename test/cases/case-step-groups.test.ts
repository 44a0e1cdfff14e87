import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminCase } from '../../contracts/cases.js';
import {
  caseListOrderBy,
  caseListPage,
  caseListWhereClause,
  stepGroupsListStatement,
  toStatement,
  type CaseListFilter,
} from '../../server/cases/case-list-query.js';
import { backdateAgency, injectedAgencyApi, seedAgency } from '../factories/agency.js';
import { createCase, createService, signInCaseAdmin, type AdminHeaders } from '../factories/cases.js';
import { createTestApp, type TestApp } from '../test-app.js';

type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: PlanNode[] };
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * A search for a step's name read by step groups (issue 38; case-list-query.ts, stepGroups): the
 * cases at the same steps with the same status, each group read off its own index in the sort's
 * order. At 200,000 cases "documents received" sorted by how overdue walked past 133,334 cases at
 * later steps before its first match. The answers must be those of one walk of the sort's index,
 * the list's statement without groups: over a realistic agency (five services, 60 applicants with
 * Arabic, Hindi and long Latin names, two or three services each, spread over four months), cases
 * with three services, cases whose step names are too long for the groups' indexes (four services
 * with long Hindi step names), and 20,000 cases more, so the planner has a table worth its indexes.
 */
describe('the case list searched by step name, by step groups', () => {
  let t: TestApp;
  let h: AdminHeaders;
  /** The statements the app sent to PostgreSQL during the last `list`. */
  let statements: string[];

  beforeAll(async () => {
    t = await createTestApp();
    h = (await signInCaseAdmin(t)).headers;
    const agency = await seedAgency(injectedAgencyApi(t.app, h), { count: 30 });
    // Five services whose step names are long Hindi text ending in the step's English name (three
    // bytes a letter): a case with all five has a step text over the groups' 1,000 bytes.
    const hindi = 'दस्तावेज़ों की जाँच और सत्यापन के लिए कार्यालय में प्राप्ति, दस्तावेज़ों की जाँच और सत्यापन'.slice(0, 78);
    const longServices = [];
    for (const n of [1, 2, 3, 4, 5])
      longServices.push(
        await createService(t, h, [`${hindi} ${n} Documents Received`, `${hindi} ${n} Attestation`], `दस्तावेज़ सेवा ${n}`),
      );
    for (const [i, name] of [
      'Shri Venkatanarasimharajuvaripeta Subrahmanyam Chandrasekharan Ramakrishnan',
      'عبد الرحمن بن عبد العزيز آل سعود',
      'श्रीमती अनुराधा कृष्णमूर्ति',
    ].entries()) {
      await createCase(t, h, {
        case_number: `LONG-STEPS-${i + 1}`,
        client_name: name,
        passport_number: `L${7_000_000 + i}`,
        serviceIds: longServices.map((service) => service.id),
      });
      // And the same applicants with three of the agency's services.
      await createCase(t, h, {
        case_number: `THREE-${i + 1}`,
        client_name: name,
        passport_number: `T${7_000_000 + i}`,
        serviceIds: [agency.services[0]!.id, agency.services[2]!.id, agency.services[4]!.id],
      });
    }
    await backdateAgency(t.db, agency, t.clock.now(), 5);
    const long = await t.db.execute<{ bytes: number }>(
      sql`SELECT octet_length(step_search) AS bytes FROM cases WHERE case_number LIKE 'LONG-STEPS-%'`,
    );
    expect(long.rows.map((row) => row.bytes > 1000)).toEqual([true, true, true]);
    // 20,000 cases more, a third at "Documents Received at Our Office" and the others at later
    // steps, as a desk's stored facts are (the steps' text, when each waits from and is overdue).
    await t.db.execute(sql`
      INSERT INTO cases (case_number, passport_number, client_name, status, step_search, step_since, overdue_at)
      SELECT 'BULK-' || lpad(g::text, 5, '0'), 'B' || (1000000 + g), 'Client ' || g,
             CASE g % 3 WHEN 0 THEN 'Under Review' ELSE 'In Progress' END,
             CASE g % 3 WHEN 0 THEN case_search_fold('Documents Received at Our Office')
                        WHEN 1 THEN case_search_fold('Embassy Attestation') || chr(31) || case_search_fold('Flight Booked')
                        ELSE case_search_fold('Visa Stamping at the Embassy') END,
             ${t.clock.now()}::timestamptz - make_interval(hours => g % 997),
             ${t.clock.now()}::timestamptz + make_interval(hours => CASE g % 3 WHEN 0 THEN -(g % 500) ELSE 1000 + g % 700 END)
      FROM generate_series(1, 20000) AS g`);
    await t.db.execute(sql`VACUUM ANALYZE cases`);
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const list = async (filter: CaseListFilter & { pageSize: number }) => {
    statements = [];
    const pool = t.database.pool;
    const query = pool.query.bind(pool);
    vi.spyOn(pool, 'query').mockImplementation(((statement: string | { text: string }, ...rest: unknown[]) => {
      statements.push(typeof statement === 'string' ? statement : statement.text);
      return (query as (...args: unknown[]) => unknown)(statement, ...rest);
    }) as typeof pool.query);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/caseadmin/cases',
      headers: h,
      query: Object.fromEntries(Object.entries(filter).map(([key, value]) => [key, String(value)])),
    });
    vi.restoreAllMocks();
    expect(response.statusCode, response.body).toBe(200);
    return {
      ids: response.json<AdminCase[]>().map((item) => item.id),
      total: Number(response.headers['x-total-count']),
      estimated: response.headers['x-total-count-estimated'],
    };
  };
  const byGroups = () => statements.some((text) => text.includes('others AS MATERIALIZED'));

  /** The list's answer without groups: one walk of the sort's index, and every match counted. */
  const oneWalk = async (filter: CaseListFilter) => {
    const where = caseListWhereClause(filter);
    const { limit, offset } = caseListPage(filter);
    const page = await t.database.pool.query<{ id: number }>(
      toStatement(
        sql`SELECT cases.id FROM cases ${where} ORDER BY ${sql.join(caseListOrderBy(filter), sql`, `)} LIMIT ${limit} OFFSET ${offset}`,
      ),
    );
    const count = await t.database.pool.query<{ n: number }>(
      toStatement(sql`SELECT count(*)::int AS n FROM cases ${where}`),
    );
    return { ids: page.rows.map((row) => row.id), total: count.rows[0]!.n };
  };

  it('when staff search a step name with any status, sort and page, then the cases and their order are those of one walk of the sort, and the total is exact', async () => {
    const searches = [
      // A third of the cases, and the agency's at that step; the long-named steps' cases too.
      'documents received',
      // Three steps of one service, each its own group.
      'attestation',
      // A step word with a client's name word: the groups hold no name, so these are other matches.
      'documents عبد',
      // A step word in a long Hindi step name only, and in a step's name with a passport's digits.
      'प्राप्ति',
      'embassy 700000',
    ];
    const sorts = ['createdAt', 'case_number', 'passport_number', 'daysAtStep', 'overdue'] as const;
    let compared = 0;
    for (const search of searches)
      for (const status of ['', 'Under Review', 'In Progress'] as const)
        for (const sortBy of sorts)
          for (const order of ['ASC', 'DESC'] as const) {
            // The second page: the merge must carry the first page's cases past, from every group.
            const filter = { search, status, sortBy, order, page: 2, pageSize: 7 };
            const answer = await list(filter);
            const expected = await oneWalk(filter);
            const label = JSON.stringify(filter);
            expect(answer.ids, label).toEqual(expected.ids);
            expect([answer.total, answer.estimated], label).toEqual([expected.total, undefined]);
            compared++;
          }
    expect(compared).toBe(5 * 3 * 5 * 2);
    // The step names found their cases by groups, the long-named steps' cases among the others; a
    // word only those long step texts hold has no group, so the list reads as before.
    const documents = await list({ search: 'documents received', sortBy: 'overdue', order: 'ASC', pageSize: 7 });
    expect(byGroups()).toBe(true);
    expect(documents.total).toBeGreaterThan(6_666);
    // A status no group at those steps has: the matches outside the steps alone, none here.
    const completed = { search: 'documents received', status: 'Completed', sortBy: 'overdue', order: 'ASC' } as const;
    expect(await list({ ...completed, pageSize: 7 })).toEqual({ ids: [], total: 0, estimated: undefined });
    expect(byGroups()).toBe(true);
    expect((await oneWalk(completed)).total).toBe(0);
    const longOnly = await list({ search: 'प्राप्ति', sortBy: 'overdue', order: 'ASC', pageSize: 7 });
    expect(byGroups()).toBe(false);
    expect(longOnly.total).toBe(3);
  });

  it('when a step name matches more cases than the exact count reads, then the page is still exact and the total an estimate, flagged', async () => {
    // The exact count's limit is 10,000; two of the bulk's three step groups are at an embassy.
    expect((await oneWalk({ search: 'embassy' })).total).toBeGreaterThan(10_000);
    for (const sortBy of ['overdue', 'daysAtStep', 'createdAt'] as const) {
      const filter = { search: 'embassy', sortBy, order: 'ASC' as const, page: 2, pageSize: 20 };
      const answer = await list(filter);
      expect(byGroups()).toBe(true);
      expect(answer.ids, sortBy).toEqual((await oneWalk(filter)).ids);
      expect(answer.estimated, sortBy).toBe('true');
      expect(answer.total, sortBy).toBeGreaterThan(10_000);
    }
  });

  it('when a step name is searched sorted by how overdue, then each group is read off its index in that order, not by walking past the cases at other steps', async () => {
    const filter: CaseListFilter = { search: 'documents received', sortBy: 'overdue', order: 'ASC', page: 3 };
    const groups = [{ stepSearch: 'documents received at our office', status: 'Under Review' as const }];
    const statement = toStatement(stepGroupsListStatement(filter, groups, 10_000, sql`cases.id`));
    const { rows } = await t.database.pool.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>({
      text: `EXPLAIN (FORMAT JSON) ${statement.text}`,
      values: statement.values,
    });
    const root = rows[0]?.['QUERY PLAN'][0]?.Plan;
    const nodes = root ? nodesOf(root) : [];
    const indexes = nodes.map((node) => node['Index Name']).filter(Boolean);
    // The group's page and its count off the group's index; the others through the search's indexes.
    expect(indexes.filter((name) => name === 'cases_step_group_overdue_at_idx').length).toBeGreaterThanOrEqual(2);
    expect(indexes).toContain('cases_search_text_trgm_idx');
    expect(indexes).toContain('cases_long_step_search_idx');
    // Neither a walk of the sort's own index nor a read of every case.
    expect(indexes).not.toContain('cases_overdue_at_idx');
    expect(nodes.filter((node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'cases')).toEqual([]);
  });
});
