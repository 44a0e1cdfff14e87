import pg from 'pg';
import type { Database } from '../../server/db/client.js';
import { encodeCursor } from '../../server/network/cursor.js';
import { hashPassword } from '../../server/platform/passwords.js';
import { atFullSize, type BenchArea, type BenchContext, type Scenario } from '../harness.js';

/** Members with an open session each: enough for the live-update subscribers and the feed readers. */
export const liveSubscribers = Number(process.env.BENCH_LIVE_SUBSCRIBERS ?? atFullSize(10_000, 2_000, 0));
export const MEMBERS = Math.max(liveSubscribers + 1, 200);
export const SMALL_FEED = 1_000;
// BENCH_POSTS: the large feed's size alone (the search figure at 1,000,000 posts with the rest of a --quick run).
export const LARGE_FEED = Number(process.env.BENCH_POSTS ?? atFullSize(1_000_000, 100_000, 4_000));
/** One post in a thousand of the large feed holds this word: what a member searches for in the search scenario. */
const SEARCH_WORD = 'dialysis';
const SEARCH_ONE_IN = 1000;
const COMMENTS_ON_HOT_POST = 500;
// A fixed id, so the comments scenario knows which post to open.
const HOT_POST_ID = '00000000-0000-4000-8000-000000000001';
const MEMBER_PASSWORD = 'bench-member-password';

export const memberEmail = (n: number) => `member${n}@bench.test`;
/** The session cookie's token of member n; the table stores its SHA-256, as the app does. */
export const sessionCookie = (n: number) => `pathway_session=bench-session-${n}`;

async function seed(pool: pg.Pool, _db: Database): Promise<void> {
  // One argon2 hash shared by every member: hashing 5,000 passwords would only slow the set-up.
  const passwordHash = await hashPassword(MEMBER_PASSWORD);
  await pool.query(
    `INSERT INTO network_users (id, email, password_hash, username, display_name, created_at)
     SELECT ('00000000-0000-4000-9000-' || lpad(g::text, 12, '0'))::uuid, 'member' || g || '@bench.test', $2,
            'member' || g, 'Member ' || g, now() - interval '30 days'
     FROM generate_series(1, $1::int) g`,
    [MEMBERS, passwordHash],
  );
  await pool.query(
    `INSERT INTO network_sessions (token_hash, user_id, expires_at, created_at)
     SELECT encode(sha256(convert_to('bench-session-' || g, 'UTF8')), 'hex'),
            ('00000000-0000-4000-9000-' || lpad(g::text, 12, '0'))::uuid, now() + interval '7 days', now()
     FROM generate_series(1, $1::int) g`,
    [MEMBERS],
  );
  await insertPosts(pool, 1, SMALL_FEED - 1);
  await pool.query(
    `INSERT INTO network_posts (id, user_id, description, like_count, comment_count, created_at)
     VALUES ($1, '00000000-0000-4000-9000-000000000002', 'The post everyone comments on', 0, $2, now() - interval '1 hour')`,
    [HOT_POST_ID, COMMENTS_ON_HOT_POST],
  );
  await pool.query(
    `INSERT INTO network_comments (post_id, user_id, text, created_at)
     SELECT $1, ('00000000-0000-4000-9000-' || lpad((1 + g % $3::int)::text, 12, '0'))::uuid,
            'Comment number ' || g || ' on the busy post', now() - make_interval(secs => g)
     FROM generate_series(1, $2::int) g`,
    [HOT_POST_ID, COMMENTS_ON_HOT_POST, MEMBERS],
  );
}

/**
 * Posts g = from..to by members round-robin, one every 30 s going back in time, every third one
 * liked by member 1 (the feed reader), so the feed's likedByMe check finds rows.
 */
