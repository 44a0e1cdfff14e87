import type { Config } from '../config.js';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { NetworkUser, ProfileBody } from '../../contracts/network.js';
import type { Database, Queryable } from '../db/client.js';
import { networkUsers } from '../db/schema/network.js';
import { AppError, databaseErrorCode, PG_UNIQUE_VIOLATION } from '../platform/errors.js';
import { publicLink, type Mailer, type MailMessage } from '../platform/mail.js';
import { claimMailCooldown } from '../platform/mail-cooldowns.js';
import {
  consumeOneTimeToken,
  EMAIL_VERIFICATION_TTL_SECONDS,
  issueOneTimeToken,
  revokeOneTimeTokens,
} from '../platform/one-time-tokens.js';
import {
  consumePasswordResetToken,
  queuePasswordChangedEmail,
  type PasswordResetFlow,
} from '../platform/password-reset.js';
import { hashPassword, verifyPassword } from '../platform/passwords.js';
import {
  mediaKeyOfUrl,
  mediaUrlOf,
  removeStoredMedia,
  storeMedia,
  type MediaFiles,
  type ReceivedFile,
} from './media.js';
import { clearSquattersTraces } from './reclaim.js';
import { endAllSessions, type MemberRow, type SessionMember } from './sessions.js';
import { professionalOf } from './professional.js';
import {
  memberPasswordChanged,
  memberPasswordResetEmail,
  signUpAttemptEmail,
  verificationEmail,
} from './member-emails.js';

export type Member = SessionMember & { isAdmin: boolean };

/** What sending an email needs: the mailer and where links point. */
export type MailDeps = { mailer: Mailer; config: Pick<Config, 'publicUrl' | 'port'> };

/** One verification email per account per this many seconds. */
export const VERIFICATION_RESEND_SECONDS = 60;

/** An address in NETWORK_ADMIN_EMAILS makes an admin only once its owner has proved it is theirs. */
export function asMember(row: SessionMember, adminEmails: readonly string[]): Member {
  const { id, email, username, displayName, photoUrl, emailVerifiedAt } = row;
  const { headline, jobTitle, employer, location, about } = row;
  return {
    id,
    email,
    username,
    displayName,
    photoUrl,
    emailVerifiedAt,
    headline,
    jobTitle,
    employer,
    location,
    about,
    isAdmin: isAdminAccount(row, adminEmails),
  };
}

export const isAdminAccount = (
  row: Pick<SessionMember, 'email' | 'emailVerifiedAt'>,
  adminEmails: readonly string[],
): boolean => row.email !== null && row.emailVerifiedAt !== null && adminEmails.includes(row.email);

/** A member with a username and a display name: what their posts and comments are signed with. */
export const hasCompleteProfile = (member: Pick<Member, 'username' | 'displayName'>) =>
  Boolean(member.username && member.displayName);

export function toNetworkUser(member: Member): NetworkUser {
  return {
    uid: member.id,
    email: member.email,
    displayName: member.displayName,
    photoURL: member.photoUrl,
    username: member.username,
    isProfileComplete: hasCompleteProfile(member),
    isAdmin: member.isAdmin,
    emailVerified: member.emailVerifiedAt !== null,
    ...professionalOf(member),
  };
}

const invalidLink = () => new AppError(400, 'This link is invalid or has expired. Please ask for a new one.');

/** The verification email of the account, written when its job runs (see `composeNetworkEmails`). */
async function sendVerificationEmail(
  db: Database,
  deps: MailDeps,
  account: { id: string; email: string },
  now: Date,
): Promise<MailMessage | undefined> {
  const token = await db.transaction(async (tx) => {
    // Verified or changed meanwhile: the link would do nothing.
    const [current] = await tx
      .select({ email: networkUsers.email, verifiedAt: networkUsers.emailVerifiedAt })
      .from(networkUsers)
      .where(eq(networkUsers.id, account.id));
    if (current?.email !== account.email || current.verifiedAt) return undefined;
    return issueOneTimeToken(tx, 'network-verify-email', account.id, now, EMAIL_VERIFICATION_TTL_SECONDS);
  });
  if (!token) return undefined;
  const link = publicLink(deps.config, `/verify-email?token=${encodeURIComponent(token)}`);
  return { to: account.email, ...(await verificationEmail({ link })) };
}

/** The note to the owner of a taken address someone tried to sign up with; one per address per cooldown. */
async function sendAddressTakenEmail(
  db: Database,
  deps: MailDeps,
  email: string,
  now: Date,
): Promise<MailMessage | undefined> {
  if (!(await claimMailCooldown(db, 'network-signup-taken', email, now))) return undefined;
  const links = {
    signInLink: publicLink(deps.config, '/?mode=signin'),
    forgotPasswordLink: publicLink(deps.config, '/forgot-password'),
  };
  return { to: email, ...(await signUpAttemptEmail(links)) };
}

const VERIFY_EMAIL = 'network-verify-email';
const ADDRESS_TAKEN = 'network-signup-taken';
const verifyEmailJob = z.object({ accountId: z.string(), email: z.string() });
const addressTakenJob = z.object({ email: z.string() });

/** Names how the network's queued emails are written when their jobs run: no link's secret waits in the queue. */
export function composeNetworkEmails(db: Database, deps: MailDeps, now: () => Date): void {
  deps.mailer.compose(VERIFY_EMAIL, async (data) => {
    const job = verifyEmailJob.parse(data);
    return sendVerificationEmail(db, deps, { id: job.accountId, email: job.email }, now());
  });
  deps.mailer.compose(ADDRESS_TAKEN, async (data) =>
    sendAddressTakenEmail(db, deps, addressTakenJob.parse(data).email, now()),
  );
}

