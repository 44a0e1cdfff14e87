import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  HISTORY_SHOWN,
  MODERATION_PAGE_SIZE,
  type AppealBody,
  type AppealDecisionBody,
  type AppealDecisionResult,
  type AppealQueue,
  type AuthorHistory,
  type CreatedAppeal,
  type CreatedReport,
  type LoggedAction,
  type ModerationLog,
  type ReportBody,
  type ReportQueue,
  type ReportReason,
  type Resolution,
  type ResolveBody,
  type SuspensionChangeBody,
  type SuspensionChangeResult,
  type UndoneRemoval,
  type UndoRemovalBody,
} from '../../contracts/network-moderation.js';
import type { PublicMember } from '../../contracts/network.js';
import type { Database, Queryable, Transaction } from '../db/client.js';
import {
  networkModerationActions,
  networkPosts,
  networkReports,
  networkAppeals,
  networkSuspensionHolds,
  networkUsers,
} from '../db/schema/network.js';
import type { CounterStore } from '../platform/counters.js';
import { AppError, databaseErrorCode, PG_UNIQUE_VIOLATION } from '../platform/errors.js';
import { isAdminAccount, type Member } from './accounts.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { mediaUrlOf } from './media.js';
import { notifyModeration } from './notifications.js';
import { hidePost, restoreHiddenPost, visiblePost } from './posts.js';
import { runningSuspension, suspendMember } from './suspensions.js';

const PG_FOREIGN_KEY_VIOLATION = '23503';
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** How many of a group's reports the queue shows in full; `count` tells the rest. */
const REPORTS_SHOWN = 5;
/** The log and the notifications keep this much of a removed post's words. */
const EXCERPT_LENGTH = 200;

/** Moderators are the network admins: a verified address listed in NETWORK_ADMIN_EMAILS. */
export function moderatorOnly(member: Member): Member {
  if (!member.isAdmin) throw new AppError(403, 'Only moderators can do this');
  return member;
}

/**
 * Reports a member may file an hour, whatever addresses they use (through the counter store, so
 * across instances with Redis). Every attempt that reaches the rules counts, refused ones too, so
 * the limit also bounds probing which posts one has reported.
 */
