import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostsPage } from '../../contracts/network.js';
import { COMMENTS_PAGE_AFTER, FEED_FIRST_PAGE, FEED_PAGE_AFTER } from '../../server/network/hot-statements.js';
import { signUpMember, type TestMember } from '../factories/network.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { ceiling } from '../support/timeouts.js';

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
  }, ceiling(240_000)); // a hundred thousand posts are written first
  afterAll(() => t.close());

  it('when a page deep in the feed is asked for, then the keyset query reads it through the feed index, not by sorting every post', async () => {
    const plan = await t.database.pool.query(`EXPLAIN (FORMAT JSON) ${FEED_PAGE_AFTER.text}`, [
      member.user.uid,
      '2025-01-01T12:00:00Z',
      '00000000-0000-4000-8000-000000000000',
    ]);
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
    const plan = await t.database.pool.query(`EXPLAIN (FORMAT JSON) ${FEED_FIRST_PAGE.text}`, [member.user.uid]);
    const root = (plan.rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]?.Plan;
    const likeReads = (root ? nodesOf(root) : []).filter(
      (node) => (node as { 'Relation Name'?: string })['Relation Name'] === 'network_likes',
    );
    expect(likeReads.length).toBeGreaterThan(0);
    expect(
      likeReads.every(
        (node) => node['Node Type'] !== 'Seq Scan' && node['Index Name'] === 'network_likes_post_id_user_id_pk',
      ),
    ).toBe(true);
  });

  it('when a page of comments is asked for, then the one statement finds the post by key and reads the page through the comments index', async () => {
    const [post] = (await t.database.pool.query<{ id: string }>('SELECT id FROM network_posts LIMIT 1')).rows;
    await t.db.execute(sql`
      INSERT INTO network_comments (post_id, user_id, text, created_at)
      SELECT ${post?.id}::uuid, ${member.user.uid}::uuid, 'comment ' || g, timestamptz '2025-01-01T00:00:00Z' + g * interval '1 second'
      FROM generate_series(1, 20000) AS g`);
    await t.db.execute(sql`ANALYZE network_comments`);
    const plan = await t.database.pool.query(`EXPLAIN (FORMAT JSON) ${COMMENTS_PAGE_AFTER.text}`, [
      post?.id,
      '2025-01-01T03:00:00Z',
      '00000000-0000-4000-8000-000000000000',
    ]);
    const root = (plan.rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]?.Plan;
    const reads = (root ? nodesOf(root) : []).filter((node) =>
      ['network_posts', 'network_comments'].includes((node as { 'Relation Name'?: string })['Relation Name'] ?? ''),
    );
    expect(reads.map((node) => node['Index Name']).sort()).toEqual(['network_comments_post_idx', 'network_posts_pkey']);
  });

  it('when a member walks five pages, then each continues exactly where the last ended', async () => {
    let cursor: string | undefined;
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/network/posts',
        headers: { cookie: member.cookie },
        query: cursor ? { cursor } : {},
      });
      const page = response.json<PostsPage>();
      seen.push(...page.posts.map((p) => p.description));
      cursor = page.nextCursor ?? undefined;
    }
    expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => `bulk ${100000 - i}`));
  });
  // Last: it removes the newest posts, which the walk above reads.
  it('when the newest 5,000 posts were removed (a spam wave), then the first page does not walk past them', async () => {
    await t.db.execute(sql`
      UPDATE network_posts SET removed_at = now()
      WHERE description LIKE 'bulk %' AND created_at > timestamptz '2025-01-01T00:00:00Z' + 95000 * interval '1 second'`);
    await t.db.execute(sql`ANALYZE network_posts`);
    const plan = await t.database.pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${FEED_FIRST_PAGE.text}`, [
      member.user.uid,
    ]);
    const root = (plan.rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]?.Plan;
    const feedReads = (root ? nodesOf(root) : []).filter((node) => node['Index Name'] === 'network_posts_feed_idx');
    expect(feedReads).toHaveLength(1);
    // With the index over every post, this read 5,001 removed rows (10,015 buffers) to find 11.
    expect((feedReads[0] as { 'Rows Removed by Filter'?: number })['Rows Removed by Filter'] ?? 0).toBe(0);
    expect((feedReads[0] as { 'Actual Rows'?: number })['Actual Rows']).toBe(11);
  });
});
