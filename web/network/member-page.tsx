import { useParams, useSearchParams } from '../lib/routing.js';
import { ApiError } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { ErrorState, LoadingState } from '../ui/states.js';
import { useMemberProfile } from './api.js';
import { dayOf } from './date-time.js';
import { MemberHeader, ProfileDetails } from './member-header.js';
import styles from './network.module.css';
import { PostCard, PostDetailModal } from './post-card.js';
import { useSignedInMember } from './signed-in.js';

/** `/members/:username`: a member's public profile and posts, reached from author names and mentions. */
export default function MemberPage() {
  const { username = '' } = useParams();
  const { member: me, instead } = useSignedInMember();
  const profile = useMemberProfile(username);
  const [params, setParams] = useSearchParams();

  if (!me) return instead;

  if (profile.isPending) return <LoadingState text="Loading profile..." />;
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 404) {
      return (
        <main className={styles.notificationsPage}>
          <h1>Member not found</h1>
          <p>There is no member called @{username}.</p>
        </main>
      );
    }
    return <ErrorState message="Could not load this profile." onRetry={() => void profile.refetch()} />;
  }
  const member = profile.data.pages[0]?.member;
  const licences = profile.data.pages[0]?.verifiedLicences;
  const posts = profile.data.pages.flatMap((page) => page.posts);
  const openPostId = params.get('post');
  return (
    <main className={styles.notificationsPage}>
      {member && (
        <section className={styles.card} aria-label="Profile">
          <MemberHeader member={member} variant="profile" licences={licences}>
            <ProfileDetails member={member} joined={<time dateTime={member.joined}>{dayOf(member.joined)}</time>} />
          </MemberHeader>
        </section>
      )}
      <h2>Posts</h2>
      {posts.length === 0 && <p className={`${styles.card} ${styles.empty}`}>No posts yet.</p>}
      {posts.map((post) => (
        <PostCard
          key={post.id}
          post={post}
          me={me}
          authorLicences={licences}
          onOpen={() => setParams({ post: post.id })}
        />
      ))}
      {profile.hasNextPage && (
        <Button variant="secondary" disabled={profile.isFetchingNextPage} onClick={() => void profile.fetchNextPage()}>
          {profile.isFetchingNextPage ? 'Loading...' : 'Show older posts'}
        </Button>
      )}
      {openPostId && <PostDetailModal postId={openPostId} onClose={() => setParams({})} />}
    </main>
  );
}
