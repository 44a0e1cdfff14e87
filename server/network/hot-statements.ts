import {
  COMMENTS_PAGE_SIZE,
  FEED_PAGE_SIZE,
  MEMBER_SUGGESTIONS_PAGE_SIZE,
  SEARCH_MEMBERS_LIMIT,
} from '../../contracts/network-constants.js';

/*
 * The network's hottest reads (the session member on every request, the feed and comment pages) as
 * named prepared statements run straight on the pool: parsed and planned once per connection,
 * without Drizzle's per-row mapping, which cost more than the query's own parsing. This module
 * imports only constants, so the bench's bare baseline (`bench/baselines/app-baseline.mjs`) runs
 * these very texts from the build. Writes and the other reads go through Drizzle.
 */

/** The member behind a session cookie ($1 the token's hash, $2 now). */
export const SESSION_MEMBER = {
  name: 'network_session_member',
  text: `SELECT u.id, u.email, u.username, u.display_name, u.photo_url, u.email_verified_at,
    u.headline, u.job_title, u.employer, u.location, u.about
  FROM network_sessions s JOIN network_users u ON u.id = s.user_id
  WHERE s.token_hash = $1 AND s.expires_at > $2 LIMIT 1`,
};

/**
 * Whether member $1 reported the post: one probe of the (post, reporter) unique index per post of
 * the page, asked after the page is cut like likedByMe (issue 39's "Reported" in the post's menu).
 */
const reportedByMe = (post: string) =>
  `EXISTS (SELECT 1 FROM network_reports r WHERE r.post_id = ${post}.id AND r.reporter_id = $1) AS reported_by_me`;

/**
 * The feed, newest first, by keyset on (created_at, id) so deep pages stay fast. The page is cut
 * in a subquery before likedByMe is asked: over the whole table the planner would hash every like
 * of the member first, a cost that grows with the member's likes. A post a moderator removed is
 * left out (the walk skips it: removals are few).
 */
const feedPageText = (afterCursor: boolean) => `
  SELECT newest.*, u.username, u.display_name, u.photo_url, u.headline, u.job_title, u.employer,
    EXISTS (SELECT 1 FROM network_likes l WHERE l.post_id = newest.id AND l.user_id = $1) AS liked_by_me,
    ${reportedByMe('newest')}${afterCursor ? '' : `, ${EVENTS_POSITION} AS events_after`}
  FROM (SELECT id, user_id, description, media_type, media_key, like_count, comment_count, created_at FROM network_posts
        WHERE removed_at IS NULL ${afterCursor ? 'AND (created_at, id) < ($2::timestamptz, $3::uuid)' : ''}
        ORDER BY created_at DESC, id DESC LIMIT ${FEED_PAGE_SIZE + 1}) newest
  JOIN network_users u ON u.id = newest.user_id
  ORDER BY newest.created_at DESC, newest.id DESC`;

/**
 * The live events' newest id (0 for an empty log). The feed's first page reads it in its own
 * statement, so in the same snapshot as its posts: every event up to it is in the page, every one
 * after it is not, and a stream opened `after` it replays exactly what the page lacks.
 */
const EVENTS_POSITION = '(SELECT coalesce(max(id), 0) FROM network_events)';
export const EVENTS_POSITION_NOW = {
  name: 'network_events_position',
  text: `SELECT ${EVENTS_POSITION} AS events_after`,
};

/** The feed's statements ($1 the member, $2 and $3 the cursor's time and id); the first page's rows carry `events_after`. */
export const FEED_FIRST_PAGE = { name: 'network_feed_first_page', text: feedPageText(false) };
export const FEED_PAGE_AFTER = { name: 'network_feed_page_after', text: feedPageText(true) };

/**
 * A post's comments, newest first, paged by keyset like the feed, and whether the post exists, in
 * one statement: no row when the post does not exist (or was removed by a moderator), one row of
 * nulls when it has no comments (yet). One round trip instead of a check and a page.
 */
