import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  feedEvents,
  NOTIFICATIONS_PAGE_SIZE,
  type ModerationOutcome,
  type Notification,
  type NotificationsChangedEvent,
  type NotificationsPage,
  type PublicMember,
  type UnreadResponse,
} from '../../contracts/network.js';
import type { Database, Transaction } from '../db/client.js';
import type { LoggedAction } from '../../contracts/network-moderation-constants.js';
import { networkNotifications, networkUsers } from '../db/schema/network.js';
import type { Member } from './accounts.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { appendEvent } from './events.js';

export type NotificationType = Notification['type'];
/** How many of a notification's actors are named; the rest are a count ("and 11 others"). */
const NAMED_ACTORS = 3;
/** More mentions than this in one text notify the first ones only: a text is not a mailing list. */
const MAX_MENTIONS = 10;
const MENTION = /(^|[^A-Za-z0-9._-])@([A-Za-z0-9._-]{3,30})/g;

/** The usernames `@mentioned` in a text, lower-cased, in order, each once. */
export function mentionedUsernames(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(MENTION)) {
    // A trailing dot ends the sentence, not the name.
    const name = (match[2] ?? '').replace(/\.+$/, '').toLowerCase();
    if (name.length >= 3) found.add(name);
  }
  return [...found].slice(0, MAX_MENTIONS);
}

async function unreadCount(db: Database | Transaction, recipientId: string): Promise<number> {
  const [row] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(networkNotifications)
    .where(and(eq(networkNotifications.recipientId, recipientId), isNull(networkNotifications.readAt)));
  return row?.unread ?? 0;
}

/** Tells the member's own open streams their new unread count, when the transaction commits. */
async function announceUnread(tx: Transaction, recipientId: string, now: Date): Promise<number> {
  const unread = await unreadCount(tx, recipientId);
  await appendEvent(
    tx,
    feedEvents.notificationsChanged,
    { unread } satisfies NotificationsChangedEvent,
    now,
    undefined,
    recipientId,
  );
  return unread;
}

/**
 * Records that `actorId` commented on, liked, or mentioned someone in a post, inside the writer's
 * transaction. Nobody is told of their own doing. Likes of one post gather in its unread row.
 */
export async function notify(
  tx: Transaction,
  input: { recipientId: string; actorId: string; type: NotificationType; postId: string },
  now: Date,
): Promise<void> {
  const { recipientId, actorId, type, postId } = input;
  if (recipientId === actorId) return;
  if (type === 'like') {
    await tx.execute(sql`
      INSERT INTO network_notifications (recipient_id, type, post_id, actor_ids, created_at)
      VALUES (${recipientId}, 'like', ${postId}, ARRAY[${actorId}::uuid], ${now})
      ON CONFLICT (recipient_id, post_id) WHERE type = 'like' AND read_at IS NULL
      DO UPDATE SET actor_ids = array_prepend(${actorId}::uuid, array_remove(network_notifications.actor_ids, ${actorId}::uuid)), created_at = EXCLUDED.created_at`);
  } else {
    await tx.insert(networkNotifications).values({ recipientId, type, postId, actorIds: [actorId], createdAt: now });
  }
  await announceUnread(tx, recipientId, now);
}

/**
 * Tells a member a moderation outcome (a reporter, or the removed post's author), inside the
 * moderator's transaction. It points at the logged action, not the post, so it outlives the post.
 */
export async function notifyModeration(
  tx: Transaction,
  input: { recipientId: string; actionId: string },
  now: Date,
): Promise<void> {
  await tx.insert(networkNotifications).values({
    recipientId: input.recipientId,
    type: 'moderation',
    postId: null,
    moderationActionId: input.actionId,
    actorIds: [],
    createdAt: now,
  });
  await announceUnread(tx, input.recipientId, now);
}

/** Notifies the members `@mentioned` in a text (but not `except`, told otherwise already). */
export async function notifyMentions(
  tx: Transaction,
  input: { text: string; actorId: string; postId: string; except?: string },
  now: Date,
): Promise<void> {
  const names = mentionedUsernames(input.text);
  if (names.length === 0) return;
  const found = await tx
    .select({ id: networkUsers.id })
    .from(networkUsers)
    .where(inArray(sql`lower(${networkUsers.username})`, names));
  for (const { id } of found) {
    if (id === input.except) continue;
    await notify(tx, { recipientId: id, actorId: input.actorId, type: 'mention', postId: input.postId }, now);
  }
}

type NotificationRecord = {
  id: string;
  type: NotificationType;
  post_id: string | null;
  moderation_action: string | null;
  moderated_author_id: string | null;
  post_excerpt: string | null;
  moderation_note: string | null;
  suspended_until: Date | string | null;
  moderation_action_id: string | null;
  removal_appeal: 'possible' | 'waiting' | 'answered' | 'closed' | null;
  actors: PublicMember[] | null;
  count: number;
  read_at: Date | string | null;
  created_at: Date | string;
  post_description: string | null;
  post_media_type: string | null;
  comment_id: string | null;
  comment_text: string | null;
};

/** How many characters of a post or a comment a notification quotes. */
const CONTEXT_LENGTH = 120;

