import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** What a one-time link does; each area names its own. */
export const oneTimeTokenPurposes = [
  'network-verify-email',
  'network-password-reset',
  'caseadmin-password-reset',
  'lms-password-reset',
  'applicant-access',
  // A code one signed-in identity hands to another to link them (server/platform/person-links.ts).
  'person-link',
] as const;
export type OneTimeTokenPurpose = (typeof oneTimeTokenPurposes)[number];

/**
 * The tokens of emailed links (address verification, password reset). Only the SHA-256 of the
 * token is stored, so a leaked row cannot be used; a row is deleted when it is used. One row per
 * purpose and account: issuing a link replaces the row in one statement, so links issued at once
 * never leave two working (issue 35).
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    tokenHash: text().primaryKey(),
    purpose: text({ enum: oneTimeTokenPurposes }).notNull(),
    // The account's id as text: network ids are uuids, case admin and LMS ids are integers.
    accountId: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_account_key').on(t.purpose, t.accountId),
    index('one_time_tokens_expires_idx').on(t.expiresAt),
  ],
);

/**
 * When an email an anonymous caller can trigger (a reset link, a "your address is taken" note, a
 * subscription to confirm) last went to an address, so a crowd of callers cannot flood one inbox.
 * The address is kept as its SHA-256 only: it may belong to no account.
 */
export const mailCooldowns = pgTable(
  'mail_cooldowns',
  {
    purpose: text().notNull(),
    recipientHash: text().notNull(),
    sentAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.purpose, t.recipientHash] }), index('mail_cooldowns_sent_idx').on(t.sentAt)],
);
