import { Link } from '../lib/routing.js';
import type { Notification, PublicMember } from '../../contracts/network.js';
import { Button } from '../ui/button.js';
import { lazyPart } from '../ui/lazy-part.js';
import { ErrorState, LoadingState } from '../ui/states.js';
import { useMarkNotificationsRead, useNotifications } from './api.js';
import { Avatar } from './avatar.js';
import styles from './network.module.css';
import { dateTimeWithZone } from './date-time.js';
import { Moment } from './moment.js';
import { useSignedInMember } from './signed-in.js';
import { useSuspension } from './suspension.js';

// The appeal form (and the moderation calls) loads with a removal's notice that offers it, not with
// every notification. Defined here, not imported from the suspension banner: see suspension-banner.tsx.
const AppealForm = lazyPart(() => import('./appeal-form.js'));

/** What happened, naming the post by its first words (issue 39: a notification says what it is about). */
function actionText(item: Notification): string {
  const post = item.postExcerpt ? ` “${item.postExcerpt}”` : '';
  if (item.type === 'comment') return `commented on your post${post}`;
  if (item.type === 'like') return `liked your post${post}`;
  return item.comment ? `mentioned you in a comment on the post${post}` : `mentioned you in the post${post}`;
}

/** The post, opened at the comment it is about when there is one. */
const linkOf = (item: Notification) =>
  `/Home?post=${item.postId}${item.comment ? `&comment=${encodeURIComponent(item.comment.id)}` : ''}`;

/** A moderation outcome names the post by its first words: the post itself may be gone. */
function moderationText({
  outcome,
  toAuthor,
  postExcerpt,
  note,
  suspendedUntil,
}: NonNullable<Notification['moderation']>): string {
  const why = note ? `. Reason: ${note}` : '';
  const until = suspendedUntil ? dateTimeWithZone(suspendedUntil) : '';
  if (outcome === 'lifted') return `A moderator lifted your suspension${why}`;
  if (outcome === 'restored') return `A moderator put your post "${postExcerpt}" back${why}`;
  if (outcome === 'shortened') return `A moderator shortened your suspension: it now ends ${until}${why}`;
  if (outcome === 'upheld')
    return `A moderator reviewed your appeal and kept your suspension${until ? ` until ${until}` : ''}${why}`;
  if (outcome === 'removal_upheld')
    return `A moderator reviewed your appeal and kept your post "${postExcerpt}" removed${why}`;
  if (toAuthor)
    return `A moderator removed your post "${postExcerpt}"${suspendedUntil ? ` and suspended you until ${until}` : ''}${why}`;
  return outcome === 'removed'
    ? `Thanks for your report: a moderator removed the post "${postExcerpt}"`
    : `Thanks for your report: a moderator reviewed the post "${postExcerpt}" and kept it`;
}

/** Under the notice of a removal without a suspension: the author's one appeal of it, or where it stands. */
function RemovalAppeal({ removalId, status }: NonNullable<NonNullable<Notification['moderation']>['removalAppeal']>) {
  if (status === 'possible') return <AppealForm removalId={removalId} />;
  if (status === 'waiting')
    return <p className={styles.muted}>You appealed. A moderator will answer it; the answer comes here.</p>;
  if (status === 'answered') return <p className={styles.muted}>A moderator answered your appeal: see above.</p>;
  return null;
}

/**
 * Under the notice of a removal that suspended the author, while that suspension lasts: the way to
 * appeal it, which is the suspension banner's form at the top of every network page.
 */
function SuspensionAppeal() {
  const suspension = useSuspension(true).data;
  if (!suspension) return null;
  if (suspension.appeal)
    return (
      <p className={styles.muted}>You appealed the suspension. A moderator will answer it; the answer comes here.</p>
    );
  return (
    <p>
      <a href="#suspension">Appeal the suspension</a> with the form in the notice at the top of the page.
    </p>
  );
}

/** A named actor links to their profile (one deleted since has no username and does not). */
function ActorName({ actor }: { actor: PublicMember | undefined }) {
  const name = actor?.displayName || actor?.username || 'Someone';
  return actor?.username ? <Link to={`/members/${encodeURIComponent(actor.username)}`}>{name}</Link> : <>{name}</>;
}

/** "Nadia", "Nadia and Omar", "Nadia and 11 others", each name a link to the profile. */
function Actors({ item }: { item: Notification }) {
  const others = item.count - 1;
  const [first, second] = item.actors;
  return (
    <>
      <ActorName actor={first} />
      {others === 1 && second ? (
        <>
          {' and '}
          <ActorName actor={second} />
        </>
      ) : (
        others > 0 && ` and ${others} others`
      )}
    </>
  );
}

/** `/notifications`: what others did with the member's posts, newest first; opening one marks it read. */
export default function NotificationsPage() {
  const { member, instead } = useSignedInMember();
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();

  if (!member) return instead;

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;
  return (
    <main className={styles.notificationsPage}>
      <div className={styles.notificationsHead}>
        <h1>Notifications</h1>
        <Button
          variant="secondary"
          size="small"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate(undefined)}
        >
          Mark all as read
        </Button>
      </div>
      {list.isPending && <LoadingState text="Loading notifications..." />}
      {list.isError && <ErrorState message="Could not load your notifications." onRetry={() => void list.refetch()} />}
      {list.isSuccess && items.length === 0 && (
        <p className={`${styles.card} ${styles.empty}`}>
          No notifications yet. When someone comments on, likes or mentions your posts, you will see it here.
        </p>
      )}
      {items.length > 0 && (
        <ul className={styles.notificationList}>
          {items.map((item) => (
            <li
              key={item.id}
              className={`${styles.card} ${styles.notification} ${item.read ? '' : styles.unreadNotification}`}
            >
              <Avatar src={item.actors[0]?.photoURL ?? null} size={40} />
              {item.type === 'moderation' ? (
                // A moderation outcome has no post to open: it is read where it stands.
                <div className={styles.notificationText}>
                  <p>
                    {item.moderation ? moderationText(item.moderation) : 'A moderator reviewed a post'}
                    {!item.read && <span className="visually-hidden"> (unread)</span>}
                  </p>
                  {item.moderation?.removalAppeal && <RemovalAppeal {...item.moderation.removalAppeal} />}
                  {item.moderation?.toAuthor &&
                    item.moderation.outcome === 'removed' &&
                    item.moderation.suspendedUntil && <SuspensionAppeal />}
                </div>
              ) : (
                <div className={styles.notificationText}>
                  <p>
                    <Actors item={item} />{' '}
                    <Link to={linkOf(item)} onClick={() => !item.read && markRead.mutate([item.id])}>
                      {actionText(item)}
                      {!item.read && <span className="visually-hidden"> (unread)</span>}
                    </Link>
                  </p>
                  {item.comment && <blockquote className={styles.notificationQuote}>{item.comment.excerpt}</blockquote>}
                </div>
              )}
              <Moment iso={item.createdAt} className={styles.muted} />
              {item.type === 'moderation' && !item.read && (
                <Button
                  variant="ghost"
                  size="small"
                  disabled={markRead.isPending}
                  onClick={() => markRead.mutate([item.id])}
                >
                  Mark as read
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button variant="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {list.isFetchingNextPage ? 'Loading...' : 'Show older notifications'}
        </Button>
      )}
    </main>
  );
}
