/** Network constants without zod: the front end imports them from here, so zod stays on the server. */

/**
 * The member's session cookie (HttpOnly). The server renders `/` knowing there is none, so the
 * sign-in form is in the first page rather than a loading state (web/entry-server.tsx).
 */
export const SESSION_COOKIE = 'pathway_session';

/** A post's most characters (the composer counts toward it near the end, issue 39). */
export const MAX_DESCRIPTION_LENGTH = 5000;
export const FEED_PAGE_SIZE = 10;
export const COMMENTS_PAGE_SIZE = 10;
/** Members on a search's first page, at most. */
export const SEARCH_MEMBERS_LIMIT = 10;
/** The `@` box's suggestions per page. */
export const MEMBER_SUGGESTIONS_PAGE_SIZE = 8;

/** The professional profile's fields (issue 39) and their longest lengths, the server's and the form's. */
export const PROFESSIONAL_LIMITS = { headline: 120, role: 80, employer: 80, location: 80, about: 2000 } as const;
export type ProfessionalField = keyof typeof PROFESSIONAL_LIMITS;

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
