import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostsPage } from '../../contracts/network.js';
import { feedPageQuery } from '../../server/network/posts.js';
import { signUpMember, type TestMember } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe('the feed at 100,000 posts', () => {
  let t: TestApp;
  let member: TestMember;

  beforeAll(async () => {
    t = await createTestApp({ LOGIN_RATE_LIMIT: '1000' });
    member = await signUpMember(t);
    await t.db.execute(sql`
      INSERT INTO network_posts (user_id, description, created_at)
      SELECT ${member.user.uid}::uuid, 'bulk ' || g, timestamptz '2025-01-01T00:00:00Z' + g * interval '1 second'
      FROM generate_series(1, 100000) AS g`);
    await t.db.execute(sql`ANALYZE network_posts`);
  }, 120_000);
  afterAll(() => t.close());

  it('when a page deep in the feed is asked for, then the keyset query reads it through the feed index, not by sorting every post', async () => {
    const plan = await t.db.execute(sql`
      EXPLAIN (FORMAT JSON)
      SELECT p.id FROM network_posts p JOIN network_users u ON u.id = p.user_id
      WHERE (p.created_at, p.id) < (timestamptz '2025-01-01T12:00:00Z', '00000000-0000-4000-8000-000000000000'::uuid)
      ORDER BY p.created_at DESC, p.id DESC LIMIT 11`);
    const root = (plan.rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]?.Plan;
    const nodes = root ? nodesOf(root) : [];
    expect(nodes.some((node) => node['Index Name'] === 'network_posts_feed_idx')).toBe(true);
    expect(nodes.some((node) => node['Node Type'] === 'Sort')).toBe(false);
  });

  it('when the member has liked tens of thousands of posts, then the feed page looks up likes per post by key, never reading all of them', async () => {
    await t.db.execute(sql`
      INSERT INTO network_likes (post_id, user_id)
      SELECT id, ${member.user.uid}::uuid FROM network_posts WHERE description LIKE 'bulk %' AND right(description, 1) IN ('0', '3', '6')`);
    await t.db.execute(sql`ANALYZE network_likes`);
    const query = feedPageQuery(t.db, member.user.uid, undefined).toSQL();
    const plan = await t.database.pool.query(`EXPLAIN (FORMAT JSON) ${query.sql}`, query.params);
    const root = (plan.rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]?.Plan;
    const likeReads = (root ? nodesOf(root) : []).filter((node) => (node as { 'Relation Name'?: string })['Relation Name'] === 'network_likes');
    expect(likeReads.length).toBeGreaterThan(0);
    expect(likeReads.every((node) => node['Node Type'] !== 'Seq Scan' && node['Index Name'] === 'network_likes_post_id_user_id_pk')).toBe(true);
  });

  it('when a member walks five pages, then each continues exactly where the last ended', async () => {
    let cursor: string | undefined;
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await t.app.inject({ method: 'GET', url: '/api/network/posts', headers: { cookie: member.cookie }, query: cursor ? { cursor } : {} });
      const page = response.json<PostsPage>();
      seen.push(...page.posts.map((p) => p.description));
      cursor = page.nextCursor ?? undefined;
    }
    expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => `bulk ${100000 - i}`));
  });
});
