import { useState } from 'react';
import styles from './network.module.css';

export const DEFAULT_AVATAR = '/images/user.svg';

/** A member's photo, falling back to the default avatar when there is none or it fails to load. */
export function Avatar({ src, size = 40, alt = '' }: { src: string | null | undefined; size?: number; alt?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = src && failed !== src ? src : DEFAULT_AVATAR;
  return (
    <img
      className={styles.avatar}
      src={url}
      alt={alt}
      width={size}
      height={size}
      onError={() => {
        if (src) setFailed(src);
      }}
    />
  );
}
