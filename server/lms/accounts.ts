import type { Config } from '../config.js';
import type pg from 'pg';
import { randomBytes } from 'node:crypto';
import { count, desc, eq, ilike, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ADMIN_PAGE_SIZE, type LmsUser, type Profession, type RegisterBody } from '../../contracts/lms.js';
import type { Database, Queryable } from '../db/client.js';
import { lmsUsers } from '../db/schema/lms.js';
import type { CounterStore } from '../platform/counters.js';
import { AppError, databaseErrorCode, fieldError, notFound, PG_UNIQUE_VIOLATION } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { publicLink, type Mailer, type MailMessage } from '../platform/mail.js';
import { claimMailCooldown } from '../platform/mail-cooldowns.js';
import { revokeOneTimeTokens } from '../platform/one-time-tokens.js';
import {
  consumePasswordResetToken,
  queuePasswordChangedEmail,
  type PasswordResetFlow,
} from '../platform/password-reset.js';
import { hashPassword, verifyPassword } from '../platform/passwords.js';
import { recordAccountAction } from './account-actions.js';
import type { LmsAccount } from './programs.js';
import { LMS_ACCOUNT_BY_ID } from './hot-statements.js';
import { learnerEmailTakenEmail, learnerPasswordResetEmail, lmsPasswordChanged } from './learner-emails.js';

type UserRow = typeof lmsUsers.$inferSelect;

export const toAccount = (row: UserRow): LmsAccount => ({
  id: row.id,
  username: row.username,
  profession: row.profession,
  role: row.role,
  allowedPrograms: row.allowedPrograms,
  createdAt: row.createdAt,
  sessionVersion: row.sessionVersion,
});

export const toLmsUser = (account: LmsAccount): LmsUser => ({
  id: account.id,
  username: account.username,
  profession: account.profession,
  role: account.role,
  created_at: account.createdAt.toISOString(),
  key: { allowed_programs: account.allowedPrograms },
});

const byUsername = (username: string) => sql`lower(${lmsUsers.username}) = lower(${username.trim()})`;

const EMAIL_TAKEN = 'lms-registration-email-taken';
const emailTakenJob = z.object({ email: z.string() });

/** The note to the owner of an address someone registered with; one per address per cooldown. */
async function sendEmailTakenNote(
  db: Database,
  deps: { config: Pick<Config, 'publicUrl' | 'port'> },
  email: string,
  now: Date,
): Promise<MailMessage | undefined> {
  if (!(await claimMailCooldown(db, EMAIL_TAKEN, email, now))) return undefined;
  return {
    to: email,
    ...(await learnerEmailTakenEmail({ forgotPasswordLink: publicLink(deps.config, '/lms-system/forgot-password') })),
  };
}

/** Names how the LMS's queued emails are written when their jobs run. */
export function composeLmsEmails(
  db: Database,
  deps: { mailer: Mailer; config: Pick<Config, 'publicUrl' | 'port'> },
  now: () => Date,
): void {
  deps.mailer.compose(EMAIL_TAKEN, async (data) =>
    sendEmailTakenNote(db, deps, emailTakenJob.parse(data).email, now()),
  );
}

const isEmailConflict = (error: unknown) =>
  databaseErrorCode(error) === PG_UNIQUE_VIOLATION &&
  ((error as { cause?: { constraint?: string } }).cause?.constraint ??
    (error as { constraint?: string }).constraint) === 'lms_users_email_key';

/**
 * Registration. An address another account has does not stop it and is not told: the account is
 * made without it (answered exactly like any other) and the address's owner gets a note, as the
 * network's sign-up does, so registering does not tell who uses an address.
 */
