import { z } from 'zod';
import { VC_JWT_MEDIA_TYPE } from '../../contracts/case-licences-constants.js';
import {
  createExamResultBody,
  createLicenceBody,
  credentialIdParams,
  examResult,
  licenceVerification,
  revokeLicenceBody,
  staffLicence,
} from '../../contracts/case-licences.js';
import { idParams } from '../../contracts/cases.js';
import { caseLearnerReadiness } from '../../contracts/person-links.js';
import type { App } from '../platform/area.js';
import { errorBody, fieldError } from '../platform/errors.js';
import { publicLink } from '../platform/mail.js';
import { fileAnswer } from '../platform/route-schemas.js';
import {
  licenceCredential,
  listExamResults,
  listLicences,
  recordExamResult,
  recordLicence,
  revokeLicence,
  verifyLicence,
} from './case-licences.js';
import { caseLearnerReadiness as readLearnerReadiness } from './linked-learner.js';
import { caller, tags, withErrors, type CasesContext } from './route-context.js';

/** Who the credentials name as their issuer. */
const ISSUER_NAME = 'Pathway';

const linksOf = (ctx: CasesContext) => (path: string) => publicLink(ctx.deps.config, path);

/** The authority must be one of the configured list (LICENCE_AUTHORITIES), which the schema cannot know. */
function checkAuthority(ctx: CasesContext, authority: string): void {
  const known = ctx.deps.config.cases.licenceAuthorities;
  if (!known.includes(authority)) throw fieldError('authority', `authority must be one of ${known.join(', ')}`);
}

/** Staff record the licences a case produced and the exam results its candidate reports (issue 41). */
export async function caseLicenceRoutes(app: App, ctx: CasesContext): Promise<void> {
  const { db, now } = ctx;
  const link = linksOf(ctx);

  app.get(
    '/api/caseadmin/cases/:id/licences',
    {
      schema: {
        summary: "A case's licences",
        tags,
        description: 'The licences recorded on the case, oldest first, each with its status and public addresses.',
        params: idParams,
        response: withErrors({ 200: z.array(staffLicence) }),
      },
    },
    async (request) => listLicences(db, request.params.id, now(), link),
  );

  app.post(
    '/api/caseadmin/cases/:id/licences',
    {
      schema: {
        summary: 'Record the licence a case produced',
        tags,
        description:
          'Records a licence the case obtained; it is issued as a signed credential (its credentialUrl) with a public verify page (its verifyUrl).',
        params: idParams,
        body: createLicenceBody,
        response: withErrors({ 201: staffLicence }),
      },
    },
    async (request, reply) => {
      checkAuthority(ctx, request.body.authority);
      return reply
        .status(201)
        .send(await recordLicence(db, request.params.id, request.body, caller.of(request), now(), link));
    },
  );

  app.post(
    '/api/caseadmin/licences/:id/revoke',
    {
      schema: {
        summary: 'Revoke a licence',
        tags,
        description:
          'Revokes the licence for good, with the reason: its verify page then says "revoked", its credential is no longer served and it leaves the profile. 409 when it is already revoked.',
        params: idParams,
        body: revokeLicenceBody,
        response: withErrors({ 200: staffLicence }),
      },
    },
    async (request) => revokeLicence(db, request.params.id, request.body.reason, now(), link),
  );

  app.get(
    '/api/caseadmin/cases/:id/learner-readiness',
    {
      schema: {
        summary: "The linked learner's readiness",
        tags,
        description:
          "The readiness of the learning account linked with the case (the LMS's chance of passing, its latest results and their dates), only when the case's applicant allowed it: `shared: false` and nothing else until then.",
        params: idParams,
        response: withErrors({ 200: caseLearnerReadiness }),
      },
    },
    async (request) => readLearnerReadiness(db, ctx.deps.personLinks, request.params.id),
  );

  app.get(
    '/api/caseadmin/cases/:id/exam-results',
    {
      schema: {
        summary: "A case's reported licensing exam results",
        tags,
        params: idParams,
        response: withErrors({ 200: z.array(examResult) }),
      },
    },
    async (request) => listExamResults(db, request.params.id),
  );

  app.post(
    '/api/caseadmin/cases/:id/exam-results',
    {
      schema: {
        summary: 'Record a licensing exam result',
        tags,
        description:
          'The real licensing exam result the candidate reported (date, pass or fail, score when known), kept to calibrate the LMS estimates.',
        params: idParams,
        body: createExamResultBody,
        response: withErrors({ 201: examResult }),
      },
    },
    async (request, reply) => {
      checkAuthority(ctx, request.body.authority);
      return reply
        .status(201)
        .send(await recordExamResult(db, request.params.id, request.body, caller.of(request), now()));
    },
  );
}

/** A licence's public credential and what its verify page shows: anyone may ask, by the credential's random id. */
export async function licenceCredentialRoutes(app: App, ctx: CasesContext): Promise<void> {
  const { db, now, limits } = ctx;
  const link = linksOf(ctx);

  app.get(
    '/api/credentials/licences/:credentialId',
    {
      config: limits.lookup,
      schema: {
        summary: "A licence's verifiable credential",
        tags,
        description:
          'The licence as a W3C Verifiable Credential in the Open Badges 3.0 shape, secured as a JWT (application/vc+jwt, EdDSA), verifiable with the keys at /.well-known/jwks.json. 410 once revoked.',
        params: credentialIdParams,
        response: {
          200: fileAnswer(VC_JWT_MEDIA_TYPE, 'The credential as a compact JWS'),
          404: errorBody,
          410: errorBody,
          429: errorBody,
          400: errorBody,
        },
      },
    },
    async (request, reply) => {
      const jwt = await licenceCredential(db, request.params.credentialId, ctx.deps.credentials, ISSUER_NAME, link);
      return reply.header('content-type', VC_JWT_MEDIA_TYPE).send(jwt);
    },
  );

  app.get(
    '/api/credentials/licences/:credentialId/status',
    {
      config: limits.lookup,
      schema: {
        summary: "A licence's current status",
        tags,
        description:
          "What the licence's public verify page shows: valid, expired or revoked, with its public fields only (never a passport or case number).",
        params: credentialIdParams,
        response: { 200: licenceVerification, 400: errorBody, 404: errorBody, 429: errorBody },
      },
    },
    async (request) => verifyLicence(db, request.params.credentialId, ISSUER_NAME, now(), link),
  );
}
