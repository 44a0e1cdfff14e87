import { lazy, Suspense } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '../ui/states.js';
import { useMe } from './api.js';
import { Feed } from './feed.js';
import styles from './network.module.css';
import { VerifyEmailBanner } from './verify-email-banner.js';

// Loaded when a post is opened, not with the feed.
const PostDetailModal = lazy(() => import('./post-detail-modal.js').then((module) => ({ default: module.PostDetailModal })));

/** `/Home`: the feed between the static side cards, for signed-in members with a complete profile. */
export default function HomePage() {
  const me = useMe();
  const [params, setParams] = useSearchParams();

  if (me.isPending) return <LoadingState />;
  if (me.isError) return <ErrorState message="Could not load your account." onRetry={() => void me.refetch()} />;
  if (!me.data) return <Navigate to="/" replace />;
  if (!me.data.isProfileComplete) return <Navigate to="/UserDetails" replace />;
  const user = me.data;
  const openPostId = params.get('post');

  return (
    <div className={styles.homePage}>
      <VerifyEmailBanner user={user} />
      <aside className={styles.banner} aria-label="Advertisement">
        <strong>Hiring in a hurry?</strong> Find talented pros in record time with Upwork and keep business moving.
      </aside>
      <div className={styles.homeGrid}>
        <aside className={styles.card} aria-label="Your profile">
          <h2 className={styles.cardTitle}>Welcome, {user.displayName || 'there'}!</h2>
          <p className={styles.muted}>Add a Photo</p>
          <ul className={styles.staticList}>
            <li>
              <span>Connections</span>
              <strong>Grow your Network</strong>
            </li>
            <li>Saved Items</li>
            <li>Groups</li>
            <li>Events</li>
            <li>Follow Hashtags</li>
            <li>Discover More!</li>
          </ul>
        </aside>
        <main className={styles.feedColumn}>
          <h1 className="visually-hidden">Your feed</h1>
          <Feed me={user} onOpenPost={(id) => setParams({ post: id })} />
        </main>
        <aside className={`${styles.card} ${styles.rightCard}`} aria-label="Recommendations">
          <h2 className={styles.cardTitle}>Add to your feed</h2>
          <ul className={styles.followList}>
            {['#Pathway', '#Video'].map((tag) => (
              <li key={tag}>
                <span>{tag}</span>
                <span className={styles.followBadge}>Follow</span>
              </li>
            ))}
          </ul>
          <p className={styles.muted}>View all Recommendation</p>
          <div className={styles.advert} role="img" aria-label="Advertisement: grow your HR career with Pathway">
            <img src="/images/logo.svg" alt="" width={64} height={64} />
            <span>Grow your HR career</span>
          </div>
        </aside>
      </div>
      {openPostId && (
        <Suspense fallback={null}>
          <PostDetailModal postId={openPostId} onClose={() => setParams({})} />
        </Suspense>
      )}
    </div>
  );
}

/** `/home` (lower case): the feed when signed in, otherwise the profile page (which sends visitors on to `/`). */
export function LowerCaseHome() {
  const me = useMe();
  if (me.isPending) return <LoadingState />;
  return <Navigate to={me.data ? '/Home' : '/UserDetails'} replace />;
}
