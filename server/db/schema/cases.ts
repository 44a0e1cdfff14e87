import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Translations } from '../../../contracts/case-languages.js';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const caseAdmins = pgTable('case_admins', {
  id: serial().primaryKey(),
  // Stored lower-case, so the unique constraint is case-insensitive.
  email: text().notNull().unique(),
  // How applicants and colleagues know them ("Amina Khan"): shown as the case owner on the tracker,
  // the applicant's case page and every email about the case. Null until they set it.
  name: text(),
  passwordHash: text().notNull(),
  // Carried in every token as `ver`; raising it ends every sign-in of this admin (sign-out, password change).
  sessionVersion: integer().notNull().default(0),
  ...timestamps,
});

export const caseStatuses = ['Under Review', 'In Progress', 'Completed'] as const;

/**
 * The step groups' indexes leave out step texts longer than this, in bytes (a b-tree entry has a
 * size limit); server/cases/case-list-query.ts writes the same predicates, which PostgreSQL must
 * match to the indexes' (migration 0045), so the figure is written once, here.
 */
export const STEP_GROUP_MAX_BYTES = 1000;
// Inlined, not a parameter: an index's predicate is part of its definition.
const stepGroupMaxBytes = sql.raw(String(STEP_GROUP_MAX_BYTES));