export function createReportLimit(counters: CounterStore, perHour: number) {
  return async (memberId: string): Promise<void> => {
    const window = await counters.increment(`member:${memberId}:reports`, HOUR_MS);
    if (window.count <= perHour) return;
    const minutes = Math.max(1, Math.ceil(window.resetInMs / 60_000));
    throw new AppError(
      429,
      `You have sent ${perHour} reports in the last hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  };
}

/** Once per member per post, never one's own; the post stays up until a moderator decides. */
export async function reportPost(
  db: Database,
  member: Member,
  postId: string,
  body: ReportBody,
  now: Date,
): Promise<CreatedReport> {
  try {
    return await db.transaction(async (tx) => {
      // Shared, so a report waits for a removal under way, and then finds the post gone.
      const [found] = await tx
        .select({ authorId: networkPosts.userId })
        .from(networkPosts)
        .where(and(eq(networkPosts.id, postId), visiblePost))
        .for('share');
      if (!found) throw new AppError(404, 'Post not found');
      if (found.authorId === member.id)
        throw new AppError(403, 'You cannot report your own post. You can delete it instead.');
      const [created] = await tx
        .insert(networkReports)
        .values({ postId, reporterId: member.id, reason: body.reason, note: body.note ?? null, createdAt: now })
        .returning({ id: networkReports.id, reason: networkReports.reason, createdAt: networkReports.createdAt });
      if (!created) throw new Error('report insert returned no row');
      return {
        id: created.id,
        postId,
        reason: created.reason as ReportReason,
        createdAt: created.createdAt.toISOString(),
      };
    });
  } catch (error) {
    if (databaseErrorCode(error) === PG_UNIQUE_VIOLATION)
      throw new AppError(409, 'You have already reported this post. A moderator will look at it.');
    // Removed by a moderator (or its author) while this report waited for the post's lock.
    if (databaseErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) throw new AppError(404, 'Post not found');
    throw error;
  }
}

type QueueRecord = {
  post_id: string;
  author_id: string;
  first_at: Date | string;
  count: number;
  description: string;
  media_type: string;
  media_key: string | null;
  post_created_at: Date | string;
  username: string | null;
  display_name: string | null;
  photo_url: string | null;
  reasons: { reason: ReportReason; count: number }[];
  reports: {
    id: string;
    reason: ReportReason;
    note: string | null;
    created_at: string;
    username: string | null;
    display_name: string | null;
    photo_url: string | null;
  }[];
};

const iso = (value: Date | string) => new Date(value).toISOString();

const emptyHistory = (): AuthorHistory => ({ reports: 0, removals: 0, suspensions: 0, recent: [] });

/**
 * What moderators decided about each of these authors before, from the log: the reports their
 * posts drew (kept or removed), their removed posts, their suspensions, and the latest decisions.
 */
async function authorHistories(db: Queryable, authorIds: string[]): Promise<Map<string, AuthorHistory>> {
  const ids = [...new Set(authorIds)];
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<{
    author_id: string;
    reports: number;
    removals: number;
    suspensions: number;
    recent: {
      id: string;
      action: LoggedAction;
      post_excerpt: string;
      note: string | null;
      suspended_until: string | null;
      created_at: string;
    }[];
  }>(sql`
    SELECT a.author_id,
      coalesce(sum(a.report_count), 0)::int AS reports,
      -- A removal undone since is not held against the author.
      (count(*) FILTER (WHERE a.action IN ('remove', 'suspend') AND NOT EXISTS (
         SELECT 1 FROM network_moderation_actions r
         WHERE r.author_id = a.author_id AND r.revises_id = a.id AND r.action = 'restore')))::int AS removals,
      (count(*) FILTER (WHERE a.action = 'suspend'))::int AS suspensions,
      (SELECT json_agg(r ORDER BY r.created_at DESC, r.id DESC) FROM (
         SELECT x.id, x.action, x.post_excerpt, x.note, x.suspended_until, x.created_at FROM network_moderation_actions x
         WHERE x.author_id = a.author_id ORDER BY x.created_at DESC, x.id DESC LIMIT ${HISTORY_SHOWN}) r) AS recent
    FROM network_moderation_actions a
    WHERE a.author_id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    GROUP BY a.author_id`);
  return new Map(
    rows.map((row) => [
      row.author_id,
      {
        reports: row.reports,
        removals: row.removals,
        suspensions: row.suspensions,
        recent: row.recent.map((entry) => ({
          id: entry.id,
          action: entry.action,
          postExcerpt: entry.post_excerpt,
          note: entry.note,
          suspendedUntil: entry.suspended_until === null ? null : iso(entry.suspended_until),
          createdAt: iso(entry.created_at),
        })),
      },
    ]),
  );
}

/** Open reports grouped by post, the longest-waiting post first, keyset-paged on (first report, post). */
export async function listReportQueue(db: Database, cursorValue: string | undefined): Promise<ReportQueue> {
  const cursor = decodeCursor(cursorValue);
  const after = cursor
    ? sql`WHERE (g.first_at, g.post_id) > (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const { rows } = await db.execute<QueueRecord>(sql`
    WITH g AS (
      SELECT post_id, min(created_at) AS first_at, count(*)::int AS count FROM network_reports WHERE resolved_at IS NULL GROUP BY post_id
    )
    SELECT g.post_id, p.user_id AS author_id, g.first_at, g.count, p.description, p.media_type, p.media_key, p.created_at AS post_created_at,
      u.username, u.display_name, u.photo_url,
      (SELECT json_agg(json_build_object('reason', x.reason, 'count', x.n) ORDER BY x.n DESC, x.reason)
       FROM (SELECT reason, count(*)::int AS n FROM network_reports WHERE post_id = g.post_id AND resolved_at IS NULL GROUP BY reason) x) AS reasons,
      (SELECT json_agg(y ORDER BY y.created_at DESC, y.id DESC) FROM (
         SELECT r.id, r.reason, r.note, r.created_at, ru.username, ru.display_name, ru.photo_url
         FROM network_reports r JOIN network_users ru ON ru.id = r.reporter_id
         WHERE r.post_id = g.post_id AND r.resolved_at IS NULL ORDER BY r.created_at DESC, r.id DESC LIMIT ${REPORTS_SHOWN}) y) AS reports
    FROM g JOIN network_posts p ON p.id = g.post_id AND p.removed_at IS NULL JOIN network_users u ON u.id = p.user_id
    ${after}
    ORDER BY g.first_at, g.post_id
    LIMIT ${MODERATION_PAGE_SIZE + 1}`);
  const page = rows.slice(0, MODERATION_PAGE_SIZE);
  const last = page.at(-1);
  const person = (row: {
    username: string | null;
    display_name: string | null;
    photo_url: string | null;
  }): PublicMember => ({
    username: row.username,
    displayName: row.display_name,
    photoURL: row.photo_url,
  });
  const histories = await authorHistories(
    db,
    page.map((row) => row.author_id),
  );
  return {
    items: page.map((row) => ({
      id: row.post_id,
      post: {
        description: row.description,
        mediaType: row.media_type,
        mediaURL: row.media_key ? mediaUrlOf(row.media_key) : null,
        timestamp: iso(row.post_created_at),
        author: person(row),
      },
      count: row.count,
      reasons: row.reasons,
      reports: row.reports.map((report) => ({
        id: report.id,
        reason: report.reason,
        note: report.note,
        reporter: person(report),
        createdAt: iso(report.created_at),
      })),
      firstReportedAt: iso(row.first_at),
      authorHistory: histories.get(row.author_id) ?? emptyHistory(),
    })),
    nextCursor:
      rows.length > MODERATION_PAGE_SIZE && last
        ? encodeCursor({ createdAt: new Date(last.first_at), id: last.post_id })
        : null,
  };
}

function excerptOf(description: string, mediaType: string): string {
  const text = description.trim();
  if (!text) return mediaType.startsWith('video/') ? '(a video)' : '(a picture)';
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;
}

/**
 * Resolves every open report of a post at once, in one transaction: `dismiss` keeps the post,
 * `remove` takes it from everyone (live, as its author's deletion does), `suspend` removes it and
 * stops its author contributing for `days`. Each reporter is told the outcome, the author of a
 * removed post the reason, and the log keeps who did what, when and why. A removed post is hidden,
 * not deleted: its comments, likes and file wait for the removal to be undone (`undoRemoval`).
 */
export async function resolveReports(
  db: Database,
  moderator: Member,
  postId: string,
  body: ResolveBody,
  now: Date,
  adminEmails: readonly string[],
): Promise<Resolution> {
  return db.transaction(async (tx) => {
    // The post first, then its reports: the order its author's deletion (and its cascade) locks them in.
    const [post] = await tx
      .select({
        authorId: networkPosts.userId,
        description: networkPosts.description,
        mediaType: networkPosts.mediaType,
        author: {
          id: networkUsers.id,
          email: networkUsers.email,
          username: networkUsers.username,
          displayName: networkUsers.displayName,
          photoUrl: networkUsers.photoUrl,
          emailVerifiedAt: networkUsers.emailVerifiedAt,
        },
      })
      .from(networkPosts)
      .innerJoin(networkUsers, eq(networkUsers.id, networkPosts.userId))
      .where(and(eq(networkPosts.id, postId), visiblePost))
      .for('update', { of: networkPosts });
    const open = await tx
      .select({ id: networkReports.id, reporterId: networkReports.reporterId, reason: networkReports.reason })
      .from(networkReports)
      .where(and(eq(networkReports.postId, postId), isNull(networkReports.resolvedAt)))
      .for('update');
    if (!post || open.length === 0) {
      // A second moderator who acted on the same group meanwhile gets a 409, not a 404.
      const [decided] = await tx
        .select({ id: networkModerationActions.id })
        .from(networkModerationActions)
        .where(eq(networkModerationActions.postId, postId))
        .limit(1);
      if (decided) throw new AppError(409, 'These reports have already been resolved');
      throw new AppError(404, 'Report not found');
    }
    if (body.action === 'suspend' && isAdminAccount(post.author, adminEmails)) {
      throw new AppError(400, 'Moderators cannot be suspended. Remove the post instead.');
    }
    const suspendedUntil = body.action === 'suspend' ? new Date(now.getTime() + (body.days ?? 1) * DAY_MS) : null;
    const [action] = await tx
      .insert(networkModerationActions)
      .values({
        moderatorId: moderator.id,
        action: body.action,
        postId,
        authorId: post.authorId,
        postExcerpt: excerptOf(post.description, post.mediaType),
        reportCount: open.length,
        reasons: [...new Set(open.map((report) => report.reason))].sort(),
        note: body.note ?? null,
        suspendedUntil,
        createdAt: now,
      })
      .returning({ id: networkModerationActions.id });
    if (!action) throw new Error('moderation action insert returned no row');

    for (const reporterId of new Set(open.map((report) => report.reporterId))) {
      await notifyModeration(tx, { recipientId: reporterId, actionId: action.id }, now);
    }
    await tx
      .update(networkReports)
      .set({ resolvedAt: now, resolutionId: action.id })
      .where(and(eq(networkReports.postId, postId), isNull(networkReports.resolvedAt)));
    if (body.action !== 'dismiss') {
      await notifyModeration(tx, { recipientId: post.authorId, actionId: action.id }, now);
      await hidePost(tx, postId, action.id, now);
    }
    if (suspendedUntil) {
      const reason = body.note ?? 'A moderator removed your post.';
      await suspendMember(tx, post.authorId, { endsAt: suspendedUntil, reason, actionId: action.id }, now);
    }
    return {
      id: action.id,
      action: body.action,
      resolvedReports: open.length,
      suspendedUntil: suspendedUntil?.toISOString() ?? null,
    };
  });
}

type LogRecord = {
  id: string;
  action: LoggedAction;
  revises_id: string | null;
  running: boolean;
  restorable: boolean;
  post_id: string;
  post_excerpt: string;
  report_count: number;
  reasons: ReportReason[];
  note: string | null;
  suspended_until: Date | string | null;
  created_at: Date | string;
  moderator: PublicMember | null;
  author: PublicMember | null;
};

/** The moderation log, newest first, keyset-paged. */
export async function listModerationLog(
  db: Database,
  cursorValue: string | undefined,
  now: Date,
): Promise<ModerationLog> {
  const cursor = decodeCursor(cursorValue);
  const after = cursor
    ? sql`WHERE (a.created_at, a.id) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const person = (alias: string) =>
    sql.raw(
      `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('username', ${alias}.username, 'displayName', ${alias}.display_name, 'photoURL', ${alias}.photo_url) END`,
    );
  const { rows } = await db.execute<LogRecord>(sql`
    SELECT a.id, a.action, a.revises_id, a.post_id, a.post_excerpt, a.report_count, a.reasons, a.note, a.suspended_until, a.created_at,
      ${person('mu')} AS moderator, ${person('au')} AS author,
      (a.action = 'suspend' AND EXISTS (SELECT 1 FROM network_suspension_holds h
         WHERE h.action_id = a.id AND h.ends_at > ${now.toISOString()}::timestamptz)) AS running,
      (a.action IN ('remove', 'suspend') AND EXISTS (SELECT 1 FROM network_posts p
         WHERE p.id = a.post_id AND p.removal_id = a.id)) AS restorable
    FROM network_moderation_actions a
    LEFT JOIN network_users mu ON mu.id = a.moderator_id
    LEFT JOIN network_users au ON au.id = a.author_id
    ${after}
    ORDER BY a.created_at DESC, a.id DESC
    LIMIT ${MODERATION_PAGE_SIZE + 1}`);
  const page = rows.slice(0, MODERATION_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      action: row.action,
      moderator: row.moderator,
      author: row.author,
      postId: row.post_id,
      postExcerpt: row.post_excerpt,
      reportCount: row.report_count,
      reasons: row.reasons,
      note: row.note,
      suspendedUntil: row.suspended_until === null ? null : iso(row.suspended_until),
      revisesId: row.revises_id,
      running: row.running,
      restorable: row.restorable,
      createdAt: iso(row.created_at),
    })),
    nextCursor:
      rows.length > MODERATION_PAGE_SIZE && last
        ? encodeCursor({ createdAt: new Date(last.created_at), id: last.id })
        : null,
  };
}

/**
 * A suspended member appeals their running suspension, once, in their own words. The moderators
 * see it in their queue; the member sees on their banner that it waits.
 */
export async function appealSuspension(
  db: Database,
  member: Member,
  body: AppealBody,
  now: Date,
): Promise<CreatedAppeal> {
  const running = await runningSuspension(db, member.id, now);
  if (!running?.actionId) throw new AppError(409, 'Your account is not suspended, so there is nothing to appeal.');
  try {
    const [created] = await db
      .insert(networkAppeals)
      .values({ appealedId: running.actionId, memberId: member.id, text: body.text, createdAt: now })
      .returning({ id: networkAppeals.id, createdAt: networkAppeals.createdAt });
    if (!created) throw new Error('appeal insert returned no row');
    return { id: created.id, createdAt: created.createdAt.toISOString() };
  } catch (error) {
    if (databaseErrorCode(error) === PG_UNIQUE_VIOLATION)
      throw new AppError(409, 'You have already appealed this suspension. A moderator will answer it.');
    throw error;
  }
}

/**
 * The author of a post removed without a suspension appeals the removal (its log row), once, while
 * the post is still removed; the moderators see it in the appeals queue. Anyone else is told the
 * removal does not exist.
 */
export async function appealRemoval(
  db: Database,
  member: Member,
  removalId: string,
  body: AppealBody,
  now: Date,
): Promise<CreatedAppeal> {
  try {
    return await db.transaction(async (tx) => {
      // Shared: an undo (which locks the row for update) waits for this appeal, or this for it.
      const [removal] = await tx
        .select({
          action: networkModerationActions.action,
          postId: networkModerationActions.postId,
          authorId: networkModerationActions.authorId,
        })
        .from(networkModerationActions)
        .where(eq(networkModerationActions.id, removalId))
        .for('share');
      if (!removal || removal.authorId !== member.id || (removal.action !== 'remove' && removal.action !== 'suspend'))
        throw new AppError(404, 'Removal not found');
      if (removal.action === 'suspend')
        throw new AppError(
          409,
          'This removal came with a suspension: appeal the suspension from the notice on your pages.',
        );
      const [hidden] = await tx
        .select({ id: networkPosts.id })
        .from(networkPosts)
        .where(and(eq(networkPosts.id, removal.postId), eq(networkPosts.removalId, removalId)));
      if (!hidden) throw new AppError(409, 'This post is no longer removed, so there is nothing to appeal.');
      const [created] = await tx
        .insert(networkAppeals)
        .values({ appealedId: removalId, memberId: member.id, text: body.text, createdAt: now })
        .returning({ id: networkAppeals.id, createdAt: networkAppeals.createdAt });
      if (!created) throw new Error('appeal insert returned no row');
      return { id: created.id, createdAt: created.createdAt.toISOString() };
    });
  } catch (error) {
    if (databaseErrorCode(error) === PG_UNIQUE_VIOLATION)
      throw new AppError(409, 'You have already appealed this removal. A moderator will answer it.');
    throw error;
  }
}

type AppealRecord = {
  id: string;
  text: string;
  created_at: Date | string;
  member_id: string;
  username: string | null;
  display_name: string | null;
  photo_url: string | null;
  appealed_id: string;
  appealed_action: string;
  reason: string | null;
  post_excerpt: string;
  decided_at: Date | string;
  ends_at: Date | string | null;
  post_removed: boolean;
  description: string | null;
  media_type: string | null;
  media_key: string | null;
};

/**
 * Open appeals, the longest waiting first, keyset-paged, each with what it contests (a suspension,
 * or a removal without one), the post as it was removed, and the member's history.
 */
export async function listAppealQueue(db: Database, cursorValue: string | undefined, now: Date): Promise<AppealQueue> {
  const cursor = decodeCursor(cursorValue);
  const after = cursor
    ? sql`AND (ap.created_at, ap.id) > (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const { rows } = await db.execute<AppealRecord>(sql`
    SELECT ap.id, ap.text, ap.created_at, u.id AS member_id, u.username, u.display_name, u.photo_url,
      s.id AS appealed_id, s.action AS appealed_action, s.note AS reason, s.post_excerpt, s.created_at AS decided_at,
      (SELECT max(h.ends_at) FROM network_suspension_holds h
       WHERE h.action_id = s.id AND h.ends_at > ${now.toISOString()}::timestamptz) AS ends_at,
      coalesce(p.removal_id = s.id, false) AS post_removed,
      p.description, p.media_type, p.media_key
    FROM network_suspension_appeals ap
    JOIN network_users u ON u.id = ap.member_id
    JOIN network_moderation_actions s ON s.id = ap.suspension_id
    LEFT JOIN network_posts p ON p.id = s.post_id
    WHERE ap.decided_at IS NULL ${after}
    ORDER BY ap.created_at, ap.id
    LIMIT ${MODERATION_PAGE_SIZE + 1}`);
  const page = rows.slice(0, MODERATION_PAGE_SIZE);
  const last = page.at(-1);
  const histories = await authorHistories(
    db,
    page.map((row) => row.member_id),
  );
  return {
    items: page.map((row) => {
      const reason = row.reason ?? 'A moderator removed your post.';
      const isSuspension = row.appealed_action === 'suspend';
      return {
        id: row.id,
        kind: isSuspension ? 'suspension' : 'removal',
        member: { username: row.username, displayName: row.display_name, photoURL: row.photo_url },
        text: row.text,
        createdAt: iso(row.created_at),
        post:
          row.description === null || row.media_type === null
            ? null
            : {
                description: row.description,
                mediaType: row.media_type,
                mediaURL: row.media_key ? mediaUrlOf(row.media_key) : null,
              },
        removal: isSuspension
          ? null
          : {
              id: row.appealed_id,
              reason,
              postExcerpt: row.post_excerpt,
              removedAt: iso(row.decided_at),
              postRemoved: row.post_removed,
            },
        suspension: isSuspension
          ? {
              id: row.appealed_id,
              reason,
              postExcerpt: row.post_excerpt,
              suspendedAt: iso(row.decided_at),
              endsAt: row.ends_at === null ? null : iso(row.ends_at),
              postRemoved: row.post_removed,
            }
          : null,
        authorHistory: histories.get(row.member_id) ?? emptyHistory(),
      };
    }),
    nextCursor:
      rows.length > MODERATION_PAGE_SIZE && last
        ? encodeCursor({ createdAt: new Date(last.created_at), id: last.id })
        : null,
  };
}

/**
 * Lifts, shortens or (on an appeal) upholds the suspension the log row `suspensionId` made, inside
 * the caller's transaction: the holders it wrote change, the log gets a row naming it, and the
 * member is told with the reason.
 */
async function changeSuspensionIn(
  tx: Transaction,
  moderator: Member,
  suspensionId: string,
  body: SuspensionChangeBody,
  now: Date,
): Promise<SuspensionChangeResult> {
  const [suspension] = await tx
    .select({
      postId: networkModerationActions.postId,
      authorId: networkModerationActions.authorId,
      postExcerpt: networkModerationActions.postExcerpt,
    })
    .from(networkModerationActions)
    .where(and(eq(networkModerationActions.id, suspensionId), eq(networkModerationActions.action, 'suspend')))
    .for('update');
  if (!suspension) throw new AppError(404, 'Suspension not found');
  const held = await tx
    .select({ endsAt: networkSuspensionHolds.endsAt })
    .from(networkSuspensionHolds)
    .where(and(eq(networkSuspensionHolds.actionId, suspensionId), gt(networkSuspensionHolds.endsAt, now)))
    .for('update');
  const endsAt = held.reduce<Date | null>((latest, row) => (latest && latest > row.endsAt ? latest : row.endsAt), null);
  let newEnd: Date | null = endsAt;
  if (body.change !== 'uphold') {
    if (!endsAt) throw new AppError(409, 'This suspension has already ended or been lifted.');
    if (body.change === 'lift') {
      newEnd = null;
      await tx.delete(networkSuspensionHolds).where(eq(networkSuspensionHolds.actionId, suspensionId));
    } else {
      newEnd = new Date(now.getTime() + (body.days ?? 1) * DAY_MS);
      if (newEnd >= endsAt)
        throw new AppError(
          400,
          `That would not shorten the suspension: it ends ${endsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
        );
      await tx
        .update(networkSuspensionHolds)
        .set({ endsAt: newEnd })
        .where(and(eq(networkSuspensionHolds.actionId, suspensionId), gt(networkSuspensionHolds.endsAt, newEnd)));
    }
  }
  const action = await logRevision(
    tx,
    moderator,
    { ...suspension, id: suspensionId },
    { action: body.change, note: body.note, suspendedUntil: newEnd },
    now,
  );
  // The appeal may also have shown the post was fine: it comes back, logged as its own decision.
  if (body.restorePost) await undoRemovalIn(tx, moderator, suspensionId, body.note, now);
  return {
    id: action.id,
    change: body.change,
    endsAt: newEnd?.toISOString() ?? null,
    postRestored: body.restorePost === true,
  };
}

/**
 * A moderator's later decision about an earlier log row (lifting, shortening or upholding a
 * suspension, putting a post back, keeping a removal on appeal): a log row of its own naming the one
 * it revises, told to the author with its reason, inside the caller's transaction.
 */
async function logRevision(
  tx: Transaction,
  moderator: Member,
  revised: Pick<typeof networkModerationActions.$inferSelect, 'id' | 'postId' | 'authorId' | 'postExcerpt'>,
  decision: Pick<typeof networkModerationActions.$inferInsert, 'action' | 'note' | 'suspendedUntil'>,
  now: Date,
): Promise<{ id: string }> {
  const [action] = await tx
    .insert(networkModerationActions)
    .values({
      ...decision,
      moderatorId: moderator.id,
      postId: revised.postId,
      authorId: revised.authorId,
      postExcerpt: revised.postExcerpt,
      reportCount: 0,
      reasons: [],
      revisesId: revised.id,
      createdAt: now,
    })
    .returning({ id: networkModerationActions.id });
  if (!action) throw new Error('moderation action insert returned no row');
  if (revised.authorId) await notifyModeration(tx, { recipientId: revised.authorId, actionId: action.id }, now);
  return action;
}

/**
 * Undoes the removal the log row `removalId` made (a `remove`, or the removal a `suspend` came
 * with; a suspension itself is lifted apart), inside the caller's transaction: the post is shown
 * again with its comments and likes, the log gets a `restore` row naming the removal, and the
 * author is told with the reason. The removal's row is locked first, then the post (the order
 * changeSuspensionIn locks a suspension's row in), so two undoes wait for each other.
 */
async function undoRemovalIn(
  tx: Transaction,
  moderator: Member,
  removalId: string,
  note: string,
  now: Date,
): Promise<UndoneRemoval> {
  const [removal] = await tx
    .select({
      action: networkModerationActions.action,
      postId: networkModerationActions.postId,
      authorId: networkModerationActions.authorId,
      postExcerpt: networkModerationActions.postExcerpt,
    })
    .from(networkModerationActions)
    .where(eq(networkModerationActions.id, removalId))
    .for('update');
  if (!removal || (removal.action !== 'remove' && removal.action !== 'suspend'))
    throw new AppError(404, 'Removal not found');
  if (!(await restoreHiddenPost(tx, removal.postId, removalId))) {
    const [post] = await tx
      .select({ id: networkPosts.id })
      .from(networkPosts)
      .where(eq(networkPosts.id, removal.postId));
    throw new AppError(
      409,
      post
        ? 'This removal has already been undone.'
        : 'This post cannot be put back: it was deleted (with its author’s account, or before removals could be undone).',
    );
  }
  const action = await logRevision(tx, moderator, { ...removal, id: removalId }, { action: 'restore', note }, now);
  return { id: action.id, postId: removal.postId };
}

/** A moderator undoes a removal (the log row that made it), with the reason the author is shown. */
export async function undoRemoval(
  db: Database,
  moderator: Member,
  removalId: string,
  body: UndoRemovalBody,
  now: Date,
): Promise<UndoneRemoval> {
  return db.transaction(async (tx) => {
    // Its open appeal first, then the removal: the order decideAppeal locks them in.
    await tx
      .select({ id: networkAppeals.id })
      .from(networkAppeals)
      .where(and(eq(networkAppeals.appealedId, removalId), isNull(networkAppeals.decidedAt)))
      .for('update');
    const undone = await undoRemovalIn(tx, moderator, removalId, body.note, now);
    // The post is back: an open appeal of a removal without a suspension is answered by it. (A
    // suspension's appeal stays open: the suspension still runs.)
    await tx
      .update(networkAppeals)
      .set({ decidedAt: now, decisionId: undone.id })
      .where(
        and(
          eq(networkAppeals.appealedId, removalId),
          isNull(networkAppeals.decidedAt),
          sql`EXISTS (SELECT 1 FROM network_moderation_actions a WHERE a.id = ${removalId}::uuid AND a.action = 'remove')`,
        ),
      );
    return undone;
  });
}

/** A moderator lifts or shortens a suspension (the log row that made it), with or without an appeal. */
export async function changeSuspension(
  db: Database,
  moderator: Member,
  suspensionId: string,
  body: SuspensionChangeBody,
  now: Date,
): Promise<SuspensionChangeResult> {
  if (body.change === 'uphold')
    throw new AppError(400, 'Only an appeal is upheld: to keep a suspension as it is, change nothing.');
  return db.transaction(async (tx) => {
    // Its open appeal first, then the suspension: the order decideAppeal locks them in, so two
    // moderators acting on one suspension wait for each other instead of deadlocking.
    await tx
      .select({ id: networkAppeals.id })
      .from(networkAppeals)
      .where(and(eq(networkAppeals.appealedId, suspensionId), isNull(networkAppeals.decidedAt)))
      .for('update');
    const result = await changeSuspensionIn(tx, moderator, suspensionId, body, now);
    // A lift or shortening answers any open appeal of it: it no longer waits in the queue.
    await tx
      .update(networkAppeals)
      .set({ decidedAt: now, decisionId: result.id })
      .where(and(eq(networkAppeals.appealedId, suspensionId), isNull(networkAppeals.decidedAt)));
    return result;
  });
}

/**
 * Keeps a removal without a suspension on appeal, inside the caller's transaction: the post stays
 * hidden, the log gets an `uphold_removal` row naming the removal, and the author is told the reason.
 */
async function upholdRemovalIn(tx: Transaction, moderator: Member, removalId: string, note: string, now: Date) {
  const [removal] = await tx
    .select({
      postId: networkModerationActions.postId,
      authorId: networkModerationActions.authorId,
      postExcerpt: networkModerationActions.postExcerpt,
    })
    .from(networkModerationActions)
    .where(and(eq(networkModerationActions.id, removalId), eq(networkModerationActions.action, 'remove')))
    .for('update');
  if (!removal) throw new AppError(404, 'Removal not found');
  const action = await logRevision(
    tx,
    moderator,
    { ...removal, id: removalId },
    { action: 'uphold_removal', note },
    now,
  );
  return { id: action.id };
}

/**
 * A moderator answers an appeal, with the reason the member is shown: a suspension's by lifting,
 * shortening or upholding it (and perhaps putting its post back), a removal's by upholding it or
 * restoring the post. Both are logged and told.
 */
export async function decideAppeal(
  db: Database,
  moderator: Member,
  appealId: string,
  body: AppealDecisionBody,
  now: Date,
): Promise<AppealDecisionResult> {
  return db.transaction(async (tx) => {
    const [appeal] = await tx
      .select({
        appealedId: networkAppeals.appealedId,
        decidedAt: networkAppeals.decidedAt,
        kind: networkModerationActions.action,
      })
      .from(networkAppeals)
      .innerJoin(networkModerationActions, eq(networkModerationActions.id, networkAppeals.appealedId))
      .where(eq(networkAppeals.id, appealId))
      .for('update', { of: networkAppeals });
    if (!appeal) throw new AppError(404, 'Appeal not found');
    if (appeal.decidedAt) throw new AppError(409, 'This appeal has already been decided.');
    let result: AppealDecisionResult;
    if (appeal.kind === 'remove') {
      if (body.change !== 'uphold' && body.change !== 'restore')
        throw new AppError(400, 'An appeal of a removal is upheld (the post stays removed) or restored.');
      if (body.restorePost !== undefined)
        throw new AppError(400, 'restorePost is for an appeal of a suspension: to put the post back, restore it.');
      result =
        body.change === 'restore'
          ? {
              id: (await undoRemovalIn(tx, moderator, appeal.appealedId, body.note, now)).id,
              change: 'restore',
              endsAt: null,
              postRestored: true,
            }
          : {
              id: (await upholdRemovalIn(tx, moderator, appeal.appealedId, body.note, now)).id,
              change: 'uphold',
              endsAt: null,
              postRestored: false,
            };
    } else {
      if (body.change === 'restore')
        throw new AppError(
          400,
          'An appeal of a suspension is lifted, shortened or upheld; restorePost also puts the post back.',
        );
      result = await changeSuspensionIn(tx, moderator, appeal.appealedId, { ...body, change: body.change }, now);
    }
    await tx
      .update(networkAppeals)
      .set({ decidedAt: now, decisionId: result.id })
      .where(eq(networkAppeals.id, appealId));
    return result;
  });
}
