import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.js';
import { networkEmailDigests } from '../db/schema/network.js';
import type { AreaDeps } from '../platform/area.js';
import { AppError } from '../platform/errors.js';
import { publicLink, type MailMessage } from '../platform/mail.js';
import { notificationDigestEmail, type DigestItem } from './member-emails.js';

export const DIGEST_QUEUE = 'network-email-digest';
const DIGEST_EMAIL = 'network-email-digest';
const UNSUBSCRIBE = 'network-digest-unsubscribe';
/** The digest's "Stop these emails" page, which is also its List-Unsubscribe address (one-click POST). */
export const DIGEST_UNSUBSCRIBE_PAGE = '/notifications/digest/unsubscribe';
/** The digest names this many notifications and counts the rest. */
const DIGEST_ITEMS = 10;
/** How many members one run claims per statement: a million subscribers are a thousand statements, not one huge one. */
const CLAIM_BATCH = 1000;

type DigestDeps = Pick<AreaDeps, 'mailer' | 'jobs' | 'tokens' | 'config' | 'logger'>;

/** The UTC day of `now`, as PostgreSQL's `date` reads it. */
const dayOf = (now: Date) => now.toISOString().slice(0, 10);

export async function isDigestOn(db: Database, memberId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: networkEmailDigests.userId })
    .from(networkEmailDigests)
    .where(eq(networkEmailDigests.userId, memberId));
  return row !== undefined;
}

export async function setDigest(db: Database, memberId: string, enabled: boolean, now: Date): Promise<boolean> {
  if (enabled) await db.insert(networkEmailDigests).values({ userId: memberId, createdAt: now }).onConflictDoNothing();
  else await db.delete(networkEmailDigests).where(eq(networkEmailDigests.userId, memberId));
  return enabled;
}

/** The unsubscribe link's token: the member id and a keyed digest of it, so it needs no row and cannot be forged. */
const unsubscribeTokenOf = (deps: Pick<DigestDeps, 'tokens'>, memberId: string) =>
  `${memberId}.${deps.tokens.mac(UNSUBSCRIBE, memberId)}`;

/** Follows the digest's unsubscribe link (no session needed: the token says whose digest it is). */
export async function unsubscribeDigest(
  db: Database,
  deps: Pick<DigestDeps, 'tokens'>,
  token: string,
): Promise<{ message: string }> {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!match?.[1] || !match[2] || !deps.tokens.verifyMac(UNSUBSCRIBE, match[1], match[2]))
    throw new AppError(400, 'This unsubscribe link is not valid');
  await db.delete(networkEmailDigests).where(eq(networkEmailDigests.userId, match[1]));
  return {
    message:
      'Unsubscribed: you will get no more daily emails about your notifications. You can turn them on again in your settings.',
  };
}

/**
 * A run of the daily schedule: claims today for every subscriber with a verified address and
 * something unread, and queues their email in the same transaction. The claim (`last_sent_on`
 * moves to today only if it was earlier) makes a second run the same day, on this instance or
 * another, find nobody.
 */
export async function queueDailyDigests(db: Database, deps: Pick<DigestDeps, 'mailer'>, now: Date): Promise<number> {
  const today = dayOf(now);
  let queued = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ user_id: string; email: string }>(sql`
        UPDATE network_email_digests d SET last_sent_on = ${today}::date
        FROM network_users u
        WHERE u.id = d.user_id AND d.user_id IN (
          SELECT d2.user_id FROM network_email_digests d2 JOIN network_users u2 ON u2.id = d2.user_id
          WHERE (d2.last_sent_on IS NULL OR d2.last_sent_on < ${today}::date)
            AND u2.email IS NOT NULL AND u2.email_verified_at IS NOT NULL
            AND EXISTS (SELECT 1 FROM network_notifications n WHERE n.recipient_id = d2.user_id AND n.read_at IS NULL)
          LIMIT ${CLAIM_BATCH}
          FOR UPDATE OF d2 SKIP LOCKED)
        RETURNING d.user_id, u.email`);
      for (const row of rows)
        await deps.mailer.sendComposed(tx, DIGEST_EMAIL, row.email, { memberId: row.user_id, day: today });
      return rows.length;
    });
    queued += claimed;
    if (claimed < CLAIM_BATCH) return queued;
  }
}

const digestJob = z.object({ memberId: z.uuid(), day: z.string() });

type UnreadRow = {
  type: 'comment' | 'like' | 'mention';
  count: number;
  first_name: string | null;
  description: string;
};

const actions: Record<UnreadRow['type'], string> = {
  comment: 'commented on your post',
  like: 'liked your post',
  mention: 'mentioned you',
};

/**
 * Writes the digest when its job runs, from what is unread then: read meanwhile (or unsubscribed,
 * or the address changed) means no email. The unsubscribe token is made here, never stored.
 */
async function composeDigest(
  db: Database,
  deps: DigestDeps,
  data: Record<string, unknown>,
): Promise<MailMessage | undefined> {
  const job = digestJob.parse(data);
  const { rows: member } = await db.execute<{ email: string | null }>(sql`
    SELECT u.email FROM network_users u JOIN network_email_digests d ON d.user_id = u.id
    WHERE u.id = ${job.memberId} AND u.email_verified_at IS NOT NULL`);
  const email = member[0]?.email;
  if (!email) return undefined;
  const { rows } = await db.execute<UnreadRow & { total: number }>(sql`
    SELECT n.type, cardinality(n.actor_ids) AS count, coalesce(u.display_name, u.username) AS first_name, p.description,
      count(*) OVER ()::int AS total
    FROM network_notifications n
    JOIN network_posts p ON p.id = n.post_id AND p.removed_at IS NULL
    LEFT JOIN network_users u ON u.id = n.actor_ids[1]
    WHERE n.recipient_id = ${job.memberId} AND n.read_at IS NULL
    ORDER BY n.created_at DESC, n.id DESC
    LIMIT ${DIGEST_ITEMS}`);
  const total = rows[0]?.total ?? 0;
  if (total === 0) return undefined;
  const items: DigestItem[] = rows.map((row) => {
    const who = row.first_name ?? 'Someone';
    const others = row.count - 1;
    const actors = others === 0 ? who : `${who} and ${others} ${others === 1 ? 'other' : 'others'}`;
    const excerpt = row.description.length > 100 ? `${row.description.slice(0, 99)}…` : row.description;
    return { title: `${actors} ${actions[row.type]}`, detail: excerpt || null };
  });
  const rendered = await notificationDigestEmail({
    unread: total,
    items,
    notificationsLink: publicLink(deps.config, '/notifications'),
    unsubscribeLink: publicLink(
      deps.config,
      `${DIGEST_UNSUBSCRIBE_PAGE}?token=${unsubscribeTokenOf(deps, job.memberId)}`,
    ),
  });
  return { to: email, ...rendered };
}

/** The daily schedule (once across instances, pg-boss) and how its emails are written. */
export async function startEmailDigests(db: Database, deps: DigestDeps, now: () => Date): Promise<void> {
  deps.mailer.compose(DIGEST_EMAIL, (data) => composeDigest(db, deps, data));
  await deps.jobs.work(
    DIGEST_QUEUE,
    async () => {
      const queued = await queueDailyDigests(db, deps, now());
      deps.logger.info({ queued }, 'daily notification digests queued');
    },
    { policy: 'short' },
  );
  await deps.jobs.schedule(DIGEST_QUEUE, deps.config.network.digestCron);
}
