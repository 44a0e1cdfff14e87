// The limit each app scenario is measured against: the same paths, the same SQL statements in the
// same transactions (named prepared statements where the app prepares them), the same
// authentication checks and per-client limits, and the same answer (JSON and headers), served by
// hand with node:http + pg + JSON.stringify and nothing else. A scenario's throughput divided by its
// baseline's is the share our stack (Fastify, zod, Drizzle, logging, hooks) leaves of the limit.
//
// Each answer's shape comes from the app's own functions, imported from the build as the SQL is
// (progressAnswer, toListedCase, feedPage, commentsPage, searchResults): a field the app adds to an
// answer is in the baseline's too, so the bench's comparison of the two answers fails only when the
// baseline really answers something else (another statement, another check), never for a new field.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';
// The app's own statement texts and page sizes, from the build (`npm run bench` builds first), so
// the baseline runs exactly the SQL the app runs.
import { CASE_ADMIN_SESSION_VERSION, CASE_PROGRESS_LOOKUP } from '../../dist/server/cases/hot-statements.js';
import { toListedCase } from '../../dist/server/cases/case-reads.js';
import { CASE_LIST_PAGE_COLUMNS } from '../../dist/server/cases/case-list-rows.js';
import {
  caseNotFoundAnswer,
  caseTyped,
  lookupCaseNumber,
  progressAnswer,
} from '../../dist/server/cases/progress-lookup.js';
import { commentsPage, feedPage } from '../../dist/server/network/posts.js';
import { likePattern, searchResults } from '../../dist/server/network/search.js';
// The list's page walk is built by the app's own builder (its shape depends on the search: see
// caseListPageRows), so the baseline cuts the page with the same statement.
import { sql } from 'drizzle-orm';
import {
  caseListOrderBy,
  caseListPage,
  caseListPageRows,
  caseListSortedColumns,
  caseListWhereClause,
  countCaseList,
  estimatedTotal,
  isFarAboveLimit,
  plannedCaseListMatches,
  searchWords,
  settledTotal,
  STEP_GROUPS_MAX,
  stepGroupsListStatement,
  stepGroupsStatement,
  toStatement,
} from '../../dist/server/cases/case-list-query.js';
import { SEARCH_NEAR_MATCHES_HEADER } from '../../dist/contracts/cases-constants.js';
import {
  COMMENTS_FIRST_PAGE,
  FEED_FIRST_PAGE,
  FEED_PAGE_AFTER,
  SEARCH_MEMBERS,
  SEARCH_POSTS_FIRST_PAGE,
  SESSION_MEMBER,
} from '../../dist/server/network/hot-statements.js';
import { route as examRoute } from './exam-baseline.mjs';

// The app's pool size (DATABASE_POOL_SIZE's default), so both wait on the database alike.
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.BASELINE_POOL_SIZE ?? 10),
});
const jwtKey = Buffer.from(process.env.JWT_SECRET ?? '', 'utf8');
const CASES_PAGE_SIZE = 20;
const EXACT_COUNT_LIMIT = 10_000;

// What the app sends with every answer that is not a page (server/app.ts, decision 014), written
// out: the bytes are the product's, not the stack's, and every client parses them. The bench
// checks after each scenario that both answers carry the same headers.
const ANSWER_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

// ---- Per-client limits, as the app counts them (server/platform/rate-limit.ts): a fixed
// one-minute window per key in memory, the limit's three headers on every answer. The bench's
// few callers keep the map small, so expired windows are only replaced, never swept.

const LOOKUP_LIMIT = Number(process.env.CASE_LOOKUP_RATE_LIMIT ?? 20);
const MEMBER_LIMIT = Number(process.env.MEMBER_RATE_LIMIT ?? 600);
const LIMIT_WINDOW_MS = 60_000;
const windows = new Map();

