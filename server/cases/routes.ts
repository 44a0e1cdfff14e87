import { z } from 'zod';
import {
  adminCase,
  adminLoginBody,
  bulkStepBody,
  bulkStepResponse,
  exportCasesQuery,
  importCasesBody,
  importCasesResponse,
  subscribeBody,
  subscriptionTokenBody,
  updateStepBody,
  adminLoginResponse,
  adminPasswordResetBody,
  adminPasswordResetRequestBody,
  caseAdminSummary,
  caseNote,
  caseNotesQuery,
  CASE_NOTES_PAGE_SIZE,
  createCaseNoteBody,
  caseDetails,
  casesListQuery,
  casesOverview,
  changeStepBody,
  changeStepResponse,
  createCaseBody,
  createCaseResponse,
  createServiceBody,
  createStepBody,
  dashboardMetrics,
  idParams,
  messageResponse,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  progressQuery,
  progressResponse,
  service,
  serviceIdParams,
  step,
  TOTAL_COUNT_ESTIMATED_HEADER,
  TOTAL_COUNT_HEADER,
  undoStepChangesBody,
  updateCaseServicesBody,
} from '../../contracts/cases.js';
import {
  caseDocumentParams,
  checklistItem,
  createServiceDocumentBody,
  reviewDocumentBody,
  REVIEW_QUEUE_PAGE_SIZE,
  reviewQueueItem,
  reviewQueueQuery,
  serviceDocument,
  updateServiceDocumentBody,
} from '../../contracts/case-documents.js';
import multipart from '@fastify/multipart';
import type { PublicConfig } from '../../contracts/platform.js';
import { withErrors, type App, type Area, type AreaDeps } from '../platform/area.js';
import { AppError, errorBody, errorResponses, importErrorResponses } from '../platform/errors.js';
import { createMediaStorage, type MediaStorage } from '../platform/storage.js';
import { createPasswordSignIn } from '../platform/password-sign-in.js';
import { passwordResetRequests } from '../platform/password-reset-requests.js';
import { perMinute } from '../platform/rate-limit.js';
import { assertCurrentVersion, bearerToken } from '../platform/tokens.js';
import {
  authenticateCaseAdmin,
  caseAdminSessionVersion,
  endCaseAdminSessions,
  sendCaseAdminPasswordResetLink,
  resetCaseAdminPassword,
} from './case-admins.js';
import * as caseManagement from './case-management.js';
import { addCaseNote, listCaseNotes } from './case-notes.js';
import { resendTrackerLink } from './tracker-link.js';
import * as documents from './case-documents.js';
import { subscriptionLinkResponse } from '../../contracts/case-applicant.js';
import { requestLanguage } from './applicant-language.js';
import { composeApplicantEmails } from './applicant-access.js';
import { registerApplicantRoutes } from './applicant-routes.js';
import { countOverdueCases, recomputeStepEstimates, STEP_ESTIMATES_QUEUE } from './step-estimates.js';
import { receiveDocument } from './document-upload.js';
import { lookupProgress } from './progress-lookup.js';
import * as catalog from './service-catalog.js';
import { exportCases } from './case-export.js';
import { decodeCsv, importCases } from './case-import.js';
import { CASE_NOTIFICATION_QUEUE, sendPendingNotifications, type NotificationDeps } from './case-notifications.js';
import { caseNotificationDeps } from './notification-wiring.js';
import { bulkChangeStep, changeCurrentStep, undoStepChanges } from './step-changes.js';
import type { ActingAdmin } from './case-events.js';
import { composeTrackerEmails, confirmSubscription, subscribe, unsubscribe } from './tracker-subscriptions.js';

declare module 'fastify' {
  interface FastifyRequest {
    caseAdmin: ActingAdmin | null;
  }
}

const noContent = { 204: z.null().describe('No content') };
const tags = ['cases'];

const CSV_MAX_BYTES = 5 * 1024 * 1024;
const notificationJob = z.object({ caseId: z.number().int() });

/** The acting admin; the admin scope's hook has set it for every route there. */
function actingAdmin(request: { caseAdmin: ActingAdmin | null }): ActingAdmin {
  if (!request.caseAdmin) throw new AppError(401, 'Authentication required');
  return request.caseAdmin;
}

