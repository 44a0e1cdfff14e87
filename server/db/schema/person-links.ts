import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** The areas whose accounts a person may link: a network member, an LMS learner, the applicant of a case. */
export const linkedAreas = ['network', 'lms', 'cases'] as const;
export type LinkedArea = (typeof linkedAreas)[number];

/**
 * One person's linked identities (issue 41, decision 039): every identity of a person carries the
 * same `personId`, so "who else is this?" is one indexed read. A row exists only once a person
 * linked that identity to another by proving control of both; an identity belongs to one person at
 * most (the key). No foreign key: the account lives in its area's table (a network id is a uuid,
 * an LMS account and a case an integer), and readers skip an identity whose account is gone.
 */
export const personLinks = pgTable(
  'person_links',
  {
    area: text({ enum: linkedAreas }).notNull(),
    // The account's id as text: a network member's uuid, an LMS account's or a case's integer.
    accountId: text().notNull(),
    personId: uuid().notNull(),
    linkedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.area, t.accountId] }),
    index('person_links_person_idx').on(t.personId),
    check('person_links_area_check', sql`${t.area} in ('network', 'lms', 'cases')`),
  ],
);
