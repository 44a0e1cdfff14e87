import type pg from 'pg';
import {
  FEED_PAGE_SIZE,
  MEMBER_SUGGESTIONS_PAGE_SIZE,
  type MemberSuggestions,
  type FoundMember,
  type PublicMember,
  type SearchResults,
} from '../../contracts/network.js';
import { AppError } from '../platform/errors.js';
import type { Member } from './accounts.js';
import { SEARCH_MEMBERS, SEARCH_POSTS_FIRST_PAGE, SEARCH_POSTS_PAGE_AFTER, SUGGEST_MEMBERS } from './hot-statements.js';
import { feedPostOf, type FeedRecord } from './posts.js';

type RankCursor = { rank: number; id: string };

/** Search pages by rank, not time: the cursor is the (rank, id) of the page's last post. */
function encodeRankCursor(cursor: RankCursor): string {
  return Buffer.from(`${cursor.rank}|${cursor.id}`).toString('base64url');
}

function decodeRankCursor(value: string | undefined): RankCursor | undefined {
  if (value === undefined || value === '') return undefined;
  const [rank, id] = Buffer.from(value, 'base64url').toString().split('|');
  const parsed = Number(rank);
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || rank === '' || !Number.isFinite(parsed))
    throw new AppError(400, 'Invalid cursor');
  return { rank: parsed, id };
}

export type PostHit = FeedRecord & { rank: number };

export type MemberRow = { username: string | null; display_name: string | null; photo_url: string | null };
const publicMemberOf = (row: MemberRow): PublicMember => ({
  username: row.username,
  displayName: row.display_name,
  photoURL: row.photo_url,
});

export type FoundMemberRow = MemberRow & { headline: string | null; job_title: string | null; employer: string | null };
const foundMemberOf = (row: FoundMemberRow): FoundMember => ({
  ...publicMemberOf(row),
  headline: row.headline,
  role: row.job_title,
  employer: row.employer,
});

/** LIKE's own characters in a member's text are matched as themselves. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Posts by English full-text search (websearch_to_tsquery: quotes, OR, -word), best first by
 * ts_rank and keyset-paged on (rank, id); members whose username or display name contains the
 * text or is like it (pg_trgm), best first, on the first page only. Both are prepared statements
 * (hot-statements.ts), so the bench's bare baseline runs the same SQL.
 */
export async function search(
  pool: pg.Pool,
  viewer: Member,
  q: string,
  cursorValue: string | undefined,
): Promise<SearchResults> {
  const cursor = decodeRankCursor(cursorValue);
  const [hits, found] = await Promise.all([
    pool.query<PostHit>(
      cursor
        ? { ...SEARCH_POSTS_PAGE_AFTER, values: [viewer.id, q, cursor.rank, cursor.id] }
        : { ...SEARCH_POSTS_FIRST_PAGE, values: [viewer.id, q] },
    ),
    cursor ? undefined : pool.query<FoundMemberRow>({ ...SEARCH_MEMBERS, values: [likePattern(q), q.toLowerCase()] }),
  ]);
  return searchResults(hits.rows, found?.rows ?? [], viewer);
}

/**
 * The search's answer from its statements' rows (posts: one more than a page when there is a next
 * one). The bench's bare baseline answers through this function too (from the build).
 */
export function searchResults(rows: PostHit[], members: FoundMemberRow[], viewer: Member): SearchResults {
  const page = rows.slice(0, FEED_PAGE_SIZE);
  const last = page.at(-1);
  return {
    posts: page.map((row) => feedPostOf(row, viewer)),
    members: members.map(foundMemberOf),
    nextCursor: rows.length > FEED_PAGE_SIZE && last ? encodeRankCursor({ rank: last.rank, id: last.id }) : null,
  };
}

/**
 * What the `@` box suggests while a member types a name: the members search's own match, the
 * writer left out (nobody mentions themselves), by username so the pages are a stable keyset on
 * lower(username), unique by its index. Misspellings are for the search page: here every
 * keystroke narrows the list, and similarity would reorder it under the member's fingers.
 */
export async function suggestMembers(
  pool: pg.Pool,
  viewer: Member,
  q: string,
  cursorValue: string | undefined,
): Promise<MemberSuggestions> {
  const after = decodeUsernameCursor(cursorValue);
  const { rows } = await pool.query<MemberRow & { key: string }>({
    ...SUGGEST_MEMBERS,
    values: [likePattern(q), viewer.id, after ?? null],
  });
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
