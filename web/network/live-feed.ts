import { hashKey, useQueryClient, type InfiniteData, type Query } from '@tanstack/react-query';
import { useEffect } from 'react';
import { feedEvents } from '../../contracts/network-constants.js';
import type {
  CommentCreatedEvent,
  LikesChangedEvent,
  NetworkUser,
  NotificationsChangedEvent,
  PostCreatedEvent,
  PostDeletedEvent,
  PostsPage,
} from '../../contracts/network.js';
import { onReconnected } from '../lib/connection.js';
import {
  addCachedComment,
  addFeedPost,
  fetchMe,
  networkKeys,
  removeFeedPost,
  unreadCountQuery,
  updateFeedPost,
} from './api.js';
import { reportSessionEnded } from './ended-session.js';

function parse<T>(event: Event): T | undefined {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as T;
  } catch {
    return undefined;
  }
}

// A refused stream is opened again after this pause, doubling up to the maximum.
const REOPEN_DELAY_MS = 2_000;
const MAX_REOPEN_DELAY_MS = 30_000;

/** The live events' position a read of the feed's first page was taken at (`eventsAfter`), if it says. */
const positionOf = (feed: unknown): number | undefined =>
  (feed as InfiniteData<PostsPage> | undefined)?.pages[0]?.eventsAfter;

/**
 * Whether the stream may start from the feed's position: its first read is done, and a feed that
 * holds posts is drawn (its observer is subscribed). Drawn by the server, the feed hydrates after
 * the shell: an event changing its posts before would make what React hydrates differ from the HTML.
 */
const feedIsReady = (query: Query) =>
  query.state.fetchStatus !== 'fetching' && (query.state.data === undefined || query.getObserversCount() > 0);

// How long a stream waits for the feed to be read and drawn before it opens from what there is.
const MAX_WAIT_FOR_FEED_MS = 10_000;

const feedHash = hashKey(networkKeys.feed);
const isFeed = (query: Query) => query.queryHash === feedHash;

/**
 * Keeps the feed live: new and deleted posts, new comments and like counts arrive over
 * Server-Sent Events; EventSource reconnects by itself and sends Last-Event-ID to catch up.
 *
 * A fresh EventSource cannot send Last-Event-ID, so a stream opened plainly starts at "now": what
 * was published between the feed's read and the stream's opening (the page's download and
 * hydration, when the server drew it) would never show. So the stream opens `after` the position
 * the feed's first page was read at (decision 053), and is replayed what the page lacks; a stream
 * opened again after a refusal resumes from the last event it had. Replayed events the page already
 * shows change nothing (a post or comment is added once, counts are set, not added to).
 */
