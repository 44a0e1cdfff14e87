import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { mailCooldowns } from '../db/schema/one-time-tokens.js';

/** One email of a purpose an anonymous caller can trigger, per address, per this long. */
export const MAIL_COOLDOWN_SECONDS = 10 * 60;

const hashAddress = (address: string) => createHash('sha256').update(address.trim().toLowerCase()).digest('hex');

/**
 * True when an email of `purpose` may go to `address` now, and the cooldown starts; false while
 * one sent less than `seconds` ago holds it. One statement, so concurrent jobs cannot both pass.
 */
export async function claimMailCooldown(
  db: Queryable,
  purpose: string,
  address: string,
  now: Date,
  seconds = MAIL_COOLDOWN_SECONDS,
): Promise<boolean> {
  const cutoff = new Date(now.getTime() - seconds * 1000);
  const claimed = await db
    .insert(mailCooldowns)
    .values({ purpose, recipientHash: hashAddress(address), sentAt: now })
    .onConflictDoUpdate({
      target: [mailCooldowns.purpose, mailCooldowns.recipientHash],
      set: { sentAt: now },
      setWhere: sql`${mailCooldowns.sentAt} <= ${cutoff.toISOString()}::timestamptz`,
    })
    .returning({ sentAt: mailCooldowns.sentAt });
  return claimed.length > 0;
}

/** Forgets cooldowns that no longer hold. */
export async function pruneMailCooldowns(db: Queryable, now: Date): Promise<void> {
  await db
    .delete(mailCooldowns)
    .where(lt(mailCooldowns.sentAt, new Date(now.getTime() - MAIL_COOLDOWN_SECONDS * 1000)));
}
