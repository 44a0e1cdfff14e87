import { z } from 'zod';
import { LICENCE_AUTHORITY_MAX_LENGTH, licenceStatuses } from './case-licences-constants.js';
import { isPlainText } from './plain-text.js';

/** The schemas of a case's licences and reported exam results, and of their public credential (issue 41). */

export { defaultLicenceAuthorities, licenceStatuses } from './case-licences-constants.js';

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`)
    .refine(isPlainText, `${field} must not contain control characters`);

const isoDate = (field: string) => z.iso.date(`${field} must be a date (YYYY-MM-DD)`);
// One of the configured authorities (LICENCE_AUTHORITIES): the route checks which, the schema only its shape.
const authority = text('authority', LICENCE_AUTHORITY_MAX_LENGTH);

export const createLicenceBody = z
  .strictObject({
    authority,
    licenceType: text('licenceType', 120),
    licenceNumber: text('licenceNumber', 60),
    issuedOn: isoDate('issuedOn'),
    expiresOn: isoDate('expiresOn'),
  })
  // ISO dates compare as text.
  .refine((body) => body.expiresOn > body.issuedOn, {
    message: 'expiresOn must be after issuedOn',
    path: ['expiresOn'],
  });
export type CreateLicenceBody = z.infer<typeof createLicenceBody>;

export const revokeLicenceBody = z.strictObject({ reason: text('reason', 500) });

/** A licence as staff see it on the case. */
export const staffLicence = z.object({
  id: z.number().int(),
  authority: z.string(),
  licenceType: z.string(),
  licenceNumber: z.string(),
  issuedOn: z.string(),
  expiresOn: z.string(),
  status: z.enum(licenceStatuses),
  shownOnProfile: z.boolean(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
  credentialUrl: z.string(),
  verifyUrl: z.string(),
  createdAt: z.string(),
});
export type StaffLicence = z.infer<typeof staffLicence>;

/** A licence as the applicant sees it on their case page (issue 41): no number, no staff fields. */
export const applicantLicence = z.object({
  id: z.number().int(),
  authority: z.string(),
  licenceType: z.string(),
  expiresOn: z.string(),
  status: z.enum(licenceStatuses),
  shownOnProfile: z.boolean(),
});
export type ApplicantLicence = z.infer<typeof applicantLicence>;

/** The applicant's choice to show a licence on their network profile, or not. */
export const licenceProfileBody = z.strictObject({ show: z.boolean({ error: 'show must be true or false' }) });

export const createExamResultBody = z.strictObject({
  authority,
  takenOn: isoDate('takenOn'),
  passed: z.boolean({ error: 'passed must be true or false' }),
  score: z
    .number({ error: 'score must be a number' })
    .min(0, 'score must be at least 0')
    .max(1000, 'score must be at most 1000')
    .nullable()
    .optional(),
});

export const examResult = z.object({
  id: z.number().int(),
  authority: z.string(),
  takenOn: z.string(),
  passed: z.boolean(),
  score: z.number().nullable(),
  createdAt: z.string(),
});
export type ExamResult = z.infer<typeof examResult>;

export const credentialIdParams = z.object({ credentialId: z.uuid('must be a credential id') });

/** What a licence's public verify page shows: its public fields and nothing else (no passport, no case number). */
export const licenceVerification = z.object({
  status: z.enum(licenceStatuses),
  holderName: z.string(),
  authority: z.string(),
  licenceType: z.string(),
  issuedOn: z.string(),
  expiresOn: z.string(),
  revokedOn: z.string().nullable(),
  issuer: z.string(),
  credentialUrl: z.string(),
});
export type LicenceVerification = z.infer<typeof licenceVerification>;