const commentsPageText = (afterCursor: boolean) => `
  SELECT page.* FROM network_posts p
  LEFT JOIN LATERAL (
    SELECT c.id, c.post_id, c.text, c.created_at, c.user_id, u.username, u.photo_url
    FROM network_comments c JOIN network_users u ON u.id = c.user_id
    WHERE c.post_id = p.id ${afterCursor ? 'AND (c.created_at, c.id) < ($2::timestamptz, $3::uuid)' : ''}
    ORDER BY c.created_at DESC, c.id DESC LIMIT ${COMMENTS_PAGE_SIZE + 1}
  ) page ON true
  WHERE p.id = $1 AND p.removed_at IS NULL
  ORDER BY page.created_at DESC, page.id DESC`;

/** The comment pages' statements ($1 the post, $2 and $3 the cursor's time and id). */
export const COMMENTS_FIRST_PAGE = { name: 'network_comments_first_page', text: commentsPageText(false) };
export const COMMENTS_PAGE_AFTER = { name: 'network_comments_page_after', text: commentsPageText(true) };

/**
 * Search's posts: English full text (websearch_to_tsquery), best first by ts_rank, keyset-paged
 * on (rank, id) ($1 the member, $2 the text, $3 and $4 the cursor's rank and id). The page is cut
 * before the authors are joined and likedByMe is asked, as in the feed.
 */
const searchPostsText = (afterCursor: boolean) => `
  SELECT hit.*, u.username, u.display_name, u.photo_url, u.headline, u.job_title, u.employer,
    EXISTS (SELECT 1 FROM network_likes l WHERE l.post_id = hit.id AND l.user_id = $1) AS liked_by_me,
    ${reportedByMe('hit')}
  FROM (
    SELECT p.id, p.user_id, p.description, p.media_type, p.media_key, p.like_count, p.comment_count, p.created_at,
      ts_rank(p.search, query) AS rank
    FROM network_posts p, websearch_to_tsquery('english', $2) query
    WHERE p.search @@ query AND p.removed_at IS NULL
    ${afterCursor ? 'AND (ts_rank(p.search, query), p.id) < ($3::real, $4::uuid)' : ''}
    ORDER BY rank DESC, p.id DESC LIMIT ${FEED_PAGE_SIZE + 1}
  ) hit
  JOIN network_users u ON u.id = hit.user_id
  ORDER BY hit.rank DESC, hit.id DESC`;

export const SEARCH_POSTS_FIRST_PAGE = { name: 'network_search_posts_first_page', text: searchPostsText(false) };
export const SEARCH_POSTS_PAGE_AFTER = { name: 'network_search_posts_page_after', text: searchPostsText(true) };

/** Who search and the `@` box find: members with a profile whose username or name contains the text ($1, a LIKE pattern). */
const NAME_CONTAINS = 'username IS NOT NULL AND (lower(username) LIKE $1 OR lower(display_name) LIKE $1)';

/**
 * Search's members ($1 the LIKE pattern, $2 the lower-cased text): their name or username, or
 * their employer (issue 39), containing it or like it (pg_trgm), best first.
 */
export const SEARCH_MEMBERS = {
  name: 'network_search_members',
  text: `SELECT username, display_name, photo_url, headline, job_title, employer FROM network_users
  WHERE (${NAME_CONTAINS}) OR (username IS NOT NULL AND (lower(username) % $2 OR lower(display_name) % $2
    OR lower(employer) LIKE $1 OR lower(employer) % $2))
  ORDER BY greatest(similarity(lower(username), $2), similarity(coalesce(lower(display_name), ''), $2),
    similarity(coalesce(lower(employer), ''), $2)) DESC, id
  LIMIT ${SEARCH_MEMBERS_LIMIT}`,
};

/** The `@` box's suggestions ($1 the LIKE pattern, $2 the writer, left out; $3 the last username of the previous page or null). */
export const SUGGEST_MEMBERS = {
  name: 'network_suggest_members',
  text: `SELECT username, display_name, photo_url, lower(username) AS key FROM network_users
  WHERE ${NAME_CONTAINS} AND id <> $2 AND ($3::text IS NULL OR lower(username) > $3)
  ORDER BY lower(username)
  LIMIT ${MEMBER_SUGGESTIONS_PAGE_SIZE + 1}`,
};
