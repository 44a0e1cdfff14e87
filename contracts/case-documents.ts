import { z } from 'zod';
import { isPlainText } from './plain-text.js';
import { applicantLanguageCodes } from './applicant-language-constants.js';
import { translationsAnswer, translationsInput } from './case-translations.js';

/**
 * The documents a service needs and each case's checklist of them (issue 25): the definitions on
 * the services screen, the checklist in a case's details, staff review and the review queue.
 */

/** The languages applicants read the screens and their emails in. */
export { applicantLanguageCodes, type ApplicantLanguageCode } from './applicant-language-constants.js';
/** Optional in a request body: names the email's language, else the request's Accept-Language chooses. */
export const languageField = z.enum(applicantLanguageCodes, { error: 'language must be one of en, ar, hi' }).optional();

export const documentStatuses = ['requested', 'uploaded', 'accepted', 'rejected'] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

/** What a document file may be, judged by its content (never by its name or the browser's type). */
export const documentFileTypes = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export type DocumentFileType = (typeof documentFileTypes)[number];
export { DOCUMENT_ACCEPT, DOCUMENT_FILE_FIELD } from './cases-constants.js';
/** The applicant's case page (emails link to it; the sign-in link adds `?token=`). */
export const APPLICANT_CASE_PATH = '/casetracking/case';

const name = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(120, 'name must be at most 120 characters')
  .refine(isPlainText, 'name must not contain control characters');

const description = z
  .string({ error: 'description must be text' })
  .trim()
  .max(1000, 'description must be at most 1000 characters')
  .refine((text) => isPlainText(text.replace(/\r?\n/g, ' ')), 'description must not contain control characters')
  .transform((text) => (text === '' ? null : text));

const required = z.boolean({ error: 'required must be true or false' });

export const serviceDocument = z.object({
  id: z.number().int(),
  serviceId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  required: z.boolean(),
  // Ours: the name and description in the applicants' other languages.
  translations: translationsAnswer,
});
export type ServiceDocument = z.infer<typeof serviceDocument>;

const documentTranslations = translationsInput({ nameMax: 120, descriptionMax: 1000 });

export const createServiceDocumentBody = z.strictObject({
  name,
  description: description.optional(),
  required: required.optional(),
  translations: documentTranslations.optional(),
});
export type CreateServiceDocumentBody = z.input<typeof createServiceDocumentBody>;
export type ServiceDocumentFields = z.output<typeof createServiceDocumentBody>;

export const updateServiceDocumentBody = z
  .strictObject({
    name: name.optional(),
    description: description.optional(),
    required: required.optional(),
    translations: documentTranslations.optional(),
  })
  .refine(
    (body) => Object.values(body).some((value) => value !== undefined),
    'Send name, description, required or translations',
  );
export type UpdateServiceDocumentBody = z.input<typeof updateServiceDocumentBody>;
export type ServiceDocumentChanges = z.output<typeof updateServiceDocumentBody>;

/**
 * One item of a case's checklist. `id` is the sent file's (what review and the file address use),
 * null while the document is only requested; `documentId` is the service's document definition.
 */
export const checklistItem = z.object({
  id: z.number().int().nullable(),
  documentId: z.number().int(),
  serviceId: z.number().int(),
  serviceName: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  required: z.boolean(),
  status: z.enum(documentStatuses),
  reason: z.string().nullable(),
  contentType: z.string().nullable(),
  size: z.number().int().nullable(),
  uploadedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  // Ours: the document's words, its service's name and a refusal's reason in the applicants' other
  // languages (`reasonTranslations` only for a reason chosen from the refusal reasons).
  translations: translationsAnswer,
  serviceTranslations: translationsAnswer,
  reasonTranslations: translationsAnswer,
});
export type ChecklistItem = z.infer<typeof checklistItem>;

const reasonText = z
  .string({ error: 'reason must be text' })
  .trim()
  .max(500, 'reason must be at most 500 characters')
  .refine((text) => isPlainText(text.replace(/\r?\n/g, ' ')), 'reason must not contain control characters');

export const reviewDocumentBody = z
  .strictObject({
    decision: z.enum(['accepted', 'rejected'], { error: 'decision must be "accepted" or "rejected"' }),
    reason: reasonText.optional(),
    // Ours: one of the refusal reasons (GET /api/caseadmin/refusal-reasons), which the applicant
    // reads in their language; `reason` then adds the reviewer's own words to it, as written.
    reasonId: z
      .number({ error: 'reasonId must be a refusal reason id' })
      .int()
      .positive()
      .max(2_147_483_647)
      .optional(),
  })
  .refine((body) => body.decision === 'accepted' || (body.reason ?? '') !== '' || body.reasonId !== undefined, {
    message: 'Say why the document is rejected',
    path: ['reason'],
  });
export type ReviewDocumentBody = z.input<typeof reviewDocumentBody>;

export { REVIEW_QUEUE_PAGE_SIZE } from './cases-constants.js';
export const reviewQueueQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,6}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(100_000))
    .optional(),
  pageSize: z
    .string()
    .regex(/^\d{1,3}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(100))
    .optional(),
});

/** Ours: a reason staff give when they refuse a document, in English and the applicants' other languages. */
export const refusalReason = z.object({ id: z.number().int(), text: z.string(), translations: translationsAnswer });
export type RefusalReason = z.infer<typeof refusalReason>;
const refusalReasonTranslations = translationsInput({ nameMax: 500 });
export const createRefusalReasonBody = z.strictObject({
  text: reasonText.pipe(z.string().min(1, 'text is required')),
  translations: refusalReasonTranslations.optional(),
});
export const updateRefusalReasonBody = z
  .strictObject({
    text: reasonText.pipe(z.string().min(1, 'text is required')).optional(),
    translations: refusalReasonTranslations.optional(),
  })
  .refine((body) => body.text !== undefined || body.translations !== undefined, 'Send text or translations');

/** A sent document awaiting review, with what the queue shows of its case. */
export const reviewQueueItem = z.object({
  id: z.number().int(),
  caseId: z.number().int(),
  caseNumber: z.string(),
  clientName: z.string(),
  serviceName: z.string(),
  name: z.string(),
  // Ours: the document's definition, and whether the service requires it.
  documentId: z.number().int(),
  required: z.boolean(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItem>;

export const caseDocumentParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, 'must be a positive whole number')
    .transform(Number)
    .pipe(z.number().int().positive().max(2_147_483_647)),
  documentId: z
    .string()
    .regex(/^\d{1,10}$/, 'must be a positive whole number')
    .transform(Number)
    .pipe(z.number().int().positive().max(2_147_483_647)),
});
