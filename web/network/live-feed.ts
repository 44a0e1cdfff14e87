import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { feedEvents } from '../../contracts/network-constants.js';
import type {
  CommentCreatedEvent,
  LikesChangedEvent,
  NetworkUser,
  NotificationsChangedEvent,
  PostCreatedEvent,
  PostDeletedEvent,
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

/**
 * Keeps the feed live: new and deleted posts, new comments and like counts arrive over
 * Server-Sent Events; EventSource reconnects by itself and sends Last-Event-ID to catch up.
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

    const open = (reopened: boolean) => {
      clearTimeout(reopenTimer);
      source?.close();
      const current = new EventSource('/api/network/events');
      source = current;
      current.addEventListener('open', () => {
        reopenDelay = REOPEN_DELAY_MS;
        // A fresh EventSource cannot send Last-Event-ID: what was missed comes from a refetch.
        if (reopened) {
          void client.invalidateQueries({ queryKey: networkKeys.feed });
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
      current.addEventListener(feedEvents.postCreated, (event) => {
        const data = parse<PostCreatedEvent>(event);
        if (data)
          addFeedPost(client, {
            ...data.post,
            likedByMe: false,
            canDelete: isAdmin || data.post.userId === uid,
            reportedByMe: false,
          });
      });
      current.addEventListener(feedEvents.postDeleted, (event) => {
        const data = parse<PostDeletedEvent>(event);
        if (data) removeFeedPost(client, data.postId);
      });
      current.addEventListener(feedEvents.commentCreated, (event) => {
        const data = parse<CommentCreatedEvent>(event);
        if (data) addCachedComment(client, data.comment, data.commentCount);
      });
      current.addEventListener(feedEvents.likesChanged, (event) => {
        const data = parse<LikesChangedEvent>(event);
        if (data) updateFeedPost(client, data.postId, (post) => ({ ...post, likeCount: data.likeCount }));
      });
      // Only this member's streams get it: the bell's count, and the list is stale.
      current.addEventListener(feedEvents.notificationsChanged, (event) => {
        const data = parse<NotificationsChangedEvent>(event);
        if (!data) return;
        client.setQueryData(unreadCountQuery().queryKey, data.unread);
        void client.invalidateQueries({ queryKey: networkKeys.notifications });
      });
      current.addEventListener(feedEvents.reset, () => void client.invalidateQueries({ queryKey: networkKeys.feed }));
    };

    // EventSource does not say why it was refused, so the session is asked: gone, and the member
    // is sent to sign in; still there (or the server unreachable), and a fresh stream is opened after a pause.
    const reopenUnlessSignedOut = async () => {
      const signedIn = await fetchMe().catch(() => undefined);
      if (stopped) return;
      if (signedIn === null) {
        reportSessionEnded();
        return;
      }
      reopenTimer = setTimeout(() => open(true), reopenDelay);
      reopenDelay = Math.min(reopenDelay * 2, MAX_REOPEN_DELAY_MS);
    };

    // The service is back (another request saw it): a stream waiting out its pause opens now.
    const stopListening = onReconnected(() => {
      if (stopped || source?.readyState !== EventSource.CLOSED) return;
      clearTimeout(reopenTimer);
      reopenDelay = REOPEN_DELAY_MS;
      open(true);
    });

    open(false);
    return () => {
      stopped = true;
      stopListening();
      clearTimeout(reopenTimer);
      source?.close();
    };
  }, [client, uid, isAdmin]);
}
