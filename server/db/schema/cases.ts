import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const caseAdmins = pgTable(
  'case_admins',
  {
    id: serial().primaryKey(),
    // Stored lower-case, so the unique constraint is case-insensitive.
    email: text().notNull().unique(),
    passwordHash: text().notNull(),
    // Carried in every token as `ver`; raising it ends every sign-in of this admin (sign-out, password change).
    sessionVersion: integer().notNull().default(0),
    ...timestamps,
  },
);

export const caseStatuses = ['Under Review', 'In Progress', 'Completed'] as const;

export const cases = pgTable(
  'cases',
  {
    id: serial().primaryKey(),
    caseNumber: text().notNull().unique(),
    passportNumber: text().notNull(),
    clientName: text().notNull(),
    // Derived from the services' current steps (see cases/case-status.ts) and kept in step
    // by every write that can change it, so filters, counters and sorting use an index.
    status: text({ enum: caseStatuses }).notNull().default('Under Review'),
    ...timestamps,
  },
  // One index per sort of the admin list, alone and after the status filter, with the list's
  // tie-breaker (case numbers are unique and need none), so a page is read in index order.
  (t) => [
    index('cases_created_at_idx').on(t.createdAt, t.id),
    index('cases_updated_at_idx').on(t.updatedAt),
    index('cases_status_created_at_idx').on(t.status, t.createdAt, t.id),
    index('cases_passport_number_idx').on(t.passportNumber, t.id),
    index('cases_status_case_number_idx').on(t.status, t.caseNumber),
    index('cases_status_passport_number_idx').on(t.status, t.passportNumber, t.id),
    // The trigram index for the admin list's substring search (and its pg_trgm extension) lives in
    // the custom migration 0005_cases-search-index.sql.
  ],
);

export const services = pgTable('services', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  createdAt: timestamps.createdAt,
});

export const steps = pgTable(
  'steps',
  {
    id: serial().primaryKey(),
    serviceId: integer()
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    sequence: integer().notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [unique('steps_service_name_key').on(t.serviceId, t.name), unique('steps_service_sequence_key').on(t.serviceId, t.sequence)],
);

export const caseServices = pgTable(
  'case_services',
  {
    id: serial().primaryKey(),
    caseId: integer()
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    serviceId: integer()
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    currentStepId: integer().references(() => steps.id, { onDelete: 'restrict' }),
    lastUpdated: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('case_services_case_service_key').on(t.caseId, t.serviceId), index('case_services_service_idx').on(t.serviceId)],
);

/**
 * Every change of a case service's current step: who, when, from, to. Kept with the case, not
 * the case service, so taking a service off a case (or deleting it afterwards) keeps its history;
 * `caseServiceId` and `serviceName` record what the change was about at the time.
 */
export const stepChanges = pgTable(
  'step_changes',
  {
    id: serial().primaryKey(),
    caseId: integer()
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    caseServiceId: integer().notNull(),
    serviceName: text().notNull(),
    fromStep: text(),
    toStep: text().notNull(),
    changedByAdminId: integer().references(() => caseAdmins.id, { onDelete: 'set null' }),
    changedByEmail: text().notNull(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('step_changes_case_idx').on(t.caseId, t.changedAt),
    index('step_changes_case_service_idx').on(t.caseServiceId, t.changedAt),
    check('step_changes_to_step_not_empty', sql`${t.toStep} <> ''`),
  ],
);
