import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import {
  licenceCredentialPath,
  licenceVerifyPath,
  type LicenceStatus,
} from '../../contracts/case-licences-constants.js';
import type {
  ApplicantLicence,
  CreateLicenceBody,
  ExamResult,
  LicenceVerification,
  StaffLicence,
} from '../../contracts/case-licences.js';
import type { Database } from '../db/client.js';
import { caseExamResults, caseLicences, cases } from '../db/schema/cases.js';
import type { CredentialIssuer } from '../platform/credentials.js';
import type { PersonLinks } from '../platform/person-links.js';
import { AppError, notFound } from '../platform/errors.js';
import type { ActingAdmin } from './case-events.js';

/*
 * The licences cases produced, and the credentials they are issued as (issue 41, decision 037).
 * A licence is valid from its record until the start (00:00 UTC) of its expiry date, which is also
 * its credential's `exp`; staff may revoke it with a reason, which no later write undoes.
 */

type LicenceRow = typeof caseLicences.$inferSelect;

/** Where the public addresses point: the app's own origin (PUBLIC_URL, or this machine's). */
export type PublicLinks = (path: string) => string;

const expiryInstant = (expiresOn: string) => new Date(`${expiresOn}T00:00:00Z`);

export function licenceStatus(row: Pick<LicenceRow, 'revokedAt' | 'expiresOn'>, now: Date): LicenceStatus {
  if (row.revokedAt) return 'revoked';
  return now >= expiryInstant(row.expiresOn) ? 'expired' : 'valid';
}

const toStaffLicence = (row: LicenceRow, now: Date, link: PublicLinks): StaffLicence => ({
  id: row.id,
  authority: row.authority,
  licenceType: row.licenceType,
  licenceNumber: row.licenceNumber,
  issuedOn: row.issuedOn,
  expiresOn: row.expiresOn,
  status: licenceStatus(row, now),
  shownOnProfile: row.shownOnProfile,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  revokedReason: row.revokedReason,
  credentialUrl: link(licenceCredentialPath(row.credentialId)),
  verifyUrl: link(licenceVerifyPath(row.credentialId)),
  createdAt: row.createdAt.toISOString(),
});

