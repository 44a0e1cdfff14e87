import { useQueryClient, type MutationOptions } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { NetworkUser, Post } from '../../contracts/network.js';
import type { VerifiedLicence } from '../../contracts/person-links.js';
import { errorMessage } from '../lib/api-error.js';
import { lazyPart } from '../ui/lazy-part.js';
import { ConfirmDialog } from '../ui/modal.js';
import { RowMenu } from '../ui/row-menu.js';
import { useToast } from '../ui/toast.js';
import { deletePostMutation, likePostMutation } from './api.js';
import { MemberHeader } from './member-header.js';
import { Comments } from './comments.js';
import { isSessionEnded } from './ended-session.js';
import styles from './network.module.css';
import { PostMedia } from './post-media.js';
import { Moment } from './moment.js';
import { PostText } from './post-text.js';

// Few members report a post: the dialog's code comes when one does, not with every feed.
const ReportDialog = lazyPart(() => import('./report-dialog.js').then((module) => ({ default: module.ReportDialog })));

/** A post opened on its own (`?post=`, from the feed or a profile): its code comes when one is opened. */
export const PostDetailModal = lazyPart(() =>
  import('./post-detail-modal.js').then((module) => ({ default: module.PostDetailModal })),
);

export const authorName = (post: Post) => post.user.displayName || 'Anonymous';
export const commentCountText = (count: number) => `${count} ${count === 1 ? 'comment' : 'comments'}`;
export const likeCountText = (count: number) => `${count} ${count === 1 ? 'like' : 'likes'}`;

/**
 * A change a card makes (a like, a delete), run through the client's mutation cache, so its global
 * handlers see it, as `useMutation` would, but without an observer held by every card from its first
 * draw: a feed page draws ten cards, on the server and again as the browser hydrates them (issue 42),
 * and each observer costs both. Whether it is under way is the card's own state.
 */
function useCardChange<TData, TVariables>(options: MutationOptions<TData, Error, TVariables>) {
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  async function run(variables: TVariables): Promise<TData> {
    setPending(true);
    try {
      return await client.getMutationCache().build(client, options).execute(variables);
    } finally {
      setPending(false);
    }
  }
  return { pending, run };
}

export function PostCard({
  post,
  me,
  onOpen,
  authorLicences,
}: {
  post: Post;
  /** The signed-in member (the list's, one query for all its cards); null or undefined when there is none (yet). */
  me: NetworkUser | null | undefined;
  onOpen: () => void;
  /** The author's verified licences, on their own profile page (the feed's answer does not carry them). */
  authorLicences?: VerifiedLicence[] | undefined;
}) {
  const notify = useToast();
  const commentInput = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const client = useQueryClient();
  const like = useCardChange(likePostMutation(client, post.id));
  const remove = useCardChange(deletePostMutation(client, post.id));
  const liking = like.pending;
  const deleting = remove.pending;

  async function toggleLike() {
    try {
      await like.run(!post.likedByMe);
    } catch (error) {
      console.warn('like failed', error);
      // A session that ended is no failure to retry: the member is on the way to sign in.
      if (!isSessionEnded(error)) notify(errorMessage(error, 'Could not update the like. Please try again.'), 'error');
    }
  }

  // The card leaves the feed on success, and the toast must still show.
  async function confirmDelete() {
    try {
      await remove.run(undefined);
      notify('Post deleted!');
    } catch (error) {
      console.warn('delete failed', error);
      if (!isSessionEnded(error)) notify('Failed to delete post. Please try again.', 'error');
    } finally {
      setConfirming(false);
    }
  }

  async function share() {
    const link = `${window.location.origin}/Home?post=${post.id}`;
    try {
      await navigator.clipboard.writeText(link);
      notify('Link copied to clipboard');
    } catch {
      notify(`Copy this link: ${link}`);
    }
  }

  return (
    <article className={`${styles.card} ${styles.post}`} aria-label={`Post by ${authorName(post)}`}>
      <header className={styles.postHeader}>
        <MemberHeader member={post.user} variant="post" licences={authorLicences}>
          <button type="button" className={styles.timeLink} onClick={onOpen}>
            <Moment iso={post.timestamp} focusable={false} />
          </button>
        </MemberHeader>
        {post.canDelete && (
          <button
            type="button"
            className={styles.iconButton}
            aria-label="Delete post"
            title="Delete post"
            onClick={() => setConfirming(true)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                fill="currentColor"
                d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z"
              />
            </svg>
          </button>
        )}
        {me && me.uid !== post.userId && (
          <RowMenu
            label={`Actions for the post by ${authorName(post)}`}
            items={[
              post.reportedByMe
                ? { label: 'Reported', disabled: true }
                : { label: 'Report post', onSelect: () => setReporting(true) },
            ]}
          />
        )}
      </header>
      {post.description && <PostText text={post.description} />}
      {post.mediaURL && <PostMedia post={post} />}
      <div className={styles.counts}>
        <span>{likeCountText(post.likeCount)}</span>
        <span>{commentCountText(post.commentCount)}</span>
      </div>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.action}
          aria-pressed={post.likedByMe}
          onClick={() => void toggleLike()}
          disabled={liking}
        >
          {post.likedByMe ? 'Liked' : 'Like'}
        </button>
        <button type="button" className={styles.action} onClick={() => commentInput.current?.focus()}>
          Comment
        </button>
        <button type="button" className={styles.action} onClick={share}>
          Share
        </button>
      </div>
      <Comments postId={post.id} commentCount={post.commentCount} inputRef={commentInput} />
      <ConfirmDialog
        open={confirming}
        title="Delete post"
        message="Are you sure you want to delete this post?"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      />
      {reporting && <ReportDialog postId={post.id} open={reporting} onClose={() => setReporting(false)} />}
    </article>
  );
}