export function useLiveFeed(me: NetworkUser | null | undefined): void {
  const client = useQueryClient();
  const uid = me?.uid;
  const isAdmin = me?.isAdmin ?? false;
  useEffect(() => {
    if (!uid) return;
    let source: EventSource | undefined;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let reopenDelay = REOPEN_DELAY_MS;
    let stopped = false;
    // Where the open stream started (undefined: at "now", unknown here), and the newest event id it
    // sent: where a stream opened again resumes.
    let startedAfter: number | undefined;
    let lastSeen: number | undefined;
    let waitTimer: ReturnType<typeof setTimeout> | undefined;

    const open = (after: number | undefined, reopened: boolean) => {
      clearTimeout(reopenTimer);
      source?.close();
      startedAfter = after;
      lastSeen = after;
      const current = new EventSource(
        after === undefined ? '/api/network/events' : `/api/network/events?after=${after}`,
      );
      source = current;
      const on = (type: string, handle: (event: Event) => void) =>
        current.addEventListener(type, (event) => {
          const id = Number((event as MessageEvent<string>).lastEventId);
          if ((event as MessageEvent<string>).lastEventId !== '' && Number.isSafeInteger(id)) lastSeen = id;
          handle(event);
        });
      current.addEventListener('open', () => {
        reopenDelay = REOPEN_DELAY_MS;
        // Opened again without a position to resume from: what was missed comes from a refetch.
        if (reopened) {
          if (after === undefined) void client.invalidateQueries({ queryKey: networkKeys.feed });
          void client.invalidateQueries({ queryKey: networkKeys.unread });
        }
      });
      // EventSource retries a dropped stream by itself, but gives up for good when it is answered
      // with an error: a 503 while the database is away, or a 401 once the session has ended.
      current.addEventListener('error', () => {
        if (stopped) return;
        // A dropped stream that EventSource is reopening by itself: asking for the session tells
        // the rest of the app whether the service is away (it then refetches when it is back).
        if (current.readyState !== EventSource.CLOSED) {
          void fetchMe().catch(() => {});
          return;
        }
        void reopenUnlessSignedOut();
      });
      on(feedEvents.postCreated, (event) => {
        const data = parse<PostCreatedEvent>(event);
        if (data)
          addFeedPost(client, {
            ...data.post,
            likedByMe: false,
            canDelete: isAdmin || data.post.userId === uid,
            reportedByMe: false,
          });
      });
      on(feedEvents.postDeleted, (event) => {
        const data = parse<PostDeletedEvent>(event);
        if (data) removeFeedPost(client, data.postId);
      });
      on(feedEvents.commentCreated, (event) => {
        const data = parse<CommentCreatedEvent>(event);
        if (data) addCachedComment(client, data.comment, data.commentCount);
      });
      on(feedEvents.likesChanged, (event) => {
        const data = parse<LikesChangedEvent>(event);
        if (data) updateFeedPost(client, data.postId, (post) => ({ ...post, likeCount: data.likeCount }));
      });
      // Only this member's streams get it: the bell's count, and the list is stale.
      on(feedEvents.notificationsChanged, (event) => {
        const data = parse<NotificationsChangedEvent>(event);
        if (!data) return;
        client.setQueryData(unreadCountQuery().queryKey, data.unread);
        void client.invalidateQueries({ queryKey: networkKeys.notifications });
      });
      on(feedEvents.reset, () => void client.invalidateQueries({ queryKey: networkKeys.feed }));
    };

    // The feed read from the server (not changed here by an event, nor a later page added): a
    // stream that started later than that read, or at an unknown "now", is opened again from it,
    // so nothing falls between. A stream waiting for the feed opens once it is ready (below).
    let feedPosition: number | undefined;
    const openFromFeed = (query: Query) => {
      clearTimeout(waitTimer);
      feedPosition = positionOf(query.state.data);
      open(feedPosition, false);
    };
    const stopWatching = client.getQueryCache().subscribe((event) => {
      if (stopped || !isFeed(event.query)) return;
      if (!source) {
        if (feedIsReady(event.query)) openFromFeed(event.query);
        return;
      }
      if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
      const position = positionOf(event.query.state.data);
      if (position === undefined || position === feedPosition) return;
      feedPosition = position;
      if (startedAfter === undefined || position < startedAfter) open(position, false);
    });

    // EventSource does not say why it was refused, so the session is asked: gone, and the member
    // is sent to sign in; still there (or the server unreachable), and a fresh stream is opened after a pause.
    const reopenUnlessSignedOut = async () => {
      const signedIn = await fetchMe().catch(() => undefined);
      if (stopped) return;
      if (signedIn === null) {
        reportSessionEnded();
        return;
      }
      reopenTimer = setTimeout(() => open(lastSeen, true), reopenDelay);
      reopenDelay = Math.min(reopenDelay * 2, MAX_REOPEN_DELAY_MS);
    };

    // The service is back (another request saw it): a stream waiting out its pause opens now.
    const stopListening = onReconnected(() => {
      if (stopped || source?.readyState !== EventSource.CLOSED) return;
      clearTimeout(reopenTimer);
      reopenDelay = REOPEN_DELAY_MS;
      open(lastSeen, true);
    });

    // The feed's first page is on hand (drawn with the page, or read) and drawn: the stream starts
    // where it was read. Being read, or not yet drawn: the stream waits for it (above). Not asked
    // for (another page): it starts at "now".
    const feed = client.getQueryCache().find({ queryKey: networkKeys.feed, exact: true });
    if (!feed) open(undefined, false);
    else if (feedIsReady(feed)) openFromFeed(feed);
    // A feed never drawn (the member went elsewhere before it hydrated) leaves the stream waiting
    // no longer than this.
    else waitTimer = setTimeout(() => openFromFeed(feed), MAX_WAIT_FOR_FEED_MS);
    return () => {
      stopped = true;
      stopWatching();
      stopListening();
      clearTimeout(waitTimer);
      clearTimeout(reopenTimer);
      source?.close();
    };
  }, [client, uid, isAdmin]);
}
