import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { expect } from 'vitest';
import type { App } from '../../server/app.js';
import type { TestApp } from '../test-app.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * Every `METHOD /path` the app answers, read from the router itself, so a route added later
 * without an entry in the attack tables fails them. HEAD routes are left out: Fastify derives
 * each from its GET route, with the same hooks and handler.
 * Parameter names are written `:param`, because the router merges siblings (`:id|:serviceId`).
 */
export function routesOf(app: App): string[] {
  const routes: string[] = [];
  const segments: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    segments.length = depth;
    segments.push(match[2] ?? '');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push(`${method} ${normalizeRoute(segments.join(''))}`);
    }
  }
  return routes.sort();
}

/** `/a/:id|:serviceId/b` and `/a/:serviceId/b` both become `/a/:param/b`. */
export function normalizeRoute(path: string): string {
  return path.replace(/:[A-Za-z]+(\|:[A-Za-z]+)*/g, ':param');
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token with the right claims for `audience`, signed with a key the app does not know. */
export function forgedToken(
  claims: Record<string, unknown> & { sub: string },
  audience: string,
  nowSeconds: number,
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('pathway')
    .setAudience(audience)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + 3600)
    .sign(randomBytes(32));
}

/** An unsigned (`alg: none`) token with the right claims for `audience`. */
export function unsignedToken(
  claims: Record<string, unknown> & { sub: string },
  audience: string,
  nowSeconds: number,
): string {
  const payload = { ...claims, iss: 'pathway', aud: audience, iat: nowSeconds, exp: nowSeconds + 3600 };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}

/** A token signed with the app's key but with its signature bytes changed. */
export function tamperedSignature(token: string): string {
  const [header, payload, signature = ''] = token.split('.');
  const bytes = Buffer.from(signature, 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 0xff;
  return `${header}.${payload}.${bytes.toString('base64url')}`;
}

/** A token of the app's key whose payload was edited after signing (here: made an admin). */
export function editedPayload(token: string, changes: Record<string, unknown>): string {
  const [header, payload = '', signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  return `${header}.${base64url({ ...claims, ...changes })}.${signature}`;
}

/** Things an error body must never show: a stack, a source path, a driver's message. */
export const INTERNALS =
  /\bat .+\(.+:\d+:\d+\)|\/work\/|node_modules|\.ts:\d+|"stack"|drizzle|Failed query|syntax error at or near/i;

let digestQuery: string | undefined;

/**
 * A digest of every row of every table of the app: any insert, update or delete changes it. Per table,
 * the row count and the sum of each row's 64-bit hash: it does not depend on the rows' order, so nothing
 * is sorted (a sorted md5 of every row made the bad-input files, which take two digests per request,
 * grow with the square of their fixtures: two thirds of their time).
 */
export async function tableDigest(t: TestApp): Promise<Record<string, string>> {
  // An email's job writes when it runs (a link's token is issued then): a digest counts what the
  // calls so far caused, not a job of an earlier call landing between two digests. The delayed case
  // jobs an earlier call queued (its email waiting out the undo window, the steps' typical durations
  // recomputed a minute later) are put off instead, for the same reason.
  await mailQueueSettled(t);
  await holdDelayedCaseJobs(t);
  if (!digestQuery) {
    const tables = await t.database.pool.query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    );
    digestQuery = tables.rows
      .map(({ tablename }) => {
        const name = `"${tablename.replaceAll('"', '""')}"`;
        return `SELECT '${tablename}' AS name, count(*) || ':' || coalesce(sum(hashtextextended(r::text, 0)), 0) AS digest FROM ${name} r`;
      })
      .join(' UNION ALL ');
  }
  const result = await t.database.pool.query<{ name: string; digest: string }>(digestQuery);
  return Object.fromEntries(result.rows.map((row) => [row.name, row.digest]));
}

/** Resolves once every queued email has been handled (sent, or skipped by its composer). */
export async function mailQueueSettled(t: Pick<TestApp, 'database'>): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await t.database.pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send' AND state NOT IN ('completed', 'failed')`,
          )
        ).rows[0]?.n,
    )
    .toBe(0);
}

/** Puts off the waiting delayed case jobs by a day and waits for any that already started to finish. */
async function holdDelayedCaseJobs(t: Pick<TestApp, 'database'>): Promise<void> {
  const { pool } = t.database;
  const queues = `('case-step-estimates', 'case-notification')`;
  await pool.query(
    `UPDATE pgboss.job SET start_after = now() + interval '1 day' WHERE name IN ${queues} AND state IN ('created', 'retry')`,
  );
  await expect
    .poll(
      async () =>
        (
          await pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pgboss.job WHERE name IN ${queues} AND state = 'active'`,
          )
        ).rows[0]?.n,
    )
    .toBe(0);
}
