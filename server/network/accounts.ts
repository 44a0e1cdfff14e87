import { eq } from 'drizzle-orm';
import type { NetworkUser, ProfileBody } from '../../contracts/network.js';
import type { Queryable } from '../db/client.js';
import { networkUsers } from '../db/schema/network.js';
import { AppError, databaseErrorCode, PG_UNIQUE_VIOLATION } from '../platform/errors.js';
import { hashPassword, verifyPassword } from '../platform/passwords.js';
import type { MemberRow } from './sessions.js';

export type Member = MemberRow & { isAdmin: boolean };

export function asMember(row: MemberRow, adminEmails: readonly string[]): Member {
  return { ...row, isAdmin: row.email !== null && adminEmails.includes(row.email) };
}

export function toNetworkUser(member: Member): NetworkUser {
  return {
    uid: member.id,
    email: member.email,
    displayName: member.displayName,
    photoURL: member.photoUrl,
    username: member.username,
    isProfileComplete: Boolean(member.username && member.displayName),
    isAdmin: member.isAdmin,
  };
}

export async function createAccount(db: Queryable, email: string, password: string, now: Date): Promise<MemberRow> {
  const passwordHash = await hashPassword(password);
  try {
    const [row] = await db.insert(networkUsers).values({ email, passwordHash, createdAt: now }).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  } catch (error) {
    if (databaseErrorCode(error) === PG_UNIQUE_VIOLATION) throw new AppError(409, 'An account with this email already exists');
    throw error;
  }
}

export async function checkPassword(db: Queryable, email: string, password: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(networkUsers).where(eq(networkUsers.email, email)).limit(1);
  const ok = await verifyPassword(row?.passwordHash ?? undefined, password);
  return ok ? row : undefined;
}

export async function updateProfile(db: Queryable, userId: string, profile: ProfileBody): Promise<MemberRow> {
  try {
    const [row] = await db
      .update(networkUsers)
      .set({ username: profile.username, displayName: profile.displayName })
      .where(eq(networkUsers.id, userId))
      .returning();
    if (!row) throw new AppError(404, 'Account not found');
    return row;
  } catch (error) {
    if (databaseErrorCode(error) === PG_UNIQUE_VIOLATION) throw new AppError(409, 'This username is already taken');
    throw error;
  }
}

export async function setPhoto(db: Queryable, userId: string, photoUrl: string): Promise<{ row: MemberRow; previous: string | null }> {
  const [before] = await db.select({ photoUrl: networkUsers.photoUrl }).from(networkUsers).where(eq(networkUsers.id, userId));
  const [row] = await db.update(networkUsers).set({ photoUrl }).where(eq(networkUsers.id, userId)).returning();
  if (!row) throw new AppError(404, 'Account not found');
  return { row, previous: before?.photoUrl ?? null };
}

/**
 * Counts failed sign-ins per client address in a fixed window; past the limit the address is
 * answered 429 until the window ends. Per instance: a cluster multiplies the allowance by its size.
 */
export function createFailedSignInLimiter(limit: number, windowMs: number, now: () => Date) {
  const failures = new Map<string, { count: number; since: number }>();
  const current = (key: string) => {
    const entry = failures.get(key);
    if (entry && now().getTime() - entry.since >= windowMs) {
      failures.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    assertAllowed(key: string): void {
      const entry = current(key);
      if (entry && entry.count >= limit) {
        const minutes = Math.ceil((entry.since + windowMs - now().getTime()) / 60_000);
        throw new AppError(429, `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
      }
    },
    recordFailure(key: string): void {
      if (failures.size > 10_000) failures.clear();
      const entry = current(key);
      if (entry) entry.count += 1;
      else failures.set(key, { count: 1, since: now().getTime() });
    },
    reset(key: string): void {
      failures.delete(key);
    },
  };
}
