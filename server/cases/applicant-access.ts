import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  APPLICANT_ACCESS_MESSAGE,
  APPLICANT_SESSION_COOKIE,
  type ApplicantCase,
} from '../../contracts/case-applicant.js';
import { APPLICANT_CASE_PATH, type ApplicantLanguageCode } from '../../contracts/case-documents.js';
import type { Database, Queryable } from '../db/client.js';
import { applicantSessions, cases } from '../db/schema/cases.js';
import { AppError } from '../platform/errors.js';
import { consumeOneTimeToken, issueOneTimeToken } from '../platform/one-time-tokens.js';
import { claimMailCooldown } from '../platform/mail-cooldowns.js';
import { applicantAccessEmail } from './case-emails.js';
import { caseChecklist } from './case-documents.js';
import { applicantLicences } from './case-licences.js';
import { caseContactOf, type NotificationDeps } from './case-notifications.js';
import { caseAsTyped, progressOfCase } from './progress-lookup.js';
import type pg from 'pg';
import { z } from 'zod';

const ACCESS_LINK_TTL_SECONDS = 15 * 60;
export const ACCESS_EMAIL = 'case-applicant-access';
const accessJob = z.object({ caseId: z.number().int() });
// Asking again within a minute sends no second email: a double click, or someone filling the applicant's inbox.
const RESEND_AFTER_SECONDS = 60;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Sends a single-use sign-in link to the case's own address when the case number and passport
 * number match and the case has one. The answer is the same in every case; the email goes in the
 * transaction's outbox, so the answer does not wait for the mail server.
 */
export async function requestApplicantAccess(
  db: Database,
  notify: NotificationDeps,
  input: { caseNumber: string; passportNumber: string; language: ApplicantLanguageCode },
  now: Date,
) {
  await db.transaction(async (tx) => {
    const found = await caseAsTyped(tx, input, { lock: true });
    if (!found?.clientEmail) return;
    // The applicant's language from now on: their document emails follow it.
    await tx.update(cases).set({ applicantLanguage: input.language }).where(eq(cases.id, found.id));
    // Claimed in one statement: requests at once cannot all find the minute free (issue 35: the
    // rule looked for a link made in the last minute, but links are made later, by the email's job).
    if (!(await claimMailCooldown(tx, 'applicant-access', `case:${found.id}`, now, RESEND_AFTER_SECONDS))) return;
    // The link's token is made when the email is written (composeApplicantEmails): none sits in the queue.
    await notify.mailer.sendComposed(tx, ACCESS_EMAIL, found.clientEmail, { caseId: found.id });
  });
  return { message: APPLICANT_ACCESS_MESSAGE };
}

/**
 * Writes the sign-in email when its job runs: the link's token is issued then (only its hash kept,
 * replacing any earlier link), in the language the applicant last asked in, to the case's address.
 */
export function composeApplicantEmails(db: Database, notify: NotificationDeps, now: () => Date): void {
  notify.mailer.compose(ACCESS_EMAIL, async (data) => {
    const { caseId } = accessJob.parse(data);
    const [found] = await db
      .select({ caseNumber: cases.caseNumber, clientEmail: cases.clientEmail, language: cases.applicantLanguage })
      .from(cases)
      .where(eq(cases.id, caseId));
    if (!found?.clientEmail) return undefined;
    const token = await issueOneTimeToken(db, 'applicant-access', String(caseId), now(), ACCESS_LINK_TTL_SECONDS);
    const link = notify.link(`${APPLICANT_CASE_PATH}?token=${token}`);
    return {
      to: found.clientEmail,
      ...(await applicantAccessEmail({
        language: found.language,
        caseNumber: found.caseNumber,
        link,
        minutes: ACCESS_LINK_TTL_SECONDS / 60,
        contact: await caseContactOf(db, notify.agency, caseId),
      })),
    };
  });
}

export const invalidAccessLink = () =>
  new AppError(
    400,
    'This sign-in link is not valid any more. Ask for a new one on the tracker.',
    'ACCESS_LINK_INVALID',
  );

/** Uses the emailed link up and opens a session of its case; returns the cookie's token. */
export async function openApplicantSession(
  db: Database,
  linkToken: string,
  now: Date,
  ttlSeconds: number,
): Promise<string> {
  return db.transaction(async (tx) => {
    const caseId = Number(await consumeOneTimeToken(tx, 'applicant-access', linkToken, now));
    if (!Number.isSafeInteger(caseId) || caseId <= 0) throw invalidAccessLink();
    const [found] = await tx.select({ id: cases.id }).from(cases).where(eq(cases.id, caseId));
    if (!found) throw invalidAccessLink();
    // Expired sessions go when new ones open: no sweeper needed for a table this small.
    await tx.delete(applicantSessions).where(lt(applicantSessions.expiresAt, now));
    const token = randomBytes(32).toString('base64url');
    await tx.insert(applicantSessions).values({
      tokenHash: hashToken(token),
      caseId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    });
    return token;
  });
}

/** The case the cookie's session opens, if it is still open. */
export async function applicantCaseId(
  db: Queryable,
  token: string | undefined,
  now: Date,
): Promise<number | undefined> {
  if (!token || token.length > 100) return undefined;
  const [row] = await db
    .select({ caseId: applicantSessions.caseId })
    .from(applicantSessions)
    .where(and(eq(applicantSessions.tokenHash, hashToken(token)), gt(applicantSessions.expiresAt, now)));
  return row?.caseId;
}

export async function endApplicantSession(db: Queryable, token: string | undefined): Promise<void> {
  if (!token || token.length > 100) return;
  await db.delete(applicantSessions).where(eq(applicantSessions.tokenHash, hashToken(token)));
}

/** The case page: the tracker's view of the case, its document checklist and its licences. */
export async function applicantCase(db: Database, pool: pg.Pool, caseId: number, at: Date): Promise<ApplicantCase> {
  const [found] = await db
    .select({
      caseNumber: cases.caseNumber,
      readinessSharedWithStaff: cases.readinessSharedWithStaff,
    })
    .from(cases)
    .where(eq(cases.id, caseId));
  if (!found) throw new AppError(401, 'Please sign in again.');
  // By its exact number: "PW-1" and "PW1" of one passport look alike to the public lookup.
  const progress = await progressOfCase(pool, found.caseNumber, at);
  return {
    caseNumber: progress.caseNumber,
    status: progress.status,
    servicesSubscribed: progress.servicesSubscribed,
    owner: progress.owner,
    documentsSummary: progress.documents,
    readyToWork: progress.readyToWork,
    documents: await caseChecklist(db, caseId),
    licences: await applicantLicences(db, caseId, at),
    readinessSharedWithStaff: found.readinessSharedWithStaff,
  };
}

const cookieOptions = (request: FastifyRequest) => ({
  // Only the applicant's own calls carry it; Strict: never sent by another site's form or link.
  path: '/api/applicant',
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: request.protocol === 'https',
});

export function setApplicantCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  ttlSeconds: number,
): void {
  reply.setCookie(APPLICANT_SESSION_COOKIE, token, { ...cookieOptions(request), maxAge: ttlSeconds });
}

export function clearApplicantCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(APPLICANT_SESSION_COOKIE, cookieOptions(request));
}