function countRequest(response, key, max) {
  const now = Date.now();
  let window = windows.get(key);
  if (!window || window.resetAt <= now) windows.set(key, (window = { count: 0, resetAt: now + LIMIT_WINDOW_MS }));
  window.count++;
  const resetSeconds = String(Math.ceil((window.resetAt - now) / 1000));
  response.setHeader('x-ratelimit-limit', String(max));
  response.setHeader('x-ratelimit-remaining', String(Math.max(0, max - window.count)));
  response.setHeader('x-ratelimit-reset', resetSeconds);
  if (window.count > max) {
    response.setHeader('retry-after', resetSeconds);
    throw new HttpError(429, 'Too many requests');
  }
}

// ---- Authentication, as the app checks it

function verifyJwt(authorization, audience) {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  const parts = match?.[1]?.split('.');
  if (!parts || parts.length !== 3) throw new HttpError(401, 'Authentication required');
  const expected = createHmac('sha256', jwtKey).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new HttpError(401, 'Invalid token');
  const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString());
  const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString());
  if (
    header.alg !== 'HS256' ||
    claims.iss !== 'pathway' ||
    claims.aud !== audience ||
    !(claims.exp > Date.now() / 1000)
  ) {
    throw new HttpError(401, 'Invalid token');
  }
  return claims;
}

async function sessionMember(request, response) {
  const token = /(?:^|;\s*)pathway_session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  if (!token || token.length > 100) throw new HttpError(401, 'Please sign in to continue');
  const { rows } = await pool.query({
    ...SESSION_MEMBER,
    values: [createHash('sha256').update(token).digest('hex'), new Date()],
  });
  if (!rows[0]) throw new HttpError(401, 'Please sign in to continue');
  countRequest(response, `member:${rows[0].id}`, MEMBER_LIMIT);
  return rows[0];
}

// ---- Cases

async function lookup(url, request, response) {
  countRequest(response, `lookup:${request.socket.remoteAddress}`, LOOKUP_LIMIT);
  const caseNumber = url.searchParams.get('caseNumber') ?? '';
  const passportNumber = url.searchParams.get('passportNumber') ?? '';
  const { rows } = await pool.query({ ...CASE_PROGRESS_LOOKUP, values: [lookupCaseNumber(caseNumber)] });
  const found = caseTyped(rows, caseNumber, passportNumber);
  if (!found) throw new HttpError(404, caseNotFoundAnswer().message);
  return progressAnswer(found);
}

// The list's columns are the app's own text (a service's step, days at it and how overdue, the owner).
const PAGE_COLUMNS = sql.raw(CASE_LIST_PAGE_COLUMNS);

