import { and, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import {
  COMMENTS_PAGE_SIZE,
  descriptionField,
  feedEvents,
  FEED_PAGE_SIZE,
  type Comment,
  type CommentCreatedEvent,
  type CommentsPage,
  type CreatedComment,
  type LikeResponse,
  type LikesChangedEvent,
  type MemberProfile,
  type Post,
  type PostCreatedEvent,
  type PostDeletedEvent,
  type PostsPage,
} from '../../contracts/network.js';
import type pg from 'pg';
import type { VerifiedLicence } from '../../contracts/person-links.js';
import type { Database, Queryable, Transaction } from '../db/client.js';
import {
  networkComments,
  networkLikes,
  networkNotifications,
  networkPosts,
  networkReports,
  networkUsers,
} from '../db/schema/network.js';
import { AppError, databaseErrorCode } from '../platform/errors.js';
import type { Member } from './accounts.js';
import { bylineOf, professionalOf } from './professional.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { appendEvent, forgetPostEvents } from './events.js';
import {
  COMMENTS_FIRST_PAGE,
  COMMENTS_PAGE_AFTER,
  EVENTS_POSITION_NOW,
  FEED_FIRST_PAGE,
  FEED_PAGE_AFTER,
} from './hot-statements.js';
import { notify, notifyMentions } from './notifications.js';
import { discardFile, mediaUrlOf, removeStoredMedia, storeMedia, type MediaFiles, type ReceivedForm } from './media.js';

const PG_FOREIGN_KEY_VIOLATION = '23503';

const postColumns = {
  id: networkPosts.id,
  userId: networkPosts.userId,
  description: networkPosts.description,
  mediaType: networkPosts.mediaType,
  mediaKey: networkPosts.mediaKey,
  likeCount: networkPosts.likeCount,
  commentCount: networkPosts.commentCount,
  createdAt: networkPosts.createdAt,
  username: networkUsers.username,
  displayName: networkUsers.displayName,
  photoUrl: networkUsers.photoUrl,
  headline: networkUsers.headline,
  jobTitle: networkUsers.jobTitle,
  employer: networkUsers.employer,
};

type PostRow = {
  id: string;
  userId: string;
  description: string;
  mediaType: string;
  mediaKey: string | null;
  likeCount: number;
  commentCount: number;
  createdAt: Date;
  username: string | null;
  displayName: string | null;
  photoUrl: string | null;
  headline: string | null;
  jobTitle: string | null;
  employer: string | null;
};

/**
 * A post as every member sees it. The author's email stays out (null, keeping the spec's `user`
 * shape): members find each other by name and photo, never by address (decision 005).
 */
function sharedPost(row: PostRow): PostCreatedEvent['post'] {
  return {
    id: row.id,
    user: {
      email: null,
      displayName: row.displayName,
      photoURL: row.photoUrl,
      username: row.username,
      headline: bylineOf(row),
    },
    description: row.description,
    mediaType: row.mediaType,
    mediaURL: row.mediaKey ? mediaUrlOf(row.mediaKey) : null,
    timestamp: row.createdAt.toISOString(),
    userId: row.userId,
    likeCount: row.likeCount,
    commentCount: row.commentCount,
  };
}

const mayDelete = (member: Member, authorId: string) => member.isAdmin || member.id === authorId;

/**
 * A post members may see: not removed by a moderator. Every read and write of a post by a member
 * asks it (the hot statements write it out), so a removed post answers 404 as a deleted one does.
 */
export const visiblePost = isNull(networkPosts.removedAt);

/** Whether a stored file belongs to a removed post (a probe of the partial index of removed posts' files). */
export async function isWithheldMedia(db: Queryable, key: string): Promise<boolean> {
  const rows = await db
    .select({ id: networkPosts.id })
    .from(networkPosts)
    .where(and(eq(networkPosts.mediaKey, key), isNotNull(networkPosts.removedAt)))
    .limit(1);
  return rows.length > 0;
}

/** A post as the hot statements (feed, search) answer it, in the database's column names. */
export type FeedRecord = {
  id: string;
  user_id: string;
  description: string;
  media_type: string;
  media_key: string | null;
  like_count: number;
  comment_count: number;
  created_at: Date;
  username: string | null;
  display_name: string | null;
  photo_url: string | null;
  headline: string | null;
  job_title: string | null;
  employer: string | null;
  liked_by_me: boolean;
  reported_by_me: boolean;
  /** The first page's: the live events' position its posts were read at (int8, as text). */
  events_after?: string;
};

/** A hot statement's post row as `member` sees it. */
export function feedPostOf(row: FeedRecord, member: Member): Post {
  return {
    ...sharedPost({
      id: row.id,
      userId: row.user_id,
      description: row.description,
      mediaType: row.media_type,
      mediaKey: row.media_key,
      likeCount: row.like_count,
      commentCount: row.comment_count,
      createdAt: row.created_at,
      username: row.username,
      displayName: row.display_name,
      photoUrl: row.photo_url,
      headline: row.headline,
      jobTitle: row.job_title,
      employer: row.employer,
    }),
    likedByMe: row.liked_by_me,
    canDelete: mayDelete(member, row.user_id),
    reportedByMe: row.reported_by_me,
  };
}

export async function listPosts(pool: pg.Pool, member: Member, cursorValue: string | undefined): Promise<PostsPage> {
  const cursor = decodeCursor(cursorValue);
  if (cursor) {
    const { rows } = await pool.query<FeedRecord>({
      ...FEED_PAGE_AFTER,
      values: [member.id, cursor.createdAt.toISOString(), cursor.id],
    });
    return feedPage(rows, member);
  }
  // The first page says which live events it already shows (decision 053): its rows carry the
  // event log's position, read in the same snapshot. An empty feed has no row to carry it: the
  // position is read on its own, then the page again, in that order, so nothing falls between.
  const { rows } = await pool.query<FeedRecord>({ ...FEED_FIRST_PAGE, values: [member.id] });
  if (rows.length) return feedPage(rows, member);
  const read = await pool.query<{ events_after: string }>(EVENTS_POSITION_NOW);
  const again = await pool.query<FeedRecord>({ ...FEED_FIRST_PAGE, values: [member.id] });
  return feedPage(again.rows, member, again.rows[0]?.events_after ?? read.rows[0]?.events_after ?? '0');
}

/**
 * A feed page from the feed statement's rows (one more than a page when there is a next one). The
 * bench's bare baseline answers through this function too (from the build).
 */
export function feedPage(rows: FeedRecord[], member: Member, eventsAfter = rows[0]?.events_after): PostsPage {
  const page = rows.length > FEED_PAGE_SIZE ? rows.slice(0, FEED_PAGE_SIZE) : rows;
  const last = page.at(-1);
  return {
    posts: page.map((row) => feedPostOf(row, member)),
    nextCursor: rows.length > FEED_PAGE_SIZE && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
    // The first page's rows carry the live events' position they were read at (FEED_FIRST_PAGE).
    ...(eventsAfter === undefined ? {} : { eventsAfter: Number(eventsAfter) }),
  };
}

/** Whether the member reported the post: a probe of the (post, reporter) unique index, as in the feed. */
const likedBy = (member: Member) =>
  sql<boolean>`exists (select 1 from ${networkLikes} where ${networkLikes.postId} = ${networkPosts.id} and ${networkLikes.userId} = ${member.id})`;
const reportedBy = (member: Member) =>
  sql<boolean>`exists (select 1 from ${networkReports} where ${networkReports.postId} = ${networkPosts.id} and ${networkReports.reporterId} = ${member.id})`;

export async function getPost(db: Database, member: Member, postId: string): Promise<Post> {
  const [row] = await db
    .select({
      ...postColumns,
      likedByMe: likedBy(member),
      reportedByMe: reportedBy(member),
    })
    .from(networkPosts)
    .innerJoin(networkUsers, eq(networkUsers.id, networkPosts.userId))
    .where(and(eq(networkPosts.id, postId), visiblePost));
  if (!row) throw new AppError(404, 'Post not found');
  return {
    ...sharedPost(row),
    likedByMe: row.likedByMe,
    canDelete: mayDelete(member, row.userId),
    reportedByMe: row.reportedByMe,
  };
}

/** A member's public profile (never the address) and their posts, newest first, keyset-paged; 404 for nobody. */
export async function getMemberProfile(
  db: Database,
  viewer: Member,
  username: string,
  cursorValue: string | undefined,
  /** The licences the member chose to show (from the cases area, through the link store), valid or not. */
  licencesOf: (memberId: string) => Promise<VerifiedLicence[]>,
): Promise<MemberProfile> {
  const cursor = decodeCursor(cursorValue);
  const [found] = await db
    .select({
      id: networkUsers.id,
      username: networkUsers.username,
      displayName: networkUsers.displayName,
      photoUrl: networkUsers.photoUrl,
      createdAt: networkUsers.createdAt,
      headline: networkUsers.headline,
      jobTitle: networkUsers.jobTitle,
      employer: networkUsers.employer,
      location: networkUsers.location,
      about: networkUsers.about,
    })
    .from(networkUsers)
    .where(eq(sql`lower(${networkUsers.username})`, username.toLowerCase()));
  if (!found) throw new AppError(404, 'Member not found');
  const rows = await db
    .select({
      ...postColumns,
      likedByMe: likedBy(viewer),
      reportedByMe: reportedBy(viewer),
    })
    .from(networkPosts)
    .innerJoin(networkUsers, eq(networkUsers.id, networkPosts.userId))
    .where(
      and(
        eq(networkPosts.userId, found.id),
        visiblePost,
        cursor
          ? or(
              lt(networkPosts.createdAt, cursor.createdAt),
              and(eq(networkPosts.createdAt, cursor.createdAt), lt(networkPosts.id, cursor.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(networkPosts.createdAt), desc(networkPosts.id))
    .limit(FEED_PAGE_SIZE + 1);
  const page = rows.slice(0, FEED_PAGE_SIZE);
  const last = page.at(-1);
  return {
    member: {
      username: found.username,
      displayName: found.displayName,
      photoURL: found.photoUrl,
      joined: found.createdAt.toISOString(),
      ...professionalOf(found),
    },
    posts: page.map((row) => ({
      ...sharedPost(row),
      likedByMe: row.likedByMe,
      canDelete: mayDelete(viewer, row.userId),
      reportedByMe: row.reportedByMe,
    })),
    nextCursor: rows.length > FEED_PAGE_SIZE && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
    // Only a valid licence is shown: one expired or revoked leaves the profile by itself.
    verifiedLicences: (await licencesOf(found.id)).filter((licence) => licence.status === 'valid'),
  };
}

export type NewPost = { description: string; media?: { key: string; type: string } };

/**
 * A new post from the composer's form: its description checked, its file (if any) stored as the
 * member's, then the post written. No post without its file, and no file without its post: a post
 * that cannot be written takes its stored file with it. The received file is discarded either way.
 */
export async function createPostFromForm(
  db: Database,
  files: MediaFiles,
  member: Member,
  form: ReceivedForm,
  now: Date,
): Promise<Post> {
  try {
    const description = descriptionField.safeParse(form.fields.description ?? '');
    if (!description.success) throw new AppError(400, description.error.issues[0]?.message ?? 'Invalid description');
    if (!description.data && !form.file) throw new AppError(400, 'Please add content before posting');
    const media = form.file ? await storeMedia(files, member.id, form.file, now) : undefined;
    try {
      return await createPost(db, member, { description: description.data, media }, now);
    } catch (error) {
      await removeStoredMedia(files, [media?.key]);
      throw error;
    }
  } finally {
    await discardFile(form.file);
  }
}

async function createPost(db: Database, member: Member, input: NewPost, now: Date): Promise<Post> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(networkPosts)
      .values({
        userId: member.id,
        description: input.description,
        mediaType: input.media?.type ?? '',
        mediaKey: input.media?.key ?? null,
        createdAt: now,
      })
      .returning();
    if (!inserted) throw new Error('post insert returned no row');
    const shared = sharedPost({
      ...inserted,
      username: member.username,
      displayName: member.displayName,
      photoUrl: member.photoUrl,
      headline: member.headline,
      jobTitle: member.jobTitle,
      employer: member.employer,
    });
    await appendEvent(tx, feedEvents.postCreated, { post: shared } satisfies PostCreatedEvent, now, inserted.id);
    await notifyMentions(tx, { text: input.description, actorId: member.id, postId: inserted.id }, now);
    return { ...shared, likedByMe: false, canDelete: true, reportedByMe: false };
  });
}

/** Deletes the post if the member may, and after the commit its stored file. */
export async function deletePost(
  db: Database,
  files: Pick<MediaFiles, 'storage' | 'log'>,
  member: Member,
  postId: string,
  now: Date,
): Promise<void> {
  const mediaKey = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ userId: networkPosts.userId, mediaKey: networkPosts.mediaKey })
      .from(networkPosts)
      .where(and(eq(networkPosts.id, postId), visiblePost))
      .for('update');
    if (!found) throw new AppError(404, 'Post not found');
    if (!mayDelete(member, found.userId)) throw new AppError(403, 'Only the author can delete this post');
    await removePost(tx, postId, now);
    return found.mediaKey;
  });
  await removeStoredMedia(files, [mediaKey]);
}

