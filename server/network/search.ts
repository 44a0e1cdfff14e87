import { sql } from 'drizzle-orm';
import { FEED_PAGE_SIZE, MEMBER_SUGGESTIONS_PAGE_SIZE, SEARCH_MEMBERS_LIMIT, type MemberSuggestions, type PublicMember, type SearchResults } from '../../contracts/network.js';
import type { Database } from '../db/client.js';
import { AppError } from '../platform/errors.js';
import type { Member } from './accounts.js';
import { mediaUrlOf } from './media.js';

type RankCursor = { rank: number; id: string };

/** Search pages by rank, not time: the cursor is the (rank, id) of the page's last post. */
function encodeRankCursor(cursor: RankCursor): string {
  return Buffer.from(`${cursor.rank}|${cursor.id}`).toString('base64url');
}

function decodeRankCursor(value: string | undefined): RankCursor | undefined {
  if (value === undefined || value === '') return undefined;
  const [rank, id] = Buffer.from(value, 'base64url').toString().split('|');
  const parsed = Number(rank);
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || rank === '' || !Number.isFinite(parsed)) throw new AppError(400, 'Invalid cursor');
  return { rank: parsed, id };
}

type PostHit = {
  id: string;
  user_id: string;
  description: string;
  media_type: string;
  media_key: string | null;
  like_count: number;
  comment_count: number;
  created_at: Date | string;
  username: string | null;
  display_name: string | null;
  photo_url: string | null;
  liked_by_me: boolean;
  rank: number;
};

/** LIKE's own characters in a member's text are matched as themselves. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The members search and the `@` suggestions find the same people: those with a profile whose username or name contains the text. */
const nameContains = (q: string) =>
  sql`username IS NOT NULL AND (lower(username) LIKE ${likePattern(q)} OR lower(display_name) LIKE ${likePattern(q)})`;

type MemberRow = { username: string | null; display_name: string | null; photo_url: string | null };
const publicMemberOf = (row: MemberRow): PublicMember => ({ username: row.username, displayName: row.display_name, photoURL: row.photo_url });

/**
 * Posts by English full-text search (websearch_to_tsquery: quotes, OR, -word), best first by
 * ts_rank and keyset-paged on (rank, id); members whose username or display name contains the
 * text or is like it (pg_trgm), best first, on the first page only.
 */
export async function search(db: Database, viewer: Member, q: string, cursorValue: string | undefined): Promise<SearchResults> {
  const cursor = decodeRankCursor(cursorValue);
  const after = cursor ? sql`AND (hit.rank, hit.id) < (${cursor.rank}::real, ${cursor.id}::uuid)` : sql``;
  const hits = await db.execute<PostHit>(sql`
    SELECT hit.*, u.username, u.display_name, u.photo_url,
      EXISTS (SELECT 1 FROM network_likes l WHERE l.post_id = hit.id AND l.user_id = ${viewer.id}) AS liked_by_me
    FROM (
      SELECT p.id, p.user_id, p.description, p.media_type, p.media_key, p.like_count, p.comment_count, p.created_at,
        ts_rank(p.search, query) AS rank
      FROM network_posts p, websearch_to_tsquery('english', ${q}) query
      WHERE p.search @@ query
    ) hit
    JOIN network_users u ON u.id = hit.user_id
    WHERE true ${after}
    ORDER BY hit.rank DESC, hit.id DESC
    LIMIT ${FEED_PAGE_SIZE + 1}`);
  const rows = hits.rows;
  const page = rows.slice(0, FEED_PAGE_SIZE);
  const last = page.at(-1);
  let members: PublicMember[] = [];
  if (!cursor) {
    const text = q.toLowerCase();
    const found = await db.execute<MemberRow>(sql`
      SELECT username, display_name, photo_url FROM network_users
      WHERE (${nameContains(q)}) OR (username IS NOT NULL AND (lower(username) % ${text} OR lower(display_name) % ${text}))
      ORDER BY greatest(similarity(lower(username), ${text}), similarity(coalesce(lower(display_name), ''), ${text})) DESC, id
      LIMIT ${SEARCH_MEMBERS_LIMIT}`);
    members = found.rows.map(publicMemberOf);
  }
  return {
    posts: page.map((row) => ({
      id: row.id,
      user: { email: null, displayName: row.display_name, photoURL: row.photo_url, username: row.username },
      description: row.description,
      mediaType: row.media_type,
      mediaURL: row.media_key ? mediaUrlOf(row.media_key) : null,
      timestamp: new Date(row.created_at).toISOString(),
      userId: row.user_id,
      likeCount: row.like_count,
      commentCount: row.comment_count,
      likedByMe: row.liked_by_me,
      canDelete: viewer.isAdmin || viewer.id === row.user_id,
    })),
    members,
    nextCursor: rows.length > FEED_PAGE_SIZE && last ? encodeRankCursor({ rank: last.rank, id: last.id }) : null,
  };
}

/**
 * What the `@` box suggests while a member types a name: members containing the text, the writer
 * left out (nobody mentions themselves), by username so the pages are a stable keyset on
 * lower(username), unique by its index. Misspellings are for the search page: here every
 * keystroke narrows the list, and similarity would reorder it under the member's fingers.
 */
export async function suggestMembers(db: Database, viewer: Member, q: string, cursorValue: string | undefined): Promise<MemberSuggestions> {
  const after = decodeUsernameCursor(cursorValue);
  const rows = (
    await db.execute<MemberRow & { key: string }>(sql`
      SELECT username, display_name, photo_url, lower(username) AS key FROM network_users
      WHERE ${nameContains(q)} AND id <> ${viewer.id} ${after === undefined ? sql`` : sql`AND lower(username) > ${after}`}
      ORDER BY lower(username)
      LIMIT ${MEMBER_SUGGESTIONS_PAGE_SIZE + 1}`)
  ).rows;
  const page = rows.slice(0, MEMBER_SUGGESTIONS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    members: page.map(publicMemberOf),
    nextCursor: rows.length > MEMBER_SUGGESTIONS_PAGE_SIZE && last ? Buffer.from(last.key).toString('base64url') : null,
  };
}

function decodeUsernameCursor(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  const key = Buffer.from(value, 'base64url').toString();
  if (!/^[a-z0-9._-]{3,30}$/.test(key)) throw new AppError(400, 'Invalid cursor');
  return key;
}