export async function recordLicence(
  db: Database,
  caseId: number,
  body: CreateLicenceBody,
  admin: ActingAdmin,
  now: Date,
  link: PublicLinks,
): Promise<StaffLicence> {
  return db.transaction(async (tx) => {
    // Locked, so a licence cannot be written to a case being deleted at that moment.
    const [found] = await tx.select({ id: cases.id }).from(cases).where(eq(cases.id, caseId)).for('share');
    if (!found) throw notFound('Case');
    const [row] = await tx
      .insert(caseLicences)
      .values({ caseId, ...body, recordedByAdminId: admin.id, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('the licence was not stored');
    return toStaffLicence(row, now, link);
  });
}

export async function listLicences(
  db: Database,
  caseId: number,
  now: Date,
  link: PublicLinks,
): Promise<StaffLicence[]> {
  const [found] = await db.select({ id: cases.id }).from(cases).where(eq(cases.id, caseId));
  if (!found) throw notFound('Case');
  const rows = await db
    .select()
    .from(caseLicences)
    .where(eq(caseLicences.caseId, caseId))
    .orderBy(asc(caseLicences.id));
  return rows.map((row) => toStaffLicence(row, now, link));
}

/** The case's licences as its applicant sees them: a revoked one stays listed, as revoked. */
export async function applicantLicences(db: Database, caseId: number, now: Date): Promise<ApplicantLicence[]> {
  const rows = await db
    .select()
    .from(caseLicences)
    .where(eq(caseLicences.caseId, caseId))
    .orderBy(asc(caseLicences.id));
  return rows.map((row) => ({
    id: row.id,
    authority: row.authority,
    licenceType: row.licenceType,
    expiresOn: row.expiresOn,
    status: licenceStatus(row, now),
    shownOnProfile: row.shownOnProfile,
  }));
}

/** Revokes the licence for good: its verify page says "revoked" and its credential is no longer served. */
export async function revokeLicence(
  db: Database,
  licenceId: number,
  reason: string,
  now: Date,
  link: PublicLinks,
): Promise<StaffLicence> {
  const [row] = await db
    .update(caseLicences)
    .set({ revokedAt: now, revokedReason: reason, shownOnProfile: false, updatedAt: now })
    .where(and(eq(caseLicences.id, licenceId), isNull(caseLicences.revokedAt)))
    .returning();
  if (row) return toStaffLicence(row, now, link);
  const [exists] = await db.select({ id: caseLicences.id }).from(caseLicences).where(eq(caseLicences.id, licenceId));
  if (!exists) throw notFound('Licence');
  throw new AppError(409, 'This licence is already revoked', 'LICENCE_REVOKED');
}

const toExamResult = (row: typeof caseExamResults.$inferSelect): ExamResult => ({
  id: row.id,
  authority: row.authority,
  takenOn: row.takenOn,
  passed: row.passed,
  score: row.score,
  createdAt: row.createdAt.toISOString(),
});

/** The licensing exam result the candidate reported, kept to calibrate the LMS's pass estimates later. */
export async function recordExamResult(
  db: Database,
  caseId: number,
  result: { authority: string; takenOn: string; passed: boolean; score?: number | null | undefined },
  admin: ActingAdmin,
  now: Date,
): Promise<ExamResult> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ id: cases.id }).from(cases).where(eq(cases.id, caseId)).for('share');
    if (!found) throw notFound('Case');
    const [row] = await tx
      .insert(caseExamResults)
      .values({ caseId, ...result, score: result.score ?? null, recordedByAdminId: admin.id, createdAt: now })
      .returning();
    if (!row) throw new Error('the exam result was not stored');
    return toExamResult(row);
  });
}

export async function listExamResults(db: Database, caseId: number): Promise<ExamResult[]> {
  const [found] = await db.select({ id: cases.id }).from(cases).where(eq(cases.id, caseId));
  if (!found) throw notFound('Case');
  const rows = await db
    .select()
    .from(caseExamResults)
    .where(eq(caseExamResults.caseId, caseId))
    .orderBy(desc(caseExamResults.takenOn), desc(caseExamResults.id));
  return rows.map(toExamResult);
}

/** The licence behind a credential id with its holder's name: the only case field a credential carries. */
async function licenceByCredential(db: Database, credentialId: string) {
  const [found] = await db
    .select({ licence: caseLicences, holderName: cases.clientName })
    .from(caseLicences)
    .innerJoin(cases, eq(cases.id, caseLicences.caseId))
    .where(eq(caseLicences.credentialId, credentialId));
  if (!found) throw notFound('Licence');
  return found;
}

/** What the public verify page shows. */
export async function verifyLicence(
  db: Database,
  credentialId: string,
  issuerName: string,
  now: Date,
  link: PublicLinks,
): Promise<LicenceVerification> {
  const { licence, holderName } = await licenceByCredential(db, credentialId);
  return {
    status: licenceStatus(licence, now),
    holderName,
    authority: licence.authority,
    licenceType: licence.licenceType,
    issuedOn: licence.issuedOn,
    expiresOn: licence.expiresOn,
    revokedOn: licence.revokedAt?.toISOString().slice(0, 10) ?? null,
    issuer: issuerName,
    credentialUrl: link(licenceCredentialPath(credentialId)),
  };
}

/**
 * The licence as a W3C Verifiable Credential (data model 2.0) in the Open Badges 3.0 shape, secured
 * as a JWT (VC-JOSE-COSE: the credential is the payload, `typ: vc+jwt`), signed now with the current
 * key. Its `exp` is the licence's expiry. A revoked licence's credential is not served (410); one
 * already downloaded is caught by its verify page and `credentialStatus`.
 */
