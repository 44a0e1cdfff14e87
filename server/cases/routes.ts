import { z } from 'zod';
import {
  adminCase,
  adminLoginBody,
  adminLoginResponse,
  adminPasswordResetBody,
  adminPasswordResetRequestBody,
  caseDetails,
  casesListQuery,
  casesOverview,
  changeStepBody,
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
  updateCaseServicesBody,
} from '../../contracts/cases.js';
import type { App, AreaDeps } from '../app.js';
import { AppError, errorResponses } from '../platform/errors.js';
import { perMinute } from '../platform/rate-limit.js';
import { assertCurrentVersion, bearerToken } from '../platform/tokens.js';
import {
  authenticateCaseAdmin,
  caseAdminSessionVersion,
  endCaseAdminSessions,
  requestCaseAdminPasswordReset,
  resetCaseAdminPassword,
} from './case-admins.js';
import * as caseManagement from './case-management.js';
import { lookupProgress } from './progress-lookup.js';
import * as catalog from './service-catalog.js';
import { changeCurrentStep, type ActingAdmin } from './step-changes.js';

declare module 'fastify' {
  interface FastifyRequest {
    caseAdmin: ActingAdmin | null;
  }
}

const noContent = { 204: z.null().describe('No content') };
const tags = ['cases'];

export async function registerCasesArea(app: App, deps: AreaDeps): Promise<void> {
  const { db } = deps.database;
  const now = () => deps.clock.now();

  app.get(
    '/api/progress',
    {
      config: perMinute(deps.config.rateLimits.caseLookupPerMinute),
      schema: { tags, querystring: progressQuery, response: { 200: progressResponse, ...errorResponses } },
    },
    async (request) => lookupProgress(deps.database.pool, request.query.caseNumber, request.query.passportNumber),
  );

  app.post(
    '/api/caseadmin/login',
    {
      config: perMinute(deps.config.rateLimits.loginPerMinute),
      schema: { tags, body: adminLoginBody, response: { 200: adminLoginResponse, ...errorResponses } },
    },
    async (request) => {
      const admin = await authenticateCaseAdmin(db, request.body.email, request.body.password);
      if (!admin) throw new AppError(401, 'Invalid credentials. Please try again.');
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
      config: perMinute(deps.config.rateLimits.loginPerMinute),
      schema: { tags, description: 'Emails a link to set a new password; 202 whether or not the address is an admin', body: adminPasswordResetRequestBody, response: { 202: messageResponse, ...errorResponses } },
    },
    async (request, reply) => {
      await requestCaseAdminPasswordReset(db, deps, request.body.email, now());
      return reply.status(202).send({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    },
  );

  app.post(
    '/api/caseadmin/password-reset/confirm',
    {
      config: perMinute(deps.config.rateLimits.loginPerMinute),
      schema: { tags, description: 'Sets the new password with the emailed token; ends every sign-in of the admin', body: adminPasswordResetBody, response: { ...noContent, ...errorResponses } },
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
      assertCurrentVersion(claims, Number.isSafeInteger(id) ? await caseAdminSessionVersion(db, id) : undefined);
      request.caseAdmin = { id, email: String(claims.email ?? '') };
    });
    admin.post('/api/caseadmin/logout', { schema: { tags, description: 'Ends every sign-in of this admin', response: { ...noContent, ...errorResponses } } }, async (request, reply) => {
      if (request.caseAdmin) await endCaseAdminSessions(db, request.caseAdmin.id);
      return reply.status(204).send(null);
    });
    registerAdminRoutes(admin, deps, now);
  });
}

function registerAdminRoutes(app: App, deps: AreaDeps, now: () => Date): void {
  const { db } = deps.database;
  const withErrors = <T extends object>(responses: T) => ({ ...responses, ...errorResponses });

  app.get('/api/caseadmin/dashboard-metrics', { schema: { tags, response: withErrors({ 200: dashboardMetrics }) } }, async () =>
    caseManagement.dashboardMetrics(db),
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
      const { cases, total, estimated } = await caseManagement.listCases(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      if (estimated) reply.header(TOTAL_COUNT_ESTIMATED_HEADER, 'true');
      return cases;
    },
  );

  app.post('/api/caseadmin/cases', { schema: { tags, body: createCaseBody, response: withErrors({ 201: createCaseResponse }) } }, async (request, reply) => {
    const newCase = await caseManagement.createCase(db, request.body, now());
    return reply.status(201).send({ message: 'Case created successfully', newCase });
  });

  app.get('/api/caseadmin/cases/:id', { schema: { tags, params: idParams, response: withErrors({ 200: caseDetails }) } }, async (request) =>
    caseManagement.caseDetails(db, request.params.id),
  );

  app.delete('/api/caseadmin/cases/:id', { schema: { tags, params: idParams, response: withErrors(noContent) } }, async (request, reply) => {
    await caseManagement.deleteCase(db, request.params.id);
    return reply.status(204).send(null);
  });

  app.put(
    '/api/caseadmin/cases/:id/services',
    { schema: { tags, params: idParams, body: updateCaseServicesBody, response: withErrors({ 200: adminCase }) } },
    async (request) => caseManagement.setCaseServices(db, request.params.id, request.body.serviceIds, now()),
  );

  app.get('/api/caseadmin/services', { schema: { tags, response: withErrors({ 200: z.array(service) }) } }, async () => catalog.listServices(db));

  app.post('/api/caseadmin/services', { schema: { tags, body: createServiceBody, response: withErrors({ 201: service }) } }, async (request, reply) =>
    reply.status(201).send(await catalog.createService(db, request.body.name)),
  );

  app.delete('/api/caseadmin/services/:id', { schema: { tags, params: idParams, response: withErrors(noContent) } }, async (request, reply) => {
    await catalog.deleteService(db, request.params.id);
    return reply.status(204).send(null);
  });

  app.get('/api/caseadmin/services/:id/steps', { schema: { tags, params: idParams, response: withErrors({ 200: z.array(step) }) } }, async (request) =>
    catalog.listSteps(db, request.params.id),
  );

  app.post(
    '/api/caseadmin/services/:serviceId/steps',
    { schema: { tags, params: serviceIdParams, body: createStepBody, response: withErrors({ 201: step }) } },
    async (request, reply) => reply.status(201).send(await catalog.createStep(db, request.params.serviceId, request.body, now())),
  );

  app.delete('/api/caseadmin/steps/:id', { schema: { tags, params: idParams, response: withErrors(noContent) } }, async (request, reply) => {
    await catalog.deleteStep(db, request.params.id);
    return reply.status(204).send(null);
  });

  app.put(
    '/api/caseadmin/caseservices/:id/step',
    { schema: { tags, params: idParams, body: changeStepBody, response: withErrors({ 200: messageResponse }) } },
    async (request) => {
      const admin = request.caseAdmin;
      if (!admin) throw new AppError(401, 'Authentication required');
      await changeCurrentStep(db, request.params.id, request.body.newStep, admin, now());
      return { message: 'Current step updated!' };
    },
  );
}