async function caseList(url, request, response) {
  const claims = verifyJwt(request.headers.authorization, 'caseadmin');
  // Revocable tokens: the admin's current session version, on every request, as the app checks it
  // (the same text, prepared under the same name).
  const admin = (await pool.query({ ...CASE_ADMIN_SESSION_VERSION, values: [Number(claims.sub)] })).rows[0];
  if (!admin || admin.session_version !== claims.ver) throw new HttpError(401, 'Your session has ended');
  const q = url.searchParams;
  // The filter as the app's route reads it; its conditions, sorts and page come from the app's own
  // builders (server/cases/case-list-query.ts, from the build), so the baseline searches exactly as
  // the app does (words in any order across number, name, passport, email and step) and cannot
  // drift into an older copy of the search.
  const filter = {
    search: q.get('search')?.trim() || undefined,
    status: q.get('status') || undefined,
    sortBy: q.get('sortBy') ?? 'createdAt',
    order: q.get('order')?.toUpperCase() === 'ASC' ? 'ASC' : 'DESC',
    page: Number(q.get('page') ?? 1),
    pageSize: Number(q.get('pageSize') ?? CASES_PAGE_SIZE),
  };
  const orderBy = sql.join(caseListOrderBy(filter), sql`, `);
  const { limit, offset } = caseListPage(filter);
  const readPage = () =>
    pool.query(
      toStatement(sql`SELECT ${PAGE_COLUMNS}
      FROM (${caseListPageRows(filter)}) AS page
      JOIN cases ON cases.id = page.id
      ORDER BY ${orderBy}`),
    );
  // A search: its matches read once, counted and sorted for the page, unless more than the limit match.
  const readMatches = (withFilter) =>
    pool.query(
      toStatement(sql`WITH matches AS MATERIALIZED (
        SELECT ${caseListSortedColumns(withFilter)} FROM cases ${caseListWhereClause(withFilter)} LIMIT ${sql.raw(String(EXACT_COUNT_LIMIT + 1))}
      ),
      total AS (SELECT count(*)::int AS n FROM matches),
      page AS (
        SELECT cases.id FROM matches AS cases WHERE (SELECT n FROM total) <= ${sql.raw(String(EXACT_COUNT_LIMIT))} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}
      )
      SELECT total.n AS total, ${PAGE_COLUMNS}
      FROM total LEFT JOIN (page JOIN cases ON cases.id = page.id) ON true
      ORDER BY ${orderBy}`),
    );
  let page;
  let counted;
  let nearMatches = false;
  // A step's name: its page and count by step groups, as the app (case-reads.ts listByStepGroups).
  const groupsQuery = filter.search ? stepGroupsStatement(filter) : undefined;
  const groups = groupsQuery ? (await pool.query(toStatement(groupsQuery))).rows : [];
  let groupsCounted;
  const atStatus = filter.status ? groups.filter((group) => group.status === filter.status) : groups;
  // The list by step groups: its rows (each with the total, as readMatches's) and the two counts.
  const readByGroups = async (withFilter) => {
    const grouped = await pool.query(
      toStatement(stepGroupsListStatement(withFilter, atStatus, EXACT_COUNT_LIMIT, PAGE_COLUMNS)),
    );
    const others = grouped.rows[0]?.otherMatches ?? 0;
    const total = others + (grouped.rows[0]?.stepMatches ?? 0);
    return { others, total, rows: grouped.rows.map((row) => ({ ...row, total })) };
  };
  const byGroups = groups.length > 0 && groups.length <= STEP_GROUPS_MAX;
  if (byGroups) {
    const grouped = await readByGroups(filter);
    const { others, total } = grouped;
    // None matched: straight to the near matches, as the app.
    if (others <= EXACT_COUNT_LIMIT && total === 0) groupsCounted = { rows: [{ total: 0, id: null }] };
    if (others <= EXACT_COUNT_LIMIT && total > 0) {
      const rows = grouped.rows.filter((row) => row.id !== null);
      counted =
        total <= EXACT_COUNT_LIMIT
          ? { total, estimated: false }
          : settledTotal(
              estimatedTotal(await plannedCaseListMatches(pool, filter), EXACT_COUNT_LIMIT),
              filter,
              rows.length,
            );
      if (counted.estimated) response.setHeader('x-total-count-estimated', 'true');
      response.setHeader('x-total-count', String(counted.total));
      return rows.map(toListedCase);
    }
  }
  // Far more matches planned than the limit: no count, as the app (case-reads.ts listCases).
  const planned = filter.search && !groupsCounted ? await plannedCaseListMatches(pool, filter) : 0;
  let matches =
    groupsCounted ??
    (filter.search && !isFarAboveLimit(planned, EXACT_COUNT_LIMIT) ? await readMatches(filter) : undefined);
  // Nothing as typed: the names one typo away, as the app asks them (case-reads.ts listCases).
  if (matches && matches.rows[0].total === 0 && searchWords(filter.search).some((word) => [...word].length >= 4)) {
    // Step words: by groups again, as the app.
    const grouped = groupsCounted ? await readByGroups({ ...filter, nearMatches: true }) : undefined;
    const near =
      grouped && grouped.others <= EXACT_COUNT_LIMIT && grouped.total <= EXACT_COUNT_LIMIT
        ? grouped
        : await readMatches({ ...filter, nearMatches: true });
    if (near.rows[0].total > 0 && near.rows[0].total <= EXACT_COUNT_LIMIT) {
      matches = near;
      nearMatches = true;
    }
  }
  if (matches && matches.rows[0].total <= EXACT_COUNT_LIMIT) {
    page = { rows: matches.rows.filter((row) => row.id !== null) };
    counted = { total: matches.rows[0].total, estimated: false };
  } else if (filter.search) {
    page = await readPage();
    counted = settledTotal(estimatedTotal(planned, EXACT_COUNT_LIMIT), filter, page.rows.length);
  } else {
    [page, counted] = await Promise.all([readPage(), countCaseList(pool, filter)]);
    counted = settledTotal(counted, filter, page.rows.length);
  }
  if (nearMatches) response.setHeader(SEARCH_NEAR_MATCHES_HEADER, 'true');
  if (counted.estimated) response.setHeader('x-total-count-estimated', 'true');
  response.setHeader('x-total-count', String(counted.total));
  return page.rows.map(toListedCase);
}

