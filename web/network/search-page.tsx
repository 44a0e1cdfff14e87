import { Link, useNavigate, useSearchParams } from '../lib/routing.js';
import type { FoundMember } from '../../contracts/network.js';
import { Button } from '../ui/button.js';
import { ErrorState, LoadingState } from '../ui/states.js';
import { useSearch } from './api.js';
import { Avatar } from './avatar.js';
import styles from './network.module.css';
import { PostCard } from './post-card.js';
import { useSignedInMember } from './signed-in.js';

/** What tells a found member apart, and shows why they matched: headline, else role at employer. */
const foundLine = (member: FoundMember) =>
  member.headline
    ? member.employer && !member.headline.includes(member.employer)
      ? `${member.headline} · ${member.employer}`
      : member.headline
    : [member.role, member.employer].filter(Boolean).join(' at ');

/** `/search?q=`: the header search's results, members first, then posts by relevance. */
export default function SearchPage() {
  const { member: me, instead } = useSignedInMember();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = params.get('q')?.trim() ?? '';
  const results = useSearch(q);

  if (!me) return instead;

  const first = results.data?.pages[0];
  const posts = results.data?.pages.flatMap((page) => page.posts) ?? [];
  return (
    <main className={styles.notificationsPage}>
      <h1>{q ? `Results for "${q}"` : 'Search'}</h1>
      {!q && <p>Type in the search box above to find posts and members.</p>}
      {q && results.isPending && <LoadingState text="Searching..." />}
      {results.isError && <ErrorState message="Could not search." onRetry={() => void results.refetch()} />}
      {first && (
        <>
          <h2>Members</h2>
          {first.members.length === 0 ? (
            <p className={styles.muted}>No members match.</p>
          ) : (
            <ul className={styles.notificationList} aria-label="Members">
              {first.members.map((member) => (
                <li key={member.username} className={`${styles.card} ${styles.notification}`}>
                  <Avatar src={member.photoURL} size={40} />
                  <div className={styles.postAuthor}>
                    <Link to={`/members/${encodeURIComponent(member.username ?? '')}`}>
                      {member.displayName || member.username}
                    </Link>
                    <span className={styles.muted}>
                      @{member.username}
                      {foundLine(member) && <> · {foundLine(member)}</>}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <h2>Posts</h2>
          {posts.length === 0 && <p className={`${styles.card} ${styles.empty}`}>No posts match.</p>}
          {posts.map((post) => (
            <PostCard key={post.id} post={post} me={me} onOpen={() => void navigate(`/Home?post=${post.id}`)} />
          ))}
          {results.hasNextPage && (
            <Button
              variant="secondary"
              disabled={results.isFetchingNextPage}
              onClick={() => void results.fetchNextPage()}
            >
              {results.isFetchingNextPage ? 'Loading...' : 'More posts'}
            </Button>
          )}
        </>
      )}
    </main>
  );
}
