import { z } from 'zod';
import { NEW_PASSWORD_MAX_LENGTH, NEW_PASSWORD_MIN_LENGTH } from './password-rules.js';
import { applicantLanguageCodes, checklistItem, languageField } from './case-documents.js';
import { isPlainText } from './plain-text.js';
import { translationsAnswer, translationsInput } from './case-translations.js';

/** The schemas of every Cases call (spec section 7), shared by the API and the front end. */

import { caseSortFields, caseStatuses, LOOKUP_FIELD_MAX, sortOrders } from './cases-constants.js';
export {
  CASE_NOTES_PAGE_SIZE,
  CASES_PAGE_SIZE,
  caseSortFields,
  caseStatuses,
  sortOrders,
  type CaseStatus,
} from './cases-constants.js';

export const stepStatuses = ['completed', 'active', 'pending'] as const;
export type StepStatus = (typeof stepStatuses)[number];

const requiredText = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`)
    .refine(isPlainText, `${field} must not contain control characters`);

const isoDateTime = z.string();

const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    // Descriptions may run over several lines; other control characters have no use.
    .refine((text) => isPlainText(text.replace(/\r?\n/g, ' ')), `${field} must not contain control characters`)
    .transform((text) => (text === '' ? null : text));

/** An optional applicant email: empty means none; stored lower-case. */
export const optionalEmail = z
  .string({ error: 'client_email must be text' })
  .trim()
  .toLowerCase()
  .max(254, 'client_email must be at most 254 characters')
  .refine((text) => text === '' || z.email().safeParse(text).success, 'client_email must be a valid email address')
  .transform((text) => (text === '' ? null : text));

/** A whole number of days as a number or as typed (a numeric string); empty means none. */
const expectedDays = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d*$/)
        .transform((text) => (text === '' ? null : Number(text))),
      z.null(),
    ],
    {
      error: 'expected_days must be a whole number of days',
    },
  )
  .pipe(
    z
      .number()
      .int('expected_days must be a whole number')
      .min(0, 'expected_days must be at least 0')
      .max(3650, 'expected_days must be at most 3650')
      .nullable(),
  );

// Plain decimal digits only: Number() would also take '0x1f', '1e3' or ' 5'.
const idParam = z
  .string()
  .regex(/^\d{1,10}$/, 'must be a positive whole number')
  .transform(Number)
  .pipe(z.number().int().positive('must be a positive whole number').max(2_147_483_647, 'is too large'));
export const idParams = z.object({ id: idParam });
export const serviceIdParams = z.object({ serviceId: idParam });

// ---- Public lookup: GET /api/progress

export const progressQuery = z.object({
  caseNumber: requiredText('caseNumber', LOOKUP_FIELD_MAX),
  passportNumber: requiredText('passportNumber', LOOKUP_FIELD_MAX),
});

export const progressStep = z.object({
  name: z.string(),
  status: z.enum(stepStatuses),
  description: z.string().nullable(),
  expected_days: z.number().int().nullable(),
  /**
   * How long cases really stay at this step (days), the stays still waiting counted (issue 41), and
   * how many cases' stays the figures rest on: null until CASE_ESTIMATE_MIN_SAMPLES are known.
   */
  typicalDays: z.object({ median: z.number().int(), p80: z.number().int(), cases: z.number().int() }).nullable(),
  /** Ours: the name and description in the applicants' other languages (English is the fallback). */
  translations: translationsAnswer,
});

export const progressService = z.object({
  serviceName: z.string(),
  currentStep: z.string().nullable(),
  steps: z.array(progressStep),
  lastUpdated: isoDateTime,
  /** When the current step began (its last step change, else when the service was added). */
  currentStepSince: isoDateTime,
  /**
   * An estimate: the current step's start plus the expected days of it and the steps after it up
   * to the last one. Null when the service is done or a step on the way has no expected days.
   */
  estimatedCompletion: isoDateTime.nullable(),
  /** Ours: the service's name in the applicants' other languages. */
  translations: translationsAnswer,
  /**
   * Ours: the current step is taking longer than cases usually take there (past its 80th percentile
   * or expected days), or the estimate above has passed: the tracker says so instead of a past date.
   */
  delayed: z.boolean(),
  /**
   * Ours (issue 41): how many more days the current step should take, given how long this case has
   * already waited there (from the stays that lasted as long), half of such cases and 8 in 10, and
   * how many cases' stays it rests on. Null when the step has too few cases for it (or the service is done).
   */
  remainingDays: z.object({ median: z.number().int(), p80: z.number().int(), cases: z.number().int() }).nullable(),
});

/** Ours: where the case's documents stand, so the tracker can say whether anything is needed from the applicant. */
export const documentsSummary = z.object({
  /** Required documents, and how many of them are accepted. */
  required: z.number().int(),
  requiredAccepted: z.number().int(),
  /** Required documents nothing has been sent for yet. */
  missing: z.number().int(),
  /** Documents refused, waiting for a new file. */
  rejected: z.number().int(),
  /** Documents sent and waiting for staff. */
  awaitingReview: z.number().int(),
});
export type DocumentsSummary = z.infer<typeof documentsSummary>;

/** Ours: the staff member who owns the case, as the applicant may address them (null: nobody yet, or no name set). */
export const caseOwnerAnswer = z.object({ name: z.string() }).nullable();

/**
 * Ours (issue 41): when the case should be ready to work, by simulation of every service's remaining
 * steps (a service's steps one after another, the services side by side; ready when all are done):
 * half the simulated journeys end by `p50`, 8 in 10 by `p80`. What it rests on: the steps left, how
 * many of them are estimated from real cases (the others from the agency's expected days), and the
 * fewest cases behind any of those. Null for a completed case, or while a step left has no estimate.
 */
export const readyToWorkEstimate = z.object({
  p50: isoDateTime,
  p80: isoDateTime,
  remainingSteps: z.number().int(),
  measuredSteps: z.number().int(),
  fewestCases: z.number().int().nullable(),
  draws: z.number().int(),
});
export type ReadyToWorkEstimate = z.infer<typeof readyToWorkEstimate>;

export const progressResponse = z.object({
  passportNumber: z.string(),
  caseNumber: z.string(),
  status: z.enum(caseStatuses),
  servicesSubscribed: z.array(progressService),
  owner: caseOwnerAnswer,
  documents: documentsSummary,
  readyToWork: readyToWorkEstimate.nullable(),
});
export type CaseProgress = z.infer<typeof progressResponse>;

// ---- Admin login: POST /api/caseadmin/login

export const adminLoginBody = z.strictObject({
  email: z
    .string({ error: 'email is required' })
    .trim()
    .toLowerCase()
    .pipe(z.email('email must be a valid email address').max(254)),
  password: z
    .string({ error: 'password is required' })
    .min(1, 'password is required')
    .max(200, 'password must be at most 200 characters'),
});
export const adminLoginResponse = z.object({ token: z.string() });

/** POST /api/caseadmin/password-reset: always 202, so it does not tell who is an admin. */
export const adminPasswordResetRequestBody = z.strictObject({ email: adminLoginBody.shape.email });
/** POST /api/caseadmin/password-reset/confirm: the emailed link's token and the new password. */
export const adminPasswordResetBody = z.strictObject({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(100, 'The link is not valid'),
  password: z
    .string({ error: 'password is required' })
    .min(NEW_PASSWORD_MIN_LENGTH, `the password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters`)
    .max(NEW_PASSWORD_MAX_LENGTH, `the password must be at most ${NEW_PASSWORD_MAX_LENGTH} characters`),
});
export type AdminPasswordResetBody = z.infer<typeof adminPasswordResetBody>;

// ---- Dashboard: GET /api/caseadmin/dashboard-metrics and GET /api/caseadmin/cases (no query)

/**
 * Ours (issue 41): a case that has waited at a step longer than 8 in 10 cases there (`cases` of
 * them; 0: the step's expected days, too few cases being known), noticed once and still there.
 */
export const lateStep = z.object({
  caseId: z.number().int(),
  caseNumber: z.string(),
  serviceName: z.string(),
  stepName: z.string(),
  waitingSince: isoDateTime,
  lateAfterDays: z.number().int(),
  cases: z.number().int(),
  noticedAt: isoDateTime,
});
export type LateStep = z.infer<typeof lateStep>;

export const dashboardMetrics = z.object({
  totalCases: z.number().int(),
  activeCases: z.number().int(),
  pendingCases: z.number().int(),
  completedCases: z.number().int(),
  /** Cases at a step longer than its 80th percentile (or expected days). */
  overdueCases: z.number().int(),
  /** Ours: sent documents awaiting review (the queue), and the signed-in admin's cases not completed. */
  documentsToReview: z.number().int(),
  myOpenCases: z.number().int(),
  recentCases: z.array(z.object({ id: z.number().int(), case_number: z.string(), updatedAt: isoDateTime })),
  /** Ours: the late-waiting notices of the admin's cases (and of cases nobody owns), newest first, at most 10. */
  lateSteps: z.array(lateStep),
});
export type DashboardMetrics = z.infer<typeof dashboardMetrics>;

/** GET /api/caseadmin/cases without query parameters: the dashboard's overview (see `casesResponse`). */
export const casesOverview = z
  .object({
    stats: z.object({ active: z.number().int(), completed: z.number().int(), pending: z.number().int() }),
    recentCases: z.array(
      // caseNumber is ours: the spec's list shows database ids, which mean nothing to an admin.
      z.object({
        id: z.number().int(),
        caseNumber: z.string(),
        clientName: z.string(),
        status: z.enum(caseStatuses),
        lastUpdated: isoDateTime,
      }),
    ),
  })
  .meta({ title: 'CasesOverview' });
export type CasesOverview = z.infer<typeof casesOverview>;

// ---- Case list: GET /api/caseadmin/cases?search&status&sortBy&order

export const casesListQuery = z.object({
  search: z.string().trim().max(64).refine(isPlainText, 'search must not contain control characters').optional(),
  // The filter's "All Statuses" choice is sent as an empty value.
  status: z.union([z.enum(caseStatuses), z.literal('')]).optional(),
  sortBy: z.enum(caseSortFields).optional(),
  order: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(sortOrders))
    .optional(),
  page: z
    .string()
    .regex(/^\d{1,10}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(100_000))
    .optional(),
  pageSize: z
    .string()
    .regex(/^\d{1,10}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(100))
    .optional(),
  /** `true`: only cases that have been at a step longer than cases usually take there. */
  overdue: z.enum(['true', 'false'], { error: 'overdue must be true or false' }).optional(),
  /** Ours: the case owner's admin id, `me` (the signed-in admin's cases) or `none` (nobody's yet). */
  owner: z
    .string()
    .regex(/^(\d{1,10}|me|none)$/, 'owner must be an admin id, me or none')
    .transform((value) => (value === 'me' || value === 'none' ? value : Number(value)))
    .optional(),
  /** Ours: only cases with this service, and (with `stepId`) whose service is at this step: "everyone at step X". */
  serviceId: idParam.optional(),
  stepId: idParam.optional(),
});
export type CasesListQuery = z.input<typeof casesListQuery>;

export const service = z.object({
  id: z.number().int(),
  name: z.string(),
  // Ours: the name in the applicants' other languages, and how many of the service's texts
  // (its name, its steps' names and descriptions, its documents') each language still lacks.
  translations: translationsAnswer,
  missingTranslations: z.object({ ar: z.number().int(), hi: z.number().int() }),
});
export type Service = z.infer<typeof service>;

export const caseService = z.object({
  id: z.number().int(),
  service_id: z.number().int(),
  current_step: z.string().nullable(),
  last_updated: isoDateTime,
  Service: z.object({ id: z.number().int(), name: z.string() }),
  // Ours: where the service stands, so a list row and the case page say it without another call.
  current_step_id: z.number().int().nullable(),
  /** On its service's last step: done, neither waiting nor overdue. */
  on_last_step: z.boolean(),
  /** Whole days at the current step (null on the last step). */
  days_at_step: z.number().int().nullable(),
  /** Whole days past the step's usual length (its 80th percentile, or expected days); null when not overdue. */
  overdue_days: z.number().int().nullable(),
});
export type CaseService = z.infer<typeof caseService>;

/** A case admin as other staff see them: who owns a case, who wrote a note; `name` is ours (null until they set it). */
export const caseAdminSummary = z.object({ id: z.number().int(), email: z.string(), name: z.string().nullable() });
export type CaseAdminSummary = z.infer<typeof caseAdminSummary>;

export const adminCase = z.object({
  id: z.number().int(),
  case_number: z.string(),
  passport_number: z.string(),
  client_name: z.string(),
  client_email: z.string().nullable(),
  status: z.enum(caseStatuses),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  CaseServices: z.array(caseService),
  // Ours: the staff member responsible for the case.
  owner: caseAdminSummary.nullable(),
  // Ours: the language the applicant reads their screens and emails in.
  applicant_language: z.enum(applicantLanguageCodes),
});
export type AdminCase = z.infer<typeof adminCase>;

/** GET /api/caseadmin/cases with any query parameter: a page of the filtered, sorted list (see `casesResponse`). */
export const casesList = z.array(adminCase).meta({ title: 'CasesList' });

/*
 * GET /api/caseadmin/cases answers in one of two shapes, by its query (the spec's contract): without
 * parameters the dashboard's overview, `casesOverview` (caseReads.casesOverview); with any, a page
 * of the list, `casesList`, its total in X-Total-Count (caseReads.listCases). The route's schema, and
 * so its one OpenAPI operation, is their union.
 */
export const casesResponse = z.union([casesOverview, casesList]);

/** The list's total across pages travels in this header; the body stays the spec's plain list. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
export { SEARCH_NEAR_MATCHES_HEADER, TOTAL_COUNT_ESTIMATED_HEADER } from './cases-constants.js';

/** Ours: GET /api/caseadmin/cases/same-passport, the cases another case's passport number would repeat. */
export const samePassportQuery = z.object({ passportNumber: requiredText('passportNumber', 64) });
export const samePassportCase = z.object({
  id: z.number().int(),
  case_number: z.string(),
  client_name: z.string(),
  status: z.enum(caseStatuses),
});

/** Ours: GET and PATCH /api/caseadmin/me, the signed-in admin and the name applicants see them by. */
export const caseAdminMe = caseAdminSummary;
export const updateCaseAdminMeBody = z.strictObject({ name: optionalText('name', 100) });

// ---- Case details: GET /api/caseadmin/cases/{id}

export const stepChange = z.object({
  id: z.number().int(),
  caseServiceId: z.number().int(),
  serviceName: z.string(),
  fromStep: z.string().nullable(),
  toStep: z.string(),
  changedBy: z.string(),
  changedAt: isoDateTime,
});
export type StepChange = z.infer<typeof stepChange>;

export const caseEvent = z.object({
  id: z.number().int(),
  kind: z.string(),
  summary: z.string(),
  changedBy: z.string(),
  changedAt: isoDateTime,
});
export type CaseEvent = z.infer<typeof caseEvent>;

/** `history`: the step changes; `events`: every other change (created, edited, services, notifications, documents); `documents`: the checklist. */
export const caseDetails = adminCase.extend({
  history: z.array(stepChange),
  events: z.array(caseEvent),
  documents: z.array(checklistItem),
  /** Ours (issue 41): the ready-to-work date the applicant is shown, and what it rests on. */
  readyToWork: readyToWorkEstimate.nullable(),
});
export type CaseDetails = z.infer<typeof caseDetails>;

// ---- Case writes
// Request bodies are strict: an unknown field (a typo, or an attempt to set `status`) is a 400, not silently dropped.

const serviceIds = z
  .array(z.number({ error: 'serviceIds must be a list of service ids' }).int().positive().max(2_147_483_647), {
    error: 'serviceIds must be a list of service ids',
  })
  .max(50)
  .transform((ids) => [...new Set(ids)]);

const ownerId = z
  .number({ error: 'ownerId must be an admin id or null' })
  .int()
  .positive()
  .max(2_147_483_647)
  .nullable();

export const caseNumberPattern = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

export const createCaseBody = z.strictObject({
  case_number: z
    .string()
    .trim()
    .max(64, 'case_number must be at most 64 characters')
    .refine(
      (value) => value === '' || caseNumberPattern.test(value),
      'case_number may hold only letters, digits and dashes',
    )
    .optional(),
  passport_number: requiredText('passport_number', 64),
  client_name: requiredText('client_name', 200),
  client_email: optionalEmail.optional(),
  serviceIds: serviceIds.default([]),
  // The language staff know the applicant reads: the "case opened" email is written in it (English without).
  applicant_language: z
    .enum(applicantLanguageCodes, { error: 'applicant_language must be one of en, ar, hi' })
    .optional(),
  // Ours: the case owner (absent: the admin creating it; null: nobody yet).
  ownerId: ownerId.optional(),
});
export type CreateCaseBody = z.input<typeof createCaseBody>;
export const createCaseResponse = z.object({ message: z.string(), newCase: adminCase });

/**
 * The edit form: the services, and the applicant email when sent (absent: unchanged). Ours too: a
 * misspelt client name or passport number, fixed with a reason the history keeps (required when
 * either changes).
 */
export const updateCaseServicesBody = z.strictObject({
  serviceIds,
  client_email: optionalEmail.optional(),
  client_name: requiredText('client_name', 200).optional(),
  passport_number: requiredText('passport_number', 64).optional(),
  reason: optionalText('reason', 300).optional(),
  // Absent: unchanged; null: nobody.
  ownerId: ownerId.optional(),
  // Ours: the language the applicant reads (absent: unchanged); their emails follow it from now on.
  applicant_language: z
    .enum(applicantLanguageCodes, { error: 'applicant_language must be one of en, ar, hi' })
    .optional(),
});
export type UpdateCaseBody = z.input<typeof updateCaseServicesBody>;

// ---- Staff's extras on a case: internal notes (never shown to the applicant), the tracker link sent again

export const caseNote = z.object({
  id: z.number().int(),
  body: z.string(),
  author: z.string(),
  createdAt: isoDateTime,
});
export type CaseNote = z.infer<typeof caseNote>;
export const createCaseNoteBody = z.strictObject({
  body: z
    .string({ error: 'body is required' })
    .trim()
    .min(1, 'Write the note first')
    .max(4000, 'A note must be at most 4000 characters')
    .refine((text) => isPlainText(text.replace(/\r?\n/g, ' ')), 'A note must not contain control characters'),
});
export const caseNotesQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,10}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(100_000))
    .optional(),
  pageSize: z
    .string()
    .regex(/^\d{1,10}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(100))
    .optional(),
});

// ---- Services and steps

const serviceTranslations = translationsInput({ nameMax: 100 });
export const createServiceBody = z.strictObject({
  name: requiredText('name', 100),
  translations: serviceTranslations.optional(),
});
/** Ours: PATCH /api/caseadmin/services/{id}, a service renamed or translated; a field not sent stays. */
export const updateServiceBody = z
  .strictObject({ name: requiredText('name', 100).optional(), translations: serviceTranslations.optional() })
  .refine((body) => body.name !== undefined || body.translations !== undefined, 'Send name or translations');
export type CreateServiceBody = z.input<typeof createServiceBody>;
export type UpdateServiceBody = z.input<typeof updateServiceBody>;

export const step = z.object({
  id: z.number().int(),
  service_id: z.number().int(),
  name: z.string(),
  sequence: z.number().int(),
  description: z.string().nullable(),
  expected_days: z.number().int().nullable(),
  // Ours: the name and description in the applicants' other languages.
  translations: translationsAnswer,
});
export type Step = z.infer<typeof step>;

const stepTranslations = translationsInput({ nameMax: 100, descriptionMax: 1000 });

export const createStepBody = z.strictObject({
  name: requiredText('name', 100),
  // The form sends what was typed; a numeric string is accepted, anything else is not a number.
  sequence: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+$/)
          .transform(Number),
      ],
      { error: 'sequence must be a number' },
    )
    .pipe(
      z
        .number()
        .int('sequence must be a whole number')
        .min(1, 'sequence must be at least 1')
        .max(10_000, 'sequence must be at most 10000'),
    ),
  description: optionalText('description', 1000).optional(),
  expected_days: expectedDays.optional(),
  translations: stepTranslations.optional(),
});

// ---- PATCH /api/caseadmin/steps/{id}: a step renamed, its public explanation, its translations

export const updateStepBody = z
  .strictObject({
    name: requiredText('name', 100).optional(),
    description: optionalText('description', 1000).optional(),
    expected_days: expectedDays.optional(),
    translations: stepTranslations.optional(),
  })
  .refine(
    (body) => Object.values(body).some((value) => value !== undefined),
    'Send name, description, expected_days or translations',
  );

/** Ours: PUT /api/caseadmin/services/{serviceId}/steps/order, every step of the service in its new order. */
export const stepOrderBody = z.strictObject({
  stepIds: z
    .array(z.number({ error: 'stepIds must be a list of step ids' }).int().positive().max(2_147_483_647), {
      error: 'stepIds must be a list of step ids',
    })
    .min(1, 'Name every step of the service')
    .max(200, 'At most 200 steps'),
});

export const changeStepBody = z.strictObject({
  newStep: requiredText('newStep', 100),
  // Ours, beside the spec's newStep: whether the applicant is emailed about the step (absent: yes).
  notify: z.boolean({ error: 'notify must be true or false' }).optional(),
});

export const messageResponse = z.object({ message: z.string() });

/**
 * The spec's message, and ours: the history entry of the change and until when it can be undone
 * (POST /api/caseadmin/step-changes/{id}/undo); both null when the service was already at that step.
 */
export const changeStepResponse = messageResponse.extend({
  stepChangeId: z.number().int().nullable(),
  undoUntil: isoDateTime.nullable(),
});
export type ChangeStepResponse = z.infer<typeof changeStepResponse>;

// ---- Bulk: POST /api/caseadmin/cases/import (text/csv), GET /api/caseadmin/cases/export, POST /api/caseadmin/cases/bulk-step

export const IMPORT_MAX_ROWS = 5000;
export {
  exportOnlyColumns,
  importColumnLabels,
  importColumnOf,
  importColumns,
  importedLanguageOf,
} from './cases-constants.js';
export const importCasesResponse = z.object({ imported: z.number().int() });
export { importRowError, type ImportRowError } from './platform.js';

export const exportCasesQuery = casesListQuery.omit({ page: true, pageSize: true });

export const bulkStepBody = z.strictObject({
  caseIds: z
    .array(z.number({ error: 'caseIds must be a list of case ids' }).int().positive().max(2_147_483_647), {
      error: 'caseIds must be a list of case ids',
    })
    .min(1, 'Select at least one case')
    .max(1000, 'At most 1000 cases at once')
    .transform((ids) => [...new Set(ids)]),
  serviceId: z.number({ error: 'serviceId must be a service id' }).int().positive().max(2_147_483_647),
  newStep: requiredText('newStep', 100),
  // As for a single change: whether the applicants are emailed (absent: yes).
  notify: z.boolean({ error: 'notify must be true or false' }).optional(),
});
/** `stepChangeIds`: the moves, undone together by POST /api/caseadmin/step-changes/undo until `undoUntil` (null when nothing moved). */
export const bulkStepResponse = z.object({
  message: z.string(),
  changed: z.number().int(),
  stepChangeIds: z.array(z.number().int()),
  undoUntil: isoDateTime.nullable(),
});
export type BulkStepResponse = z.infer<typeof bulkStepResponse>;

export const undoStepChangesBody = z.strictObject({
  stepChangeIds: z
    .array(z.number({ error: 'stepChangeIds must be a list of step change ids' }).int().positive().max(2_147_483_647), {
      error: 'stepChangeIds must be a list of step change ids',
    })
    .min(1, 'Name at least one step change')
    .max(1000, 'At most 1000 step changes at once')
    .transform((ids) => [...new Set(ids)]),
});
export type UndoStepChangesBody = z.input<typeof undoStepChangesBody>;

// ---- Tracker subscriptions (public; the passport number is needed, as for the lookup)

export const subscribeBody = z.strictObject({
  caseNumber: requiredText('caseNumber', 64),
  passportNumber: requiredText('passportNumber', 64),
  email: z
    .string({ error: 'email is required' })
    .trim()
    .toLowerCase()
    .pipe(z.email('email must be a valid email address').max(254)),
  language: languageField,
});
export const subscriptionTokenBody = z.strictObject({
  token: z.string({ error: 'token is required' }).regex(/^[A-Za-z0-9_-]{20,100}$/, 'The link is not valid'),
});

/**
 * Why a lookup sent as a plain form found nothing, named as the tracker page says it (its
 * `tracker.*` and `errors.*` texts): the page is drawn in the applicant's language, so the server's
 * English sentence never reaches it.
 */
export type TrackerFormProblem =
  | 'bothFields'
  | 'caseNumberTooLong'
  | 'passportNumberTooLong'
  | 'notFound'
  | 'tooMany'
  /** The body was not the form's (another encoding, too large, cut off): the page asks to send it again. */
  | 'formNotRead'
  /** A fault on the server's side (the database away, a bug): the page says so, in its language. */
  | 'serverFault';

/**
 * A lookup submitted as a plain form (`POST /casetracking`, before or without the page's JavaScript),
 * as the tracker page is first drawn with it: what was found, or why nothing was. The passport
 * number is kept only with a result (the result's sign-in and subscription forms send it).
 */
export type TrackerFormLookup =
  | { caseNumber: string; passportNumber: string; progress: CaseProgress }
  | { caseNumber: string; problem: TrackerFormProblem };