export async function licenceCredential(
  db: Database,
  credentialId: string,
  issuer: CredentialIssuer,
  issuerName: string,
  link: PublicLinks,
): Promise<string> {
  const { licence, holderName } = await licenceByCredential(db, credentialId);
  if (licence.revokedAt) throw new AppError(410, 'This licence was revoked', 'LICENCE_REVOKED');
  const id = link(licenceCredentialPath(credentialId));
  const issuerId = link('/');
  const validFrom = `${licence.issuedOn}T00:00:00Z`;
  const validUntil = `${licence.expiresOn}T00:00:00Z`;
  const name = `${licence.authority} ${licence.licenceType}`;
  return issuer.sign({
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name,
    issuer: { id: issuerId, type: ['Profile'], name: issuerName },
    validFrom,
    validUntil,
    credentialSubject: {
      type: ['AchievementSubject'],
      name: holderName,
      achievement: {
        id: `${id}#licence`,
        type: ['Achievement'],
        achievementType: 'License',
        name: licence.licenceType,
        description: `A ${licence.licenceType} licence issued by ${licence.authority}, recorded by ${issuerName} from the case that obtained it.`,
        criteria: {
          narrative: `Licensed by ${licence.authority} from ${licence.issuedOn} until ${licence.expiresOn}.`,
        },
      },
    },
    // Where its current state is published: the public verify page's answer says valid, expired or revoked.
    credentialStatus: { id: link(`${licenceCredentialPath(credentialId)}/status`), type: 'PathwayLicenceStatus' },
    iss: issuerId,
    jti: id,
    nbf: Math.floor(Date.parse(validFrom) / 1000),
    exp: Math.floor(Date.parse(validUntil) / 1000),
  });
}

/**
 * The applicant shows a licence of their case on their network profile, or takes it off (issue 41).
 * It goes on the profile of the network member linked with the case; with none yet, of the member
 * whose verified address is the case's (the emailed sign-in has just proved that address, and the
 * applicant asked: the two are linked so). With no such member: 409, saying what to do.
 */
export async function showLicenceOnProfile(
  db: Database,
  links: PersonLinks,
  caseId: number,
  licenceId: number,
  show: boolean,
  now: Date,
): Promise<ApplicantLicence> {
  const [row] = await db
    .select()
    .from(caseLicences)
    .where(and(eq(caseLicences.id, licenceId), eq(caseLicences.caseId, caseId)));
  if (!row) throw notFound('Licence');
  if (show) {
    const status = licenceStatus(row, now);
    if (status !== 'valid')
      throw new AppError(409, `This licence is ${status}: only a valid licence can be shown.`, 'LICENCE_NOT_VALID');
    const applicant = { area: 'cases' as const, accountId: String(caseId) };
    if ((await links.linkedWith(applicant, 'network')).length === 0) {
      try {
        await links.linkByEmail(applicant, 'network', now);
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode !== 409) throw error;
        throw new AppError(
          409,
          "No network member has verified this case's email address: join the network with that address, or link your network account to this case with a link code.",
          'NO_LINKED_MEMBER',
        );
      }
    }
  }
  const [updated] = await db
    .update(caseLicences)
    .set({ shownOnProfile: show, updatedAt: now })
    // Never back on once revoked, even by a request that read it just before the revocation.
    .where(and(eq(caseLicences.id, licenceId), show ? isNull(caseLicences.revokedAt) : undefined))
    .returning();
  if (!updated)
    throw new AppError(409, 'This licence is revoked: only a valid licence can be shown.', 'LICENCE_NOT_VALID');
  return {
    id: updated.id,
    authority: updated.authority,
    licenceType: updated.licenceType,
    expiresOn: updated.expiresOn,
    status: licenceStatus(updated, now),
    shownOnProfile: updated.shownOnProfile,
  };
}
