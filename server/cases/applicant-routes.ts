import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  APPLICANT_SESSION_COOKIE,
  applicantAccessBody,
  applicantCase,
  applicantSessionBody,
} from '../../contracts/case-applicant.js';
import { checklistItem } from '../../contracts/case-documents.js';
import { applicantLicence, licenceProfileBody } from '../../contracts/case-licences.js';
import { idParams, messageResponse } from '../../contracts/cases.js';
import type { App } from '../platform/area.js';
import { sameOriginChanges } from '../platform/origin-check.js';
import { readinessSharingBody } from '../../contracts/person-links.js';
import { registerPersonLinkRoutes } from '../platform/person-link-routes.js';
import { AppError } from '../platform/errors.js';
import {
  applicantCase as loadApplicantCase,
  applicantCaseId,
  clearApplicantCookie,
  endApplicantSession,
  openApplicantSession,
  requestApplicantAccess,
  setApplicantCookie,
} from './applicant-access.js';
import { requestLanguage } from './applicant-language.js';
import { saveCaseDocument } from './case-documents.js';
import { showLicenceOnProfile } from './case-licences.js';
import { shareReadinessWithStaff } from './linked-learner.js';
import { receiveDocument } from './document-upload.js';
import { applicantSignedIn, noContent, tags, uploadErrors, withErrors, type CasesContext } from './route-context.js';

const HOUR_MS = 60 * 60_000;
const documentParams = z.object({
  documentId: z
    .string()
    .regex(/^\d{1,10}$/, 'must be a positive whole number')
    .transform(Number)
    .pipe(z.number().int().positive().max(2_147_483_647)),
});

const signInAgain = () => new AppError(401, 'Please sign in again: ask for a new link on the tracker.');

/**
 * The applicant's own routes under /api/applicant: the emailed sign-in link, the session cookie,
 * their case page and their uploads. A session opens exactly one case, the one its link was sent for.
 */
export async function applicantRoutes(app: App, ctx: CasesContext): Promise<void> {
  const { db, deps, notify, now, storage, settings, limits } = ctx;
  await app.register(cookie);
  // Signed in by a cookie: every change comes from our own pages (the platform's one rule).
  app.addHook('onRequest', sameOriginChanges(deps.config.publicUrl));

  // Answers whether a passport number fits a case only by an email to the case's own address; counted with the lookup's guesses.
  app.post(
    '/api/applicant/access',
    {
      config: limits.passportCheck,
      schema: {
        summary: 'Email the applicant a sign-in link',
        tags,
        description:
          "Emails a single-use sign-in link (15 minutes) to the case's address; 202 alike whether or not anything was sent",
        body: applicantAccessBody,
        response: withErrors({ 202: messageResponse }),
      },
    },
    async (request, reply) => {
      const language = requestLanguage(request.body.language, request.headers['accept-language']);
      return reply.status(202).send(await requestApplicantAccess(db, notify, { ...request.body, language }, now()));
    },
  );

  app.post(
    '/api/applicant/session',
    {
      config: limits.lookup,
      schema: {
        summary: 'Sign the applicant in with the emailed link',
        tags,
        description: "Trades the emailed link's token for an httpOnly session cookie",
        body: applicantSessionBody,
        response: withErrors(noContent),
      },
    },
    async (request, reply) => {
      const token = await openApplicantSession(db, request.body.token, now(), settings.applicantSessionSeconds);
      setApplicantCookie(request, reply, token, settings.applicantSessionSeconds);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/applicant/logout',
    { schema: { summary: 'Sign the applicant out', tags, response: withErrors(noContent) } },
    async (request, reply) => {
      await endApplicantSession(db, request.cookies[APPLICANT_SESSION_COOKIE]);
      clearApplicantCookie(request, reply);
      return reply.status(204).send(null);
    },
  );

  const signedInCase = async (token: string | undefined) => {
    const caseId = await applicantCaseId(db, token, now());
    if (caseId === undefined) throw signInAgain();
    return caseId;
  };

  app.get(
    '/api/applicant/case',
    {
      schema: {
        summary: "The signed-in applicant's case",
        tags,
        security: applicantSignedIn,
        response: withErrors({ 200: applicantCase }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return loadApplicantCase(
        db,
        deps.database.pool,
        await signedInCase(request.cookies[APPLICANT_SESSION_COOKIE]),
        now(),
      );
    },
  );

  app.put(
    '/api/applicant/licences/:id/profile',
    {
      schema: {
        summary: 'Show a licence on my network profile',
        tags,
        security: applicantSignedIn,
        description:
          "`{ show: true }` shows the case's licence on the profile of the network member linked with the case (or whose verified email is the case's address: the two are then linked); `{ show: false }` takes it off. 409 when there is no such member (join the network, or link your account), or the licence is not valid.",
        params: idParams,
        body: licenceProfileBody,
        response: withErrors({ 200: applicantLicence }),
      },
    },
    async (request) =>
      showLicenceOnProfile(
        db,
        deps.personLinks,
        await signedInCase(request.cookies[APPLICANT_SESSION_COOKIE]),
        request.params.id,
        request.body.show,
        now(),
      ),
  );

  app.put(
    '/api/applicant/readiness-sharing',
    {
      schema: {
        summary: 'Let staff see my readiness',
        tags,
        security: applicantSignedIn,
        description:
          "`{ share: true }` lets the case's staff see the readiness of the learning account linked with the case (its chance of passing, its latest results and their dates); `{ share: false }` takes that back. Off until the applicant turns it on.",
        body: readinessSharingBody,
        response: withErrors({ 200: z.object({ share: z.boolean() }) }),
      },
    },
    async (request) =>
      shareReadinessWithStaff(db, await signedInCase(request.cookies[APPLICANT_SESSION_COOKIE]), request.body.share),
  );

  await registerPersonLinkRoutes(app, {
    area: 'cases',
    basePath: '/api/applicant/links',
    journeyPath: '/api/applicant/journey',
    links: deps.personLinks,
    now,
    security: applicantSignedIn,
    self: async (request) => ({
      area: 'cases',
      accountId: String(await signedInCase(request.cookies[APPLICANT_SESSION_COOKIE])),
    }),
  });

  await app.register(async (uploads: App) => {
    await uploads.register(multipart);
    uploads.post(
      '/api/applicant/documents/:documentId',
      {
        schema: {
          summary: 'Send a document of the case (applicant)',
          tags,
          security: applicantSignedIn,
          description:
            'The signed-in applicant sends a document of their case: multipart/form-data with one `file` field, a PDF or an image judged by content.',
          params: documentParams,
          response: { 201: checklistItem, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const caseId = await signedInCase(request.cookies[APPLICANT_SESSION_COOKIE]);
        // Counted before the body is read, so a refused request costs no disk or storage.
        const window = await deps.counters.increment(`applicant-case:${caseId}:uploads`, HOUR_MS);
        if (window.count > settings.applicantUploadsPerHour) {
          const minutes = Math.max(1, Math.ceil(window.resetInMs / 60_000));
          throw new AppError(
            429,
            `This case has sent ${settings.applicantUploadsPerHour} files in the last hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          );
        }
        const file = await receiveDocument(request, {
          maxBytes: settings.documentMaxBytes,
          tmpDir: deps.config.uploadTmpDir,
        });
        const item = await saveCaseDocument(db, storage, request.log, {
          caseId,
          documentId: request.params.documentId,
          file,
          actor: 'applicant',
          now: now(),
        });
        return reply.status(201).send(item);
      },
    );
  });
}
