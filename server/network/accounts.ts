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
