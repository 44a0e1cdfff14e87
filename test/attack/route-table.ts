import { createHash, randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { createQuestion, questionBody, registerLearner } from '../factories/lms.js';
import { createTextPost, multipartBody, SAME_ORIGIN, signUpMember, tinyPng } from '../factories/network.js';
import { upsertCaseAdmin } from '../../server/cases/case-admins.js';
import { unsubscribeTokenOf } from '../../server/cases/notification-wiring.js';
import { issueOneTimeToken } from '../../server/platform/one-time-tokens.js';
import type { Area, Caller, World } from './callers.js';
import { mailQueueSettled, type Method } from './support.js';
import { zipFolder } from '../support/zip.js';

/**
 * Who may call a route:
 * - `public`: anyone; credentials neither help nor hurt.
 * - `case admin`: a case admin's bearer token.
 * - `LMS user`: any LMS account's bearer token (admins are users too).
 * - `LMS admin`: an LMS account whose role is admin (a learner gets 403).
 * - `member`: a network session cookie.
 */
export type Access = 'public' | 'case admin' | 'LMS user' | 'LMS admin' | 'member';

export type Built = InjectOptions & { method: Method; url: string; stream?: boolean };

export type RouteEntry = {
  route: string;
  access: Access;
  area: Area;
  /** A request that succeeds for a caller the route admits (it may make its own fixtures). */
  build: (w: World, caller: Caller, headers: Record<string, string>) => Promise<Built> | Built;
  /** What an admitted caller gets; per caller where it differs (another member's post). */
  ok: number | (Partial<Record<Caller, number>> & { default: number });
};

const json = (w: World, method: Method, url: string, headers: Record<string, string>, payload?: object): Built => ({
  method,
  url,
  headers,
  ...(payload ? { payload } : {}),
});

const unique = () => randomBytes(4).toString('hex');

/** The question on screen for this LMS caller (starting the exam if needed), or a dummy id when refused. */
async function currentQuestionId(w: World, headers: Record<string, string>): Promise<number> {
  const response = await w.t.app.inject({ method: 'GET', url: '/user/exam/questions', headers });
  if (response.statusCode !== 200) return 1;
  return response.json<{ examQuestions: { id: number }[] }>().examQuestions[0]?.id ?? 1;
}

/** A fresh licence on the world's case (staff record it), its id and the path of its credential. */
async function freshLicence(w: World): Promise<{ id: number; credentialPath: string }> {
  const recorded = await w.t.app.inject({
    method: 'POST',
    url: `/api/caseadmin/cases/${w.someCase.id}/licences`,
    headers: w.caseAdmin.headers,
    payload: {
      authority: 'DHA',
      licenceType: 'Registered Nurse',
      licenceNumber: `RN-${unique()}`,
      issuedOn: '2025-06-01',
      expiresOn: '2028-06-01',
    },
  });
  const licence = recorded.json<{ id: number; credentialUrl: string }>();
  return { id: licence.id, credentialPath: new URL(licence.credentialUrl).pathname };
}

/** A fresh learner's open premium request, its id. */
async function openPremiumRequest(w: World): Promise<number> {
  const learner = await registerLearner(w.t);
  const asked = await w.t.app.inject({
    method: 'POST',
    url: '/user/premium-requests',
    headers: learner.headers,
    payload: {},
  });
  return asked.json<{ id: number }>().id;
}

/** A fresh case whose service needs a document, with a file sent for it by staff (awaiting review). */
async function sentCaseDocument(w: World): Promise<{ caseId: number; documentId: number; sentId: number }> {
  const admin = w.headersOf('case admin', 'cases');
  const service = await w.t.app.inject({
    method: 'POST',
    url: '/api/caseadmin/services',
    headers: admin,
    payload: { name: `Papers ${unique()}` },
  });
  const serviceId = service.json<{ id: number }>().id;
  const definition = await w.t.app.inject({
    method: 'POST',
    url: `/api/caseadmin/services/${serviceId}/documents`,
    headers: admin,
    payload: { name: 'Passport' },
  });
  const documentId = definition.json<{ id: number }>().id;
  const created = await w.t.app.inject({
    method: 'POST',
    url: '/api/caseadmin/cases',
    headers: admin,
    payload: { case_number: `DOC-${unique()}`, passport_number: 'P1', client_name: 'Client', serviceIds: [serviceId] },
  });
  const caseId = created.json<{ newCase: { id: number } }>().newCase.id;
  const form = multipartBody([{ name: 'file', filename: 'passport.png', contentType: 'image/png', data: tinyPng }]);
  const sent = await w.t.app.inject({
    method: 'POST',
    url: `/api/caseadmin/cases/${caseId}/documents/${documentId}`,
    headers: { ...admin, ...form.headers },
    payload: form.payload,
  });
  return { caseId, documentId, sentId: sent.json<{ id: number }>().id };
}

/** A refusal reason made for the test, its id. */
async function newRefusalReason(w: World): Promise<number> {
  const created = await w.t.app.inject({
    method: 'POST',
    url: '/api/caseadmin/refusal-reasons',
    headers: w.headersOf('case admin', 'cases'),
    payload: { text: `Unreadable ${unique()}` },
  });
  return created.json<{ id: number }>().id;
}

/** A fresh case that needs a document, and an applicant session cookie for it (through the emailed link's token). */
async function applicantOfNewCase(w: World): Promise<{ cookie: string; documentId: number }> {
  const { caseId, documentId } = await sentCaseDocument(w);
  const session = await w.t.app.inject({
    method: 'POST',
    url: '/api/applicant/session',
    headers: { origin: SAME_ORIGIN },
    payload: { token: await linkToken(w, 'applicant-access', caseId) },
  });
  const cookie = session.cookies.find((c) => c.name === 'pathway_applicant');
  return { cookie: `pathway_applicant=${cookie?.value ?? ''}`, documentId };
}

/** The caller's headers with the applicant's cookie added (a member's own cookie kept). */
const withApplicantCookie = (h: Record<string, string>, cookie: string) => ({
  ...h,
  cookie: [h.cookie, cookie].filter(Boolean).join('; '),
});

/** A case id no case has: a link to it is stored (a link needs no account), and listed by nobody. */
const madeUpCaseId = () => String(900_000_000 + Math.floor(Math.random() * 1e8));

/** A code for linking a made-up identity. */
const linkCodeFor = (w: World, caseId = madeUpCaseId()) =>
  issueOneTimeToken(w.t.db, 'person-link', `cases:${caseId}`, w.t.clock.now(), 600);

/**
 * The caller links a made-up identity with a code (refused unless the route admits them), then
 * the request removing it again.
 */
async function unlinkRequest(w: World, h: Record<string, string>, basePath: string): Promise<Built> {
  const caseId = madeUpCaseId();
  await w.t.app.inject({ method: 'POST', url: basePath, headers: h, payload: { code: await linkCodeFor(w, caseId) } });
  return json(w, 'DELETE', `${basePath}/cases/${caseId}`, h);
}

/** A fresh case with a licence and its applicant's session cookie. */
async function applicantWithLicence(w: World): Promise<{ cookie: string; licenceId: number }> {
  const created = await w.t.app.inject({
    method: 'POST',
    url: '/api/caseadmin/cases',
    headers: w.headersOf('case admin', 'cases'),
    payload: {
      case_number: `LIC-${unique()}`,
      passport_number: 'P',
      client_name: 'C',
      client_email: `lic-${unique()}@example.test`,
      serviceIds: [],
    },
  });
  const caseId = created.json<{ newCase: { id: number } }>().newCase.id;
  const recorded = await w.t.app.inject({
    method: 'POST',
    url: `/api/caseadmin/cases/${caseId}/licences`,
    headers: w.caseAdmin.headers,
    payload: {
      authority: 'DOH',
      licenceType: 'Physiotherapist',
      licenceNumber: `PT-${unique()}`,
      issuedOn: '2025-06-01',
      expiresOn: '2030-06-01',
    },
  });
  const session = await w.t.app.inject({
    method: 'POST',
    url: '/api/applicant/session',
    headers: { origin: SAME_ORIGIN },
    payload: { token: await linkToken(w, 'applicant-access', caseId) },
  });
  const cookie = session.cookies.find((c) => c.name === 'pathway_applicant');
  return { cookie: `pathway_applicant=${cookie?.value ?? ''}`, licenceId: recorded.json<{ id: number }>().id };
}

/** A fresh tracker subscription (made through the public call) and its id. */
async function freshSubscription(w: World): Promise<number> {
  const email = `t-${unique()}@example.test`;
  await w.t.app.inject({
    method: 'POST',
    url: '/api/progress/subscribe',
    payload: { caseNumber: w.someCase.case_number, passportNumber: w.someCase.passport_number, email },
  });
  // Its confirmation email's job sets the link's hash when it runs: let it, so the hash set below stays.
  await mailQueueSettled(w.t);
  const { rows } = await w.t.database.pool.query<{ id: number }>(
    'SELECT id FROM case_notification_recipients WHERE email = $1',
    [email],
  );
  return rows[0]?.id ?? 0;
}

/** A confirmation link's token for a fresh subscription, stored as its emailed link's would be (its hash, 1 h). */
async function confirmationToken(w: World): Promise<string> {
  const id = await freshSubscription(w);
  const token = randomBytes(24).toString('base64url');
  await w.t.database.pool.query(
    `UPDATE case_notification_recipients SET confirm_token_hash = $1, confirm_expires_at = $2 WHERE id = $3`,
    [createHash('sha256').update(token).digest('hex'), new Date(w.t.clock.now().getTime() + 3600_000), id],
  );
  return token;
}

/** An unsubscribe link's token for a fresh subscription, as a case email carries it. */
const unsubscribeToken = async (w: World) => unsubscribeTokenOf(w.t.tokens, await freshSubscription(w));

let spareCaseAdmin: { email: string; password: string } | undefined;

/** A case admin of its own, for calls that end or change its sign-ins (never the callers'). */
async function throwawayCaseAdmin(w: World): Promise<{ id: number; token: string }> {
  const credentials = { email: `throwaway-${unique()}@example.test`, password: 'correct horse battery' };
  const { id } = await upsertCaseAdmin(w.t.db, credentials.email, credentials.password);
  const login = await w.t.app.inject({ method: 'POST', url: '/api/caseadmin/login', payload: credentials });
  return { id, token: login.json<{ token: string }>().token };
}

/** The token of an emailed link, issued as the "Forgot password?" or sign-up email would. */
const linkToken = (w: World, purpose: Parameters<typeof issueOneTimeToken>[1], accountId: string | number) =>
  issueOneTimeToken(w.t.db, purpose, String(accountId), w.t.clock.now(), 3600);

export const routeTable: RouteEntry[] = [
  // ---- platform
  {
    route: 'GET /api/docs',
    access: 'public',
    area: 'platform',
    build: (w, _c, h) => json(w, 'GET', '/api/docs', h),
    ok: 200,
  },
  {
    route: 'GET /api/config',
    access: 'public',
    area: 'platform',
    build: (w, _c, h) => json(w, 'GET', '/api/config', h),
    ok: 200,
  },
  {
    route: 'GET /.well-known/jwks.json',
    access: 'public',
    area: 'platform',
    build: (w, _c, h) => json(w, 'GET', '/.well-known/jwks.json', h),
    ok: 200,
  },
  {
    route: 'GET /healthz',
    access: 'public',
    area: 'platform',
    build: (w, _c, h) => json(w, 'GET', '/healthz', h),
    ok: 200,
  },
  {
    route: 'GET /readyz',
    access: 'public',
    area: 'platform',
    build: (w, _c, h) => json(w, 'GET', '/readyz', h),
    ok: 200,
  },

  // ---- cases
  {
    route: 'GET /api/progress',
    access: 'public',
    area: 'cases',
    build: (w, _c, h) =>
      json(
        w,
        'GET',
        `/api/progress?caseNumber=${w.someCase.case_number}&passportNumber=${w.someCase.passport_number}`,
        h,
      ),
    ok: 200,
  },
  {
    route: 'POST /api/progress/subscribe',
    access: 'public',
    area: 'cases',
    build: (w, _c, h) =>
      json(w, 'POST', '/api/progress/subscribe', h, {
        caseNumber: w.someCase.case_number,
        passportNumber: w.someCase.passport_number,
        email: `s-${unique()}@example.test`,
      }),
    ok: 202,
  },
  // The applicant's routes: the session cookie comes with the request (made for it), so whoever else calls is irrelevant.
  {
    route: 'POST /api/applicant/access',
    access: 'public',
    area: 'cases',
    build: (w, _c, h) =>
      json(w, 'POST', '/api/applicant/access', h, {
        caseNumber: w.someCase.case_number,
        passportNumber: w.someCase.passport_number,
      }),
    ok: 202,
  },
  {
    route: 'POST /api/applicant/session',
    access: 'public',
    area: 'cases',
    build: async (w, _c, h) =>
      json(w, 'POST', '/api/applicant/session', h, { token: await linkToken(w, 'applicant-access', w.someCase.id) }),
    ok: 204,
  },
  {
    route: 'POST /api/applicant/logout',
    access: 'public',
    area: 'cases',
    build: async (w, _c, h) =>
      json(w, 'POST', '/api/applicant/logout', withApplicantCookie(h, (await applicantOfNewCase(w)).cookie)),
    ok: 204,
  },
  {
    route: 'GET /api/applicant/case',
    access: 'public',
    area: 'cases',
    build: async (w, _c, h) =>
      json(w, 'GET', '/api/applicant/case', withApplicantCookie(h, (await applicantOfNewCase(w)).cookie)),
    ok: 200,
  },
  {
    route: 'PUT /api/applicant/licences/:param/profile',
    access: 'public',
    area: 'cases',
    build: async (w, _c, h) => {
      const { cookie, licenceId } = await applicantWithLicence(w);
      return json(w, 'PUT', `/api/applicant/licences/${licenceId}/profile`, withApplicantCookie(h, cookie), {
        show: false,
      });
    },
    ok: 200,
  },
  {
    route: 'PUT /api/applicant/readiness-sharing',
    access: 'public',
    area: 'cases',
    build: async (w, _c, h) =>
      json(w, 'PUT', '/api/applicant/readiness-sharing', withApplicantCookie(h, (await applicantOfNewCase(w)).cookie), {
        share: true,
      }),
    ok: 200,
  },
  {
    route: 'GET /api/applicant/journey',
    access: 'public',
    area: 'cases',
    build: async (w, _c, h) =>
      json(w, 'GET', '/api/applicant/journey', withApplicantCookie(h, (await applicantOfNewCase(w)).cookie)),
    ok: 200,
  },
  {
    route: 'GET /api/applicant/links',
    access: 'public',
    area: 'cases',
    build: async (w, _c, h) =>
      json(w, 'GET', '/api/applicant/links', withApplicantCookie(h, (await applicantOfNewCase(w)).cookie)),
    ok: 200,
  },
  {
    route: 'POST /api/applicant/links',
    access: 'public',
    area: 'cases',
    build: async (w, _c, h) =>
      json(w, 'POST', '/api/applicant/links', withApplicantCookie(h, (await applicantOfNewCase(w)).cookie), {
        code: await linkCodeFor(w),
      }),
    ok: 200,
  },
  {
    route: 'POST /api/applicant/links/codes',
    access: 'public',
    area: 'cases',
    build: async (w, _c, h) =>
      json(w, 'POST', '/api/applicant/links/codes', withApplicantCookie(h, (await applicantOfNewCase(w)).cookie)),
    ok: 201,
  },
  {
    route: 'DELETE /api/applicant/links/:param/:param',
    access: 'public',
    area: 'cases',
    build: async (w, _c, h) =>
      unlinkRequest(w, withApplicantCookie(h, (await applicantOfNewCase(w)).cookie), '/api/applicant/links'),
    ok: 204,
  },
  {
    route: 'POST /api/applicant/documents/:param',
    access: 'public',
    area: 'cases',
    build: async (w, _c, h) => {
      const { cookie, documentId } = await applicantOfNewCase(w);
      const form = multipartBody([{ name: 'file', filename: 'passport.png', contentType: 'image/png', data: tinyPng }]);
      return {
        method: 'POST',
        url: `/api/applicant/documents/${documentId}`,
        headers: { ...withApplicantCookie(h, cookie), ...form.headers },
        payload: form.payload,
      };
    },
    ok: 201,
  },
  {
    route: 'POST /api/progress/subscribe/confirm',
    access: 'public',
    area: 'cases',
    build: async (w, _c, h) =>
      json(w, 'POST', '/api/progress/subscribe/confirm', h, { token: await confirmationToken(w) }),
    ok: 200,
  },
  {
    route: 'POST /api/progress/unsubscribe',
    access: 'public',
    area: 'cases',
    build: async (w, _c, h) => json(w, 'POST', '/api/progress/unsubscribe', h, { token: await unsubscribeToken(w) }),
    ok: 200,
  },
  // The tracker's form before (or without) its JavaScript: form-encoded, answered with the tracker page.
  {
    route: 'POST /casetracking',
    access: 'public',
    area: 'cases',
    build: (w, _c, h) => ({
      method: 'POST',
      url: '/casetracking',
      headers: { ...h, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        caseNumber: w.someCase.case_number,
        passportNumber: w.someCase.passport_number,
      }).toString(),
    }),
    ok: 200,
  },
  // A mail provider's one-click unsubscribe (RFC 8058): no cookie, no Origin; the token says whose emails stop.
  {
    route: 'POST /casetracking/unsubscribe',
    access: 'public',
    area: 'cases',
    build: async (w, _c, h) => ({
      method: 'POST',
      url: `/casetracking/unsubscribe?token=${await unsubscribeToken(w)}`,
      headers: { ...h, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    }),
    ok: 200,
  },
  {
    route: 'POST /api/caseadmin/login',
    access: 'public',
    area: 'cases',
    build: async (w, _c, h) => {
      spareCaseAdmin ??= { email: `spare-${unique()}@example.test`, password: 'correct horse battery' };
      await upsertCaseAdmin(w.t.db, spareCaseAdmin.email, spareCaseAdmin.password);
      return json(w, 'POST', '/api/caseadmin/login', h, spareCaseAdmin);
    },
    ok: 200,
  },
  {
    route: 'POST /api/caseadmin/password-reset',
    access: 'public',
    area: 'cases',
    build: (w, _c, h) => json(w, 'POST', '/api/caseadmin/password-reset', h, { email: w.caseAdmin.email }),
    ok: 202,
  },
  {
    route: 'POST /api/caseadmin/password-reset/confirm',
    access: 'public',
    area: 'cases',
    build: async (w, _c, h) => {
      const { id } = await throwawayCaseAdmin(w);
      return json(w, 'POST', '/api/caseadmin/password-reset/confirm', h, {
        token: await linkToken(w, 'caseadmin-password-reset', id),
        password: 'a new password',
      });
    },
    ok: 204,
  },
  {
    route: 'POST /api/caseadmin/logout',
    access: 'case admin',
    area: 'cases',
    // The admin caller signs out a sign-in of another admin, so the other cells keep theirs.
    build: async (w, caller, h) =>
      json(
        w,
        'POST',
        '/api/caseadmin/logout',
        caller === 'case admin' ? { ...h, authorization: `Bearer ${(await throwawayCaseAdmin(w)).token}` } : h,
      ),
    ok: 204,
  },
  {
    route: 'GET /api/caseadmin/dashboard-metrics',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) => json(w, 'GET', '/api/caseadmin/dashboard-metrics', h),
    ok: 200,
  },
  {
    route: 'GET /api/caseadmin/cases',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) => json(w, 'GET', '/api/caseadmin/cases?status=In%20Progress&page=1', h),
    ok: 200,
  },
  {
    route: 'POST /api/caseadmin/cases',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) =>
      json(w, 'POST', '/api/caseadmin/cases', h, {
        case_number: `ATK-${unique()}`,
        passport_number: 'P1',
        client_name: 'Client',
        serviceIds: [],
      }),
    ok: 201,
  },
  {
    route: 'POST /api/caseadmin/cases/import',
    access: 'case admin',
    area: 'cases',
    build: (_w, _c, h) => ({
      method: 'POST',
      url: '/api/caseadmin/cases/import',
      headers: { ...h, 'content-type': 'text/csv' },
      payload: `case_number,passport_number,client_name,client_email,services\nIMP-${unique()},P1,Client,,1\n`,
    }),
    ok: 200,
  },
  {
    route: 'GET /api/caseadmin/cases/export',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) => json(w, 'GET', '/api/caseadmin/cases/export?status=Under%20Review&sortBy=case_number', h),
    ok: 200,
  },
  {
    route: 'POST /api/caseadmin/cases/bulk-step',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) =>
      json(w, 'POST', '/api/caseadmin/cases/bulk-step', h, {
        caseIds: [w.someCase.id],
        serviceId: w.service.id,
        newStep: 'Filed',
      }),
    ok: 200,
  },
  {
    route: 'GET /api/caseadmin/cases/same-passport',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) => json(w, 'GET', '/api/caseadmin/cases/same-passport?passportNumber=P%201', h),
    ok: 200,
  },
  {
    route: 'GET /api/caseadmin/me',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) => json(w, 'GET', '/api/caseadmin/me', h),
    ok: 200,
  },
  {
    route: 'PATCH /api/caseadmin/me',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) => json(w, 'PATCH', '/api/caseadmin/me', h, { name: 'Leila Haddad' }),
    ok: 200,
  },
  {
    route: 'GET /api/caseadmin/cases/:param',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) => json(w, 'GET', `/api/caseadmin/cases/${w.someCase.id}`, h),
    ok: 200,
  },
  {
    route: 'GET /api/caseadmin/cases/:param/notes',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) => json(w, 'GET', `/api/caseadmin/cases/${w.someCase.id}/notes`, h),
    ok: 200,
  },
  {
    route: 'POST /api/caseadmin/cases/:param/notes',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) =>
      json(w, 'POST', `/api/caseadmin/cases/${w.someCase.id}/notes`, h, { body: `Called the client ${unique()}` }),
    ok: 201,
  },
  {
    route: 'GET /api/caseadmin/cases/:param/licences',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) => json(w, 'GET', `/api/caseadmin/cases/${w.someCase.id}/licences`, h),
    ok: 200,
  },
  {
    route: 'POST /api/caseadmin/cases/:param/licences',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) =>
      json(w, 'POST', `/api/caseadmin/cases/${w.someCase.id}/licences`, h, {
        authority: 'MOH',
        licenceType: 'Physiotherapist',
        licenceNumber: `PT-${unique()}`,
        issuedOn: '2026-01-01',
        expiresOn: '2027-01-01',
      }),
    ok: 201,
  },
  {
    route: 'POST /api/caseadmin/licences/:param/revoke',
    access: 'case admin',
    area: 'cases',
    build: async (w, _c, h) =>
      json(w, 'POST', `/api/caseadmin/licences/${(await freshLicence(w)).id}/revoke`, h, {
        reason: 'Recorded on the wrong case',
      }),
    ok: 200,
  },
  {
    route: 'GET /api/caseadmin/cases/:param/learner-readiness',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) => json(w, 'GET', `/api/caseadmin/cases/${w.someCase.id}/learner-readiness`, h),
    ok: 200,
  },
  {
    route: 'GET /api/caseadmin/cases/:param/exam-results',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) => json(w, 'GET', `/api/caseadmin/cases/${w.someCase.id}/exam-results`, h),
    ok: 200,
  },
  {
    route: 'POST /api/caseadmin/cases/:param/exam-results',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) =>
      json(w, 'POST', `/api/caseadmin/cases/${w.someCase.id}/exam-results`, h, {
        authority: 'DHA',
        takenOn: '2026-01-10',
        passed: true,
        score: 71,
      }),
    ok: 201,
  },
  {
    route: 'GET /api/credentials/licences/:param',
    access: 'public',
    area: 'cases',
    build: async (w, _c, h) => json(w, 'GET', (await freshLicence(w)).credentialPath, h),
    ok: 200,
  },
  {
    route: 'GET /api/credentials/licences/:param/status',
    access: 'public',
    area: 'cases',
    build: async (w, _c, h) => json(w, 'GET', `${(await freshLicence(w)).credentialPath}/status`, h),
    ok: 200,
  },
  {
    route: 'POST /api/caseadmin/cases/:param/tracker-link',
    access: 'case admin',
    area: 'cases',
    build: async (w, _c, h) => {
      // A case of its own with an applicant email, so the hourly limit of resends is never reached.
      const created = await w.t.app.inject({
        method: 'POST',
        url: '/api/caseadmin/cases',
        headers: w.headersOf('case admin', 'cases'),
        payload: {
          case_number: `TRK-${unique()}`,
          passport_number: 'P',
          client_name: 'C',
          client_email: `trk-${unique()}@example.test`,
          serviceIds: [],
        },
      });
      return json(
        w,
        'POST',
        `/api/caseadmin/cases/${created.json<{ newCase: { id: number } }>().newCase.id}/tracker-link`,
        h,
      );
    },
    ok: 202,
  },
  {
    route: 'GET /api/caseadmin/admins',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) => json(w, 'GET', '/api/caseadmin/admins', h),
    ok: 200,
  },
  {
    route: 'DELETE /api/caseadmin/cases/:param/applicant-sign-ins',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) => json(w, 'DELETE', `/api/caseadmin/cases/${w.someCase.id}/applicant-sign-ins`, h),
    ok: 200,
  },
  {
    route: 'DELETE /api/caseadmin/cases/:param',
    access: 'case admin',
    area: 'cases',
    build: async (w, _c, h) => {
      const created = await w.t.app.inject({
        method: 'POST',
        url: '/api/caseadmin/cases',
        headers: w.headersOf('case admin', 'cases'),
        payload: { case_number: `DEL-${unique()}`, passport_number: 'P', client_name: 'C', serviceIds: [] },
      });
      return json(w, 'DELETE', `/api/caseadmin/cases/${created.json<{ newCase: { id: number } }>().newCase.id}`, h);
    },
    ok: 204,
  },
  {
    route: 'PUT /api/caseadmin/cases/:param/services',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) =>
      json(w, 'PUT', `/api/caseadmin/cases/${w.someCase.id}/services`, h, { serviceIds: [w.service.id] }),
    ok: 200,
  },
  {
    route: 'GET /api/caseadmin/services',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) => json(w, 'GET', '/api/caseadmin/services', h),
    ok: 200,
  },
  {
    route: 'POST /api/caseadmin/services',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) => json(w, 'POST', '/api/caseadmin/services', h, { name: `Service ${unique()}` }),
    ok: 201,
  },
  {
    route: 'DELETE /api/caseadmin/services/:param',
    access: 'case admin',
    area: 'cases',
    build: async (w, _c, h) => {
      const created = await w.t.app.inject({
        method: 'POST',
        url: '/api/caseadmin/services',
        headers: w.headersOf('case admin', 'cases'),
        payload: { name: `Gone ${unique()}` },
      });
      return json(w, 'DELETE', `/api/caseadmin/services/${created.json<{ id: number }>().id}`, h);
    },
    ok: 204,
  },
  {
    route: 'PATCH /api/caseadmin/services/:param',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) =>
      json(w, 'PATCH', `/api/caseadmin/services/${w.service.id}`, h, { translations: { ar: { name: 'خدمة' } } }),
    ok: 200,
  },
  {
    route: 'PUT /api/caseadmin/services/:param/steps/order',
    access: 'case admin',
    area: 'cases',
    build: async (w, _c, h) => {
      // A service of its own: reordering the world's would move its case's steps.
      const admin = w.headersOf('case admin', 'cases');
      const created = await w.t.app.inject({
        method: 'POST',
        url: '/api/caseadmin/services',
        headers: admin,
        payload: { name: `Order ${unique()}` },
      });
      const serviceId = created.json<{ id: number }>().id;
      const stepIds: number[] = [];
      for (const [index, name] of ['First', 'Second'].entries()) {
        const step = await w.t.app.inject({
          method: 'POST',
          url: `/api/caseadmin/services/${serviceId}/steps`,
          headers: admin,
          payload: { name, sequence: index + 1 },
        });
        stepIds.push(step.json<{ id: number }>().id);
      }
      return json(w, 'PUT', `/api/caseadmin/services/${serviceId}/steps/order`, h, { stepIds: stepIds.reverse() });
    },
    ok: 200,
  },
  {
    route: 'GET /api/caseadmin/services/:param/steps',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) => json(w, 'GET', `/api/caseadmin/services/${w.service.id}/steps`, h),
    ok: 200,
  },
  {
    route: 'POST /api/caseadmin/services/:param/steps',
    access: 'case admin',
    area: 'cases',
    build: async (w, _c, h) => {
      const created = await w.t.app.inject({
        method: 'POST',
        url: '/api/caseadmin/services',
        headers: w.headersOf('case admin', 'cases'),
        payload: { name: `Steps ${unique()}` },
      });
      return json(w, 'POST', `/api/caseadmin/services/${created.json<{ id: number }>().id}/steps`, h, {
        name: 'First',
        sequence: 1,
      });
    },
    ok: 201,
  },
  {
    route: 'PATCH /api/caseadmin/steps/:param',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) =>
      json(w, 'PATCH', `/api/caseadmin/steps/${w.service.steps[0]?.id}`, h, {
        description: 'What happens now',
        expected_days: 3,
      }),
    ok: 200,
  },
  {
    route: 'DELETE /api/caseadmin/steps/:param',
    access: 'case admin',
    area: 'cases',
    build: async (w, _c, h) => {
      const admin = w.headersOf('case admin', 'cases');
      const service = await w.t.app.inject({
        method: 'POST',
        url: '/api/caseadmin/services',
        headers: admin,
        payload: { name: `Step host ${unique()}` },
      });
      const step = await w.t.app.inject({
        method: 'POST',
        url: `/api/caseadmin/services/${service.json<{ id: number }>().id}/steps`,
        headers: admin,
        payload: { name: 'Only', sequence: 1 },
      });
      return json(w, 'DELETE', `/api/caseadmin/steps/${step.json<{ id: number }>().id}`, h);
    },
    ok: 204,
  },
  {
    route: 'PUT /api/caseadmin/caseservices/:param/step',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) =>
      json(w, 'PUT', `/api/caseadmin/caseservices/${w.someCase.CaseServices[0]?.id}/step`, h, { newStep: 'Decided' }),
    ok: 200,
  },
  {
    route: 'POST /api/caseadmin/step-changes/:param/undo',
    access: 'case admin',
    area: 'cases',
    build: async (w, _c, h) => {
      // A fresh step change of the case to take back: to the first step, then to the second.
      const admin = w.headersOf('case admin', 'cases');
      const url = `/api/caseadmin/caseservices/${w.someCase.CaseServices[0]?.id}/step`;
      await w.t.app.inject({ method: 'PUT', url, headers: admin, payload: { newStep: 'Filed' } });
      const moved = await w.t.app.inject({ method: 'PUT', url, headers: admin, payload: { newStep: 'Decided' } });
      return json(
        w,
        'POST',
        `/api/caseadmin/step-changes/${moved.json<{ stepChangeId: number }>().stepChangeId}/undo`,
        h,
      );
    },
    ok: 200,
  },
  {
    route: 'POST /api/caseadmin/step-changes/undo',
    access: 'case admin',
    area: 'cases',
    build: async (w, _c, h) => {
      // A fresh bulk move of the case to take back: to the first step, then to the second.
      const admin = w.headersOf('case admin', 'cases');
      const bulk = (newStep: string) =>
        w.t.app.inject({
          method: 'POST',
          url: '/api/caseadmin/cases/bulk-step',
          headers: admin,
          payload: { caseIds: [w.someCase.id], serviceId: w.service.id, newStep },
        });
      await bulk('Filed');
      const moved = await bulk('Decided');
      return json(w, 'POST', '/api/caseadmin/step-changes/undo', h, {
        stepChangeIds: moved.json<{ stepChangeIds: number[] }>().stepChangeIds,
      });
    },
    ok: 200,
  },

  {
    route: 'GET /api/caseadmin/services/:param/documents',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) => json(w, 'GET', `/api/caseadmin/services/${w.service.id}/documents`, h),
    ok: 200,
  },
  {
    route: 'POST /api/caseadmin/services/:param/documents',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) =>
      json(w, 'POST', `/api/caseadmin/services/${w.service.id}/documents`, h, { name: `Document ${unique()}` }),
    ok: 201,
  },
  {
    route: 'PATCH /api/caseadmin/service-documents/:param',
    access: 'case admin',
    area: 'cases',
    build: async (w, _c, h) =>
      json(w, 'PATCH', `/api/caseadmin/service-documents/${(await sentCaseDocument(w)).documentId}`, h, {
        required: false,
      }),
    ok: 200,
  },
  {
    route: 'DELETE /api/caseadmin/service-documents/:param',
    access: 'case admin',
    area: 'cases',
    build: async (w, _c, h) => {
      const created = await w.t.app.inject({
        method: 'POST',
        url: `/api/caseadmin/services/${w.service.id}/documents`,
        headers: w.headersOf('case admin', 'cases'),
        payload: { name: `Gone ${unique()}` },
      });
      return json(w, 'DELETE', `/api/caseadmin/service-documents/${created.json<{ id: number }>().id}`, h);
    },
    ok: 204,
  },
  {
    route: 'GET /api/caseadmin/documents',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) => json(w, 'GET', '/api/caseadmin/documents?page=1', h),
    ok: 200,
  },
  {
    route: 'GET /api/caseadmin/documents/:param/file',
    access: 'case admin',
    area: 'cases',
    build: async (w, _c, h) => json(w, 'GET', `/api/caseadmin/documents/${(await sentCaseDocument(w)).sentId}/file`, h),
    ok: 200,
  },
  {
    route: 'POST /api/caseadmin/documents/:param/review',
    access: 'case admin',
    area: 'cases',
    build: async (w, _c, h) =>
      json(w, 'POST', `/api/caseadmin/documents/${(await sentCaseDocument(w)).sentId}/review`, h, {
        decision: 'rejected',
        reason: 'Blurred',
      }),
    ok: 200,
  },
  {
    route: 'POST /api/caseadmin/documents/:param/reopen',
    access: 'case admin',
    area: 'cases',
    build: async (w, _c, h) => {
      const { sentId } = await sentCaseDocument(w);
      await w.t.app.inject({
        method: 'POST',
        url: `/api/caseadmin/documents/${sentId}/review`,
        headers: w.headersOf('case admin', 'cases'),
        payload: { decision: 'accepted' },
      });
      return json(w, 'POST', `/api/caseadmin/documents/${sentId}/reopen`, h);
    },
    ok: 200,
  },
  {
    route: 'GET /api/caseadmin/refusal-reasons',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) => json(w, 'GET', '/api/caseadmin/refusal-reasons', h),
    ok: 200,
  },
  {
    route: 'POST /api/caseadmin/refusal-reasons',
    access: 'case admin',
    area: 'cases',
    build: (w, _c, h) =>
      json(w, 'POST', '/api/caseadmin/refusal-reasons', h, {
        text: `The stamp is missing ${unique()}`,
        translations: { ar: { name: 'الختم غير موجود' } },
      }),
    ok: 201,
  },
  {
    route: 'PATCH /api/caseadmin/refusal-reasons/:param',
    access: 'case admin',
    area: 'cases',
    build: async (w, _c, h) =>
      json(w, 'PATCH', `/api/caseadmin/refusal-reasons/${await newRefusalReason(w)}`, h, {
        translations: { hi: { name: 'मुहर नहीं है' } },
      }),
    ok: 200,
  },
  {
    route: 'DELETE /api/caseadmin/refusal-reasons/:param',
    access: 'case admin',
    area: 'cases',
    build: async (w, _c, h) => json(w, 'DELETE', `/api/caseadmin/refusal-reasons/${await newRefusalReason(w)}`, h),
    ok: 204,
  },
  {
    route: 'POST /api/caseadmin/cases/:param/documents/:param',
    access: 'case admin',
    area: 'cases',
    build: async (w, _c, h) => {
      const { caseId, documentId } = await sentCaseDocument(w);
      const form = multipartBody([{ name: 'file', filename: 'passport.png', contentType: 'image/png', data: tinyPng }]);
      return {
        method: 'POST',
        url: `/api/caseadmin/cases/${caseId}/documents/${documentId}`,
        headers: { ...h, ...form.headers },
        payload: form.payload,
      };
    },
    ok: 201,
  },

  // ---- LMS
  {
    route: 'POST /auth/register',
    access: 'public',
    area: 'lms',
    build: (w, _c, h) =>
      json(w, 'POST', '/auth/register', h, {
        username: `new_${unique()}`,
        password: 'long enough',
        profession: 'dentist',
      }),
    ok: 201,
  },
  {
    route: 'GET /auth/professions',
    access: 'public',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/auth/professions', h),
    ok: 200,
  },
  {
    route: 'POST /auth/login',
    access: 'public',
    area: 'lms',
    build: (w, _c, h) =>
      json(w, 'POST', '/auth/login', h, { username: w.otherLearner.username, password: w.otherLearner.password }),
    ok: 200,
  },
  {
    route: 'POST /auth/logout',
    access: 'LMS user',
    area: 'lms',
    // Admitted callers sign out a fresh learner of their own, so the other cells keep their tokens.
    build: async (w, caller, h) =>
      json(
        w,
        'POST',
        '/auth/logout',
        caller === 'LMS user' || caller === 'LMS admin'
          ? { ...h, authorization: `Bearer ${(await registerLearner(w.t)).token}` }
          : h,
      ),
    ok: 204,
  },
  {
    route: 'POST /auth/password-reset',
    access: 'public',
    area: 'lms',
    build: (w, _c, h) => json(w, 'POST', '/auth/password-reset', h, { email: `nobody-${unique()}@example.test` }),
    ok: 202,
  },
  {
    route: 'POST /auth/password-reset/confirm',
    access: 'public',
    area: 'lms',
    build: async (w, _c, h) => {
      const learner = await registerLearner(w.t);
      return json(w, 'POST', '/auth/password-reset/confirm', h, {
        token: await linkToken(w, 'lms-password-reset', learner.id),
        password: 'a new password',
      });
    },
    ok: 204,
  },
  {
    route: 'GET /user/exam/questions',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/user/exam/questions', h),
    ok: 200,
  },
  {
    route: 'POST /user/exam/auto-save',
    access: 'LMS user',
    area: 'lms',
    build: async (w, _c, h) =>
      json(w, 'POST', '/user/exam/auto-save', h, {
        questionId: await currentQuestionId(w, h),
        userAnswer: 'draft',
        timer: 100,
      }),
    ok: 200,
  },
  {
    route: 'POST /user/exam/submit',
    access: 'LMS user',
    area: 'lms',
    build: async (w, _c, h) =>
      json(w, 'POST', '/user/exam/submit', h, { questionId: await currentQuestionId(w, h), userAnswer: 'Right' }),
    ok: 200,
  },
  {
    route: 'POST /user/exam/events',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'POST', '/user/exam/events', h, { event: 'copy' }),
    ok: 201,
  },
  {
    route: 'GET /user/exam/summary',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/user/exam/summary', h),
    ok: 200,
  },
  {
    route: 'POST /user/exam/finish',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'POST', '/user/exam/finish', h),
    ok: 200,
  },
  {
    route: 'POST /user/exam/attempts',
    access: 'LMS user',
    area: 'lms',
    build: async (w, _c, h) => {
      // A retake needs the previous attempt finished (a 409 when there is none is fine).
      await w.t.app.inject({ method: 'POST', url: '/user/exam/finish', headers: h });
      return json(w, 'POST', '/user/exam/attempts', h);
    },
    ok: 201,
  },
  {
    route: 'GET /user/exam/attempts',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/user/exam/attempts?page=1', h),
    ok: 200,
  },
  {
    route: 'GET /user/exam/attempts/:param/review',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/user/exam/attempts/2147483647/review', h),
    ok: 404,
  },
  {
    route: 'POST /user/exam/attempts/:param/finish',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'POST', '/user/exam/attempts/2147483647/finish', h),
    ok: 404,
  },
  {
    route: 'PUT /user/exam/attempts/:param/flags',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'PUT', '/user/exam/attempts/2147483647/flags', h, { questionId: 1, flagged: true }),
    ok: 409,
  },
  {
    route: 'GET /user/exam/attempts/:param/form',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/user/exam/attempts/2147483647/form', h),
    ok: 409,
  },
  {
    route: 'POST /user/exam/attempts/:param/pause',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'POST', '/user/exam/attempts/2147483647/pause', h, { kind: 'pause' }),
    ok: 409,
  },
  {
    route: 'POST /user/exam/attempts/:param/resume',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'POST', '/user/exam/attempts/2147483647/resume', h),
    ok: 409,
  },
  {
    route: 'GET /user/exam/upcoming',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/user/exam/upcoming', h),
    ok: 200,
  },
  {
    route: 'GET /user/courses',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/user/courses', h),
    ok: 200,
  },
  {
    route: 'GET /user/courses/recent',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/user/courses/recent', h),
    ok: 200,
  },
  {
    route: 'GET /user/courses/:param',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', `/user/courses/${w.courseId}`, h),
    ok: 200,
  },
  {
    route: 'PUT /user/courses/:param/progress',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'PUT', `/user/courses/${w.courseId}/progress`, h, { section: 0, completed: true }),
    ok: 200,
  },
  {
    route: 'GET /user/journey',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/user/journey', h),
    ok: { default: 200, 'LMS admin': 403 },
  },
  {
    route: 'GET /user/links',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/user/links', h),
    ok: { default: 200, 'LMS admin': 403 },
  },
  {
    route: 'POST /user/links',
    access: 'LMS user',
    area: 'lms',
    build: async (w, _c, h) => json(w, 'POST', '/user/links', h, { code: await linkCodeFor(w) }),
    ok: { default: 200, 'LMS admin': 403 },
  },
  {
    route: 'POST /user/links/codes',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'POST', '/user/links/codes', h),
    ok: { default: 201, 'LMS admin': 403 },
  },
  {
    route: 'DELETE /user/links/:param/:param',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => unlinkRequest(w, h, '/user/links'),
    ok: { default: 204, 'LMS admin': 403 },
  },
  {
    route: 'GET /user/readiness',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/user/readiness', h),
    ok: 200,
  },
  {
    route: 'GET /user/reviews',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/user/reviews', h),
    ok: 200,
  },
  {
    route: 'PUT /user/exam-date',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'PUT', '/user/exam-date', h, { examDate: '2099-06-01' }),
    ok: 200,
  },
  {
    route: 'GET /user/progress',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/user/progress', h),
    ok: 200,
  },
  {
    route: 'GET /user/achievements',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/user/achievements', h),
    ok: 200,
  },
  {
    route: 'GET /user/profile',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/user/profile', h),
    ok: 200,
  },
  {
    route: 'GET /exam-questions',
    access: 'LMS admin',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/exam-questions?page=1&profession=nurse', h),
    ok: 200,
  },
  {
    route: 'POST /exam-questions',
    access: 'LMS admin',
    area: 'lms',
    build: (w, _c, h) => json(w, 'POST', '/exam-questions', h, questionBody({ profession: 'dentist' })),
    ok: 201,
  },
  {
    route: 'POST /exam-questions/import',
    access: 'LMS admin',
    area: 'lms',
    build: (w, _c, h) => ({
      method: 'POST',
      url: '/exam-questions/import',
      headers: { ...h, 'content-type': 'text/csv' },
      payload: `question,question_type,options,correct_answer,explanation,profession,difficulty\nImported ${unique()}?,essay,,Model,Why,dentist,easy\n`,
    }),
    ok: 200,
  },
  {
    route: 'POST /exam-questions/import/preview',
    access: 'LMS admin',
    area: 'lms',
    build: (_w, _c, h) => ({
      method: 'POST',
      url: '/exam-questions/import/preview?profession=dentist',
      headers: { ...h, 'content-type': 'application/zip' },
      payload: zipFolder('1edtech'),
    }),
    ok: 200,
  },
  {
    route: 'GET /exam-questions/export/qti',
    access: 'LMS admin',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/exam-questions/export/qti?profession=dentist&topic=General', h),
    ok: 200,
  },
  {
    route: 'GET /exam-questions/export',
    access: 'LMS admin',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/exam-questions/export?profession=dentist', h),
    ok: 200,
  },
  {
    route: 'GET /exam-questions/statistics',
    access: 'LMS admin',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/exam-questions/statistics?page=1&profession=nurse', h),
    ok: 200,
  },
  {
    route: 'PUT /exam-questions/:param',
    access: 'LMS admin',
    area: 'lms',
    build: async (w, _c, h) =>
      json(
        w,
        'PUT',
        `/exam-questions/${(await createQuestion(w.t, w.lmsAdmin.headers, { profession: 'dentist' })).id}`,
        h,
        questionBody({ profession: 'dentist' }),
      ),
    ok: 200,
  },
  {
    route: 'DELETE /exam-questions/:param',
    access: 'LMS admin',
    area: 'lms',
    build: async (w, _c, h) =>
      json(
        w,
        'DELETE',
        `/exam-questions/${(await createQuestion(w.t, w.lmsAdmin.headers, { profession: 'dentist' })).id}`,
        h,
      ),
    ok: 204,
  },
  {
    route: 'POST /admin/item-calibration',
    access: 'LMS admin',
    area: 'lms',
    build: (w, _c, h) => json(w, 'POST', '/admin/item-calibration', h, { profession: 'dentist' }),
    ok: 202,
  },
  {
    route: 'GET /admin/exam-settings',
    access: 'LMS admin',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/admin/exam-settings', h),
    ok: 200,
  },
  {
    route: 'PUT /admin/exam-settings',
    access: 'LMS admin',
    area: 'lms',
    build: (w, _c, h) => json(w, 'PUT', '/admin/exam-settings', h, { retakeWaitSeconds: 0 }),
    ok: 200,
  },
  {
    route: 'POST /admin/access-codes',
    access: 'LMS admin',
    area: 'lms',
    build: (w, _c, h) => json(w, 'POST', '/admin/access-codes', h, { count: 1, programs: ['course'] }),
    ok: 201,
  },
  {
    route: 'GET /admin/access-codes',
    access: 'LMS admin',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/admin/access-codes', h),
    ok: 200,
  },
  {
    route: 'POST /user/access-codes/redeem',
    access: 'LMS user',
    area: 'lms',
    build: async (w, _c, h) => {
      const issued = await w.t.app.inject({
        method: 'POST',
        url: '/admin/access-codes',
        headers: w.lmsAdmin.headers,
        payload: { count: 1, programs: ['course'] },
      });
      return json(w, 'POST', '/user/access-codes/redeem', h, { code: issued.json<{ codes: string[] }>().codes[0] });
    },
    ok: 200,
  },
  // The world's learner and admin hold every program, so asking is refused as having them already.
  {
    route: 'POST /user/premium-requests',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'POST', '/user/premium-requests', h, { note: 'Please' }),
    ok: 409,
  },
  {
    route: 'GET /user/premium-requests/latest',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/user/premium-requests/latest', h),
    ok: 200,
  },
  {
    route: 'POST /user/premium-requests/:param/seen',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'POST', '/user/premium-requests/2147483647/seen', h),
    ok: 404,
  },
  {
    route: 'GET /admin/premium-requests',
    access: 'LMS admin',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/admin/premium-requests?status=open', h),
    ok: 200,
  },
  {
    route: 'POST /admin/premium-requests/:param/grant',
    access: 'LMS admin',
    area: 'lms',
    build: async (w, _c, h) => json(w, 'POST', `/admin/premium-requests/${await openPremiumRequest(w)}/grant`, h),
    ok: 200,
  },
  {
    route: 'POST /admin/premium-requests/:param/decline',
    access: 'LMS admin',
    area: 'lms',
    build: async (w, _c, h) => json(w, 'POST', `/admin/premium-requests/${await openPremiumRequest(w)}/decline`, h),
    ok: 200,
  },
  {
    route: 'GET /user/courses/preview',
    access: 'LMS user',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/user/courses/preview', h),
    ok: 200,
  },
  {
    route: 'GET /admin/courses',
    access: 'LMS admin',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/admin/courses', h),
    ok: 200,
  },
  {
    route: 'POST /admin/courses',
    access: 'LMS admin',
    area: 'lms',
    build: (w, _c, h) => json(w, 'POST', '/admin/courses', h, { title: `Course ${unique()}`, profession: 'all' }),
    ok: 201,
  },
  {
    route: 'POST /admin/lesson-images',
    access: 'LMS admin',
    area: 'lms',
    build: (_w, _c, h) => {
      const form = multipartBody([{ name: 'image', filename: 'diagram.png', contentType: 'image/png', data: tinyPng }]);
      return { method: 'POST', url: '/admin/lesson-images', headers: { ...h, ...form.headers }, payload: form.payload };
    },
    ok: 201,
  },
  {
    route: 'GET /lesson-images/:param',
    access: 'public',
    area: 'lms',
    build: async (w, _c, h) => {
      const form = multipartBody([{ name: 'image', filename: 'diagram.png', contentType: 'image/png', data: tinyPng }]);
      const saved = await w.t.app.inject({
        method: 'POST',
        url: '/admin/lesson-images',
        headers: { ...w.lmsAdmin.headers, ...form.headers },
        payload: form.payload,
      });
      return json(w, 'GET', saved.json<{ url: string }>().url, h);
    },
    ok: 200,
  },
  {
    route: 'GET /admin/courses/:param',
    access: 'LMS admin',
    area: 'lms',
    build: async (w, _c, h) => {
      const created = await w.t.app.inject({
        method: 'POST',
        url: '/admin/courses',
        headers: w.lmsAdmin.headers,
        payload: { title: `Read ${unique()}`, profession: 'all' },
      });
      return json(w, 'GET', `/admin/courses/${created.json<{ id: number }>().id}`, h);
    },
    ok: 200,
  },
  {
    route: 'PUT /admin/courses/:param',
    access: 'LMS admin',
    area: 'lms',
    build: async (w, _c, h) => {
      const created = await w.t.app.inject({
        method: 'POST',
        url: '/admin/courses',
        headers: w.lmsAdmin.headers,
        payload: { title: `Edited ${unique()}`, profession: 'all' },
      });
      return json(w, 'PUT', `/admin/courses/${created.json<{ id: number }>().id}`, h, {
        title: `Edited ${unique()}`,
        profession: 'nurse',
      });
    },
    ok: 200,
  },
  ...(['publish', 'unpublish'] as const).map((action): RouteEntry => ({
    route: `POST /admin/courses/:param/${action}`,
    access: 'LMS admin',
    area: 'lms',
    build: async (w, _c, h) => {
      const created = await w.t.app.inject({
        method: 'POST',
        url: '/admin/courses',
        headers: w.lmsAdmin.headers,
        payload: { title: `Draft ${unique()}`, profession: 'all' },
      });
      return json(w, 'POST', `/admin/courses/${created.json<{ id: number }>().id}/${action}`, h);
    },
    ok: 200,
  })),
  {
    route: 'DELETE /admin/courses/:param',
    access: 'LMS admin',
    area: 'lms',
    build: async (w, _c, h) => {
      const created = await w.t.app.inject({
        method: 'POST',
        url: '/admin/courses',
        headers: w.lmsAdmin.headers,
        payload: { title: `Gone ${unique()}`, profession: 'all' },
      });
      return json(w, 'DELETE', `/admin/courses/${created.json<{ id: number }>().id}`, h);
    },
    ok: 204,
  },
  {
    route: 'GET /admin/account-actions',
    access: 'LMS admin',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/admin/account-actions', h),
    ok: 200,
  },
  {
    route: 'GET /admin/exam-logs',
    access: 'LMS admin',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/admin/exam-logs', h),
    ok: 200,
  },
  {
    route: 'GET /admin/users',
    access: 'LMS admin',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/admin/users?search=learner', h),
    ok: 200,
  },
  {
    route: 'GET /admin/users/:param/accommodation',
    access: 'LMS admin',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/admin/users/2147483647/accommodation', h),
    ok: 404,
  },
  {
    route: 'PUT /admin/users/:param/accommodation',
    access: 'LMS admin',
    area: 'lms',
    build: (w, _c, h) => json(w, 'PUT', '/admin/users/2147483647/accommodation', h, { timeMultiplier: 1.5 }),
    ok: 404,
  },
  {
    route: 'PUT /admin/users/:param/programs',
    access: 'LMS admin',
    area: 'lms',
    build: async (w, _c, h) =>
      json(w, 'PUT', `/admin/users/${(await registerLearner(w.t)).id}/programs`, h, { allowed_programs: ['course'] }),
    ok: 200,
  },
  {
    route: 'PUT /admin/users/:param/password',
    access: 'LMS admin',
    area: 'lms',
    build: async (w, _c, h) =>
      json(w, 'PUT', `/admin/users/${(await registerLearner(w.t)).id}/password`, h, { password: 'set by an admin' }),
    ok: 204,
  },
  {
    route: 'GET /admin/essays',
    access: 'LMS admin',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/admin/essays', h),
    ok: 200,
  },
  // No essay answer exists: an admitted admin reaches the lookup and gets its 404.
  {
    route: 'PUT /admin/essays/:param',
    access: 'LMS admin',
    area: 'lms',
    build: (w, _c, h) => json(w, 'PUT', '/admin/essays/2147483647', h, { correct: true }),
    ok: 404,
  },
  {
    route: 'GET /admin/upcoming-exams',
    access: 'LMS admin',
    area: 'lms',
    build: (w, _c, h) => json(w, 'GET', '/admin/upcoming-exams', h),
    ok: 200,
  },
  {
    route: 'POST /admin/upcoming-exams',
    access: 'LMS admin',
    area: 'lms',
    build: (w, _c, h) =>
      json(w, 'POST', '/admin/upcoming-exams', h, { title: 'Licensing', exam_date: '2030-01-01', exam_time: '09:00' }),
    ok: 201,
  },
  {
    route: 'DELETE /admin/upcoming-exams/:param',
    access: 'LMS admin',
    area: 'lms',
    build: async (w, _c, h) => {
      const created = await w.t.app.inject({
        method: 'POST',
        url: '/admin/upcoming-exams',
        headers: w.lmsAdmin.headers,
        payload: { title: 'Gone', exam_date: '2030-01-01', exam_time: '09:00' },
      });
      return json(w, 'DELETE', `/admin/upcoming-exams/${created.json<{ id: number }>().id}`, h);
    },
    ok: 204,
  },

  // ---- network
  {
    route: 'POST /api/network/auth/sign-up',
    access: 'public',
    area: 'network',
    build: (w, _c, h) =>
      json(w, 'POST', '/api/network/auth/sign-up', h, {
        email: `new-${unique()}@example.test`,
        password: 'long enough',
      }),
    ok: 202,
  },
  {
    route: 'POST /api/network/auth/verify-email',
    access: 'public',
    area: 'network',
    build: async (w, _c, h) => {
      const someone = await signUpMember(w.t, { complete: false });
      // The sign-up's verification email issues its own link when its job runs, which would replace this one.
      await mailQueueSettled(w.t);
      return json(w, 'POST', '/api/network/auth/verify-email', h, {
        token: await linkToken(w, 'network-verify-email', someone.user.uid),
      });
    },
    ok: 204,
  },
  {
    route: 'POST /api/network/auth/password-reset',
    access: 'public',
    area: 'network',
    build: (w, _c, h) => json(w, 'POST', '/api/network/auth/password-reset', h, { email: w.otherMember.email }),
    ok: 202,
  },
  {
    route: 'POST /api/network/auth/password-reset/confirm',
    access: 'public',
    area: 'network',
    build: async (w, _c, h) => {
      const someone = await signUpMember(w.t, { complete: false });
      return json(w, 'POST', '/api/network/auth/password-reset/confirm', h, {
        token: await linkToken(w, 'network-password-reset', someone.user.uid),
        password: 'a new password',
      });
    },
    ok: 204,
  },
  {
    route: 'POST /api/network/me/verification-email',
    access: 'member',
    area: 'network',
    // Each member asks once in a minute; the world's members signed up two minutes before.
    build: (w, _c, h) => json(w, 'POST', '/api/network/me/verification-email', h),
    ok: 202,
  },
  {
    route: 'POST /api/network/auth/sign-in',
    access: 'public',
    area: 'network',
    build: async (w, _c, h) => {
      const someone = await signUpMember(w.t, { complete: false });
      return json(w, 'POST', '/api/network/auth/sign-in', h, { email: someone.email, password: someone.password });
    },
    ok: 200,
  },
  {
    route: 'POST /api/network/auth/sign-out',
    access: 'public',
    area: 'network',
    // A member signs out of a session of its own, not the one the other cells use.
    build: async (w, caller, h) => {
      const own = caller === 'member' ? w.member : caller === 'other member' ? w.otherMember : undefined;
      return json(w, 'POST', '/api/network/auth/sign-out', own ? { ...h, cookie: await w.freshSession(own) } : h);
    },
    ok: 204,
  },
  {
    route: 'GET /api/network/me',
    access: 'public',
    area: 'network',
    build: (w, _c, h) => json(w, 'GET', '/api/network/me', h),
    ok: 200,
  },
  // The feed's page: drawn with a member's first posts, the empty page for anyone else (issue 42).
  {
    route: 'GET /Home',
    access: 'public',
    area: 'network',
    build: (w, _c, h) => ({ method: 'GET', url: '/Home', headers: { ...h, accept: 'text/html' } }),
    ok: 200,
  },
  {
    route: 'GET /api/network/auth/oidc/popup.js',
    access: 'public',
    area: 'network',
    build: (w, _c, h) => json(w, 'GET', '/api/network/auth/oidc/popup.js', h),
    ok: 200,
  },
  // No provider is configured here: the popup says so.
  {
    route: 'GET /api/network/auth/oidc/start',
    access: 'public',
    area: 'network',
    build: (w, _c, h) => json(w, 'GET', '/api/network/auth/oidc/start', h),
    ok: 404,
  },
  // Without the flow cookie the callback refuses to go on.
  {
    route: 'GET /api/network/auth/oidc/callback',
    access: 'public',
    area: 'network',
    build: (w, _c, h) => json(w, 'GET', '/api/network/auth/oidc/callback?code=x&state=y', h),
    ok: 400,
  },
  {
    route: 'GET /api/network/me/journey',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'GET', '/api/network/me/journey', h),
    ok: 200,
  },
  {
    route: 'GET /api/network/me/links',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'GET', '/api/network/me/links', h),
    ok: 200,
  },
  {
    route: 'POST /api/network/me/links',
    access: 'member',
    area: 'network',
    build: async (w, _c, h) => json(w, 'POST', '/api/network/me/links', h, { code: await linkCodeFor(w) }),
    ok: 200,
  },
  {
    route: 'POST /api/network/me/links/codes',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'POST', '/api/network/me/links/codes', h),
    ok: 201,
  },
  {
    route: 'DELETE /api/network/me/links/:param/:param',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => unlinkRequest(w, h, '/api/network/me/links'),
    ok: 204,
  },
  {
    route: 'PUT /api/network/me/profile',
    access: 'member',
    area: 'network',
    build: (w, _c, h) =>
      json(w, 'PUT', '/api/network/me/profile', h, { username: `u_${unique()}`, displayName: 'Renamed' }),
    ok: 200,
  },
  {
    route: 'POST /api/network/me/photo',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => {
      const form = multipartBody([{ name: 'photo', filename: 'me.png', contentType: 'image/png', data: tinyPng }]);
      return {
        method: 'POST',
        url: '/api/network/me/photo',
        headers: { ...h, ...form.headers },
        payload: form.payload,
      };
    },
    ok: 200,
  },
  {
    route: 'GET /api/network/me/settings',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'GET', '/api/network/me/settings', h),
    ok: 200,
  },
  {
    route: 'GET /api/network/me/email-digest',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'GET', '/api/network/me/email-digest', h),
    ok: 200,
  },
  {
    route: 'PUT /api/network/me/email-digest',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'PUT', '/api/network/me/email-digest', h, { enabled: false }),
    ok: 200,
  },
  {
    route: 'GET /api/network/members',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'GET', '/api/network/members?q=a', h),
    ok: 200,
  },
  // The emailed link works signed out; a token that is not one the app made is refused.
  {
    route: 'POST /notifications/digest/unsubscribe',
    access: 'public',
    area: 'network',
    build: (_w, _c, h) => ({
      method: 'POST',
      url: '/notifications/digest/unsubscribe?token=not-a-real-token',
      headers: { ...h, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    }),
    ok: 400,
  },
  {
    route: 'POST /api/network/email-digest/unsubscribe',
    access: 'public',
    area: 'network',
    build: (w, _c, h) => json(w, 'POST', '/api/network/email-digest/unsubscribe', h, { token: 'not-a-real-token' }),
    ok: 400,
  },
  {
    route: 'PUT /api/network/me/password',
    access: 'member',
    area: 'network',
    // The caller's own password, set again: the other cells keep signing in with it.
    build: (w, caller, h) => {
      const own = caller === 'other member' ? w.otherMember : w.member;
      return json(w, 'PUT', '/api/network/me/password', h, {
        currentPassword: own.password,
        newPassword: own.password,
      });
    },
    ok: 204,
  },
  {
    route: 'POST /api/network/me/sign-out-others',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'POST', '/api/network/me/sign-out-others', h),
    ok: 200,
  },
  {
    route: 'DELETE /api/network/me',
    access: 'member',
    area: 'network',
    // A member deletes an account of its own made for the call, never the one the other cells use.
    build: async (w, caller, h) => {
      if (caller !== 'member' && caller !== 'other member')
        return json(w, 'DELETE', '/api/network/me', h, { password: 'whatever' });
      const own = await signUpMember(w.t);
      return json(
        w,
        'DELETE',
        '/api/network/me',
        { ...h, cookie: await w.freshSession(own) },
        { password: own.password },
      );
    },
    ok: 204,
  },
  {
    route: 'GET /api/network/posts',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'GET', '/api/network/posts', h),
    ok: 200,
  },
  {
    route: 'POST /api/network/posts',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => {
      const form = multipartBody([{ name: 'description', value: 'hello' }]);
      return { method: 'POST', url: '/api/network/posts', headers: { ...h, ...form.headers }, payload: form.payload };
    },
    ok: 201,
  },
  {
    route: 'GET /api/network/posts/:param',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'GET', `/api/network/posts/${w.post.id}`, h),
    ok: 200,
  },
  {
    route: 'DELETE /api/network/posts/:param',
    access: 'member',
    area: 'network',
    // Always a fresh post of `member`: another member may not delete it.
    build: async (w, _c, h) =>
      json(w, 'DELETE', `/api/network/posts/${(await createTextPost(w.t, w.member, 'to delete')).id}`, h),
    ok: { default: 204, 'other member': 403 },
  },
  {
    route: 'GET /api/network/posts/:param/comments',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'GET', `/api/network/posts/${w.post.id}/comments`, h),
    ok: 200,
  },
  {
    route: 'POST /api/network/posts/:param/comments',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'POST', `/api/network/posts/${w.post.id}/comments`, h, { text: 'nice' }),
    ok: 201,
  },
  {
    route: 'PUT /api/network/posts/:param/like',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'PUT', `/api/network/posts/${w.post.id}/like`, h),
    ok: 200,
  },
  {
    route: 'DELETE /api/network/posts/:param/like',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'DELETE', `/api/network/posts/${w.post.id}/like`, h),
    ok: 200,
  },
  {
    route: 'GET /api/network/media/:param',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'GET', w.post.mediaURL, h),
    ok: 200,
  },
  {
    route: 'GET /api/network/members/:param',
    access: 'member',
    area: 'network',
    // The profile route above renames the members: their username as it is now.
    build: async (w, _c, h) => {
      const { rows } = await w.t.database.pool.query<{ username: string }>(
        'SELECT username FROM network_users WHERE id = $1',
        [w.otherMember.user.uid],
      );
      return json(w, 'GET', `/api/network/members/${rows[0]?.username ?? 'missing'}`, h);
    },
    ok: 200,
  },
  {
    route: 'GET /api/network/search',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'GET', '/api/network/search?q=picture', h),
    ok: 200,
  },
  {
    route: 'GET /api/network/notifications',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'GET', '/api/network/notifications', h),
    ok: 200,
  },
  {
    route: 'POST /api/network/notifications/read',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'POST', '/api/network/notifications/read', h, { all: true }),
    ok: 200,
  },
  {
    route: 'GET /api/network/events',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => ({ ...json(w, 'GET', '/api/network/events', h), stream: true }),
    ok: 200,
  },
  {
    route: 'POST /api/network/posts/:param/reports',
    access: 'member',
    area: 'network',
    // A fresh post by someone else each time: a member reports a post once, and never their own.
    build: async (w, caller, h) =>
      json(
        w,
        'POST',
        `/api/network/posts/${(await createTextPost(w.t, caller === 'member' ? w.otherMember : w.member, 'to report')).id}/reports`,
        h,
        { reason: 'spam' },
      ),
    ok: 201,
  },
  {
    route: 'GET /api/network/me/suspension',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'GET', '/api/network/me/suspension', h),
    ok: 200,
  },
  // Moderators are network admins (a verified address in NETWORK_ADMIN_EMAILS); no caller here is one.
  {
    route: 'GET /api/network/moderation/reports',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'GET', '/api/network/moderation/reports', h),
    ok: 403,
  },
  {
    route: 'POST /api/network/moderation/reports/:param/resolve',
    access: 'member',
    area: 'network',
    build: (w, _c, h) =>
      json(w, 'POST', `/api/network/moderation/reports/${w.post.id}/resolve`, h, { action: 'dismiss' }),
    ok: 403,
  },
  {
    route: 'GET /api/network/moderation/log',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'GET', '/api/network/moderation/log', h),
    ok: 403,
  },
  {
    route: 'GET /api/network/moderation/appeals',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'GET', '/api/network/moderation/appeals', h),
    ok: 403,
  },
  {
    route: 'POST /api/network/moderation/appeals/:param/decide',
    access: 'member',
    area: 'network',
    build: (w, _c, h) =>
      json(w, 'POST', `/api/network/moderation/appeals/${w.post.id}/decide`, h, { change: 'lift', note: 'x' }),
    ok: 403,
  },
  {
    route: 'POST /api/network/moderation/suspensions/:param/change',
    access: 'member',
    area: 'network',
    build: (w, _c, h) =>
      json(w, 'POST', `/api/network/moderation/suspensions/${w.post.id}/change`, h, { change: 'lift', note: 'x' }),
    ok: 403,
  },
  {
    route: 'POST /api/network/moderation/removals/:param/undo',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'POST', `/api/network/moderation/removals/${w.post.id}/undo`, h, { note: 'x' }),
    ok: 403,
  },
  // No caller here is suspended: the appeal is refused as having nothing to appeal.
  {
    route: 'POST /api/network/me/suspension/appeal',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'POST', '/api/network/me/suspension/appeal', h, { text: 'Please' }),
    ok: 409,
  },
  // No removal is the caller's: an id that names none is answered as not found.
  {
    route: 'POST /api/network/me/removals/:param/appeal',
    access: 'member',
    area: 'network',
    build: (w, _c, h) => json(w, 'POST', `/api/network/me/removals/${w.post.id}/appeal`, h, { text: 'Please' }),
    ok: 404,
  },
];

/** Who a route admits, and what the others get: 401 without valid credentials of its area, 403 for a learner on an admin route. */
export function expectedStatus(entry: RouteEntry, caller: Caller): number {
  const ok = typeof entry.ok === 'number' ? entry.ok : (entry.ok[caller] ?? entry.ok.default);
  switch (entry.access) {
    case 'public':
      return ok;
    case 'case admin':
      return caller === 'case admin' ? ok : 401;
    case 'LMS user':
      return caller === 'LMS user' || caller === 'LMS admin' ? ok : 401;
    case 'LMS admin':
      return caller === 'LMS admin' ? ok : caller === 'LMS user' ? 403 : 401;
    case 'member':
      return caller === 'member' || caller === 'other member' ? ok : 401;
  }
}
