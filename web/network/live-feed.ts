import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  feedEvents,
  type CommentCreatedEvent,
  type LikesChangedEvent,
  type NetworkUser,
  type PostCreatedEvent,
  type PostDeletedEvent,
} from '../../contracts/network.js';
import { addCachedComment, addFeedPost, networkKeys, removeFeedPost, updateFeedPost } from './api.js';

function parse<T>(event: Event): T | undefined {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as T;
  } catch {
    return undefined;
  }
}

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
    const source = new EventSource('/api/network/events');
    source.addEventListener(feedEvents.postCreated, (event) => {
      const data = parse<PostCreatedEvent>(event);
      if (data) addFeedPost(client, { ...data.post, likedByMe: false, canDelete: isAdmin || data.post.userId === uid });
    });
    source.addEventListener(feedEvents.postDeleted, (event) => {
      const data = parse<PostDeletedEvent>(event);
      if (data) removeFeedPost(client, data.postId);
    });
    source.addEventListener(feedEvents.commentCreated, (event) => {
      const data = parse<CommentCreatedEvent>(event);
      if (data) addCachedComment(client, data.comment, data.commentCount);
    });
    source.addEventListener(feedEvents.likesChanged, (event) => {
      const data = parse<LikesChangedEvent>(event);
      if (data) updateFeedPost(client, data.postId, (post) => ({ ...post, likeCount: data.likeCount }));
    });
    source.addEventListener(feedEvents.reset, () => void client.invalidateQueries({ queryKey: networkKeys.feed }));
    return () => source.close();
  }, [client, uid, isAdmin]);
}
