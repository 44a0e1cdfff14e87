import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.js';

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe('the admin case search at 20,000 cases', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await t.db.execute(sql`
      INSERT INTO cases (case_number, passport_number, client_name)
      SELECT 'SCALE-' || lpad(g::text, 6, '0'), 'P' || (1000000 + g), 'Client ' || g FROM generate_series(1, 20000) AS g`);
    await t.db.execute(sql`ANALYZE cases`);
  }, 60_000);
  afterAll(() => t.close());

  it('when an admin searches part of a case number, then the trigram index finds the matches instead of reading every case', async () => {
    const plan = await t.db.execute(sql`EXPLAIN (FORMAT JSON) SELECT count(*) FROM cases WHERE case_number ILIKE '%01234%'`);
    const root = (plan.rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]?.Plan;
    const nodes = root ? nodesOf(root) : [];
    expect(nodes.some((node) => node['Index Name'] === 'cases_case_number_trgm_idx')).toBe(true);
    expect(nodes.some((node) => node['Node Type'] === 'Seq Scan')).toBe(false);
  });
});