/** Deletes a post for everyone, live, inside its author's (or a moderator's) transaction. */
export async function removePost(tx: Transaction, postId: string, now: Date): Promise<void> {
  await tx.delete(networkPosts).where(eq(networkPosts.id, postId));
  await leaveFeeds(tx, postId, now);
}

/** The post leaves every open feed, live; its earlier events (the post, its comments) go, so a reconnecting browser's replay never brings it back. */
async function leaveFeeds(tx: Transaction, postId: string, now: Date): Promise<void> {
  await forgetPostEvents(tx, postId);
  await appendEvent(tx, feedEvents.postDeleted, { postId } satisfies PostDeletedEvent, now);
}

/**
 * Hides a post a moderator removed (`removalId`, the log row), inside their transaction: it leaves
 * every feed live as a deleted post does, and what was said of it in notifications goes (as a
 * deleted post's does), but the post keeps its comments, likes and file, so the removal can be
 * undone (`restoreHiddenPost`).
 */
export async function hidePost(tx: Transaction, postId: string, removalId: string, now: Date): Promise<void> {
  await tx.update(networkPosts).set({ removedAt: now, removalId }).where(eq(networkPosts.id, postId));
  await tx.delete(networkNotifications).where(eq(networkNotifications.postId, postId));
  await leaveFeeds(tx, postId, now);
}