/** The first words of a text, cut at a word's end near `CONTEXT_LENGTH` characters (with an ellipsis). */
export function firstWords(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= CONTEXT_LENGTH) return flat;
  const cut = flat.slice(0, CONTEXT_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > CONTEXT_LENGTH / 2 ? cut.slice(0, space) : cut}…`;
}

function postExcerptOf(row: NotificationRecord): string | null {
  if (row.type === 'moderation' || row.post_media_type === null) return null;
  const words = firstWords(row.post_description ?? '');
  if (words) return words;
  return row.post_media_type.startsWith('video/') ? '(a video)' : '(a picture)';
}

/** The member's notifications, newest first, keyset-paged, with their unread count. */
export async function listNotifications(
  db: Database,
  member: Member,
  cursorValue: string | undefined,
): Promise<NotificationsPage> {
  const cursor = decodeCursor(cursorValue);
  const after = cursor
    ? sql`AND (n.created_at, n.id) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const result = await db.execute<NotificationRecord>(sql`
    SELECT n.id, n.type, n.post_id, n.read_at, n.created_at, cardinality(n.actor_ids) AS count,
      (SELECT json_agg(json_build_object('username', u.username, 'displayName', u.display_name, 'photoURL', u.photo_url) ORDER BY a.ord)
       FROM unnest(n.actor_ids[1:${NAMED_ACTORS}]) WITH ORDINALITY a(id, ord) JOIN network_users u ON u.id = a.id) AS actors,
      m.action AS moderation_action, m.author_id AS moderated_author_id, m.post_excerpt, m.note AS moderation_note,
      m.suspended_until, m.id AS moderation_action_id,
      -- A removal without a suspension may be appealed by its author, once, while the post is hidden by it.
      CASE WHEN m.action = 'remove' THEN
        CASE WHEN ap.id IS NOT NULL THEN CASE WHEN ap.decided_at IS NULL THEN 'waiting' ELSE 'answered' END
          WHEN EXISTS (SELECT 1 FROM network_posts rp WHERE rp.id = m.post_id AND rp.removal_id = m.id) THEN 'possible'
          ELSE 'closed' END
      END AS removal_appeal,
      left(p.description, ${CONTEXT_LENGTH * 2}) AS post_description, p.media_type AS post_media_type,
      c.id AS comment_id, left(c.text, ${CONTEXT_LENGTH * 2}) AS comment_text
    FROM network_notifications n LEFT JOIN network_moderation_actions m ON m.id = n.moderation_action_id
    LEFT JOIN network_suspension_appeals ap ON ap.suspension_id = m.id AND m.action = 'remove'
    LEFT JOIN network_posts p ON p.id = n.post_id
    -- The comment it is about: written by its (one) actor on the post at the notification's very
    -- moment (both are written in one transaction at one time); one probe of the comments' (post,
    -- time) index. A mention in a post has none.
    LEFT JOIN LATERAL (
      SELECT c.id, c.text FROM network_comments c
      WHERE n.type IN ('comment', 'mention') AND c.post_id = n.post_id AND c.created_at = n.created_at
        AND c.user_id = n.actor_ids[1]
      ORDER BY c.id LIMIT 1
    ) c ON true
    WHERE n.recipient_id = ${member.id} ${after}
    ORDER BY n.created_at DESC, n.id DESC
    LIMIT ${NOTIFICATIONS_PAGE_SIZE + 1}`);
  const rows = result.rows;
  const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      type: row.type,
      postId: row.post_id,
      moderation: moderationOutcomeOf(row, member.id),
      actors: row.actors ?? [],
      count: row.count,
      read: row.read_at !== null,
      createdAt: new Date(row.created_at).toISOString(),
      postExcerpt: postExcerptOf(row),
      comment:
        row.comment_id && row.comment_text !== null
          ? { id: row.comment_id, excerpt: firstWords(row.comment_text) }
          : null,
    })),
    unread: await unreadCount(db, member.id),
    nextCursor:
      rows.length > NOTIFICATIONS_PAGE_SIZE && last
        ? encodeCursor({ createdAt: new Date(last.created_at), id: last.id })
        : null,
  };
}

const outcomes: Record<LoggedAction, ModerationOutcome['outcome']> = {
  dismiss: 'kept',
  remove: 'removed',
  suspend: 'removed',
  lift: 'lifted',
  shorten: 'shortened',
  uphold: 'upheld',
  restore: 'restored',
  uphold_removal: 'removal_upheld',
};

/** Reporters learn only whether the post went; its author also learns the moderator's reason. */
function moderationOutcomeOf(row: NotificationRecord, recipientId: string): ModerationOutcome | null {
  if (row.type !== 'moderation' || row.moderation_action === null) return null;
  const toAuthor = row.moderated_author_id === recipientId;
  return {
    outcome: outcomes[row.moderation_action as LoggedAction] ?? 'removed',
    toAuthor,
    postExcerpt: row.post_excerpt ?? '',
    note: toAuthor ? row.moderation_note : null,
    suspendedUntil: toAuthor && row.suspended_until !== null ? new Date(row.suspended_until).toISOString() : null,
    removalAppeal:
      toAuthor && row.removal_appeal !== null && row.moderation_action_id !== null
        ? { removalId: row.moderation_action_id, status: row.removal_appeal }
        : null,
  };
}

/** Marks the member's own notifications read: all, or those of `ids` (anyone else's are left alone). */
export async function markRead(
  db: Database,
  member: Member,
  ids: string[] | undefined,
  now: Date,
): Promise<UnreadResponse> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(networkNotifications)
      .set({ readAt: now })
      .where(
        and(
          eq(networkNotifications.recipientId, member.id),
          isNull(networkNotifications.readAt),
          ids ? inArray(networkNotifications.id, ids) : undefined,
        ),
      )
      .returning({ id: networkNotifications.id });
    // The member's other tabs update their bell too.
    if (changed.length > 0) return { unread: await announceUnread(tx, member.id, now) };
    return { unread: await unreadCount(tx, member.id) };
  });
}
