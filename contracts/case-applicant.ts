import { z } from 'zod';
import { applicantLicence } from './case-licences.js';
import { checklistItem, languageField } from './case-documents.js';
import {
  caseOwnerAnswer,
  caseStatuses,
  documentsSummary,
  progressQuery,
  progressService,
  readyToWorkEstimate,
} from './cases.js';

/** The applicant's own sign-in (an emailed link, no password) and their case page (issue 25). */

export const applicantAccessBody = z.strictObject({ ...progressQuery.shape, language: languageField });
export type ApplicantAccessBody = z.input<typeof applicantAccessBody>;

/** The same answer whether or not anything was sent: it must not tell whether a case exists or has an address. */
export const APPLICANT_ACCESS_MESSAGE =
  'If the case has an email address, we have sent it a sign-in link. It works once, within 15 minutes.';

/**
 * The answer of an emailed confirm or unsubscribe link. `code` says what happened and `caseNumber`
 * which case, so the page writes its own sentence in the applicant's language; `message` is the
 * English one, for API callers.
 */
export const subscriptionLinkResponse = z.object({
  message: z.string(),
  code: z.enum(['SUBSCRIPTION_CONFIRMED', 'UNSUBSCRIBED']),
  caseNumber: z.string(),
});
export type SubscriptionLinkAnswer = z.infer<typeof subscriptionLinkResponse>;

export const applicantSessionBody = z.strictObject({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(100, 'token is not valid'),
});

export const applicantCase = z.object({
  caseNumber: z.string(),
  status: z.enum(caseStatuses),
  servicesSubscribed: z.array(progressService),
  documents: z.array(checklistItem),
  // Ours, as on the tracker: who owns the case, and where the documents stand.
  owner: caseOwnerAnswer,
  documentsSummary,
  // When the case should be ready to work, by simulation (issue 41), as on the tracker.
  readyToWork: readyToWorkEstimate.nullable(),
  // The licences the case produced (issue 41), which the applicant may show on their network profile.
  licences: z.array(applicantLicence),
  // Whether staff may see the readiness of the learning account linked with the case (issue 41; off by default).
  readinessSharedWithStaff: z.boolean(),
});
export type ApplicantCase = z.infer<typeof applicantCase>;

export const APPLICANT_SESSION_COOKIE = 'pathway_applicant';