/**
 * Shows again a post the removal `removalId` hid, with its comments and likes, inside the
 * moderator's transaction; false when that removal no longer hides it (undone already, or the post
 * is gone with its author's account).
 */
export async function restoreHiddenPost(tx: Transaction, postId: string, removalId: string): Promise<boolean> {
  const shown = await tx
    .update(networkPosts)
    .set({ removedAt: null, removalId: null })
    .where(and(eq(networkPosts.id, postId), eq(networkPosts.removalId, removalId)))
    .returning({ id: networkPosts.id });
  return shown.length > 0;
}

export type CommentRecord = {
  id: string;
  post_id: string;
  text: string;
  created_at: Date;
  user_id: string;
  username: string | null;
  photo_url: string | null;
};
/** The one row of nulls of a post without comments. */
export type NoComments = { [key in keyof CommentRecord]: null };

export async function listComments(
  pool: pg.Pool,
  postId: string,
  cursorValue: string | undefined,
): Promise<CommentsPage> {
  const cursor = decodeCursor(cursorValue);
  const { rows } = await pool.query<CommentRecord | NoComments>(
    cursor
      ? { ...COMMENTS_PAGE_AFTER, values: [postId, cursor.createdAt.toISOString(), cursor.id] }
      : { ...COMMENTS_FIRST_PAGE, values: [postId] },
  );
  if (rows.length === 0) throw new AppError(404, 'Post not found');
  return commentsPage(rows);
}

