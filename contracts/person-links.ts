import { z } from 'zod';
import { licenceStatuses } from './case-licences-constants.js';

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
