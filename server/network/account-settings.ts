import { and, count, eq, isNull, ne } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client.js';
import { networkPosts, networkSessions, networkUsers } from '../db/schema/network.js';
import type { AccountSettings, ChangePasswordBody } from '../../contracts/network.js';
import { AppError } from '../platform/errors.js';
import { hashPassword, verifyPassword } from '../platform/passwords.js';
import { queuePasswordChangedEmail } from '../platform/password-reset.js';
import type { MailDeps } from './accounts.js';
import { memberPasswordChanged } from './member-emails.js';
import { removeStoredMedia, type MediaFiles } from './media.js';
import { removeMemberContent } from './member-content.js';
import { announceSessionsEnded, sessionKeyOf } from './sessions.js';
import { holdSuspensionPastDeletion } from './suspensions.js';
import { forgetIdentity } from '../platform/person-links.js';

/**
 * A member's own account: password, other devices, deletion. The asking browser's session is
 * named by its cookie's token, so "other devices" means every session but that one.
 */

// 400 and not 401: a 401 tells the page that the session has ended.
const wrongPassword = () => new AppError(400, 'Your password is not right. Please try again.');

async function passwordHashOf(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ passwordHash: networkUsers.passwordHash })
    .from(networkUsers)
    .where(eq(networkUsers.id, userId));
  if (!row) throw new AppError(404, 'Account not found');
  return row.passwordHash;
}

/** An account with a password proves it is its owner by giving it; one made by external sign-in has none to give. */
async function confirmPassword(db: Queryable, userId: string, password: string | undefined): Promise<void> {
  const hash = await passwordHashOf(db, userId);
  if (hash === null) return;
  if (!password) throw new AppError(400, 'Please enter your current password.');
  if (!(await verifyPassword(hash, password))) throw wrongPassword();
}

export async function accountSettings(db: Queryable, userId: string, sessionToken: string): Promise<AccountSettings> {
  const [sessions] = await db
    .select({ n: count() })
    .from(networkSessions)
    .where(and(eq(networkSessions.userId, userId), ne(networkSessions.tokenHash, sessionKeyOf(sessionToken))));
  // A post a moderator removed is not counted: the member no longer sees it.
  const [posts] = await db
    .select({ n: count() })
    .from(networkPosts)
    .where(and(eq(networkPosts.userId, userId), isNull(networkPosts.removedAt)));
  return {
    hasPassword: (await passwordHashOf(db, userId)) !== null,
    otherSessions: sessions?.n ?? 0,
    posts: posts?.n ?? 0,
  };
}

/** Ends every session of the member but this browser's; their open streams close. */
async function endOtherSessions(db: Queryable, userId: string, sessionToken: string): Promise<number> {
  const ended = await db
    .delete(networkSessions)
    .where(and(eq(networkSessions.userId, userId), ne(networkSessions.tokenHash, sessionKeyOf(sessionToken))))
    .returning({ tokenHash: networkSessions.tokenHash });
  if (ended.length > 0) await announceSessionsEnded(db);
  return ended.length;
}

export async function signOutOtherDevices(db: Database, userId: string, sessionToken: string): Promise<number> {
  return db.transaction((tx) => endOtherSessions(tx, userId, sessionToken));
}

/** A new password, given the current one; every other device is signed out, as after a reset. */
export async function changePassword(
  db: Database,
  userId: string,
  sessionToken: string,
  input: ChangePasswordBody,
  mail: MailDeps,
  now: Date,
): Promise<void> {
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await confirmPassword(tx, userId, input.currentPassword);
    const [changed] = await tx
      .update(networkUsers)
      .set({ passwordHash })
      .where(eq(networkUsers.id, userId))
      .returning({ email: networkUsers.email });
    await endOtherSessions(tx, userId, sessionToken);
    await queuePasswordChangedEmail(tx, mail, memberPasswordChanged, { email: changed?.email, now });
  });
}

/**
 * Deletes the account with everything it wrote (see `removeMemberContent`) and its sessions, and
 * after the commit its stored files (its posts' media, its photo).
 */
export async function deleteAccount(
  db: Database,
  files: Pick<MediaFiles, 'storage' | 'log'>,
  userId: string,
  password: string | undefined,
  now: Date,
): Promise<void> {
  const removedMedia = await db.transaction(async (tx) => {
    await confirmPassword(tx, userId, password);
    // A suspension outlives the account: it stays on the address and identity a new account would reuse.
    await holdSuspensionPastDeletion(tx, userId, now);
    const removedMedia = await removeMemberContent(tx, userId, now);
    await tx.delete(networkUsers).where(eq(networkUsers.id, userId));
    await forgetIdentity(tx, { area: 'network', accountId: userId });
    await announceSessionsEnded(tx);
    return removedMedia;
  });
  await removeStoredMedia(files, removedMedia);
}
