import { sql } from 'drizzle-orm';
import {
  bigserial,
  type AnyPgColumn,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const networkUsers = pgTable(
  'network_users',
  {
    id: uuid().primaryKey().defaultRandom(),
    // Stored lower-case, so the unique index is case-insensitive; null for an OIDC account without email.
    email: text(),
    passwordHash: text(),
    username: text(),
    displayName: text(),
    photoUrl: text(),
    // The professional profile (issue 39): what members in HR know each other by. All optional.
    headline: text(),
    jobTitle: text(),
    employer: text(),
    location: text(),
    about: text(),
    oidcIssuer: text(),
    oidcSubject: text(),
    // Set when the member followed the verification link (or the provider vouched for the address);
    // until then the address confers no admin rights and the external sign-in never attaches to it.
    emailVerifiedAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt,
  },
  (t) => [
    uniqueIndex('network_users_email_idx').on(t.email),
    uniqueIndex('network_users_username_idx').on(sql`lower(${t.username})`),
    uniqueIndex('network_users_oidc_idx').on(t.oidcIssuer, t.oidcSubject),
    // Search finds members by parts of their name or username (pg_trgm, created by the migration).
    index('network_users_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    index('network_users_display_name_trgm_idx').using('gin', sql`lower(${t.displayName}) gin_trgm_ops`),
    // ...and by their employer ("who works at St Mary's?").
    index('network_users_employer_trgm_idx').using('gin', sql`lower(${t.employer}) gin_trgm_ops`),
  ],
);

export const networkSessions = pgTable(
  'network_sessions',
  {
    // SHA-256 of the cookie's random token: a stolen database row cannot be replayed as a cookie.
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => networkUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    createdAt,
  },
  (t) => [index('network_sessions_user_idx').on(t.userId), index('network_sessions_expires_idx').on(t.expiresAt)],
);

export const networkPosts = pgTable(
  'network_posts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => networkUsers.id, { onDelete: 'cascade' }),
    description: text().notNull().default(''),
    mediaType: text().notNull().default(''),
    // The storage key (media/{timestamp}-{userId}-{name}); null for a text-only post.
    mediaKey: text(),
    // Kept in step by the like and comment writes, so the feed never counts rows.
    likeCount: integer().notNull().default(0),
    commentCount: integer().notNull().default(0),
    // English full-text search: stemmed, so "nurse" finds "nurses"; kept by PostgreSQL itself.
    search: tsvector().generatedAlwaysAs(sql`to_tsvector('english', description)`),
    createdAt,
    // Removed by a moderator (issue 39): hidden from every member, with its comments, likes and
    // file kept, so the removal can be undone. `removalId` is the log row that removed it.
    removedAt: timestamp({ withTimezone: true, mode: 'date' }),
    removalId: uuid().references((): AnyPgColumn => networkModerationActions.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('network_posts_search_idx').using('gin', t.search),
    // The media route refuses a removed post's file: one probe of this (small) index per file served.
    index('network_posts_removed_media_idx')
      .on(t.mediaKey)
      .where(sql`removed_at IS NOT NULL`),
    // Ascending: scanned backward it yields exactly ORDER BY created_at DESC, id DESC (NULLS FIRST).
    // Only posts not removed (the feed's condition): a wave of removed spam at the top of the feed
    // is not walked past on every member's first page (5,000 removed: 10,015 buffers, 27 ms, before).
    index('network_posts_feed_idx')
      .on(t.createdAt, t.id)
      .where(sql`removed_at IS NULL`),
    // A member's profile lists their posts newest first.
    index('network_posts_author_idx').on(t.userId, t.createdAt, t.id),
  ],
);

export const networkComments = pgTable(
  'network_comments',
  {
    id: uuid().primaryKey().defaultRandom(),
    postId: uuid()
      .notNull()
      .references(() => networkPosts.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => networkUsers.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    createdAt,
  },
  (t) => [index('network_comments_post_idx').on(t.postId, t.createdAt, t.id)],
);

export const networkLikes = pgTable(
  'network_likes',
  {
    postId: uuid()
      .notNull()
      .references(() => networkPosts.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => networkUsers.id, { onDelete: 'cascade' }),
    createdAt,
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('network_likes_user_idx').on(t.userId)],
);

/** The live feed's event log: its ids are the SSE event ids a reconnecting browser catches up from. */
export const networkEvents = pgTable(
  'network_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    type: text().notNull(),
    data: jsonb().notNull(),
    // The post the event is about: deleting the post deletes its events, so a replay never returns it.
    postId: uuid(),
    // Null for everyone's feed; a member's id for their own events (notifications), delivered only to their streams.
    recipientId: uuid(),
    createdAt,
  },
  (t) => [index('network_events_created_at_idx').on(t.createdAt), index('network_events_post_idx').on(t.postId)],
);

/**
 * What a member is told: a comment on their post, a mention, likes on their post. Likes are one
 * row per post while unread (the partial unique index), its actors growing, so "Nadia and 11
 * others liked your post" is one row to read and one to page past.
 */
export const networkNotifications = pgTable(
  'network_notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    recipientId: uuid()
      .notNull()
      .references(() => networkUsers.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    // Null for a moderation outcome: it outlives the post it is about (its words are in the action's snapshot).
    postId: uuid().references(() => networkPosts.id, { onDelete: 'cascade' }),
    // A moderation outcome's action (type 'moderation'); null for every other type.
    moderationActionId: uuid().references(() => networkModerationActions.id, { onDelete: 'cascade' }),
    // Newest first, distinct; their number is the notification's count.
    actorIds: uuid().array().notNull(),
    readAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt,
  },
  (t) => [
    index('network_notifications_recipient_idx').on(t.recipientId, t.createdAt, t.id),
    // The bell's count, asked on every change: only the unread rows are walked.
    index('network_notifications_unread_idx')
      .on(t.recipientId)
      .where(sql`read_at IS NULL`),
    uniqueIndex('network_notifications_unread_likes_idx')
      .on(t.recipientId, t.postId)
      .where(sql`type = 'like' AND read_at IS NULL`),
  ],
);

/**
 * Members who asked for the daily email of their unread notifications (a row is the opt-in;
 * unsubscribing deletes it). `lastSentOn` is the UTC day of the last digest queued: claiming the
 * day with a conditional update sends one a day, whichever instance runs the job and however often.
 */
export const networkEmailDigests = pgTable('network_email_digests', {
  userId: uuid()
    .primaryKey()
    .references(() => networkUsers.id, { onDelete: 'cascade' }),
  lastSentOn: date({ mode: 'string' }),
  createdAt,
});

/**
 * A member's report of a post: once per member per post (the unique index), open until a moderator
 * resolves every open report of the post at once. Reports go with their post when it is deleted;
 * the moderation log keeps what was decided about it.
 */
export const networkReports = pgTable(
  'network_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    postId: uuid()
      .notNull()
      .references(() => networkPosts.id, { onDelete: 'cascade' }),
    reporterId: uuid()
      .notNull()
      .references(() => networkUsers.id, { onDelete: 'cascade' }),
    reason: text().notNull(),
    note: text(),
    createdAt,
    resolvedAt: timestamp({ withTimezone: true, mode: 'date' }),
    resolutionId: uuid().references(() => networkModerationActions.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('network_reports_post_reporter_idx').on(t.postId, t.reporterId),
    // The queue walks only open reports.
    index('network_reports_open_idx')
      .on(t.postId, t.createdAt)
      .where(sql`resolved_at IS NULL`),
  ],
);

/**
 * The moderation log: who decided what about which post, when and why. It keeps a snapshot of the
 * post's words and author, since the post may go (with its author's account, or removed before
 * removals were kept to be undone); accounts that go leave their rows (set null).
 */
export const networkModerationActions = pgTable(
  'network_moderation_actions',
  {
    id: uuid().primaryKey().defaultRandom(),
    moderatorId: uuid().references(() => networkUsers.id, { onDelete: 'set null' }),
    action: text().notNull(),
    // No foreign key: the post is usually gone.
    postId: uuid().notNull(),
    authorId: uuid().references(() => networkUsers.id, { onDelete: 'set null' }),
    postExcerpt: text().notNull(),
    reportCount: integer().notNull(),
    reasons: text().array().notNull(),
    note: text(),
    suspendedUntil: timestamp({ withTimezone: true, mode: 'date' }),
    // A lift, shortening or upheld appeal names the suspension it revised, a restore the removal it undid (issue 39).
    revisesId: uuid().references((): AnyPgColumn => networkModerationActions.id, { onDelete: 'set null' }),
    createdAt,
  },
  (t) => [
    index('network_moderation_actions_created_idx').on(t.createdAt, t.id),
    // The author's history beside each report and appeal.
    index('network_moderation_actions_author_idx').on(t.authorId, t.createdAt),
  ],
);

/**
 * A member's appeal of a decision about them: one per decision (the unique index), with the member's
 * words. The decision is a `suspend` (the suspension, from the banner) or, since issue 39, a
 * `remove` (a removal without a suspension, from its notice). A moderator decides it (`decisionId`:
 * the log row that lifted, shortened, upheld or restored). The table and the column keep their
 * first names (`network_suspension_appeals`, `suspension_id`): a rolling upgrade's older instances
 * still read them (docs/operations.md).
 */
export const networkAppeals = pgTable(
  'network_suspension_appeals',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The log row appealed: a `suspend` or a `remove`. */
    appealedId: uuid('suspension_id')
      .notNull()
      .references(() => networkModerationActions.id, { onDelete: 'cascade' }),
    memberId: uuid()
      .notNull()
      .references(() => networkUsers.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    createdAt,
    decidedAt: timestamp({ withTimezone: true, mode: 'date' }),
    decisionId: uuid().references(() => networkModerationActions.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('network_suspension_appeals_suspension_idx').on(t.appealedId),
    // The moderators' queue walks only open appeals, oldest first.
    index('network_suspension_appeals_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`decided_at IS NULL`),
  ],
);

/**
 * A member who may not post, comment, like or report until `endsAt`, kept by what survives the
 * account (issue 35: the row used to go with the account, and the member signed up again at once).
 * One row per holder, the latest decision: `member:<account id>`, `email:<SHA-256 of a verified
 * address>` and `oidc:<SHA-256 of an external identity's issuer and subject>`. Any account that has
 * one of these is suspended (see `server/network/suspensions.ts`).
 */
export const networkSuspensionHolds = pgTable(
  'network_suspension_holds',
  {
    holder: text().primaryKey(),
    endsAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    reason: text().notNull(),
    actionId: uuid().references(() => networkModerationActions.id, { onDelete: 'set null' }),
    createdAt,
  },
  (t) => [index('network_suspension_holds_ends_idx').on(t.endsAt)],
);