async function registerCasesArea(app: App, deps: AreaDeps): Promise<void> {
  const { db } = deps.database;
  const now = () => deps.clock.now();
  const passwordSignIn = createPasswordSignIn(deps, { area: 'caseadmin', cookiePath: '/api/caseadmin/login' });
  const notify = caseNotificationDeps(deps);
  const storage = createMediaStorage(deps.config.storage, deps.config.dataDir);
  // `short`: one waiting job per case (the singleton key); changes made meanwhile are collected by it.
  await notify.jobs.work(
    CASE_NOTIFICATION_QUEUE,
    async (data) => sendPendingNotifications(db, notify, notificationJob.parse(data).caseId, now()),
    {
      policy: 'short',
    },
  );
  // `short`: one waiting recomputation at a time, however many step changes asked for it.
  await notify.jobs.work(
    STEP_ESTIMATES_QUEUE,
    async () => recomputeStepEstimates(db, deps.config.cases.estimateMinSamples),
    { policy: 'short' },
  );
  composeTrackerEmails(db, notify, now);
  composeApplicantEmails(db, notify, now);
  const requestPasswordReset = passwordResetRequests(deps.mailer, 'caseadmin-password-reset', (email) =>
    sendCaseAdminPasswordResetLink(db, deps, email, now()),
  );
  const lookupLimit = perMinute(deps.config.rateLimits.caseLookupPerMinute);
  // The lookup and the subscription both answer whether a passport number fits a case: one count
  // of such guesses per client, whichever route they come through.
  const passportCheckLimit = perMinute(deps.config.rateLimits.caseLookupPerMinute, 'case-passport-checks');
  const signInLimit = perMinute(deps.config.rateLimits.loginPerMinute);

  app.get(
    '/api/progress',
    {
      config: passportCheckLimit,
      schema: { tags, querystring: progressQuery, response: { 200: progressResponse, ...errorResponses } },
    },
    async (request) => lookupProgress(deps.database.pool, request.query.caseNumber, request.query.passportNumber),
  );

  // "Email me when this changes": needs the passport number, like the lookup, and shares its count.
  app.post(
    '/api/progress/subscribe',
    {
      config: passportCheckLimit,
      schema: { tags, body: subscribeBody, response: { 202: messageResponse, ...errorResponses } },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await subscribe(
            db,
            notify,
            { ...request.body, language: requestLanguage(request.body.language, request.headers['accept-language']) },
            now(),
          ),
        ),
  );
  app.post(
    '/api/progress/subscribe/confirm',
    {
      config: lookupLimit,
      schema: { tags, body: subscriptionTokenBody, response: { 200: subscriptionLinkResponse, ...errorResponses } },
    },
    async (request) => confirmSubscription(db, request.body.token, now()),
  );
  app.post(
    '/api/progress/unsubscribe',
    {
      config: lookupLimit,
      schema: { tags, body: subscriptionTokenBody, response: { 200: subscriptionLinkResponse, ...errorResponses } },
    },
    async (request) => unsubscribe(db, notify, request.body.token, now()),
  );

  await registerApplicantRoutes(app, deps, notify, storage, { passportCheckLimit, lookupLimit });

  app.post(
    '/api/caseadmin/login',
    {
      config: signInLimit,
      schema: { tags, body: adminLoginBody, response: { 200: adminLoginResponse, ...errorResponses } },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const admin = await passwordSignIn.signIn(
        request,
        reply,
        email,
        () => authenticateCaseAdmin(db, email, password),
        'Invalid credentials. Please try again.',
      );
      const token = await deps.tokens.sign(
        { sub: String(admin.id), email: admin.email, ver: admin.sessionVersion },
        'caseadmin',
        deps.config.cases.tokenTtlSeconds,
      );
      return { token };
    },
  );

  app.post(
    '/api/caseadmin/password-reset',
    {
      config: signInLimit,
      schema: {
        tags,
        description: 'Emails a link to set a new password; 202 whether or not the address is an admin',
        body: adminPasswordResetRequestBody,
        response: { 202: messageResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(db, request.body.email);
      return reply.status(202).send({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    },
  );

  app.post(
    '/api/caseadmin/password-reset/confirm',
    {
      config: signInLimit,
      schema: {
        tags,
        description: 'Sets the new password with the emailed token; ends every sign-in of the admin',
        body: adminPasswordResetBody,
        response: { ...noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await resetCaseAdminPassword(db, request.body.token, request.body.password, now());
      return reply.status(204).send(null);
    },
  );

  await app.register(async (admin: App) => {
    admin.decorateRequest('caseAdmin', null);
    // The token is checked against the admin's current session version on every request, so a
    // sign-out, a password change or a deleted admin ends it at once.
    admin.addHook('onRequest', async (request) => {
      const claims = await deps.tokens.verify(bearerToken(request.headers.authorization), 'caseadmin');
      const id = Number(claims.sub);
      assertCurrentVersion(
        claims,
        Number.isSafeInteger(id) ? await caseAdminSessionVersion(deps.database.pool, id) : undefined,
      );
      request.caseAdmin = { id, email: String(claims.email ?? '') };
    });
    admin.post(
      '/api/caseadmin/logout',
      {
        schema: {
          tags,
          description: 'Ends every sign-in of this admin',
          response: { ...noContent, ...errorResponses },
        },
      },
      async (request, reply) => {
        if (request.caseAdmin) await endCaseAdminSessions(db, request.caseAdmin.id);
        return reply.status(204).send(null);
      },
    );
    // Bytes, decoded by us: Fastify's string parser turns bytes that are not UTF-8 into "�" silently.
    admin.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: CSV_MAX_BYTES }, (request, body, done) => {
      try {
        done(
          null,
          decodeCsv(body as Buffer, /charset=\s*"?([\w.:-]+)/i.exec(request.headers['content-type'] ?? '')?.[1]),
        );
      } catch (error) {
        done(error as Error, undefined);
      }
    });
    registerAdminRoutes(admin, deps, notify, now, storage);
    // Only the upload route parses multipart bodies (the plugin's hooks stay out of the other routes).
    await admin.register(async (uploads: App) => {
      await uploads.register(multipart);
      registerAdminUploadRoutes(uploads, deps, now, storage);
    });
  });
}

// 503: the storage is unreachable or unwritable; 507: it is full; 413: the file is over the limit.
const uploadErrors = { ...errorResponses, 413: errorBody, 503: errorBody, 507: errorBody };

function registerAdminUploadRoutes(app: App, deps: AreaDeps, now: () => Date, storage: MediaStorage): void {
  const { db } = deps.database;
  app.post(
    '/api/caseadmin/cases/:id/documents/:documentId',
    {
      schema: {
        tags,
        description:
          'Staff send a document for the case (one received on paper, say): multipart/form-data with one `file` field, a PDF or an image judged by content.',
        params: caseDocumentParams,
        response: { 201: checklistItem, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const file = await receiveDocument(request, {
        maxBytes: deps.config.cases.documentMaxBytes,
        tmpDir: deps.config.uploadTmpDir,
      });
      const item = await documents.saveCaseDocument(db, storage, request.log, {
        caseId: request.params.id,
        documentId: request.params.documentId,
        file,
        actor: actingAdmin(request),
        now: now(),
      });
      return reply.status(201).send(item);
    },
  );
}

/** The list's query as the list's filter: "Overdue" as of now, the owner `me` as the signed-in admin. */
function listFilter<Q extends { overdue?: 'true' | 'false' | undefined; owner?: number | 'me' | 'none' | undefined }>(
  query: Q,
  admin: ActingAdmin,
  at: Date,
) {
  const { overdue, owner, ...rest } = query;
  return {
    ...rest,
    overdueAt: overdue === 'true' ? at : undefined,
    ownerId: owner === undefined ? undefined : owner === 'me' ? admin.id : owner === 'none' ? null : owner,
  };
}

function registerAdminRoutes(
  app: App,
  deps: AreaDeps,
  notify: NotificationDeps,
  now: () => Date,
  storage: MediaStorage,
): void {
  const { db } = deps.database;

  app.get(
    '/api/caseadmin/dashboard-metrics',
    { schema: { tags, response: withErrors({ 200: dashboardMetrics }) } },
    async () => ({
      ...(await caseManagement.dashboardMetrics(db)),
      overdueCases: await countOverdueCases(db, now()),
    }),
  );

  app.get(
    '/api/caseadmin/cases',
    {
      schema: {
        tags,
        description: 'Without query parameters: the dashboard overview. With any: the filtered, sorted, paged list.',
        querystring: casesListQuery,
        response: withErrors({ 200: z.union([casesOverview, z.array(adminCase)]) }),
      },
    },
    async (request, reply) => {
      if (Object.keys(request.query).length === 0) return caseManagement.casesOverview(db);
      const { cases, total, estimated } = await caseManagement.listCases(
        deps.database.pool,
        listFilter(request.query, actingAdmin(request), now()),
      );
      reply.header(TOTAL_COUNT_HEADER, String(total));
      if (estimated) reply.header(TOTAL_COUNT_ESTIMATED_HEADER, 'true');
      return cases;
    },
  );

  app.post(
    '/api/caseadmin/cases',
    { schema: { tags, body: createCaseBody, response: withErrors({ 201: createCaseResponse }) } },
    async (request, reply) => {
      const newCase = await caseManagement.createCase(db, request.body, actingAdmin(request), now(), notify);
      return reply.status(201).send({ message: 'Case created successfully', newCase });
    },
  );

  // Registered before /cases/:id, and matched first anyway: static segments win in find-my-way.
  app.post(
    '/api/caseadmin/cases/import',
    {
      bodyLimit: CSV_MAX_BYTES,
      schema: {
        tags,
        description:
          'text/csv with the columns case_number (optional), passport_number, client_name, client_email, services (names or ids, separated by ;). All or nothing.',
        body: importCasesBody,
        response: { 200: importCasesResponse, ...importErrorResponses },
      },
    },
    async (request) => ({ imported: await importCases(db, request.body, actingAdmin(request), now()) }),
  );

  app.get(
    '/api/caseadmin/cases/export',
    {
      schema: {
        tags,
        description: "The filtered, sorted case list (the list's query parameters) as text/csv.",
        querystring: exportCasesQuery,
        response: withErrors({ 200: z.string() }),
      },
    },
    async (request, reply) => {
      const csv = await exportCases(db, listFilter(request.query, actingAdmin(request), now()));
      const day = now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="cases-${day}.csv"`)
        .send(csv);
    },
  );

  app.post(
    '/api/caseadmin/cases/bulk-step',
    { schema: { tags, body: bulkStepBody, response: withErrors({ 200: bulkStepResponse }) } },
    async (request) => {
      const at = now();
      const stepChangeIds = await bulkChangeStep(db, notify, request.body, actingAdmin(request), at);
      return {
        message: `Moved ${stepChangeIds.length} case(s) to "${request.body.newStep}"`,
        changed: stepChangeIds.length,
        stepChangeIds,
        undoUntil: stepChangeIds.length ? new Date(at.getTime() + notify.undoSeconds * 1000).toISOString() : null,
      };
    },
  );

  app.get(
    '/api/caseadmin/cases/:id',
    { schema: { tags, params: idParams, response: withErrors({ 200: caseDetails }) } },
    async (request) => {
      const details = await caseManagement.caseDetails(db, request.params.id);
      return { ...details, documents: await documents.caseChecklist(db, request.params.id) };
    },
  );

  app.delete(
    '/api/caseadmin/cases/:id',
    { schema: { tags, params: idParams, response: withErrors(noContent) } },
    async (request, reply) => {
      const keys = await documents.caseDocumentKeys(db, request.params.id);
      await caseManagement.deleteCase(db, request.params.id);
      // The applicant's files go with the case (after the commit: storage cannot roll back).
      await documents.removeStoredDocuments(storage, keys, request.log);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/caseadmin/cases/:id/services',
    { schema: { tags, params: idParams, body: updateCaseServicesBody, response: withErrors({ 200: adminCase }) } },
    async (request) =>
      caseManagement.setCaseServices(db, notify, request.params.id, request.body, actingAdmin(request), now()),
  );

  app.get(
    '/api/caseadmin/cases/:id/notes',
    {
      schema: {
        tags,
        description:
          "Staff's internal notes on the case, newest first, paged; the total in X-Total-Count. Never shown to the applicant.",
        params: idParams,
        querystring: caseNotesQuery,
        response: withErrors({ 200: z.array(caseNote) }),
      },
    },
    async (request, reply) => {
      const { items, total } = await listCaseNotes(
        db,
        request.params.id,
        request.query.page ?? 1,
        request.query.pageSize ?? CASE_NOTES_PAGE_SIZE,
      );
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  app.post(
    '/api/caseadmin/cases/:id/notes',
    {
      schema: {
        tags,
        description: 'Adds an internal note to the case (staff only).',
        params: idParams,
        body: createCaseNoteBody,
        response: withErrors({ 201: caseNote }),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addCaseNote(db, request.params.id, request.body.body, actingAdmin(request), now())),
  );

  app.post(
    '/api/caseadmin/cases/:id/tracker-link',
    {
      schema: {
        tags,
        description:
          "Emails the tracker link to the case's applicant email again (at most 3 times an hour per case); recorded in the history.",
        params: idParams,
        response: withErrors({ 202: messageResponse }),
      },
    },
    async (request, reply) => {
      const to = await resendTrackerLink(db, notify, request.params.id, actingAdmin(request), now());
      return reply.status(202).send({ message: `Tracker link sent to ${to}` });
    },
  );

  app.get(
    '/api/caseadmin/admins',
    {
      schema: {
        tags,
        description: 'The case admins, by email (at most 500), for choosing who owns a case.',
        response: withErrors({ 200: z.array(caseAdminSummary) }),
      },
    },
    async () => caseManagement.listCaseAdmins(db),
  );

  app.get('/api/caseadmin/services', { schema: { tags, response: withErrors({ 200: z.array(service) }) } }, async () =>
    catalog.listServices(db),
  );

  app.post(
    '/api/caseadmin/services',
    { schema: { tags, body: createServiceBody, response: withErrors({ 201: service }) } },
    async (request, reply) => reply.status(201).send(await catalog.createService(db, request.body.name)),
  );

  app.delete(
    '/api/caseadmin/services/:id',
    { schema: { tags, params: idParams, response: withErrors(noContent) } },
    async (request, reply) => {
      await catalog.deleteService(db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/caseadmin/services/:serviceId/documents',
    {
      schema: {
        tags,
        description: 'The documents the service needs from applicants.',
        params: serviceIdParams,
        response: withErrors({ 200: z.array(serviceDocument) }),
      },
    },
    async (request) => documents.listServiceDocuments(db, request.params.serviceId),
  );

  app.post(
    '/api/caseadmin/services/:serviceId/documents',
    {
      schema: {
        tags,
        params: serviceIdParams,
        body: createServiceDocumentBody,
        response: withErrors({ 201: serviceDocument }),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await documents.createServiceDocument(db, request.params.serviceId, request.body)),
  );

  app.patch(
    '/api/caseadmin/service-documents/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: updateServiceDocumentBody,
        response: withErrors({ 200: serviceDocument }),
      },
    },
    async (request) => documents.updateServiceDocument(db, request.params.id, request.body),
  );

  app.delete(
    '/api/caseadmin/service-documents/:id',
    { schema: { tags, params: idParams, response: withErrors(noContent) } },
    async (request, reply) => {
      await documents.deleteServiceDocument(db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/caseadmin/documents',
    {
      schema: {
        tags,
        description:
          'The review queue: sent documents awaiting review, oldest first, paged; the total in X-Total-Count.',
        querystring: reviewQueueQuery,
        response: withErrors({ 200: z.array(reviewQueueItem) }),
      },
    },
    async (request, reply) => {
      const { items, total } = await documents.reviewQueue(
        db,
        request.query.page ?? 1,
        request.query.pageSize ?? REVIEW_QUEUE_PAGE_SIZE,
      );
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  app.get(
    '/api/caseadmin/documents/:id/file',
    {
      schema: {
        tags,
        description: 'The sent file (PDF or image).',
        params: idParams,
        response: { 200: z.any(), ...errorResponses, 503: errorBody },
      },
    },
    async (request, reply) => {
      const stored = await documents.storedDocument(db, request.params.id);
      return (
        reply
          .header('content-type', stored.contentType)
          .header('content-length', stored.size)
          .header('content-disposition', `inline; filename="${stored.fileName}"`)
          .header('x-content-type-options', 'nosniff')
          // Personal papers: never kept by a shared cache or the browser's.
          .header('cache-control', 'private, no-store')
          .send(await storage.read(stored.key))
      );
    },
  );

  app.post(
    '/api/caseadmin/documents/:id/review',
    {
      schema: {
        tags,
        description: 'Accept or reject a sent document; a reason is required to reject.',
        params: idParams,
        body: reviewDocumentBody,
        response: withErrors({ 200: checklistItem }),
      },
    },
    async (request) =>
      documents.reviewCaseDocument(db, notify, request.params.id, request.body, actingAdmin(request), now()),
  );

  app.get(
    '/api/caseadmin/services/:id/steps',
    { schema: { tags, params: idParams, response: withErrors({ 200: z.array(step) }) } },
    async (request) => catalog.listSteps(db, request.params.id),
  );

  app.post(
    '/api/caseadmin/services/:serviceId/steps',
    { schema: { tags, params: serviceIdParams, body: createStepBody, response: withErrors({ 201: step }) } },
    async (request, reply) =>
      reply.status(201).send(await catalog.createStep(db, notify, request.params.serviceId, request.body, now())),
  );

  app.patch(
    '/api/caseadmin/steps/:id',
    {
      schema: {
        tags,
        description: "A step's public description and expected days.",
        params: idParams,
        body: updateStepBody,
        response: withErrors({ 200: step }),
      },
    },
    async (request) => catalog.updateStep(db, request.params.id, request.body),
  );

  app.delete(
    '/api/caseadmin/steps/:id',
    { schema: { tags, params: idParams, response: withErrors(noContent) } },
    async (request, reply) => {
      await catalog.deleteStep(db, notify, request.params.id, now());
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/caseadmin/caseservices/:id/step',
    { schema: { tags, params: idParams, body: changeStepBody, response: withErrors({ 200: changeStepResponse }) } },
    async (request) => {
      const { stepChangeId, undoUntil } = await changeCurrentStep(
        db,
        notify,
        request.params.id,
        request.body.newStep,
        actingAdmin(request),
        now(),
        {
          notifyApplicant: request.body.notify ?? true,
        },
      );
      return { message: 'Current step updated!', stepChangeId, undoUntil: undoUntil?.toISOString() ?? null };
    },
  );

  app.post(
    '/api/caseadmin/step-changes/:id/undo',
    {
      schema: {
        tags,
        description:
          'Takes a step change back within CASE_STEP_UNDO_SECONDS of it, withdrawing its email; the history keeps both.',
        params: idParams,
        response: withErrors({ 200: messageResponse }),
      },
    },
    async (request) => {
      await undoStepChanges(db, notify, [request.params.id], actingAdmin(request), now());
      return { message: 'Step change undone' };
    },
  );

  app.post(
    '/api/caseadmin/step-changes/undo',
    {
      schema: {
        tags,
        description:
          "Takes several step changes back together (a bulk move's stepChangeIds), all or nothing, within CASE_STEP_UNDO_SECONDS of them.",
        body: undoStepChangesBody,
        response: withErrors({ 200: messageResponse }),
      },
    },
    async (request) => {
      const undone = await undoStepChanges(db, notify, request.body.stepChangeIds, actingAdmin(request), now());
      return { message: `Undid ${undone} step change(s)` };
    },
  );
}

export const casesArea: Area<Pick<PublicConfig, 'healthAuthorityUrl'>> = {
  register: registerCasesArea,
  publicConfig: (config) => ({ healthAuthorityUrl: config.web.healthAuthorityUrl }),
};
