import { eq, inArray, sql } from 'drizzle-orm';
import { feedEvents, type PostDeletedEvent } from '../../contracts/network.js';
import type { Transaction } from '../db/client.js';
import { networkComments, networkEvents, networkLikes, networkPosts, networkUsers } from '../db/schema/network.js';
import { appendEvent, forgetPostEvents } from './events.js';
import { mediaKeyOfUrl } from './media.js';

/**
 * Removes everything an account wrote: its posts (with their comments and likes), its comments and
 * likes on other posts, with those posts' counts lowered and the live events that would replay any
 * of it to a reconnecting browser. Open feeds are told (each post's deletion, then one reload for
 * the counts). In the caller's transaction; returns the stored media keys (its posts' media and its
 * photo) to remove once it commits. Used when a member deletes their account and when an address's
 * owner reclaims an account a squatter made.
 */
export async function removeMemberContent(tx: Transaction, accountId: string, now: Date): Promise<string[]> {
  const [profile] = await tx
    .select({ photoUrl: networkUsers.photoUrl })
    .from(networkUsers)
    .where(eq(networkUsers.id, accountId))
    .for('update');
  if (!profile) return [];

  const posts = await tx
    .delete(networkPosts)
    .where(eq(networkPosts.userId, accountId))
    .returning({ id: networkPosts.id, mediaKey: networkPosts.mediaKey });
  for (const post of posts) {
    await forgetPostEvents(tx, post.id);
    await appendEvent(tx, feedEvents.postDeleted, { postId: post.id } satisfies PostDeletedEvent, now);
  }

  const comments = await tx
    .delete(networkComments)
    .where(eq(networkComments.userId, accountId))
    .returning({ id: networkComments.id, postId: networkComments.postId });
  for (const [postId, count] of countBy(comments.map((comment) => comment.postId))) {
    await tx
      .update(networkPosts)
      .set({ commentCount: sql`greatest(${networkPosts.commentCount} - ${count}, 0)` })
      .where(eq(networkPosts.id, postId));
  }
  if (comments.length > 0) {
    await tx.delete(networkEvents).where(
      inArray(
        sql`${networkEvents.data}->'comment'->>'id'`,
        comments.map((comment) => comment.id),
      ),
    );
  }

  const likes = await tx
    .delete(networkLikes)
    .where(eq(networkLikes.userId, accountId))
    .returning({ postId: networkLikes.postId });
  if (likes.length > 0) {
    await tx
      .update(networkPosts)
      .set({ likeCount: sql`greatest(${networkPosts.likeCount} - 1, 0)` })
      .where(
        inArray(
          networkPosts.id,
          likes.map((like) => like.postId),
        ),
      );
  }
  // Open feeds reload once rather than patching each count.
  if (comments.length > 0 || likes.length > 0) await appendEvent(tx, feedEvents.reset, {}, now);

  return [...posts.map((post) => post.mediaKey), mediaKeyOfUrl(profile.photoUrl)].filter((key): key is string =>
    Boolean(key),
  );
}

function countBy(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}
