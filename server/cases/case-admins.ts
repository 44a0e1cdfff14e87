import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { z } from 'zod';
import type { Database, Queryable } from '../db/client.js';
import { caseAdmins } from '../db/schema/cases.js';
import type { Logger } from '../platform/logger.js';
import { revokeOneTimeTokens } from '../platform/one-time-tokens.js';
import {
  consumePasswordResetToken,
  queuePasswordChangedEmail,
  type PasswordResetFlow,
} from '../platform/password-reset.js';
import { hashPassword, verifyPassword } from '../platform/passwords.js';
import { CASE_ADMIN_SESSION_VERSION } from './hot-statements.js';
import { caseAdminPasswordChanged, caseAdminPasswordResetEmail } from './case-emails.js';

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Creates the admin, or sets the password of the admin with that email. A changed password ends
 * every sign-in of the admin; the same password again (CASE_ADMIN_PASSWORD at every start) changes nothing.
 */
export async function upsertCaseAdmin(
  db: Database,
  email: string,
  password: string,
): Promise<{ id: number; created: boolean }> {
  const normalized = normalizeEmail(email);
  // Hashed only when it is stored: the same password at every start costs one verification, not
  // a verification and a hash (two argon2 runs of the start).
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(caseAdmins).where(eq(caseAdmins.email, normalized)).for('update');
    if (existing && (await verifyPassword(existing.passwordHash, password))) return { id: existing.id, created: false };
    const passwordHash = await hashPassword(password);
    if (existing) {
      await tx
        .update(caseAdmins)
        .set({ passwordHash, sessionVersion: sql`${caseAdmins.sessionVersion} + 1`, updatedAt: sql`now()` })
        .where(eq(caseAdmins.id, existing.id));
      await revokeOneTimeTokens(tx, 'caseadmin-password-reset', String(existing.id));
      return { id: existing.id, created: false };
    }
    // Instances starting together may race to create it; the loser finds the winner's row.
    const [row] = await tx
      .insert(caseAdmins)
      .values({ email: normalized, passwordHash })
      .onConflictDoUpdate({
        target: caseAdmins.email,
        set: { passwordHash, sessionVersion: sql`${caseAdmins.sessionVersion} + 1`, updatedAt: sql`now()` },
      })
      .returning({ id: caseAdmins.id, created: sql<boolean>`xmax = 0` });
    if (!row) throw new Error('upsert returned no row');
    return row;
  });
}

/** What an admin account needs; the same rules for the start-up variables and the admin script. */
export const caseAdminCredentials = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email('the email must be a valid email address').max(254, 'the email must be at most 254 characters')),
  // At most what the login accepts, so every password set here can be used.
  password: z
    .string()
    .min(8, 'the password must be at least 8 characters')
    .max(200, 'the password must be at most 200 characters'),
});

export class CaseAdminInputError extends Error {}

/** The admin script's work: validates, then creates the admin or resets its password. */
export async function addOrResetCaseAdmin(
  db: Database,
  email: string,
  password: string,
): Promise<{ email: string; created: boolean }> {
  const parsed = caseAdminCredentials.safeParse({ email, password });
  if (!parsed.success) throw new CaseAdminInputError(parsed.error.issues.map((issue) => issue.message).join('; '));
  const { created } = await upsertCaseAdmin(db, parsed.data.email, parsed.data.password);
  return { email: parsed.data.email, created };
}

const GENERATED_ADMIN_EMAIL = 'admin@pathway.local';

/**
 * At start: CASE_ADMIN_EMAIL/CASE_ADMIN_PASSWORD create or update that admin; with neither
 * set and no admin at all, one is created with a random password printed once.
 */
