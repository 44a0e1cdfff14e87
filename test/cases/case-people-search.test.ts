import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCase } from '../../contracts/cases.js';
import { createCase, signInCaseAdmin, type AdminHeaders } from '../factories/cases.js';
import { createTestApp, type TestApp } from '../test-app.js';

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe('the admin case search by client name, passport number and email', () => {
  let t: TestApp;
  let h: AdminHeaders;
  let amina: AdminCase;
  let zoe: AdminCase;

  beforeAll(async () => {
    t = await createTestApp();
    h = (await signInCaseAdmin(t)).headers;
    amina = await createCase(t, h, {
      case_number: 'PW-2026-0001',
      client_name: 'Amína Ōkafor',
      passport_number: 'NG7788123',
      client_email: 'amina.o@example.test',
    });
    zoe = await createCase(t, h, {
      case_number: 'PW-2026-0002',
      client_name: 'Zoë Brandt',
      passport_number: 'DE5512',
      client_email: 'zb@example.test',
    });
    await createCase(t, h, { case_number: 'PW-2026-0003', client_name: 'Karim Haddad', passport_number: 'EG4040' });
  });
  afterAll(() => t.close());

  const search = async (text: string, more: Record<string, string> = {}) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/caseadmin/cases',
      headers: h,
      query: { search: text, sortBy: 'case_number', order: 'ASC', ...more },
    });
    expect(response.statusCode, response.body).toBe(200);
    return {
      numbers: response.json<AdminCase[]>().map((c) => c.case_number),
      total: Number(response.headers['x-total-count']),
    };
  };

  it('when an admin searches a client name without its accents or in another case, then the case is found', async () => {
    expect(await search('amina')).toEqual({ numbers: [amina.case_number], total: 1 });
    expect((await search('OKAFOR')).numbers).toEqual([amina.case_number]);
    expect((await search('zoe br')).numbers).toEqual([zoe.case_number]);
  });

  it('when an admin searches with the accents, then the case is found too', async () => {
    expect((await search('Amína')).numbers).toEqual([amina.case_number]);
    expect((await search('zoë')).numbers).toEqual([zoe.case_number]);
  });

  it('when an admin searches part of a passport number or an email, then its case is found', async () => {
    expect((await search('7788')).numbers).toEqual([amina.case_number]);
    expect((await search('de55')).numbers).toEqual([zoe.case_number]);
    expect((await search('ZB@EXAMPLE')).numbers).toEqual([zoe.case_number]);
  });

  it('when an admin searches a case number, then it is still found, and a search with the status filter keeps both', async () => {
    expect((await search('2026-0003')).numbers).toEqual(['PW-2026-0003']);
    expect((await search('pw-2026')).total).toBe(3);
    expect((await search('amina', { status: 'Completed' })).numbers).toEqual([]);
    expect((await search('amina', { status: 'Under Review' })).numbers).toEqual([amina.case_number]);
  });

  it('when a search holds words of two fields in any order, then each word is matched on its own; a word spanning two fields or LIKE wildcards match nothing', async () => {
    // Words in any order, each in any field (issue 38: "amina harbi" did not find "Amina Al-Harbi").
    expect((await search('okafor ng77')).numbers).toEqual([amina.case_number]);
    expect((await search('ng77 AMINA')).numbers).toEqual([amina.case_number]);
    expect((await search('okafor de55')).numbers).toEqual([]);
    // The fields are stored joined; one word must lie within one of them.
    expect((await search('okaforng77')).numbers).toEqual([]);
    expect((await search('%')).numbers).toEqual([]);
    expect((await search('_')).numbers).toEqual([]);
  });

  it('when a client name or email is changed, then the search follows it', async () => {
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/caseadmin/cases/${zoe.id}/services`,
      headers: h,
      payload: { serviceIds: [], client_email: 'zoe.new@example.test' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await search('zoe.new')).numbers).toEqual([zoe.case_number]);
    expect((await search('zb@example')).numbers).toEqual([]);
  });

  it('when the name search runs over many cases, then the folded-text trigram index serves it instead of reading every case', async () => {
    await t.db.execute(sql`
      INSERT INTO cases (case_number, passport_number, client_name)
      SELECT 'SCALE-' || lpad(g::text, 6, '0'), 'P' || (1000000 + g), 'Client ' || g FROM generate_series(1, 20000) AS g`);
    await t.db.execute(sql`VACUUM ANALYZE cases`);
    const plan = await t.db.execute(
      sql`EXPLAIN (FORMAT JSON) SELECT id FROM cases WHERE replace(case_number, '-', '') LIKE '%AMINA%' OR search_text LIKE case_search_fold('%Amína%')`,
    );
    const root = (plan.rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]?.Plan;
    const nodes = root ? nodesOf(root) : [];
    expect(nodes.some((node) => node['Index Name'] === 'cases_search_text_trgm_idx')).toBe(true);
    expect(nodes.some((node) => node['Node Type'] === 'Seq Scan')).toBe(false);
    expect((await search('amina')).numbers).toEqual([amina.case_number]);
  });
});
