import { and, desc, eq, sql, type Placeholder } from 'drizzle-orm';
import {
  COMMENTS_PAGE_SIZE,
  feedEvents,
  FEED_PAGE_SIZE,
  type Comment,
  type CommentCreatedEvent,
  type CommentsPage,
  type CreatedComment,
  type LikeResponse,
  type LikesChangedEvent,
  type Post,
  type PostCreatedEvent,
  type PostDeletedEvent,
  type PostsPage,
} from '../../contracts/network.js';
import type { Database } from '../db/client.js';
import { networkComments, networkLikes, networkPosts, networkUsers } from '../db/schema/network.js';
import { AppError, databaseErrorCode } from '../platform/errors.js';
import type { Member } from './accounts.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { appendEvent, forgetPostEvents } from './events.js';
import { mediaUrlOf } from './media.js';

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
  displayName: networkUsers.displayName,
  photoUrl: networkUsers.photoUrl,
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
  displayName: string | null;
  photoUrl: string | null;
};

/**
 * A post as every member sees it. The author's email stays out (null, keeping the spec's `user`
 * shape): members find each other by name and photo, never by address (decision 005).
 */
function sharedPost(row: PostRow): PostCreatedEvent['post'] {
  return {
    id: row.id,
    user: { email: null, displayName: row.displayName, photoURL: row.photoUrl },
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
 * One page of the feed, newest first, by keyset on (created_at, id) so deep pages stay fast.
 * The page is cut in a subquery before likedByMe is asked: over the whole table the planner would
 * hash every like of the member first, a cost that grows with the member's likes.
 */
export async function listPosts(db: Database, member: Member, cursorValue: string | undefined): Promise<PostsPage> {
  const cursor = decodeCursor(cursorValue);
  let prepared = feedPageQueries.get(db);
  if (!prepared) feedPageQueries.set(db, (prepared = prepareFeedPage(db)));
  const rows = cursor
    ? await prepared.after.execute({ memberId: member.id, createdAt: cursor.createdAt.toISOString(), id: cursor.id })
    : await prepared.first.execute({ memberId: member.id });
  const page = rows.slice(0, FEED_PAGE_SIZE);
  const last = page.at(-1);
  return {
    posts: page.map((row) => ({ ...sharedPost(row), likedByMe: row.likedByMe, canDelete: mayDelete(member, row.userId) })),
    nextCursor: rows.length > FEED_PAGE_SIZE && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}

/** The feed page's one query with values (exported so a test can read its plan). */
export function feedPageQuery(db: Database, memberId: string, cursor: { createdAt: Date; id: string } | undefined) {
  return buildFeedPage(db, memberId, cursor ? { createdAt: cursor.createdAt.toISOString(), id: cursor.id } : undefined);
}

/**
 * The first page and the pages after a cursor, each built once per database and run as a named
 * prepared statement: every member opening the app asks for them.
 */
const feedPageQueries = new WeakMap<Database, ReturnType<typeof prepareFeedPage>>();
const prepareFeedPage = (db: Database) => ({
  first: buildFeedPage(db, sql.placeholder('memberId'), undefined).prepare('network_feed_first_page'),
  after: buildFeedPage(db, sql.placeholder('memberId'), { createdAt: sql.placeholder('createdAt'), id: sql.placeholder('id') }).prepare(
    'network_feed_page_after',
  ),
});

type Value = string | Placeholder;

function buildFeedPage(db: Database, memberId: Value, cursor: { createdAt: Value; id: Value } | undefined) {
  const newest = db
    .select({
      id: networkPosts.id,
      userId: networkPosts.userId,
      description: networkPosts.description,
      mediaType: networkPosts.mediaType,
      mediaKey: networkPosts.mediaKey,
      likeCount: networkPosts.likeCount,
      commentCount: networkPosts.commentCount,
      createdAt: networkPosts.createdAt,
    })
    .from(networkPosts)
    .where(cursor ? sql`(${networkPosts.createdAt}, ${networkPosts.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : undefined)
    .orderBy(desc(networkPosts.createdAt), desc(networkPosts.id))
    .limit(FEED_PAGE_SIZE + 1)
    .as('newest');
  return db
    .select({
      id: newest.id,
      userId: newest.userId,
      description: newest.description,
      mediaType: newest.mediaType,
      mediaKey: newest.mediaKey,
      likeCount: newest.likeCount,
      commentCount: newest.commentCount,
      createdAt: newest.createdAt,
      displayName: networkUsers.displayName,
      photoUrl: networkUsers.photoUrl,
      likedByMe: sql<boolean>`exists (select 1 from ${networkLikes} where ${networkLikes.postId} = ${newest.id} and ${networkLikes.userId} = ${memberId})`,
    })
    .from(newest)
    .innerJoin(networkUsers, eq(networkUsers.id, newest.userId))
    .orderBy(desc(newest.createdAt), desc(newest.id));
}

export async function getPost(db: Database, member: Member, postId: string): Promise<Post> {
  const [row] = await db
    .select({
      ...postColumns,
      likedByMe: sql<boolean>`exists (select 1 from ${networkLikes} where ${networkLikes.postId} = ${networkPosts.id} and ${networkLikes.userId} = ${member.id})`,
    })
    .from(networkPosts)
    .innerJoin(networkUsers, eq(networkUsers.id, networkPosts.userId))
    .where(eq(networkPosts.id, postId));
  if (!row) throw new AppError(404, 'Post not found');
  return { ...sharedPost(row), likedByMe: row.likedByMe, canDelete: mayDelete(member, row.userId) };
}

export type NewPost = { description: string; media?: { key: string; type: string } };

export async function createPost(db: Database, member: Member, input: NewPost, now: Date): Promise<Post> {
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
    const shared = sharedPost({ ...inserted, displayName: member.displayName, photoUrl: member.photoUrl });
    await appendEvent(tx, feedEvents.postCreated, { post: shared } satisfies PostCreatedEvent, now, inserted.id);
    return { ...shared, likedByMe: false, canDelete: true };
  });
}

/** Deletes the post if the member may; returns the media key the caller removes after commit. */
export async function deletePost(db: Database, member: Member, postId: string, now: Date): Promise<{ mediaKey: string | null }> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ userId: networkPosts.userId, mediaKey: networkPosts.mediaKey })
      .from(networkPosts)
      .where(eq(networkPosts.id, postId))
      .for('update');
    if (!found) throw new AppError(404, 'Post not found');
    if (!mayDelete(member, found.userId)) throw new AppError(403, 'Only the author can delete this post');
    await tx.delete(networkPosts).where(eq(networkPosts.id, postId));
    // Its earlier events (the post, its comments) go too, so a reconnecting browser's replay never brings it back.
    await forgetPostEvents(tx, postId);
    await appendEvent(tx, feedEvents.postDeleted, { postId } satisfies PostDeletedEvent, now);
    return { mediaKey: found.mediaKey };
  });
}

/**
 * A post's comment pages, built once per database and run as named prepared statements; the
 * existence check of the post too (opening comments is one of the most frequent calls).
 */
const commentQueries = new WeakMap<Database, ReturnType<typeof prepareComments>>();
const prepareComments = (db: Database) => ({
  postExists: db
    .select({ id: networkPosts.id })
    .from(networkPosts)
    .where(eq(networkPosts.id, sql.placeholder('postId')))
    .prepare('network_post_exists'),
  first: buildCommentsPage(db, undefined).prepare('network_comments_first_page'),
  after: buildCommentsPage(db, { createdAt: sql.placeholder('createdAt'), id: sql.placeholder('id') }).prepare('network_comments_page_after'),
});

function buildCommentsPage(db: Database, cursor: { createdAt: Value; id: Value } | undefined) {
  return db
    .select({
      id: networkComments.id,
      postId: networkComments.postId,
      text: networkComments.text,
      createdAt: networkComments.createdAt,
      userId: networkComments.userId,
      username: networkUsers.username,
      displayName: networkUsers.displayName,
      photoUrl: networkUsers.photoUrl,
    })
    .from(networkComments)
    .innerJoin(networkUsers, eq(networkUsers.id, networkComments.userId))
    .where(
      and(
        eq(networkComments.postId, sql.placeholder('postId')),
        cursor ? sql`(${networkComments.createdAt}, ${networkComments.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(networkComments.createdAt), desc(networkComments.id))
    .limit(COMMENTS_PAGE_SIZE + 1);
}

/** A post's comments, newest first, paged by keyset like the feed. */
export async function listComments(db: Database, postId: string, cursorValue: string | undefined): Promise<CommentsPage> {
  const cursor = decodeCursor(cursorValue);
  let prepared = commentQueries.get(db);
  if (!prepared) commentQueries.set(db, (prepared = prepareComments(db)));
  const [found] = await prepared.postExists.execute({ postId });
  if (!found) throw new AppError(404, 'Post not found');
  const rows = cursor
    ? await prepared.after.execute({ postId, createdAt: cursor.createdAt.toISOString(), id: cursor.id })
    : await prepared.first.execute({ postId });
  const page = rows.slice(0, COMMENTS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    comments: page.map((row) => toComment(row)),
    nextCursor: rows.length > COMMENTS_PAGE_SIZE && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}

function toComment(row: { id: string; postId: string; text: string; createdAt: Date; userId: string; username: string | null; photoUrl: string | null }): Comment {
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

export async function addComment(db: Database, member: Member, postId: string, text: string, now: Date): Promise<CreatedComment> {
  return db.transaction(async (tx) => {
    const [counted] = await tx
      .update(networkPosts)
      .set({ commentCount: sql`${networkPosts.commentCount} + 1` })
      .where(eq(networkPosts.id, postId))
      .returning({ commentCount: networkPosts.commentCount });
    if (!counted) throw new AppError(404, 'Post not found');
    const [inserted] = await tx.insert(networkComments).values({ postId, userId: member.id, text, createdAt: now }).returning();
    if (!inserted) throw new Error('comment insert returned no row');
    const created = toComment({ ...inserted, username: member.username, photoUrl: member.photoUrl });
    await appendEvent(tx, feedEvents.commentCreated, { comment: created, commentCount: counted.commentCount } satisfies CommentCreatedEvent, now, postId);
    return { ...created, commentCount: counted.commentCount };
  });
}

/**
 * Likes or unlikes once per member: the (post, member) primary key with ON CONFLICT DO NOTHING
 * makes concurrent likes count once, and the count changes only when a row really came or went.
 */
export async function setLike(db: Database, member: Member, postId: string, liked: boolean, now: Date): Promise<LikeResponse> {
  try {
    return await db.transaction(async (tx) => {
      const changed = liked
        ? await tx.insert(networkLikes).values({ postId, userId: member.id, createdAt: now }).onConflictDoNothing().returning({ postId: networkLikes.postId })
        : await tx
            .delete(networkLikes)
            .where(and(eq(networkLikes.postId, postId), eq(networkLikes.userId, member.id)))
            .returning({ postId: networkLikes.postId });
      if (changed.length === 0) {
        const [current] = await tx.select({ likeCount: networkPosts.likeCount }).from(networkPosts).where(eq(networkPosts.id, postId));
        if (!current) throw new AppError(404, 'Post not found');
        return { postId, likeCount: current.likeCount, likedByMe: liked };
      }
      const [updated] = await tx
        .update(networkPosts)
        .set({ likeCount: sql`${networkPosts.likeCount} ${liked ? sql`+` : sql`-`} 1` })
        .where(eq(networkPosts.id, postId))
        .returning({ likeCount: networkPosts.likeCount });
      if (!updated) throw new AppError(404, 'Post not found');
      await appendEvent(tx, feedEvents.likesChanged, { postId, likeCount: updated.likeCount } satisfies LikesChangedEvent, now, postId);
      return { postId, likeCount: updated.likeCount, likedByMe: liked };
    });
  } catch (error) {
    if (databaseErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) throw new AppError(404, 'Post not found');
    throw error;
  }
}
