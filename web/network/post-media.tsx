import { useState, type CSSProperties } from 'react';
import type { Post } from '../../contracts/network.js';
import styles from './network.module.css';

/**
 * A post's image, or a video player (served with range requests, so it can seek), drawn in the
 * file's own shape once the browser knows it: no black bars (the CSS of `.fitted`).
 */
export function PostMedia({ post }: { post: Post }) {
  const [ratio, setRatio] = useState<number | null>(null);
  const measured = (width: number, height: number) => {
    if (width > 0 && height > 0) setRatio(width / height);
  };
  const fit = ratio
    ? { className: `${styles.media} ${styles.fitted}`, style: { '--media-ratio': ratio } as CSSProperties }
    : { className: styles.media };
  if (!post.mediaURL) return null;
  if (post.mediaType.startsWith('video/')) {
    return (
      <video
        {...fit}
        src={post.mediaURL}
        controls
        preload="metadata"
        onLoadedMetadata={(event) => measured(event.currentTarget.videoWidth, event.currentTarget.videoHeight)}
      >
        <track kind="captions" />
      </video>
    );
  }
  return (
    <img
      {...fit}
      src={post.mediaURL}
      alt={post.description ? `Image: ${post.description.slice(0, 80)}` : 'Image shared in the post'}
      loading="lazy"
      // A picture the browser had before the page's script ran (a server-drawn page) is measured as it is met.
      ref={(image) => {
        if (image?.complete) measured(image.naturalWidth, image.naturalHeight);
      }}
      onLoad={(event) => measured(event.currentTarget.naturalWidth, event.currentTarget.naturalHeight)}
    />
  );
}
