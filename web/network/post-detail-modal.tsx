import { Modal } from '../ui/modal.js';
import { ErrorState, LoadingState } from '../ui/states.js';
import { usePost } from './api.js';
import { Comments } from './comments.js';
import styles from './network.module.css';
import { MemberHeader } from './member-header.js';
import { PostMedia } from './post-media.js';
import { Moment } from './moment.js';

/** One post with its media (if it has any), author, time and its comments; opened at `commentId` when a notification names one. */
export function PostDetailModal({
  postId,
  commentId = null,
  onClose,
}: {
  postId: string | null;
  commentId?: string | null;
  onClose: () => void;
}) {
  const post = usePost(postId);
  return (
    <Modal title="Post" open={Boolean(postId)} onClose={onClose}>
      {post.isPending && <LoadingState />}
      {post.isError && <ErrorState message="This post is not available. It may have been deleted." />}
      {post.data && (
        <div className={styles.detail}>
          {post.data.mediaURL && <PostMedia post={post.data} />}
          <div className={styles.postHeader}>
            <MemberHeader member={post.data.user} variant="post">
              <Moment iso={post.data.timestamp} />
            </MemberHeader>
          </div>
          {post.data.description && <p className={styles.description}>{post.data.description}</p>}
          <Comments postId={post.data.id} commentCount={post.data.commentCount} openAt={commentId} />
        </div>
      )}
    </Modal>
  );
}