async function insertPosts(pool: pg.Pool | pg.Client, from: number, to: number): Promise<void> {
  await pool.query(
    `INSERT INTO network_posts (user_id, description, like_count, comment_count, created_at)
     SELECT ('00000000-0000-4000-9000-' || lpad((1 + g % $3::int)::text, 12, '0'))::uuid,
            'Post ' || g || ': ' || repeat('news from the network ', 1 + g % 8), CASE WHEN g % 3 = 0 THEN 1 ELSE 0 END, 0,
            now() - make_interval(secs => g * 30 + (g % 7))
     FROM generate_series($1::int, $2::int) g`,
    [from, to, MEMBERS],
  );
  await pool.query(
    `INSERT INTO network_likes (post_id, user_id, created_at)
     SELECT id, '00000000-0000-4000-9000-000000000001', created_at FROM network_posts
     WHERE like_count = 1 AND NOT EXISTS (SELECT 1 FROM network_likes l WHERE l.post_id = network_posts.id)`,
  );
}

/** Grows the feed from 1,000 to LARGE_FEED posts between two scenarios of the same run. */
async function growFeed(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM network_posts');
    const have = Number(rows[0]?.n ?? 0);
    await insertPosts(client, SMALL_FEED + 1, SMALL_FEED + (LARGE_FEED - have));
    await client.query('VACUUM ANALYZE network_posts, network_likes');
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
}

/**
 * After the feed scenarios (which keep their data as it was): one post in SEARCH_ONE_IN mentions
 * SEARCH_WORD, spread over the whole feed, so a search ranks a thousand matches among a million
 * posts. A word in every post would rank them all before the first page (decision 020).
 */
async function addSearchablePosts(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `UPDATE network_posts p SET description = p.description || ' Dialysis nurses wanted for the night shift'
       FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM network_posts) numbered
       WHERE numbered.id = p.id AND numbered.n % $1 = 0`,
      [SEARCH_ONE_IN],
    );
    await client.query('VACUUM ANALYZE network_posts');
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
}

const readerHeaders = { cookie: sessionCookie(1) };
let deepCursor = '';

/** The feed's cursor (as the app encodes it) after the n-th newest post. */
async function cursorAfter(databaseUrl: string, n: number): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ created_at: Date; id: string }>(
      'SELECT created_at, id FROM network_posts ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1',
      [n - 1],
    );
    const row = rows[0];
    if (!row) throw new Error(`the feed has fewer than ${n} posts`);
    return encodeCursor({ createdAt: row.created_at, id: row.id });
  } finally {
    await client.end();
  }
}

export const networkBench: BenchArea = {
  name: 'network',
  seed,
  scenarios: (ctx: BenchContext): Scenario[] => [
    {
      name: `network: feed first page, ${SMALL_FEED.toLocaleString('en')} posts`,
      target: 'app',
      baseline: true,
      goal: 0.85,
      headers: readerHeaders,
      path: '/api/network/posts',
    },
    {
      name: "network: open a post's comments",
      target: 'app',
      baseline: true,
      goal: 0.85,
      headers: readerHeaders,
      path: `/api/network/posts/${HOT_POST_ID}/comments`,
    },
    {
      name: 'network: sign-in (argon2id)',
      target: 'app',
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ctx.appUrl },
      body: JSON.stringify({ email: memberEmail(7), password: MEMBER_PASSWORD }),
      path: '/api/network/auth/sign-in',
      connections: 4,
    },
    {
      name: `network: feed first page, ${LARGE_FEED.toLocaleString('en')} posts`,
      target: 'app',
      baseline: true,
      goal: 0.85,
      headers: readerHeaders,
      path: '/api/network/posts',
      before: () => growFeed(ctx.databaseUrl),
    },
    {
      name: `network: feed page deep in ${LARGE_FEED.toLocaleString('en')} posts (after post ${(LARGE_FEED / 2).toLocaleString('en')})`,
      target: 'app',
      baseline: true,
      goal: 0.85,
      headers: readerHeaders,
      setupPath: () => `/api/network/posts?cursor=${deepCursor}`,
      before: async () => {
        deepCursor = await cursorAfter(ctx.databaseUrl, LARGE_FEED / 2);
      },
    },
    {
      name: `network: search, ${LARGE_FEED.toLocaleString('en')} posts (1 in ${SEARCH_ONE_IN.toLocaleString('en')} matches)`,
      target: 'app',
      baseline: true,
      goal: 0.85,
      headers: readerHeaders,
      path: `/api/network/search?q=${SEARCH_WORD}`,
      before: () => addSearchablePosts(ctx.databaseUrl),
    },
  ],
};