/**
 * Sign-up: a new address gets an account and a verification link; a taken one gets an email to
 * its owner instead. Both take the same work (the password is hashed either way, one email job is
 * queued) and the caller answers both alike, so sign-up does not tell who is a member.
 */
export async function signUp(db: Database, deps: MailDeps, email: string, password: string, now: Date): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(networkUsers)
      .values({ email, passwordHash, createdAt: now })
      .onConflictDoNothing({ target: networkUsers.email })
      .returning({ id: networkUsers.id });
    if (created) await deps.mailer.sendComposed(tx, VERIFY_EMAIL, email, { accountId: created.id, email });
    else await deps.mailer.sendComposed(tx, ADDRESS_TAKEN, email, { email });
  });
}

/** The banner's "Resend": a new link, at most once per minute per account. */
export async function resendVerificationEmail(
  db: Database,
  deps: MailDeps,
  member: SessionMember,
  now: Date,
): Promise<void> {
  if (!member.email) throw new AppError(400, 'Your account has no email address to verify');
  if (member.emailVerifiedAt) throw new AppError(409, 'Your email address is already verified');
  const email = member.email;
  await db.transaction(async (tx) => {
    if (!(await claimMailCooldown(tx, 'network-verify-resend', member.id, now, VERIFICATION_RESEND_SECONDS))) {
      throw new AppError(429, 'We have just sent you an email. Please wait a minute before asking for another.');
    }
    await deps.mailer.sendComposed(tx, VERIFY_EMAIL, email, { accountId: member.id, email });
  });
}

/** Follows a verification link: the address is the member's from now on. */
export async function verifyEmail(db: Database, token: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const accountId = await consumeOneTimeToken(tx, 'network-verify-email', token, now);
    if (!accountId) throw invalidLink();
    await tx
      .update(networkUsers)
      .set({ emailVerifiedAt: sql`coalesce(${networkUsers.emailVerifiedAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(networkUsers.id, accountId), isNotNull(networkUsers.email)));
  });
}

/** "Forgot password?" on the network (see `passwordResetRoutes`): the link goes to the account with the address. */
export const memberPasswordReset: PasswordResetFlow<{ id: string; email: string }> = {
  purpose: 'network-password-reset',
  page: '/reset-password',
  async findAccount(tx, email) {
    const [account] = await tx
      .select({ id: networkUsers.id })
      .from(networkUsers)
      .where(eq(networkUsers.email, email))
      .limit(1);
    return account ? { id: account.id, email } : undefined;
  },
  email: (_account, link) => memberPasswordResetEmail({ link }),
};

/**
 * Sets the new password of the link's account and ends all of its sessions (and their open
 * streams). Following the link proves the address, so it counts as verified from now on; when it
 * was not verified before, the account was someone else's until now (a squatter's): their profile,
 * posts, comments and likes are removed (see `clearSquattersTraces`), and their stored files after
 * the commit.
 */
export async function resetPassword(
  db: Database,
  files: Pick<MediaFiles, 'storage' | 'log'>,
  token: string,
  password: string,
  now: Date,
  mail: MailDeps,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const removedMedia = await db.transaction(async (tx) => {
    const accountId = await consumePasswordResetToken(tx, 'network-password-reset', token, now);
    const [before] = await tx
      .select({ emailVerifiedAt: networkUsers.emailVerifiedAt, email: networkUsers.email })
      .from(networkUsers)
      .where(eq(networkUsers.id, accountId))
      .for('update');
    const removedMedia = before && !before.emailVerifiedAt ? await clearSquattersTraces(tx, accountId, now) : [];
    await tx
      .update(networkUsers)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${networkUsers.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(networkUsers.id, accountId));
    await revokeOneTimeTokens(tx, 'network-verify-email', accountId);
    await endAllSessions(tx, accountId);
    await queuePasswordChangedEmail(tx, mail, memberPasswordChanged, { email: before?.email, now });
    return removedMedia;
  });
  await removeStoredMedia(files, removedMedia);
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
      .set({
        username: profile.username,
        displayName: profile.displayName,
        // Absent (undefined) fields are left out of the update, so a spec client keeps them.
        headline: profile.headline,
        jobTitle: profile.role,
        employer: profile.employer,
        location: profile.location,
        about: profile.about,
      })
      .where(eq(networkUsers.id, userId))
      .returning();
    if (!row) throw new AppError(404, 'Account not found');
    return row;
  } catch (error) {
    if (databaseErrorCode(error) === PG_UNIQUE_VIOLATION) throw new AppError(409, 'This username is already taken');
    throw error;
  }
}

/**
 * Makes the received photo the member's: stored (see storeMedia), then set under the member's row
 * lock, so of two photos sent at once the later one replaces the earlier and each replaced file is
 * removed after the commit. A photo that cannot be set takes its stored file with it.
 */
export async function setPhoto(
  db: Database,
  files: MediaFiles,
  memberId: string,
  photo: ReceivedFile,
  now: Date,
): Promise<MemberRow> {
  const stored = await storeMedia(files, memberId, photo, now);
  let changed: { row: MemberRow; previous: string | null };
  try {
    changed = await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ photoUrl: networkUsers.photoUrl })
        .from(networkUsers)
        .where(eq(networkUsers.id, memberId))
        .for('update');
      const [row] = await tx
        .update(networkUsers)
        .set({ photoUrl: mediaUrlOf(stored.key) })
        .where(eq(networkUsers.id, memberId))
        .returning();
      if (!before || !row) throw new AppError(404, 'Account not found');
      return { row, previous: before.photoUrl };
    });
  } catch (error) {
    await removeStoredMedia(files, [stored.key]);
    throw error;
  }
  await removeStoredMedia(files, [mediaKeyOfUrl(changed.previous)]);
  return changed.row;
}
