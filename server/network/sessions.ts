import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/client.js';
import { networkSessions, networkUsers } from '../db/schema/network.js';

export const SESSION_COOKIE = 'pathway_session';

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

/**
 * Every network request asks this, so its query is built once per database and runs as a named
 * prepared statement (PostgreSQL parses and plans it once per connection).
 */
const sessionMemberQueries = new WeakMap<Queryable, ReturnType<typeof prepareSessionMember>>();
const prepareSessionMember = (db: Queryable) =>
  db
    .select({ user: networkUsers })
    .from(networkSessions)
    .innerJoin(networkUsers, eq(networkUsers.id, networkSessions.userId))
    .where(and(eq(networkSessions.tokenHash, sql.placeholder('tokenHash')), gt(networkSessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('network_session_member');

export async function findSessionMember(db: Queryable, token: string | undefined, now: Date): Promise<MemberRow | undefined> {
  if (!token || token.length > 100) return undefined;
  let query = sessionMemberQueries.get(db);
  if (!query) sessionMemberQueries.set(db, (query = prepareSessionMember(db)));
  const [row] = await query.execute({ tokenHash: hashToken(token), now });
  return row?.user;
}

export async function revokeSession(db: Queryable, token: string | undefined): Promise<void> {
  if (!token || token.length > 100) return;
  const ended = await db.delete(networkSessions).where(eq(networkSessions.tokenHash, hashToken(token))).returning({ userId: networkSessions.userId });
  if (ended.length > 0) await announceSessionsEnded(db);
}

export async function pruneExpiredSessions(db: Queryable, now: Date): Promise<void> {
  await db.delete(networkSessions).where(lt(networkSessions.expiresAt, now));
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, ttlSeconds: number): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: ttlSeconds,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}
