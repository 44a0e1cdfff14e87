import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  MODERATION_PAGE_SIZE,
  type CreatedReport,
  type ModerationLog,
  type ReportBody,
  type ReportQueue,
  type ReportReason,
  type Resolution,
  type ResolveBody,
} from '../../contracts/network-moderation.js';
import type { PublicMember } from '../../contracts/network.js';
import type { Database } from '../db/client.js';
import { networkModerationActions, networkPosts, networkReports, networkUsers } from '../db/schema/network.js';
import type { CounterStore } from '../platform/counters.js';
import { AppError, databaseErrorCode, PG_UNIQUE_VIOLATION } from '../platform/errors.js';
import { isAdminAccount, type Member } from './accounts.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { mediaUrlOf, removeStoredMedia, type MediaFiles } from './media.js';
import { notifyModeration } from './notifications.js';
import { removePost } from './posts.js';
import { suspendMember } from './suspensions.js';

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
      const [found] = await tx
        .select({ authorId: networkPosts.userId })
        .from(networkPosts)
        .where(eq(networkPosts.id, postId));
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
    SELECT g.post_id, g.first_at, g.count, p.description, p.media_type, p.media_key, p.created_at AS post_created_at,
      u.username, u.display_name, u.photo_url,
      (SELECT json_agg(json_build_object('reason', x.reason, 'count', x.n) ORDER BY x.n DESC, x.reason)
       FROM (SELECT reason, count(*)::int AS n FROM network_reports WHERE post_id = g.post_id AND resolved_at IS NULL GROUP BY reason) x) AS reasons,
      (SELECT json_agg(y ORDER BY y.created_at DESC, y.id DESC) FROM (
         SELECT r.id, r.reason, r.note, r.created_at, ru.username, ru.display_name, ru.photo_url
         FROM network_reports r JOIN network_users ru ON ru.id = r.reporter_id
         WHERE r.post_id = g.post_id AND r.resolved_at IS NULL ORDER BY r.created_at DESC, r.id DESC LIMIT ${REPORTS_SHOWN}) y) AS reports
    FROM g JOIN network_posts p ON p.id = g.post_id JOIN network_users u ON u.id = p.user_id
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
 * `remove` deletes it for everyone (live, as its author's deletion does), `suspend` deletes it and
 * stops its author contributing for `days`. Each reporter is told the outcome, the author of a
 * removed post the reason, and the log keeps who did what, when and why. A removed post's stored
 * file goes after the commit.
 */
export async function resolveReports(
  db: Database,
  files: Pick<MediaFiles, 'storage' | 'log'>,
  moderator: Member,
  postId: string,
  body: ResolveBody,
  now: Date,
  adminEmails: readonly string[],
): Promise<Resolution> {
  const { resolution, mediaKey } = await db.transaction(async (tx) => {
    // The post first, then its reports: the order its author's deletion (and its cascade) locks them in.
    const [post] = await tx
      .select({
        authorId: networkPosts.userId,
        description: networkPosts.description,
        mediaType: networkPosts.mediaType,
        mediaKey: networkPosts.mediaKey,
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
      .where(eq(networkPosts.id, postId))
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
    if (body.action === 'dismiss') {
      await tx
        .update(networkReports)
        .set({ resolvedAt: now, resolutionId: action.id })
        .where(and(eq(networkReports.postId, postId), isNull(networkReports.resolvedAt)));
    } else {
      await notifyModeration(tx, { recipientId: post.authorId, actionId: action.id }, now);
      // The reports go with the post; the log row keeps what they said.
      await removePost(tx, postId, now);
    }
    if (suspendedUntil) {
      const reason = body.note ?? 'A moderator removed your post.';
      await suspendMember(tx, post.authorId, { endsAt: suspendedUntil, reason, actionId: action.id }, now);
    }
    return {
      resolution: {
        id: action.id,
        action: body.action,
        resolvedReports: open.length,
        suspendedUntil: suspendedUntil?.toISOString() ?? null,
      },
      mediaKey: body.action === 'dismiss' ? null : post.mediaKey,
    };
  });
  await removeStoredMedia(files, [mediaKey]);
  return resolution;
}

type LogRecord = {
  id: string;
  action: Resolution['action'];
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
export async function listModerationLog(db: Database, cursorValue: string | undefined): Promise<ModerationLog> {
  const cursor = decodeCursor(cursorValue);
  const after = cursor
    ? sql`WHERE (a.created_at, a.id) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const person = (alias: string) =>
    sql.raw(
      `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('username', ${alias}.username, 'displayName', ${alias}.display_name, 'photoURL', ${alias}.photo_url) END`,
    );
  const { rows } = await db.execute<LogRecord>(sql`
    SELECT a.id, a.action, a.post_id, a.post_excerpt, a.report_count, a.reasons, a.note, a.suspended_until, a.created_at,
      ${person('mu')} AS moderator, ${person('au')} AS author
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
      createdAt: iso(row.created_at),
    })),
    nextCursor:
      rows.length > MODERATION_PAGE_SIZE && last
        ? encodeCursor({ createdAt: new Date(last.created_at), id: last.id })
        : null,
  };
}