export async function register(
  db: Database,
  deps: { mailer: Mailer },
  body: RegisterBody,
  now: Date,
): Promise<LmsAccount> {
  const passwordHash = await hashPassword(body.password);
  const insert = (email: string | null) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(lmsUsers)
        .values({ username: body.username, passwordHash, profession: body.profession, email, createdAt: now })
        .returning();
      if (!row) throw new Error('insert returned no row');
      if (body.email && email === null)
        await deps.mailer.sendComposed(tx, EMAIL_TAKEN, body.email, { email: body.email });
      return toAccount(row);
    });
  try {
    try {
      return await insert(body.email ?? null);
    } catch (error) {
      if (!isEmailConflict(error)) throw error;
      return await insert(null);
    }
  } catch (error) {
    if (databaseErrorCode(error) === PG_UNIQUE_VIOLATION) throw new AppError(409, 'This username is already taken');
    throw error;
  }
}

/** Ends every sign-in of the user: tokens carrying an older version are refused from now on. */
export async function endSessions(db: Queryable, id: number): Promise<void> {
  await db
    .update(lmsUsers)
    .set({ sessionVersion: sql`${lmsUsers.sessionVersion} + 1` })
    .where(eq(lmsUsers.id, id));
}

/** What setting a password needs besides the database: the mailer and links of "your password was changed". */
export type PasswordMailDeps = Parameters<typeof queuePasswordChangedEmail>[1];

/**
 * Sets a user's password (an admin on the users page, or a reset link), ends all of its sign-ins
 * and, in the same transaction, emails its owner that it changed (a learner or an admin alike).
 */
export async function setPassword(
  tx: Queryable,
  mail: PasswordMailDeps,
  id: number,
  password: string,
  change: { now: Date; byAdmin?: boolean },
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const [row] = await tx
    .update(lmsUsers)
    .set({ passwordHash, sessionVersion: sql`${lmsUsers.sessionVersion} + 1` })
    .where(eq(lmsUsers.id, id))
    .returning({ id: lmsUsers.id, username: lmsUsers.username, role: lmsUsers.role, email: lmsUsers.email });
  if (!row) throw notFound('User');
  await revokeOneTimeTokens(tx, 'lms-password-reset', String(id));
  await queuePasswordChangedEmail(tx, mail, lmsPasswordChanged(row), { email: row.email, ...change });
}

/** Wrong own passwords an admin may give when setting an admin's password, per this window. */
const ADMIN_CONFIRMATIONS = 5;
const ADMIN_CONFIRMATION_WINDOW_MS = 15 * 60_000;

/**
 * An admin sets a user's password (PUT /admin/users/:id/password) and it is recorded in the account
 * log. An admin's password (one's own included) also needs the acting admin's own password (issue
 * 35: any admin could take another admin's account over, unrecorded): refused (403) without it,
 * 400 when it is wrong, and at most five wrong ones per admin in a quarter hour, each claimed
 * before the password is checked so that guesses at once cannot pass the limit.
 */
