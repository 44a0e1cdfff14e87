import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Queryable } from '../db/client.js';
import type { networkUsers } from '../db/schema/network.js';
import { networkSessions } from '../db/schema/network.js';
import { SESSION_MEMBER } from './hot-statements.js';
import { SESSION_COOKIE } from '../../contracts/network-constants.js';

export { SESSION_COOKIE };

export type MemberRow = typeof networkUsers.$inferSelect;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Instances LISTEN here and end the event streams whose session is gone (see realtime.ts). */
export const SESSIONS_ENDED_CHANNEL = 'network_sessions_ended';

/** What identifies a session without being it: the stored hash of its token. */
export function sessionKeyOf(token: string): string {
  return hashToken(token);
}

/** Which of these session keys still open a session now. */
export async function liveSessionKeys(db: Queryable, keys: string[], now: Date): Promise<Set<string>> {
  const rows = await db
    .select({ tokenHash: networkSessions.tokenHash })
    .from(networkSessions)
    .where(and(inArray(networkSessions.tokenHash, keys), gt(networkSessions.expiresAt, now)));
  return new Set(rows.map((row) => row.tokenHash));
}

/** Tells every instance (on commit) that sessions ended, so their open streams are checked at once. */
export async function announceSessionsEnded(db: Queryable): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${SESSIONS_ENDED_CHANNEL}, '')`);
}

/** Ends every session of the member (password reset, account taken over by its address's owner). */
export async function endAllSessions(db: Queryable, userId: string): Promise<void> {
  await db.delete(networkSessions).where(eq(networkSessions.userId, userId));
  await announceSessionsEnded(db);
}

/** Opens a session row and returns the cookie's token; only the token's hash is stored. */
export async function openSession(db: Queryable, userId: string, now: Date, ttlSeconds: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(networkSessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  });
  return token;
}

/** What a request knows of its member: the account without its credentials. */
export type SessionMember = Omit<MemberRow, 'passwordHash' | 'oidcIssuer' | 'oidcSubject' | 'createdAt'>;

/**
 * Every network request asks this, so it runs as a named prepared statement straight on the pool
 * (PostgreSQL parses and plans it once per connection), without Drizzle: the hot reads of the
 * network (this, the feed and comment pages in posts.ts) skip its per-row mapping, which cost
 * more than the query's own parsing. Writes and the rest go through Drizzle.
 * `bench/baselines/app-baseline.mjs` runs the same text.
 */

type SessionMemberRecord = {
  id: string;
  email: string | null;
  username: string | null;
  display_name: string | null;
  photo_url: string | null;
  email_verified_at: Date | null;
  headline: string | null;
  job_title: string | null;
  employer: string | null;
  location: string | null;
  about: string | null;
};

export async function findSessionMember(
  pool: pg.Pool,
  token: string | undefined,
  now: Date,
): Promise<SessionMember | undefined> {
  if (!token || token.length > 100) return undefined;
  const { rows } = await pool.query<SessionMemberRecord>({ ...SESSION_MEMBER, values: [hashToken(token), now] });
  const row = rows[0];
  return row
    ? {
        id: row.id,
        email: row.email,
        username: row.username,
        displayName: row.display_name,
        photoUrl: row.photo_url,
        emailVerifiedAt: row.email_verified_at,
        headline: row.headline,
        jobTitle: row.job_title,
        employer: row.employer,
        location: row.location,
        about: row.about,
      }
    : undefined;
}

export async function revokeSession(db: Queryable, token: string | undefined): Promise<void> {
  if (!token || token.length > 100) return;
  const ended = await db
    .delete(networkSessions)
    .where(eq(networkSessions.tokenHash, hashToken(token)))
    .returning({ userId: networkSessions.userId });
  if (ended.length > 0) await announceSessionsEnded(db);
}

export async function pruneExpiredSessions(db: Queryable, now: Date): Promise<void> {
  await db.delete(networkSessions).where(lt(networkSessions.expiresAt, now));
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  ttlSeconds: number,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: ttlSeconds,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}
