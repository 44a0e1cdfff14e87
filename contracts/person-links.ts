import { z } from 'zod';
import { licenceStatuses } from './case-licences-constants.js';
import { applicantLicence } from './case-licences.js';
import { caseStatuses } from './cases-constants.js';
import { documentsSummary, progressService, readyToWorkEstimate } from './cases.js';

/**
 * One person, linked accounts (issue 41, decision 039): the schemas every area's link routes share.
 * A person links a network member, an LMS learner and the applicant of one or more cases by proving
 * control of each: a verified address both share, or a code one signed-in identity hands the other.
 */

export const linkedAreas = ['network', 'lms', 'cases'] as const;
export const linkedArea = z.enum(linkedAreas, { error: `area must be one of ${linkedAreas.join(', ')}` });
export type LinkedArea = z.infer<typeof linkedArea>;

export const linkedIdentity = z.object({
  area: linkedArea,
  accountId: z.string(),
  /** What the person knows it by: a username, a case number. */
  label: z.string(),
  /** The identity this request is signed in as. */
  current: z.boolean(),
  linkedAt: z.string().nullable(),
});
export type LinkedIdentity = z.infer<typeof linkedIdentity>;

/** The signed-in identity and every identity linked with it (only itself when it is linked to nothing). */
export const personLinksAnswer = z.object({ identities: z.array(linkedIdentity) });
export type PersonLinksAnswer = z.infer<typeof personLinksAnswer>;

/**
 * `{ area }`: link the accounts of that area whose verified address is this identity's verified
 * address. `{ code }`: link the identity that issued the code (it was signed in to ask for it).
 */
export const createLinkBody = z.union(
  [
    z.strictObject({ area: linkedArea }),
    z.strictObject({
      code: z
        .string({ error: 'code is required' })
        .trim()
        .min(1, 'code is required')
        .max(100, 'code must be at most 100 characters'),
    }),
  ],
  { error: 'Send either { area } to link by your verified address, or { code } from your other account' },
);
export type CreateLinkBody = z.infer<typeof createLinkBody>;

export const linkCode = z.object({ code: z.string(), expiresAt: z.string() });
export type LinkCode = z.infer<typeof linkCode>;

export const linkedIdentityParams = z.object({
  area: linkedArea,
  accountId: z.string().min(1, 'accountId is required').max(100, 'accountId must be at most 100 characters'),
});

/** A licence its holder chose to show on their network profile (issue 41). */
export const verifiedLicence = z.object({
  authority: z.string(),
  licenceType: z.string(),
  expiresOn: z.string(),
  status: z.enum(licenceStatuses),
  credentialUrl: z.string(),
  verifyUrl: z.string(),
});
export type VerifiedLicence = z.infer<typeof verifiedLicence>;

/**
 * A linked learner's readiness as another area may read it (issue 41): the LMS's chance of passing
 * where it has one (null until it has enough answers and a calibration), and the latest finished
 * exams with their dates.
 */
export const learnerReadinessSummary = z.object({
  username: z.string(),
  profession: z.string(),
  /** The chance of passing a form today, 0 to 1; null while the LMS cannot say yet. */
  passChance: z.number().nullable(),
  /** The practice answers the estimate rests on. */
  answers: z.number().int(),
  /** The latest finished exams, newest first (at most three). */
  latestResults: z.array(
    z.object({
      finishedAt: z.string(),
      correct: z.number().int(),
      questions: z.number().int(),
    }),
  ),
});
export type LearnerReadinessSummary = z.infer<typeof learnerReadinessSummary>;

/** What staff see on a case: the linked learners' readiness, only when its applicant allowed it. */
export const caseLearnerReadiness = z.object({
  /** The applicant's choice; false: nothing else is told, not even whether a learner is linked. */
  shared: z.boolean(),
  learners: z.array(learnerReadinessSummary),
});
export type CaseLearnerReadiness = z.infer<typeof caseLearnerReadiness>;

/** The applicant's choice to let staff see her linked learner's readiness, or not. */
export const readinessSharingBody = z.strictObject({ share: z.boolean({ error: 'share must be true or false' }) });

/** One case of a person's journey, as its applicant sees it (issue 41): read from the cases area. */
export const caseJourney = z.object({
  caseNumber: z.string(),
  status: z.enum(caseStatuses),
  services: z.array(progressService),
  documents: documentsSummary,
  licences: z.array(applicantLicence),
  /** Ready to work by: the tracker's simulated p50 and p80 dates and what they rest on (contracts/cases.ts). */
  readyToWork: readyToWorkEstimate.nullable(),
});
export type CaseJourney = z.infer<typeof caseJourney>;

/**
 * The person's journey (issue 41): their exam readiness (each linked learning account's), each
 * linked case's progress, documents and licences, and when they may be ready to work. Only the
 * person themself reads it, signed in to one of their accounts.
 */
export const journeyAnswer = z.object({
  readiness: z.array(learnerReadinessSummary),
  cases: z.array(caseJourney),
});
export type JourneyAnswer = z.infer<typeof journeyAnswer>;