/**
 * A page of comments from the comments statement's rows (one row of nulls for a post without any).
 * The bench's bare baseline answers through this function too (from the build).
 */
export function commentsPage(rows: (CommentRecord | NoComments)[]): CommentsPage {
  const found = rows.filter((row): row is CommentRecord => row.id !== null);
  const page = found.length > COMMENTS_PAGE_SIZE ? found.slice(0, COMMENTS_PAGE_SIZE) : found;
  const last = page.at(-1);
  return {
    comments: page.map((row) =>
      toComment({
        id: row.id,
        postId: row.post_id,
        text: row.text,
        createdAt: row.created_at,
        userId: row.user_id,
        username: row.username,
        photoUrl: row.photo_url,
      }),
    ),
    nextCursor:
      found.length > COMMENTS_PAGE_SIZE && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}

function toComment(row: {
  id: string;
  postId: string;
  text: string;
  createdAt: Date;
  userId: string;
  username: string | null;
  photoUrl: string | null;
}): Comment {
  return {
    id: row.id,
    postId: row.postId,
    text: row.text,
    timestamp: row.createdAt.toISOString(),
    userId: row.userId,
    username: row.username,
    photoURL: row.photoUrl,
  };
}

export async function addComment(
  db: Database,
  member: Member,
  postId: string,
  text: string,
  now: Date,
): Promise<CreatedComment> {
  return db.transaction(async (tx) => {
    const [counted] = await tx
      .update(networkPosts)
      .set({ commentCount: sql`${networkPosts.commentCount} + 1` })
      .where(and(eq(networkPosts.id, postId), visiblePost))
      .returning({ commentCount: networkPosts.commentCount, authorId: networkPosts.userId });
    if (!counted) throw new AppError(404, 'Post not found');
    const [inserted] = await tx
      .insert(networkComments)
      .values({ postId, userId: member.id, text, createdAt: now })
      .returning();
    if (!inserted) throw new Error('comment insert returned no row');
    const created = toComment({ ...inserted, username: member.username, photoUrl: member.photoUrl });
    await appendEvent(
      tx,
      feedEvents.commentCreated,
      { comment: created, commentCount: counted.commentCount } satisfies CommentCreatedEvent,
      now,
      postId,
    );
    await notify(tx, { recipientId: counted.authorId, actorId: member.id, type: 'comment', postId }, now);
    // The post's author hears of the comment once, as a comment, even when it names them too.
    await notifyMentions(tx, { text, actorId: member.id, postId, except: counted.authorId }, now);
    return { ...created, commentCount: counted.commentCount };
  });
}

/**
 * Likes or unlikes once per member: the (post, member) primary key with ON CONFLICT DO NOTHING
 * makes concurrent likes count once, and the count changes only when a row really came or went.
 */
export async function setLike(
  db: Database,
  member: Member,
  postId: string,
  liked: boolean,
  now: Date,
): Promise<LikeResponse> {
  try {
    return await db.transaction(async (tx) => {
      const changed = liked
        ? await tx
            .insert(networkLikes)
            .values({ postId, userId: member.id, createdAt: now })
            .onConflictDoNothing()
            .returning({ postId: networkLikes.postId })
        : await tx
            .delete(networkLikes)
            .where(and(eq(networkLikes.postId, postId), eq(networkLikes.userId, member.id)))
            .returning({ postId: networkLikes.postId });
      if (changed.length === 0) {
        const [current] = await tx
          .select({ likeCount: networkPosts.likeCount })
          .from(networkPosts)
          .where(and(eq(networkPosts.id, postId), visiblePost));
        if (!current) throw new AppError(404, 'Post not found');
        return { postId, likeCount: current.likeCount, likedByMe: liked };
      }
      const [updated] = await tx
        .update(networkPosts)
        .set({ likeCount: sql`${networkPosts.likeCount} ${liked ? sql`+` : sql`-`} 1` })
        .where(and(eq(networkPosts.id, postId), visiblePost))
        .returning({ likeCount: networkPosts.likeCount, authorId: networkPosts.userId });
      if (!updated) throw new AppError(404, 'Post not found');
      await appendEvent(
        tx,
        feedEvents.likesChanged,
        { postId, likeCount: updated.likeCount } satisfies LikesChangedEvent,
        now,
        postId,
      );
      // An unlike takes nothing back: the author was told, and a like again is not news twice.
      if (liked) await notify(tx, { recipientId: updated.authorId, actorId: member.id, type: 'like', postId }, now);
      return { postId, likeCount: updated.likeCount, likedByMe: liked };
    });
  } catch (error) {
    if (databaseErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) throw new AppError(404, 'Post not found');
    throw error;
  }
}