export async function setPasswordAsAdmin(
  db: Database,
  mail: PasswordMailDeps,
  counters: CounterStore,
  admin: LmsAccount,
  userId: number,
  body: { password: string; adminPassword?: string | undefined },
  now: Date,
): Promise<void> {
  const [target] = await db
    .select({ id: lmsUsers.id, username: lmsUsers.username, role: lmsUsers.role })
    .from(lmsUsers)
    .where(eq(lmsUsers.id, userId));
  if (!target) throw notFound('User');
  if (target.role === 'admin') {
    if (!body.adminPassword)
      throw new AppError(
        403,
        "Setting an admin's password needs your own password too: enter it to confirm it is you.",
      );
    const key = `lms-admin-confirm:${admin.id}`;
    const window = await counters.increment(key, ADMIN_CONFIRMATION_WINDOW_MS);
    if (window.count > ADMIN_CONFIRMATIONS) {
      await counters.release(key);
      const minutes = Math.max(1, Math.ceil(window.resetInMs / 60_000));
      throw new AppError(
        429,
        `Too many wrong passwords. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
    const [own] = await db
      .select({ passwordHash: lmsUsers.passwordHash })
      .from(lmsUsers)
      .where(eq(lmsUsers.id, admin.id));
    if (!(await verifyPassword(own?.passwordHash, body.adminPassword)))
      throw fieldError('adminPassword', 'Your own password is not right. Please try again.');
    await counters.remove(key);
  }
  await db.transaction(async (tx) => {
    // Setting one's own password is a change by its owner, not by "an administrator".
    await setPassword(tx, mail, userId, body.password, { now, byAdmin: target.id !== admin.id });
    const whose =
      target.id === admin.id
        ? 'their own password'
        : `the password of ${target.role === 'admin' ? 'admin' : 'learner'} ${target.username}`;
    await recordAccountAction(
      tx,
      admin,
      target,
      'password set',
      `Set ${whose}; every sign-in of the account ended`,
      now,
    );
  });
}

/** An admin sets a user's programs (PUT /admin/users/:id/programs), recorded in the account log. */
export async function setProgramsAsAdmin(
  db: Database,
  admin: LmsAccount,
  userId: number,
  allowedPrograms: string[],
  now: Date,
): Promise<LmsUser> {
  return db.transaction(async (tx) => {
    const user = await setPrograms(tx, userId, allowedPrograms);
    const named = allowedPrograms.length ? allowedPrograms.join(', ') : 'none';
    await recordAccountAction(tx, admin, user, 'programs set', `Programs set to: ${named}`, now);
    return user;
  });
}

/** "Forgot password?" in the LMS (see `passwordResetRoutes`): the link goes to the user registered with the address. */
export const learnerPasswordReset: PasswordResetFlow<{ id: number; username: string; email: string }> = {
  purpose: 'lms-password-reset',
  page: '/lms-system/reset-password',
  async findAccount(tx, email) {
    const [user] = await tx
      .select({ id: lmsUsers.id, username: lmsUsers.username, email: lmsUsers.email })
      .from(lmsUsers)
      .where(eq(lmsUsers.email, email))
      .limit(1);
    return user?.email ? { ...user, email: user.email } : undefined;
  },
  email: (user, link) => learnerPasswordResetEmail({ username: user.username, link }),
};

/** Sets the new password of the link's user and ends all of its sign-ins. */
export async function resetPassword(
  db: Database,
  mail: PasswordMailDeps,
  token: string,
  password: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const accountId = await consumePasswordResetToken(tx, 'lms-password-reset', token, now);
    await setPassword(tx, mail, Number(accountId), password, { now });
  });
}

/** The account when the credentials match; a wrong username costs as much time as a wrong password. */
export async function authenticate(db: Database, username: string, password: string): Promise<LmsAccount | undefined> {
  const [row] = await db.select().from(lmsUsers).where(byUsername(username)).limit(1);
  const valid = await verifyPassword(row?.passwordHash, password);
  return row && valid ? toAccount(row) : undefined;
}

/** Every LMS request asks this: a prepared statement straight on the pool (`hot-statements.ts`). */

export async function findAccount(pool: pg.Pool, id: number): Promise<LmsAccount | undefined> {
  const { rows } = await pool.query<LmsAccount>({ ...LMS_ACCOUNT_BY_ID, values: [id] });
  return rows[0];
}

/** Creates the admin, or makes the user with that username an admin with this password. */
export async function upsertLmsAdmin(
  db: Database,
  username: string,
  password: string,
  profession: Profession = 'doctor',
) {
  return db.transaction(async (tx) => {
    // Instances starting together would both find no admin and both insert one (the second failed
    // its start on the unique name): the first to get here creates it, the others then find it.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`lms-admin:${username.trim().toLowerCase()}`}))`);
    const [existing] = await tx
      .select({ id: lmsUsers.id, passwordHash: lmsUsers.passwordHash })
      .from(lmsUsers)
      .where(byUsername(username))
      .for('update');
    if (existing) {
      // The same password again (LMS_ADMIN_PASSWORD at every start) keeps the admin's sign-ins; a new one ends them.
      // Hashed only when it changed: one argon2 run at each start, not two.
      const unchanged = await verifyPassword(existing.passwordHash, password);
      await tx
        .update(lmsUsers)
        .set(
          unchanged
            ? { role: 'admin' }
            : {
                passwordHash: await hashPassword(password),
                role: 'admin',
                sessionVersion: sql`${lmsUsers.sessionVersion} + 1`,
              },
        )
        .where(eq(lmsUsers.id, existing.id));
      return { id: existing.id, created: false };
    }
    const [row] = await tx
      .insert(lmsUsers)
      .values({ username, passwordHash: await hashPassword(password), profession, role: 'admin' })
      .returning({ id: lmsUsers.id });
    if (!row) throw new Error('insert returned no row');
    return { id: row.id, created: true };
  });
}

