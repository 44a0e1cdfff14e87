import { z } from 'zod';

/** Runtime settings the front end needs, served by the API instead of baked into the build. */
export const publicConfigSchema = z.object({
  healthAuthorityUrl: z.string(),
  /** The LMS upgrade button's chat link, with the prefilled text; empty when no chat number is configured. */
  upgradeChatUrl: z.string(),
  /** The older LMS mock exam's countdown. */
  mockExamDurationSeconds: z.number().int(),
  /** The timed LMS exam's length, shown before it starts. */
  examDurationSeconds: z.number().int(),
  /** Network sign-up: open to anyone, or closed (the server refuses sign-ups). */
  networkSignup: z.enum(['open', 'closed']),
  /** Whether "Sign in with {oidcProviderName}" is configured. */
  oidcConfigured: z.boolean(),
  oidcProviderName: z.string(),
  /** The largest photo or video a member may send (UPLOAD_MAX_BYTES), shown beside the upload controls. */
  uploadMaxBytes: z.number().int(),
  /** The largest document file an applicant may send (CASE_DOCUMENT_MAX_BYTES): stated, and checked before sending. */
  caseDocumentMaxBytes: z.number().int(),
  /**
   * Who applicants turn to (CASE_CONTACT_PHONE, CASE_CONTACT_WHATSAPP, CASE_CONTACT_EMAIL), shown
   * on the tracker's result and the case page; null when the operator set none.
   */
  caseContact: z.object({
    phone: z.string().nullable(),
    whatsapp: z.string().nullable(),
    email: z.string().nullable(),
  }),
  /** The licensing authorities staff record a licence or an exam result from (LICENCE_AUTHORITIES). */
  licenceAuthorities: z.array(z.string()),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** One refused row of a file import, numbered as a spreadsheet shows it (the header is row 1). */
export const importRowError = z.object({ row: z.number().int(), error: z.string() });
export type ImportRowError = z.infer<typeof importRowError>;
/** A refused import (code `IMPORT_REJECTED`): nothing was imported, and `errors` names every bad row. */
export const importRejectedBody = z.object({
  error: z.string(),
  code: z.string().optional(),
  errors: z.array(importRowError),
});

/** `field`: the request field a validation error is about (its top-level key); `errors`: a refused import's rows. */
export type ErrorBody = { error: string; code?: string; field?: string; errors?: ImportRowError[] };

/** POST …/password-reset's answer in every area: the same whether or not an account has the address. */
export const PASSWORD_RESET_REQUESTED_MESSAGE =
  'If an account has this address, we have sent it a link to set a new password.';
export const passwordResetRequested = z.object({ message: z.string() });
