import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { oneTimeTokens, type OneTimeTokenPurpose } from '../db/schema/one-time-tokens.js';

export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
export const EMAIL_VERIFICATION_TTL_SECONDS = 24 * 60 * 60;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Issues the token of an emailed link; only its hash is stored. It replaces any earlier token of
 * the same purpose and account in one statement (one row per purpose and account, by a unique
 * index), so only the newest link works, however many are issued at once.
 */
export async function issueOneTimeToken(
  db: Queryable,
  purpose: OneTimeTokenPurpose,
  accountId: string,
  now: Date,
  ttlSeconds: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const row = {
    tokenHash: hashToken(token),
    purpose,
    accountId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  };
  await db
    .insert(oneTimeTokens)
    .values(row)
    .onConflictDoUpdate({
      target: [oneTimeTokens.purpose, oneTimeTokens.accountId],
      set: { tokenHash: row.tokenHash, createdAt: row.createdAt, expiresAt: row.expiresAt },
    });
  return token;
}

/**
 * Uses a token up: the account it was issued for when it is known, of this purpose and not
 * expired, else undefined. The row is deleted either way, so a link works once.
 */
export async function consumeOneTimeToken(
  db: Queryable,
  purpose: OneTimeTokenPurpose,
  token: string,
  now: Date,
): Promise<string | undefined> {
  if (token.length > 100) return undefined;
  const [row] = await db
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, hashToken(token)), eq(oneTimeTokens.purpose, purpose)))
    .returning({ accountId: oneTimeTokens.accountId, expiresAt: oneTimeTokens.expiresAt });
  return row && row.expiresAt > now ? row.accountId : undefined;
}

/** Forgets every link of these purposes for the account (its password was set another way). */
export async function revokeOneTimeTokens(
  db: Queryable,
  purpose: OneTimeTokenPurpose,
  accountId: string,
): Promise<void> {
  await db.delete(oneTimeTokens).where(and(eq(oneTimeTokens.purpose, purpose), eq(oneTimeTokens.accountId, accountId)));
}

export async function pruneOneTimeTokens(db: Queryable, now: Date): Promise<void> {
  await db.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, now));
}
