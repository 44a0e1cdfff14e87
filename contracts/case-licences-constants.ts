/** Licence constants without zod (issue 41): the front end imports them from here. */

/**
 * The licensing authorities staff choose from when they record a licence a case produced, unless
 * LICENCE_AUTHORITIES names others (the list is served in `/api/config` as `licenceAuthorities`).
 */
export const defaultLicenceAuthorities = ['DHA', 'DOH', 'MOH', 'SCFHS', 'NMC'] as const;

/** The longest authority name: as the body schema and LICENCE_AUTHORITIES allow. */
export const LICENCE_AUTHORITY_MAX_LENGTH = 40;

/** What a licence's verify page says: good, past its expiry date, or withdrawn by staff. */
export const licenceStatuses = ['valid', 'expired', 'revoked'] as const;
export type LicenceStatus = (typeof licenceStatuses)[number];

/** The media type of a credential secured as a JWT (W3C VC-JOSE-COSE). */
export const VC_JWT_MEDIA_TYPE = 'application/vc+jwt';

/** The public addresses of a licence's credential and of its verify page, by the credential's random id. */
export const licenceCredentialPath = (credentialId: string) => `/api/credentials/licences/${credentialId}`;
export const licenceVerifyPath = (credentialId: string) => `/casetracking/licences/${credentialId}`;
