import type { Post } from '../../contracts/network.js';
import styles from './network.module.css';

/** A post's image, or a video player (served with range requests, so it can seek). */
export function PostMedia({ post }: { post: Post }) {
  if (!post.mediaURL) return null;
  if (post.mediaType.startsWith('video/')) {
    return (
      <video className={styles.media} src={post.mediaURL} controls preload="metadata">
        <track kind="captions" />
      </video>
    );
  }
  return (
    <img
      className={styles.media}
      src={post.mediaURL}
      alt={post.description ? `Image: ${post.description.slice(0, 80)}` : 'Image shared in the post'}
      loading="lazy"
    />
  );
}