export const cases = pgTable(
  'cases',
  {
    id: serial().primaryKey(),
    caseNumber: text().notNull().unique(),
    passportNumber: text().notNull(),
    clientName: text().notNull(),
    // The applicant's address for step-change emails; optional (see cases/case-notifications.ts).
    clientEmail: text(),
    // The applicant lets staff see the readiness of the LMS learner linked with the case (issue 41): off until she turns it on.
    readinessSharedWithStaff: boolean().notNull().default(false),
    // The language the applicant last used to ask for a sign-in link: their document emails go in it.
    applicantLanguage: text({ enum: ['en', 'ar', 'hi'] })
      .notNull()
      .default('en'),
    // Derived from the services' current steps (see cases/case-status.ts) and kept in step
    // by every write that can change it, so filters, counters and sorting use an index.
    status: text({ enum: caseStatuses }).notNull().default('Under Review'),
    // The staff member responsible for the case ("my cases"); null: nobody yet, or their account was removed.
    ownerAdminId: integer().references(() => caseAdmins.id, { onDelete: 'set null' }),
    // What the admin list's one search box matches besides the case number: the client's name,
    // passport number and email, folded by case_search_document (migration 0030: lower-case, accents,
    // Arabic vowel marks and letter variants, hyphens and dots removed, Arabic-Indic and Devanagari
    // digits as ASCII; no spaces in the passport number), so "amina harbi" finds "Amína Al-Harbi".
    // Stored, so a search that no index can serve (one or two characters) compares text instead of
    // folding every case again.
    searchText: text()
      .notNull()
      .generatedAlwaysAs(sql`case_search_document(client_name, passport_number, client_email)`),
    // The client name's words and every word one letter shorter (migration 0030), so a search one
    // typo away from a name ("Aminah", "Amnia") meets it in a GIN index: two words one edit apart
    // share one of these.
    nameVariants: text()
      .array()
      .notNull()
      .generatedAlwaysAs(sql`case_name_variants(client_name)`),
    // Kept by every write that moves a service (with the status, case-status.ts): the current steps'
    // names folded as search_text is, so a step's name finds the cases at it;
    stepSearch: text().notNull().default(''),
    // since when the case has waited at a step: its oldest unfinished service's step start
    // ('infinity' when none is unfinished), so "days at step" sorts off an index;
    stepSince: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`'infinity'`),
    // and when it is (or was) first overdue: its earliest unfinished service's step start plus the
    // step's 80th percentile, or its expected days ('infinity' when no step has either), so "how
    // overdue" sorts and "Overdue only" filters off an index. step-estimates.ts refreshes it when a
    // step's figures change.
    overdueAt: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`'infinity'`),
    ...timestamps,
  },
  // One index per sort of the admin list, alone and after the status filter, with the list's
  // tie-breaker, so a page is read in index order. Each also holds the case number and the id
  // (after the sort's columns, so the order is the sort's): a searched page's walk then checks the
  // search on the index alone (an index-only scan), instead of reading every case it passes.
  (t) => [
    index('cases_created_at_idx').on(t.createdAt, t.id, t.caseNumber),
    index('cases_updated_at_idx').on(t.updatedAt),
    index('cases_status_created_at_idx').on(t.status, t.createdAt, t.id, t.caseNumber),
    index('cases_passport_number_idx').on(t.passportNumber, t.id, t.caseNumber),
    // Days at step and how overdue, like the other sorts: alone and after the status filter.
    index('cases_step_since_idx').on(t.stepSince, t.id, t.caseNumber),
    index('cases_status_step_since_idx').on(t.status, t.stepSince, t.id, t.caseNumber),
    index('cases_overdue_at_idx').on(t.overdueAt, t.id, t.caseNumber),
    index('cases_status_overdue_at_idx').on(t.status, t.overdueAt, t.id, t.caseNumber),
    index('cases_case_number_id_idx').on(t.caseNumber, t.id),
    index('cases_status_case_number_idx').on(t.status, t.caseNumber, t.id),
    index('cases_status_passport_number_idx').on(t.status, t.passportNumber, t.id, t.caseNumber),
    // The search's indexes hold the status too (btree_gin, migration 0042), so a search with the
    // status filter is matched in the index: "documents received" with In Progress finds its none
    // there, where the status was checked on each of the 66,666 cases the words matched (200,000
    // cases; docs/performance.md). A search without the filter uses them as before. The case
    // number's trigram index (the number without its dashes, what a search compares; status too)
    // and the lookup's b-tree on the same are in migrations 0030 and 0042 (expressions drizzle-kit
    // cannot write).
    index('cases_search_text_trgm_idx')
      .using('gin', t.status, sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('cases_step_search_trgm_idx')
      .using('gin', t.status, sql`${t.stepSearch} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('cases_name_variants_idx').using('gin', t.status, t.nameVariants).with({ fastupdate: false }),
    // "My cases" in the default order (newest first), read off the index like the status filter.
    index('cases_owner_created_at_idx').on(t.ownerAdminId, t.createdAt, t.id),
    // A search for a step's name, by the cases' groups at the same steps with the same status (the
    // step text and the status): each group's cases in each sort's order, so a page of "documents
    // received" sorted by how overdue reads its 20 cases from their groups instead of walking past
    // every case at a later step (133,334 at 200,000 cases), and its count reads these indexes alone
    // (case-list-query.ts, stepGroups; migration 0045). A b-tree entry has a size limit, so a step
    // text longer than STEP_GROUP_MAX_BYTES (a case with many services) is left out and found by the
    // last index, which lists exactly those cases.
    ...(
      [
        ['created_at', t.createdAt],
        ['case_number', t.caseNumber],
        ['passport_number', t.passportNumber],
        ['step_since', t.stepSince],
        ['overdue_at', t.overdueAt],
      ] as const
    ).map(([name, column]) =>
      index(`cases_step_group_${name}_idx`)
        .on(t.stepSearch, t.status, column, t.id)
        .where(sql`octet_length(${t.stepSearch}) <= ${stepGroupMaxBytes}`),
    ),
    index('cases_long_step_search_idx')
      .on(t.id)
      .where(sql`octet_length(${t.stepSearch}) > ${stepGroupMaxBytes}`),
  ],
);

export const services = pgTable('services', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  // The name in the applicants' other languages (contracts/case-languages.ts); English is `name`.
  translations: jsonb().$type<Translations>().notNull().default({}),
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
    // Public: shown on the tracker and in emails. What happens during the step, what the applicant may need to do.
    description: text(),
    // How long the step usually takes; the tracker's estimated completion date adds these up.
    expectedDays: integer(),
    // From real cases (cases/step-estimates.ts, recomputed in the background): the median and 80th
    // percentile days of a stay at this step, the stays still waiting counted as censored (issue 41),
    // null until CASE_ESTIMATE_MIN_SAMPLES stays are known (typical_samples, finished or waiting).
    typicalMedianDays: real(),
    typicalP80Days: real('typical_p80_days'),
    typicalSamples: integer().notNull().default(0),
    // The whole distribution of a stay's days (censored-durations.ts's StepDistribution), for the
    // time left given the days waited and the ready-to-work simulation; null as the median is.
    typicalDistribution: jsonb().$type<{ q: number[]; mean: number }>(),
    // The name and description in the applicants' other languages.
    translations: jsonb().$type<Translations>().notNull().default({}),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    unique('steps_service_name_key').on(t.serviceId, t.name),
    unique('steps_service_sequence_key').on(t.serviceId, t.sequence),
  ],
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
  (t) => [
    unique('case_services_case_service_key').on(t.caseId, t.serviceId),
    index('case_services_service_idx').on(t.serviceId),
    // "Everyone at step X" (the list's step filter, a step's deletion refused while cases are on it).
    index('case_services_current_step_idx').on(t.currentStepId),
  ],
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
    // The steps by id too (null in changes recorded before migration 0030, or for a step deleted
    // since): a renamed step keeps its history, its estimates and its undo.
    fromStepId: integer().references(() => steps.id, { onDelete: 'set null' }),
    toStepId: integer().references(() => steps.id, { onDelete: 'set null' }),
    // When the service had reached `fromStep`: an undo puts it back there with its time at the step.
    fromSince: timestamp({ withTimezone: true }),
    // A change taken back, and the change that took it back: neither is a stay at a step.
    undone: boolean().notNull().default(false),
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

/**
 * Every other change of a case (created, edited, services added or removed, notifications sent):
 * who, when, and a sentence saying what. Step changes keep their own table above.
 */
export const caseEvents = pgTable(
  'case_events',
  {
    id: serial().primaryKey(),
    caseId: integer()
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    kind: text({
      enum: [
        'case created',
        'case edited',
        'services added',
        'services removed',
        'notification sent',
        'step change undone',
        'document uploaded',
        'document reviewed',
        'tracker link sent',
        'applicant sign-ins ended',
        'document reopened',
        'late-waiting notice',
      ],
    }).notNull(),
    summary: text().notNull(),
    changedByAdminId: integer().references(() => caseAdmins.id, { onDelete: 'set null' }),
    // An admin's email, or "system" for what the app does by itself (notifications).
    changedByEmail: text().notNull(),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('case_events_case_idx').on(t.caseId, t.changedAt)],
);

/**
 * Staff's internal notes on a case: never part of any answer to the applicant, the tracker or a
 * subscriber (only the case admin's notes route reads this table). The author's email is kept as
 * written, so a note outlives its author's account.
 */
export const caseNotes = pgTable(
  'case_notes',
  {
    id: serial().primaryKey(),
    caseId: integer()
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    authorAdminId: integer().references(() => caseAdmins.id, { onDelete: 'set null' }),
    authorEmail: text().notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('case_notes_case_idx').on(t.caseId, t.createdAt, t.id),
    check('case_notes_body_not_empty', sql`${t.body} <> ''`),
  ],
);

/**
 * Who hears about a case's changes: the case's `client_email` (source "case", confirmed by the
 * staff who entered it) and addresses subscribed from the tracker (source "tracker", confirmed by
 * the link of a confirmation email). Only the SHA-256 of the confirmation link's token is kept, and
 * the link expires; unsubscribe links are keyed digests of the row's id, stored nowhere (see
 * notification-wiring.ts). An unsubscribed row stays, so a later change of the case does not write
 * to it again.
 */
export const caseNotificationRecipients = pgTable(
  'case_notification_recipients',
  {
    id: serial().primaryKey(),
    caseId: integer()
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    source: text({ enum: ['case', 'tracker'] }).notNull(),
    // The language of the tracker page that subscribed the address (its confirmation email's).
    language: text({ enum: ['en', 'ar', 'hi'] })
      .notNull()
      .default('en'),
    confirmTokenHash: text().unique(),
    confirmExpiresAt: timestamp({ withTimezone: true }),
    confirmationSentAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [unique('case_notification_recipients_case_email_key').on(t.caseId, t.email)],
);

/**
 * News of a case waiting for its email: a service's new step, or (service and step null) the case
 * turning Completed. The delayed job of the case sends every pending row at once and marks them
 * notified, so changes close together make one email; whether the case is complete is read when it
 * is sent.
 */
export const caseNotificationChanges = pgTable(
  'case_notification_changes',
  {
    id: serial().primaryKey(),
    caseId: integer()
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    serviceName: text(),
    stepName: text(),
    stepDescription: text(),
    // The step itself, so the email names it in the reader's language (its translations when sent).
    stepId: integer().references(() => steps.id, { onDelete: 'set null' }),
    // The step change this news is about, so undoing that change withdraws its email before it goes.
    stepChangeId: integer().references(() => stepChanges.id, { onDelete: 'set null' }),
    createdAt: timestamps.createdAt,
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('case_notification_changes_pending_idx')
      .on(t.caseId)
      .where(sql`${t.notifiedAt} IS NULL`),
    // Undoing a change finds its email by it, and deleting a case's step changes clears it.
    index('case_notification_changes_step_change_idx').on(t.stepChangeId),
    check('case_notification_changes_service_with_step', sql`(${t.serviceName} IS NULL) = (${t.stepName} IS NULL)`),
  ],
);

/** A document a service needs from the applicant (a passport copy, a degree certificate). */
export const serviceDocuments = pgTable(
  'service_documents',
  {
    id: serial().primaryKey(),
    serviceId: integer()
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    // Public: shown to the applicant next to the upload control.
    description: text(),
    required: boolean().notNull().default(true),
    // The name and description in the applicants' other languages.
    translations: jsonb().$type<Translations>().notNull().default({}),
    createdAt: timestamps.createdAt,
  },
  (t) => [unique('service_documents_service_name_key').on(t.serviceId, t.name)],
);

export const caseDocumentStatuses = ['uploaded', 'accepted', 'rejected'] as const;

/**
 * The file a case sent for one of its services' documents, and its review. A checklist item
 * without a row is "requested"; a new file replaces the row's file and starts its review again
 * (the history keeps every upload and review).
 */
export const caseDocuments = pgTable(
  'case_documents',
  {
    id: serial().primaryKey(),
    caseId: integer()
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    serviceDocumentId: integer()
      .notNull()
      .references(() => serviceDocuments.id, { onDelete: 'cascade' }),
    status: text({ enum: caseDocumentStatuses }).notNull(),
    reason: text(),
    // A refusal's reason in the applicants' other languages, copied from the chosen refusal reason
    // when it was given (so a later edit of that reason does not rewrite what the applicant was told).
    reasonTranslations: jsonb().$type<Translations>(),
    storageKey: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    uploadedAt: timestamp({ withTimezone: true }).notNull(),
    // "applicant" or the admin's email.
    uploadedBy: text().notNull(),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewedBy: text(),
  },
  (t) => [
    unique('case_documents_case_document_key').on(t.caseId, t.serviceDocumentId),
    // The review queue: oldest waiting first.
    index('case_documents_waiting_idx')
      .on(t.uploadedAt, t.id)
      .where(sql`${t.status} = 'uploaded'`),
    index('case_documents_service_document_idx').on(t.serviceDocumentId),
    check('case_documents_reason_when_rejected', sql`${t.status} <> 'rejected' OR ${t.reason} IS NOT NULL`),
  ],
);

/**
 * The reasons staff give most when they refuse a document ("The photo is blurred"), each in every
 * applicant language, so the applicant reads the refusal in theirs. Staff keep the list; a review
 * copies the chosen reason's words onto the document.
 */
export const documentRefusalReasons = pgTable('document_refusal_reasons', {
  id: serial().primaryKey(),
  // English, as the review records it; `translations` holds it in the other languages (`name`).
  text: text().notNull().unique(),
  translations: jsonb().$type<Translations>().notNull().default({}),
  createdAt: timestamps.createdAt,
});

/**
 * An applicant signed in to their case by an emailed link: the cookie's token (only its hash is
 * stored) opens that one case until `expiresAt` (hours, not days) or sign-out.
 */
export const applicantSessions = pgTable(
  'applicant_sessions',
  {
    tokenHash: text().primaryKey(),
    caseId: integer()
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('applicant_sessions_case_idx').on(t.caseId), index('applicant_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * The licences cases produced (issue 41), recorded by staff. Each is issued as a signed credential
 * (cases/licence-credentials.ts) whose public address carries `credential_id`, a random id, so the
 * serial id never lets anyone walk through other people's licences. A revoked licence keeps its row
 * (its verify page must say "revoked", not "unknown").
 */
export const caseLicences = pgTable(
  'case_licences',
  {
    id: serial().primaryKey(),
    caseId: integer()
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    credentialId: uuid().notNull().unique().defaultRandom(),
    authority: text().notNull(),
    licenceType: text().notNull(),
    licenceNumber: text().notNull(),
    issuedOn: date({ mode: 'string' }).notNull(),
    expiresOn: date({ mode: 'string' }).notNull(),
    // The applicant's choice to show it on their network profile (PUT /api/applicant/licences/{id}/profile).
    shownOnProfile: boolean().notNull().default(false),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
    recordedByAdminId: integer().references(() => caseAdmins.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('case_licences_case_idx').on(t.caseId, t.id),
    check('case_licences_dates_in_order', sql`${t.expiresOn} > ${t.issuedOn}`),
    check('case_licences_revoked_with_reason', sql`(${t.revokedAt} IS NULL) = (${t.revokedReason} IS NULL)`),
  ],
);

/**
 * The real licensing exam results candidates report (issue 41), kept to calibrate the LMS's pass
 * estimates later; staff record them on the case.
 */
export const caseExamResults = pgTable(
  'case_exam_results',
  {
    id: serial().primaryKey(),
    caseId: integer()
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    authority: text().notNull(),
    takenOn: date({ mode: 'string' }).notNull(),
    passed: boolean().notNull(),
    // Null when the candidate does not know it (some authorities give pass or fail only).
    score: real(),
    recordedByAdminId: integer().references(() => caseAdmins.id, { onDelete: 'set null' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('case_exam_results_case_idx').on(t.caseId, t.takenOn)],
);

/**
 * A case that has waited at a step longer than 8 in 10 cases there (issue 41): written once per
 * case service and step by the late-waiting sweep (late-steps.ts), in the transaction that queues
 * its emails, so a restart neither loses nor repeats it. The owner's dashboard lists the notices
 * whose case is still at that step.
 */
export const lateStepNotices = pgTable(
  'late_step_notices',
  {
    id: serial().primaryKey(),
    caseId: integer()
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    caseServiceId: integer()
      .notNull()
      .references(() => caseServices.id, { onDelete: 'cascade' }),
    stepId: integer()
      .notNull()
      .references(() => steps.id, { onDelete: 'cascade' }),
    // Who was told: the case's owner then (null: nobody owned it, every admin's dashboard lists it).
    ownerAdminId: integer().references(() => caseAdmins.id, { onDelete: 'set null' }),
    // When the case reached the step, and the days past which it was late (the step's 80th
    // percentile from `cases` stays, or its expected days while too few are known: `cases` 0).
    waitingSince: timestamp({ withTimezone: true }).notNull(),
    lateAfterDays: real().notNull(),
    cases: integer().notNull(),
    noticedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    // Once per stay: a case service that comes back to a step it was noticed at (moved on, then
    // back) is a new stay there, noticed again when it is late again (migration 0043).
    unique('late_step_notices_stay_key').on(t.caseServiceId, t.stepId, t.waitingSince),
    index('late_step_notices_owner_idx').on(t.ownerAdminId, t.noticedAt),
    // Deleting a case (or a thousand) finds its notices by it.
    index('late_step_notices_case_idx').on(t.caseId),
  ],
);