export async function ensureCaseAdmin(
  db: Database,
  bootstrap: { email: string; password: string } | undefined,
  log: Logger,
) {
  if (bootstrap) {
    const { created } = await upsertCaseAdmin(db, bootstrap.email, bootstrap.password);
    log.info({ email: bootstrap.email }, created ? 'case admin created' : 'case admin password set from configuration');
    return;
  }
  const [existing] = await db.select({ id: caseAdmins.id }).from(caseAdmins).limit(1);
  if (existing) return;
  const password = randomBytes(12).toString('base64url');
  // Instances starting together may all find no admin; only the one whose insert wins prints,
  // so a printed password is never overwritten by another instance's.
  const inserted = await db
    .insert(caseAdmins)
    .values({ email: GENERATED_ADMIN_EMAIL, passwordHash: await hashPassword(password) })
    .onConflictDoNothing({ target: caseAdmins.email })
    .returning({ id: caseAdmins.id });
  if (inserted.length === 0) return;
  // Printed once, on purpose outside the structured log that may be shipped elsewhere.
  process.stdout.write(
    `\nA case admin account was created:\n  email:    ${GENERATED_ADMIN_EMAIL}\n  password: ${password}\n` +
      'Keep it now; it is not shown again. Reset it with: npm run admin:case -- <email> <password>\n\n',
  );
}

/** The admin's id, email and session version when the credentials match; the same time is spent when they do not. */
export async function authenticateCaseAdmin(db: Database, email: string, password: string) {
  const [admin] = await db
    .select()
    .from(caseAdmins)
    .where(eq(caseAdmins.email, normalizeEmail(email)))
    .limit(1);
  const valid = await verifyPassword(admin?.passwordHash, password);
  return admin && valid ? { id: admin.id, email: admin.email, sessionVersion: admin.sessionVersion } : undefined;
}

/**
 * The admin's current session version, undefined when the admin no longer exists. Asked on every
 * admin request, so a named prepared statement straight on the pool (`hot-statements.ts`).
 */
export async function caseAdminSessionVersion(pool: pg.Pool, id: number): Promise<number | undefined> {
  const { rows } = await pool.query<{ session_version: number }>({ ...CASE_ADMIN_SESSION_VERSION, values: [id] });
  return rows[0]?.session_version;
}

/** Ends every sign-in of the admin: tokens carrying an older version are refused from now on. */
export async function endCaseAdminSessions(db: Queryable, id: number): Promise<void> {
  await db
    .update(caseAdmins)
    .set({ sessionVersion: sql`${caseAdmins.sessionVersion} + 1` })
    .where(eq(caseAdmins.id, id));
}

/** "Forgot password?" for case admins (see `passwordResetRoutes`): the link goes to the admin with the address. */
export const caseAdminPasswordReset: PasswordResetFlow<{ id: number; email: string }> = {
  purpose: 'caseadmin-password-reset',
  page: '/caseadmin/reset-password',
  async findAccount(tx, email) {
    const [admin] = await tx
      .select({ id: caseAdmins.id, email: caseAdmins.email })
      .from(caseAdmins)
      .where(eq(caseAdmins.email, normalizeEmail(email)))
      .limit(1);
    return admin;
  },
  email: (admin, link) => caseAdminPasswordResetEmail({ adminEmail: admin.email, link }),
};

/** Sets the new password of the link's admin, ends all of its sign-ins and tells its owner. */
export async function resetCaseAdminPassword(
  db: Database,
  mail: Parameters<typeof queuePasswordChangedEmail>[1],
  token: string,
  password: string,
  now: Date,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const accountId = await consumePasswordResetToken(tx, 'caseadmin-password-reset', token, now);
    const [changed] = await tx
      .update(caseAdmins)
      .set({ passwordHash, sessionVersion: sql`${caseAdmins.sessionVersion} + 1`, updatedAt: now })
      .where(eq(caseAdmins.id, Number(accountId)))
      .returning({ email: caseAdmins.email });
    await queuePasswordChangedEmail(tx, mail, caseAdminPasswordChanged, { email: changed?.email, now });
  });
}
