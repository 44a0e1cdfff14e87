import Clapperboard from 'lucide-react/icons/clapperboard';
import Image from 'lucide-react/icons/image';
import PenLine from 'lucide-react/icons/pen-line';
import { memo, useEffect, useId, useRef, useState } from 'react';
import type { NetworkUser, Post } from '../../contracts/network.js';
import { Button } from '../ui/button.js';
import { HydratedApart, lazyPart } from '../ui/lazy-part.js';
import { ErrorState } from '../ui/states.js';
import { useFeed } from './api.js';
import { Avatar } from './avatar.js';
import { dateTimeWithZone } from './date-time.js';
import { useSuspension } from './suspension.js';
import styles from './network.module.css';
import { PostCard } from './post-card.js';

// The dialog's code (media preview, upload) loads when a member starts a post, not with the feed.
const PostDialog = lazyPart(() => import('./post-dialog.js').then((module) => ({ default: module.PostDialog })));

const starters = [
  { label: 'Photo', Icon: Image },
  { label: 'Video', Icon: Clapperboard },
  { label: 'Write', Icon: PenLine },
] as const;

type FeedProps = { me: NetworkUser; onOpenPost: (id: string) => void };

/**
 * A post of the feed, hydrated on its own, after the page (issue 42): ten cards in one go blocked
 * the main thread. Memoized: the feed drawn again while a card waits (an answer arriving, the
 * suspension's) would hand it new props, and React hydrates a waiting boundary given new props at
 * once, all ten in one task again.
 */
const FeedCard = memo(function FeedCard({ post, me, onOpenPost }: FeedProps & { post: Post }) {
  return (
    <HydratedApart>
      <PostCard post={post} me={me} onOpen={() => onOpenPost(post.id)} />
    </HydratedApart>
  );
});

export function Feed({ me, onOpenPost }: FeedProps) {
  const feed = useFeed();
  // The shell's banner asks for it already: one request for both.
  const suspension = useSuspension(true).data;
  const suspendedId = useId();
  const [dialogOpen, setDialogOpen] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;

  // Infinite scroll: the next page loads when the end of the list comes into view.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const posts = feed.data?.pages.flatMap((page) => page.posts) ?? [];

  return (
    <>
      <section className={`${styles.card} ${styles.startPost}`} aria-label="Start a post">
        <div className={styles.startRow}>
          <Avatar src={me.photoURL} size={44} />
          <button
            type="button"
            className={styles.startButton}
            onClick={() => setDialogOpen(true)}
            // Said before they write, not refused after (issue 39): the server refuses a suspended member's post.
            disabled={Boolean(suspension)}
            aria-describedby={suspension ? suspendedId : undefined}
          >
            Start a post
          </button>
        </div>
        {suspension ? (
          <p id={suspendedId} className={styles.hint}>
            You cannot post until {dateTimeWithZone(suspension.endsAt)}: your account is suspended. Reason:{' '}
            {suspension.reason}
          </p>
        ) : (
          <div className={styles.starters}>
            {starters.map(({ label, Icon }) => (
              <button key={label} type="button" className={styles.starter} onClick={() => setDialogOpen(true)}>
                <Icon aria-hidden="true" size={18} /> {label}
              </button>
            ))}
          </div>
        )}
      </section>
      {dialogOpen && <PostDialog me={me} open onClose={() => setDialogOpen(false)} />}

      <div className={styles.feedList}>
        {feed.isPending && (
          <div className={styles.overlay} role="status" aria-live="polite">
            Fetching Feed...
          </div>
        )}
        {feed.isLoadingError && <ErrorState message="Could not load the feed." onRetry={() => void feed.refetch()} />}
        {feed.isSuccess && posts.length === 0 && (
          <p className={`${styles.card} ${styles.empty}`}>There are no posts yet...</p>
        )}
        {posts.map((post) => (
          <FeedCard key={post.id} post={post} me={me} onOpenPost={onOpenPost} />
        ))}
        {hasNextPage && (
          <div ref={sentinel} className={styles.more}>
            <Button variant="ghost" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
              {isFetchingNextPage ? 'Loading...' : 'Show more posts'}
            </Button>
          </div>
        )}
      </div>
    </>
  );
}
