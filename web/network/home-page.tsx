import { useCallback } from 'react';
import { Link, Navigate, useSearchParams } from '../lib/routing.js';
import { buttonClassName } from '../ui/button.js';
import { LoadingState } from '../ui/states.js';
import { useMe } from './api.js';
import { useSignedInMember } from './signed-in.js';
import { Avatar } from './avatar.js';
import { Feed } from './feed.js';
import styles from './network.module.css';
import { PostDetailModal } from './post-card.js';
import { VerifyEmailBanner } from './verify-email-banner.js';

/** `/Home`: the member's card beside the feed, for signed-in members with a complete profile. */
export default function HomePage() {
  const { member: user, instead } = useSignedInMember({ completeProfile: true });
  const [params, setParams] = useSearchParams();
  // The same function while the address stays: the feed's cards, waiting to hydrate, are not handed a new one.
  const openPost = useCallback((id: string) => setParams({ post: id }), [setParams]);

  if (!user) return instead;
  const openPostId = params.get('post');

  return (
    <div className={styles.homePage}>
      <VerifyEmailBanner user={user} />
      <div className={styles.homeGrid}>
        <aside className={styles.card} aria-label="Your profile">
          <div className={styles.profileCardTop}>
            <Avatar src={user.photoURL} size={56} />
            <h2 className={styles.cardTitle}>Welcome, {user.displayName || 'there'}!</h2>
          </div>
          {/* One real way on: to a photo when there is none yet, else to the rest of the profile. */}
          <Link to="/settings" className={buttonClassName('secondary')}>
            {user.photoURL ? 'Edit your profile' : 'Add a photo'}
          </Link>
        </aside>
        <main className={styles.feedColumn}>
          <h1 className="visually-hidden">Your feed</h1>
          <Feed me={user} onOpenPost={openPost} />
        </main>
      </div>
      {openPostId && (
        <PostDetailModal postId={openPostId} commentId={params.get('comment')} onClose={() => setParams({})} />
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