/**
 * At start: LMS_ADMIN_USERNAME/LMS_ADMIN_PASSWORD create or update that admin; with neither
 * set and no admin at all, one is created with a random password printed once.
 */
export async function ensureLmsAdmin(
  db: Database,
  bootstrap: { username: string; password: string } | undefined,
  log: Logger,
) {
  if (bootstrap) {
    const { created } = await upsertLmsAdmin(db, bootstrap.username, bootstrap.password);
    log.info(
      { username: bootstrap.username },
      created ? 'LMS admin created' : 'LMS admin password set from configuration',
    );
    return;
  }
  const [existing] = await db.select({ id: lmsUsers.id }).from(lmsUsers).where(eq(lmsUsers.role, 'admin')).limit(1);
  if (existing) return;
  const username = 'lmsadmin';
  const password = randomBytes(12).toString('base64url');
  // Instances starting together may all find no admin; only the one whose insert wins prints
  // (as for the case admin), and the others start instead of failing on the unique username.
  const inserted = await db
    .insert(lmsUsers)
    .values({ username, passwordHash: await hashPassword(password), profession: 'doctor', role: 'admin' })
    .onConflictDoNothing()
    .returning({ id: lmsUsers.id });
  if (inserted.length === 0) return;
  // Printed once, on purpose outside the structured log that may be shipped elsewhere.
  process.stdout.write(
    `\nAn LMS admin account was created:\n  username: ${username}\n  password: ${password}\n` +
      'Keep it now; it is not shown again. Set another with LMS_ADMIN_USERNAME and LMS_ADMIN_PASSWORD.\n\n',
  );
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listUsers(
  db: Database,
  query: { search?: string | undefined; page?: number | undefined; pageSize?: number | undefined },
) {
  const where = query.search ? ilike(lmsUsers.username, `%${escapeLike(query.search)}%`) : undefined;
  const pageSize = query.pageSize ?? ADMIN_PAGE_SIZE;
  const page = query.page ?? 1;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(lmsUsers)
      .where(where)
      .orderBy(desc(lmsUsers.createdAt), desc(lmsUsers.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(lmsUsers).where(where),
  ]);
  // Learners carry their accommodation, so the users page shows it without a call per row.
  const withAccommodation = (row: UserRow) =>
    row.role === 'user'
      ? {
          ...toLmsUser(toAccount(row)),
          accommodation: {
            timeMultiplier: row.timeMultiplier,
            extraMinutes: row.extraMinutes,
            extraAttempts: row.extraAttempts,
            pauseAllowed: row.pauseAllowed,
            breakEveryMinutes: row.breakEveryMinutes,
            breakMinutes: row.breakMinutes,
            silentTimer: row.silentTimer,
          },
        }
      : toLmsUser(toAccount(row));
  return { users: rows.map(withAccommodation), total: total?.n ?? 0 };
}

export async function setPrograms(db: Queryable, userId: number, allowedPrograms: string[]): Promise<LmsUser> {
  const [row] = await db.update(lmsUsers).set({ allowedPrograms }).where(eq(lmsUsers.id, userId)).returning();
  if (!row) throw notFound('User');
  return toLmsUser(toAccount(row));
}