// ---- Network

function decodeCursor(value) {
  if (!value) return undefined;
  const [iso, id] = Buffer.from(value, 'base64url').toString().split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(createdAt.getTime()))
    throw new HttpError(400, 'Invalid cursor');
  return { createdAt, id };
}

// The session's member as the app's shapes read it (the bench's member is no moderator).
const memberOf = (row) => ({ id: row.id, isAdmin: false });

async function feed(url, request, response) {
  const member = await sessionMember(request, response);
  const cursor = decodeCursor(url.searchParams.get('cursor'));
  const { rows } = await pool.query({
    ...(cursor ? FEED_PAGE_AFTER : FEED_FIRST_PAGE),
    values: cursor ? [member.id, cursor.createdAt.toISOString(), cursor.id] : [member.id],
  });
  return feedPage(rows, memberOf(member));
}

async function comments(postId, request, response) {
  await sessionMember(request, response);
  if (!/^[0-9a-f-]{36}$/.test(postId)) throw new HttpError(400, 'Invalid post id');
  const { rows } = await pool.query({ ...COMMENTS_FIRST_PAGE, values: [postId] });
  if (rows.length === 0) throw new HttpError(404, 'Post not found');
  return commentsPage(rows);
}

// Search's first page: the posts and the members statements at once, as the app asks them.
async function search(url, request, response) {
  const member = await sessionMember(request, response);
  const q = (url.searchParams.get('q') ?? '').trim();
  if (q === '' || q.length > 200) throw new HttpError(400, 'Please enter something to search for');
  const [hits, found] = await Promise.all([
    pool.query({ ...SEARCH_POSTS_FIRST_PAGE, values: [member.id, q] }),
    pool.query({ ...SEARCH_MEMBERS, values: [likePattern(q), q.toLowerCase()] }),
  ]);
  return searchResults(hits.rows, found.rows, memberOf(member));
}

// ---- Routing

const COMMENTS_PATH = /^\/api\/network\/posts\/([^/]+)\/comments$/;

async function route(request, response) {
  const url = new URL(request.url, 'http://localhost');
  if (request.method === 'GET' && url.pathname === '/api/progress') return lookup(url, request, response);
  if (request.method === 'GET' && url.pathname === '/api/caseadmin/cases') return caseList(url, request, response);
  if (request.method === 'GET' && url.pathname === '/api/network/posts') return feed(url, request, response);
  if (request.method === 'GET' && url.pathname === '/api/network/search') return search(url, request, response);
  const commentsOf = request.method === 'GET' ? COMMENTS_PATH.exec(url.pathname) : null;
  if (commentsOf) return comments(commentsOf[1], request, response);
  const answered = await examRoute(pool, request, url, verifyJwt, HttpError);
  if (answered !== undefined) return answered;
  throw new HttpError(404, 'not found');
}

// With its length, as the app sends it: after writeHead, node would send the body in chunks.
function send(response, status, body) {
  const json = JSON.stringify(body);
  response.writeHead(status, { ...ANSWER_HEADERS, 'content-length': Buffer.byteLength(json) });
  response.end(json);
}

const server = createServer((request, response) => {
  route(request, response).then(
    (body) => {
      send(response, 200, body);
    },
    (error) => {
      const status = error instanceof HttpError ? error.status : 500;
      // A request cut off when autocannon stops at the end of a run is not a failure of ours.
      if (status === 500 && error.code !== 'ECONNRESET') console.error(error);
      send(response, status, { error: error.message });
    },
  );
});
server.keepAliveTimeout = 72_000;
// A clean exit on the bench's SIGTERM, so a CPU profile (BENCH_PROFILE) is written.
process.once('SIGTERM', () => process.exit(0));
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
