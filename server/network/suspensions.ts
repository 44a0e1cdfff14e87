import { lt, sql, type SQL } from 'drizzle-orm';
import { SUSPENDED, type SuspensionResponse } from '../../contracts/network-moderation.js';
import type { Queryable } from '../db/client.js';
import { networkSuspensionHolds } from '../db/schema/network.js';
import { AppError } from '../platform/errors.js';

/*
 * Suspensions are kept by their holders, not by the account row (issue 35: the row went with the
 * account, and the member signed up again at once). A suspended account's holders are the account
 * itself, its verified address and its external identity (issuer and subject), the last two as
 * SHA-256 so the table keeps nobody's address. Any account that has one of them is suspended: one
 * signed up again with the address (held at sign-up, before it is even verified), one that verifies
 * it, one made or found by external sign-in with the same identity.
 */

const sha256 = (text: SQL) => sql`encode(sha256(convert_to(${text}, 'UTF8')), 'hex')`;

/**
 * The holders of the account `u` (a `network_users` row in the query), nulls where it has none.
 * `recorded`: what a suspension is written under, where the address counts only once verified (a
 * squatter's suspension must not follow the address to its real owner). For a lookup every address
 * counts, so an address held by a suspension holds at sign-up.
 */
function holdersOf(recorded: boolean): SQL {
  const email = sql`'email:' || ${sha256(sql`u.email`)}`;
  return sql`ARRAY[
    'member:' || u.id::text,
    ${recorded ? sql`CASE WHEN u.email_verified_at IS NOT NULL THEN ${email} END` : email},
    'oidc:' || ${sha256(sql`u.oidc_issuer || ' ' || u.oidc_subject`)}
  ]`;
}

/**
 * A later, shorter suspension never shortens a running one. A hold belongs to the suspension that
 * sets its end (its reason is shown, its appeal is heard): lifting or shortening a shorter one
 * that came later must not free the member from the longer one, which stays changeable.
 */
const laterEnd = sql`excluded.ends_at >= network_suspension_holds.ends_at`;
const keepLongest = sql`ON CONFLICT (holder) DO UPDATE SET
  ends_at = greatest(network_suspension_holds.ends_at, excluded.ends_at),
  reason = CASE WHEN ${laterEnd} THEN excluded.reason ELSE network_suspension_holds.reason END,
  action_id = CASE WHEN ${laterEnd} THEN excluded.action_id ELSE network_suspension_holds.action_id END,
  created_at = CASE WHEN ${laterEnd} THEN excluded.created_at ELSE network_suspension_holds.created_at END`;

/** The member's running suspension (the one ending last, of any of their holders), if any, with its appeal. */
export async function currentSuspension(
  db: Queryable,
  memberId: string,
  now: Date,
): Promise<SuspensionResponse['suspension']> {
  const running = await runningSuspension(db, memberId, now);
  if (!running) return null;
  return { endsAt: running.endsAt, reason: running.reason, appeal: running.appeal };
}

/** The running suspension with the decision that made it (`actionId`, null only if its log row went). */
export async function runningSuspension(
  db: Queryable,
  memberId: string,
  now: Date,
): Promise<(NonNullable<SuspensionResponse['suspension']> & { actionId: string | null }) | null> {
  const { rows } = await db.execute<{
    ends_at: Date | string;
    reason: string;
    action_id: string | null;
    appealed_at: Date | string | null;
    decided_at: Date | string | null;
  }>(sql`
    SELECT h.ends_at, h.reason, h.action_id, a.created_at AS appealed_at, a.decided_at FROM network_users u
    JOIN network_suspension_holds h ON h.holder = ANY(${holdersOf(false)})
    LEFT JOIN network_suspension_appeals a ON a.suspension_id = h.action_id
    WHERE u.id = ${memberId}::uuid AND h.ends_at > ${now.toISOString()}::timestamptz
    ORDER BY h.ends_at DESC LIMIT 1`);
  const row = rows[0];
  if (!row) return null;
  return {
    endsAt: new Date(row.ends_at).toISOString(),
    reason: row.reason,
    actionId: row.action_id,
    appeal:
      row.appealed_at === null
        ? null
        : { createdAt: new Date(row.appealed_at).toISOString(), decided: row.decided_at !== null },
  };
}

const utcMinute = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** Refuses a suspended member's contribution with the reason and the end, as the screen shows them. */
export async function assertNotSuspended(db: Queryable, memberId: string, now: Date): Promise<void> {
  const suspension = await currentSuspension(db, memberId, now);
  if (!suspension) return;
  throw new AppError(
    403,
    `Your account is suspended until ${utcMinute(suspension.endsAt)}: ${suspension.reason}`,
    SUSPENDED,
  );
}

/** Suspends the member until `endsAt`, under every holder they have now. */
export async function suspendMember(
  db: Queryable,
  memberId: string,
  suspension: { endsAt: Date; reason: string; actionId: string },
  now: Date,
): Promise<void> {
  await db.execute(sql`
    INSERT INTO network_suspension_holds (holder, ends_at, reason, action_id, created_at)
    SELECT k.holder, ${suspension.endsAt.toISOString()}::timestamptz, ${suspension.reason}, ${suspension.actionId}::uuid,
      ${now.toISOString()}::timestamptz
    FROM network_users u CROSS JOIN LATERAL unnest(${holdersOf(true)}) AS k(holder)
    WHERE u.id = ${memberId}::uuid AND k.holder IS NOT NULL
    ${keepLongest}`);
}

/**
 * Before an account goes: its running suspension is written under the holders it has now (an
 * address verified, or an identity linked, after the suspension began), so it survives the account.
 */
export async function holdSuspensionPastDeletion(db: Queryable, memberId: string, now: Date): Promise<void> {
  await db.execute(sql`
    WITH running AS (
      SELECT h.ends_at, h.reason, h.action_id, h.created_at FROM network_users u
      JOIN network_suspension_holds h ON h.holder = ANY(${holdersOf(false)})
      WHERE u.id = ${memberId}::uuid AND h.ends_at > ${now.toISOString()}::timestamptz
      ORDER BY h.ends_at DESC LIMIT 1
    )
    INSERT INTO network_suspension_holds (holder, ends_at, reason, action_id, created_at)
    SELECT k.holder, running.ends_at, running.reason, running.action_id, running.created_at
    FROM running, network_users u CROSS JOIN LATERAL unnest(${holdersOf(true)}) AS k(holder)
    WHERE u.id = ${memberId}::uuid AND k.holder IS NOT NULL
    ${keepLongest}`);
}

/**
 * An account taken back from a squatter by the address's owner: what the squatter was suspended
 * for is theirs, not the owner's. (Only the account holds it: an unverified address is never one.)
 */
export async function liftSquattersSuspension(db: Queryable, memberId: string): Promise<void> {
  await db.execute(sql`DELETE FROM network_suspension_holds WHERE holder = ${`member:${memberId}`}`);
}

/** Forgets suspensions that have ended. */
export async function pruneSuspensions(db: Queryable, now: Date): Promise<void> {
  await db.delete(networkSuspensionHolds).where(lt(networkSuspensionHolds.endsAt, now));
}
