/** Network constants without zod: the front end imports them from here, so zod stays on the server. */

export const FEED_PAGE_SIZE = 10;
export const COMMENTS_PAGE_SIZE = 10;
/** Members on a search's first page, at most. */
export const SEARCH_MEMBERS_LIMIT = 10;
/** The `@` box's suggestions per page. */
export const MEMBER_SUGGESTIONS_PAGE_SIZE = 8;

/** Upload types, judged by the file's content: gif, jpeg and png images, mp4 video. */
export const acceptedMediaTypes = ['image/gif', 'image/jpeg', 'image/png', 'video/mp4'] as const;
export type AcceptedMediaType = (typeof acceptedMediaTypes)[number];

/** Live events: SSE `event:` names. */
export const feedEvents = {
  postCreated: 'post-created',
  postDeleted: 'post-deleted',
  commentCreated: 'comment-created',
  likesChanged: 'likes-changed',
  /** The member's own unread notification count changed (sent to that member's streams only). */
  notificationsChanged: 'notifications-changed',
  /** The server could not replay everything missed: reload the feed. */
  reset: 'reset',
} as const;
