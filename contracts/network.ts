import { z } from 'zod';
import { verifiedLicence } from './person-links.js';
import { NEW_PASSWORD_MAX_LENGTH, NEW_PASSWORD_MIN_LENGTH } from './password-rules.js';
import { isPlainText } from './plain-text.js';

/** The schemas of the network API under /api/network/, shared by the server and the front end. */

export const MAX_COMMENT_LENGTH = 2000;
// Constants the browser needs live in a module without zod, so importing them does not ship zod.
export {
  COMMENTS_PAGE_SIZE,
  FEED_PAGE_SIZE,
  feedEvents,
  MAX_DESCRIPTION_LENGTH,
  MEMBER_SUGGESTIONS_PAGE_SIZE,
  PROFESSIONAL_LIMITS,
  SEARCH_MEMBERS_LIMIT,
} from './network-constants.js';
import { MAX_DESCRIPTION_LENGTH, PROFESSIONAL_LIMITS, type ProfessionalField } from './network-constants.js';
export type { ProfessionalField } from './network-constants.js';

const email = z
  .string({ error: 'email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email('Please enter a valid email address').max(254));

// ---- Accounts

// Request bodies are strict: an unknown field is a 400, not silently dropped.

const newPassword = z
  .string({ error: 'password is required' })
  .min(NEW_PASSWORD_MIN_LENGTH, `Password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters`)
  .max(NEW_PASSWORD_MAX_LENGTH, `Password must be at most ${NEW_PASSWORD_MAX_LENGTH} characters`);

export const signUpBody = z.strictObject({ email, password: newPassword });
export type SignUpBody = z.infer<typeof signUpBody>;

/**
 * Sign-up answers 202 with this whether or not the address already has an account (its owner
 * gets an email instead), so it cannot be used to find out who is a member. The client then
 * signs in with the same credentials.
 */
export const SIGN_UP_ACCEPTED_MESSAGE =
  'Thanks! We have sent an email to this address. Please follow its link to verify it.';
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** POST /api/network/auth/verify-email: the emailed link's token. */
export const verifyEmailBody = z.strictObject({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(100),
});
/** POST /api/network/auth/password-reset: always 202. */
export const passwordResetRequestBody = z.strictObject({ email });
/** POST /api/network/auth/password-reset/confirm: the emailed link's token and the new password. */
export const passwordResetBody = z.strictObject({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(100),
  password: newPassword,
});
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

export const signInBody = z.strictObject({
  email,
  password: z.string({ error: 'password is required' }).min(1, 'Password is required').max(200),
});
export type SignInBody = z.infer<typeof signInBody>;

/** PUT /api/network/me/password: the current password (none for an account made by external sign-in) and the new one. */
export const changePasswordBody = z.strictObject({
  currentPassword: z.string().max(200, 'Current password must be at most 200 characters').optional(),
  newPassword: newPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** DELETE /api/network/me: the password again (none for an account made by external sign-in). */
export const deleteAccountBody = z.strictObject({
  password: z.string().max(200, 'Password must be at most 200 characters').optional(),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

/** GET /api/network/me/settings: what the settings page shows beyond the member itself. */
export const accountSettings = z.object({
  /** False for an account made by external sign-in that never set a password. */
  hasPassword: z.boolean(),
  /** Sessions of this member other than the asking browser's. */
  otherSessions: z.number().int(),
  posts: z.number().int(),
});
export type AccountSettings = z.infer<typeof accountSettings>;

/**
 * The professional profile (issue 39), beyond the spec's User: how members of an HR network know
 * each other. Every field is optional and null when not given.
 */
const professionalShape = {
  headline: z.string().nullable(),
  role: z.string().nullable(),
  employer: z.string().nullable(),
  location: z.string().nullable(),
  about: z.string().nullable(),
};
export type ProfessionalProfile = { [K in ProfessionalField]: string | null };

/** A professional field as sent: trimmed, empty or null clears it, absent leaves it as it is. */
const professionalInput = (label: string, max: number, multiline = false) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((text) => (multiline ? isPlainText(text.replace(/\r?\n/g, ' ')) : isPlainText(text)), {
      message: `${label} must not contain control characters`,
    })
    .nullable()
    .optional()
    .transform((text) => (text === '' ? null : text));

/** The signed-in member (the spec's User). */
export const networkUser = z.object({
  uid: z.string(),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  username: z.string().nullable(),
  isProfileComplete: z.boolean(),
  isAdmin: z.boolean(),
  /** False until the member followed the verification link; the page asks them to. */
  emailVerified: z.boolean(),
  ...professionalShape,
});
export type NetworkUser = z.infer<typeof networkUser>;

export const meResponse = z.object({ user: networkUser.nullable() });
export type MeResponse = z.infer<typeof meResponse>;

export const profileBody = z.strictObject({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(30, 'Username must be at most 30 characters')
    .regex(/^[A-Za-z0-9._-]+$/, 'Username may contain only letters, digits, dots, dashes and underscores'),
  displayName: z
    .string({ error: 'Display name is required' })
    .trim()
    .min(1, 'Display name is required')
    .max(80, 'Display name must be at most 80 characters')
    .refine(isPlainText, 'Display name must not contain control characters'),
  // Beyond the spec's body: the professional profile. Absent fields stay as they are.
  headline: professionalInput('Headline', PROFESSIONAL_LIMITS.headline),
  role: professionalInput('Role', PROFESSIONAL_LIMITS.role),
  employer: professionalInput('Employer', PROFESSIONAL_LIMITS.employer),
  location: professionalInput('Location', PROFESSIONAL_LIMITS.location),
  about: professionalInput('About', PROFESSIONAL_LIMITS.about, true),
});
/** As sent: the professional fields may be left out. */
export type ProfileBody = z.input<typeof profileBody>;

// ---- Posts

export const postIdParams = z.object({ id: z.uuid('Post not found') });

export const cursorQuery = z.object({
  cursor: z.string().max(200).optional(),
});

export const postAuthor = z.object({
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  /** Beyond the spec's shape: the author's name links to their profile. */
  username: z.string().nullable(),
  /** Beyond the spec's shape: the author's professional headline (or role and employer), shown under the name. */
  headline: z.string().nullable(),
});

export const post = z.object({
  id: z.string(),
  user: postAuthor,
  description: z.string(),
  mediaType: z.string(),
  mediaURL: z.string().nullable(),
  timestamp: z.string(),
  userId: z.string(),
  likeCount: z.number().int(),
  likedByMe: z.boolean(),
  commentCount: z.number().int(),
  /** Whether the signed-in member may delete it (its author or a network admin). */
  canDelete: z.boolean(),
  /** Whether the signed-in member reported it: the post's menu says "Reported" instead of offering a second report (issue 39). */
  reportedByMe: z.boolean(),
});
export type Post = z.infer<typeof post>;

export const postsPage = z.object({
  posts: z.array(post),
  nextCursor: z.string().nullable(),
  /**
   * The feed's first page only: the live events' position it was read at (taken before the posts,
   * so nothing falls between). A fresh stream opened with `?after=` it is replayed whatever was
   * published since, which the page cannot show (issue 42, decision 053).
   */
  eventsAfter: z.number().int().nonnegative().optional(),
});
export type PostsPage = z.infer<typeof postsPage>;

/**
 * What the server draws the signed-in feed `/Home` with (issue 42, decision 053): the session's
 * member and the first page of their feed, exactly as `GET /api/network/me` and
 * `GET /api/network/posts` answer them (the posts with the live events' position they were read
 * at, `eventsAfter`, from which the browser opens its stream), and the moment the page was drawn,
 * from which its posts' "5 min ago" is counted until the browser has taken the page over.
 */
export type FeedFirstPage = { me: NetworkUser; posts: PostsPage; drawnAt: string };

export const descriptionField = z
  .string()
  .trim()
  .max(MAX_DESCRIPTION_LENGTH, `The post must be at most ${MAX_DESCRIPTION_LENGTH} characters`);

// ---- Comments

export const comment = z.object({
  id: z.string(),
  postId: z.string(),
  text: z.string(),
  timestamp: z.string(),
  userId: z.string(),
  username: z.string().nullable(),
  photoURL: z.string().nullable(),
});
export type Comment = z.infer<typeof comment>;

/** A new comment, with the post's comment count after it. */
export const createdComment = comment.extend({ commentCount: z.number().int() });
export type CreatedComment = z.infer<typeof createdComment>;

export const commentsPage = z.object({ comments: z.array(comment), nextCursor: z.string().nullable() });
export type CommentsPage = z.infer<typeof commentsPage>;

export const commentBody = z.strictObject({
  text: z
    .string({ error: 'Comment text is required' })
    .trim()
    .min(1, 'Comment text is required')
    .max(MAX_COMMENT_LENGTH, `A comment must be at most ${MAX_COMMENT_LENGTH} characters`),
});
export type CommentBody = z.infer<typeof commentBody>;

export const likeResponse = z.object({ postId: z.string(), likeCount: z.number().int(), likedByMe: z.boolean() });
export type LikeResponse = z.infer<typeof likeResponse>;

// ---- Profiles

export const usernameParams = z.object({ username: z.string().min(1).max(30) });

export const memberProfile = z.object({
  member: publicMemberShape().extend({ joined: z.string(), ...professionalShape }),
  posts: z.array(post),
  nextCursor: z.string().nullable(),
  /** The licences the member chose to show from a linked case (issue 41), each valid now: the "Licence verified" badge. */
  verifiedLicences: z.array(verifiedLicence),
});
export type MemberProfile = z.infer<typeof memberProfile>;

// ---- Notifications

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const notificationTypes = ['comment', 'like', 'mention', 'moderation'] as const;
/**
 * What a moderation notification tells: its reporters that the post was `removed` or `kept`; its
 * author that it was `removed` (with `note`, the moderator's reason), or what became of their
 * suspension. It outlives the post, so it
 * carries the post's first words instead of a link.
 */
export const moderationOutcome = z.object({
  /**
   * `lifted`, `shortened` and `upheld` tell a suspended author a later decision, `restored` an author
   * that their removed post is back, `removal_upheld` that their appeal of a removal was heard and
   * the post stays removed (issue 39).
   */
  outcome: z.enum(['removed', 'kept', 'lifted', 'shortened', 'upheld', 'restored', 'removal_upheld']),
  toAuthor: z.boolean(),
  postExcerpt: z.string(),
  note: z.string().nullable(),
  /** For the author: when their suspension ends (after a suspension, a shortening or an upheld appeal). */
  suspendedUntil: z.string().nullable(),
  /**
   * To the author of a removal without a suspension (issue 39): the removal's log row, by which they
   * appeal it (POST /api/network/me/removals/{id}/appeal), and where that stands: `possible` (still
   * removed, not appealed), `waiting` (appealed), `answered`, or `closed` (put back or gone without
   * an appeal). Null on every other notice.
   */
  removalAppeal: z
    .object({ removalId: z.string(), status: z.enum(['possible', 'waiting', 'answered', 'closed']) })
    .nullable(),
});
export type ModerationOutcome = z.infer<typeof moderationOutcome>;

/** A member as others see them: never the address. */
function publicMemberShape() {
  return z.object({
    username: z.string().nullable(),
    displayName: z.string().nullable(),
    photoURL: z.string().nullable(),
  });
}
export const publicMember = publicMemberShape();
export type PublicMember = z.infer<typeof publicMember>;

export const notification = z.object({
  id: z.string(),
  type: z.enum(notificationTypes),
  /** Null for a moderation outcome, whose post may be gone. */
  postId: z.string().nullable(),
  /** Set for type `moderation` only. */
  moderation: moderationOutcome.nullable(),
  /** The newest few who did it, newest first; `count` says how many there are in all. */
  actors: z.array(publicMember),
  count: z.number().int(),
  read: z.boolean(),
  createdAt: z.string(),
  /**
   * What it is about (issue 39): the post's first words (null for a moderation outcome, which
   * carries its own), and for a comment, or a mention in a comment, that comment's id and first words.
   */
  postExcerpt: z.string().nullable(),
  comment: z.object({ id: z.string(), excerpt: z.string() }).nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationsPage = z.object({
  items: z.array(notification),
  unread: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationsPage = z.infer<typeof notificationsPage>;

/** POST /api/network/notifications/read: `{ all: true }` marks all, `{ ids }` those (the member's own only). */
export const markReadBody = z
  .strictObject({
    all: z.literal(true, 'all must be true').optional(),
    ids: z
      .array(z.uuid('Unknown notification id'))
      .min(1, 'ids must not be empty')
      .max(100, 'At most 100 ids at a time')
      .optional(),
  })
  .refine((body) => (body.all === true) !== (body.ids !== undefined), 'Send either { all: true } or { ids: [...] }');
export type MarkReadBody = z.infer<typeof markReadBody>;
export const unreadResponse = z.object({ unread: z.number().int() });
export type UnreadResponse = z.infer<typeof unreadResponse>;

/** GET and PUT /api/network/me/email-digest: the daily email of unread notifications, off until the member turns it on. */
export const emailDigestSetting = z.object({ enabled: z.boolean() });
export const emailDigestBody = z.strictObject({ enabled: z.boolean({ error: 'enabled must be true or false' }) });
export type EmailDigestSetting = z.infer<typeof emailDigestSetting>;
/** POST /api/network/email-digest/unsubscribe: the token of the digest's "Stop these emails" link. */
export const emailDigestUnsubscribeBody = z.strictObject({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200),
});

// ---- Search

export const searchQuery = z.object({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(1, 'Please enter something to search for')
    .max(200, 'A search must be at most 200 characters'),
  cursor: z.string().max(200).optional(),
});
/** A member found by search, with what tells them apart (and why they matched: their employer). */
export const foundMember = publicMember.extend({
  headline: z.string().nullable(),
  role: z.string().nullable(),
  employer: z.string().nullable(),
});
export type FoundMember = z.infer<typeof foundMember>;

/** Posts ranked by relevance, paged by `nextCursor`; the best-matching members (first page only). */
export const searchResults = z.object({
  posts: z.array(post),
  members: z.array(foundMember),
  nextCursor: z.string().nullable(),
});
export type SearchResults = z.infer<typeof searchResults>;

/** GET /api/network/members?q=: the `@` box's suggestions, a few at a time, by username. */
export const memberSuggestionsQuery = z.object({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(1, 'Please type part of a name')
    .max(80, 'A name must be at most 80 characters'),
  cursor: z.string().max(200).optional(),
});
export const memberSuggestions = z.object({ members: z.array(publicMember), nextCursor: z.string().nullable() });
export type MemberSuggestions = z.infer<typeof memberSuggestions>;

// ---- Live events (SSE `event:` names and their `data:`)

export type PostCreatedEvent = { post: Omit<Post, 'likedByMe' | 'canDelete' | 'reportedByMe'> };
export type PostDeletedEvent = { postId: string };
export type CommentCreatedEvent = { comment: Comment; commentCount: number };
export type LikesChangedEvent = { postId: string; likeCount: number };
/** Sent only to the member it is about. */
export type NotificationsChangedEvent = { unread: number };

// ---- OpenID Connect popup

/** The message the sign-in popup posts to its opener (same origin only). */
export type OidcPopupMessage = { type: 'pathway-oidc'; ok: boolean; error?: string };
