import {
  accessCodesResponse,
  adminPremiumRequestsQuery,
  adminPremiumRequestsResponse,
  createAccessCodesBody,
  createdAccessCodes,
  idParams,
  latestPremiumRequest,
  pageQuery,
  premiumRequest,
  premiumRequestBody,
  redeemAccessCodeBody,
  redeemedAccessCode,
  TOTAL_COUNT_HEADER,
} from '../../contracts/lms.js';
import type { App } from '../platform/area.js';
import { perMinute, rateLimitHook } from '../platform/rate-limit.js';
import * as codes from './access-codes.js';
import * as premium from './premium-requests.js';
import { caller, noContent, pageOf, tags, withErrors, type LmsContext } from './route-context.js';

// Redeem tries per learner per hour, right or wrong.
const REDEEMS_PER_HOUR = 10;
// Premium requests per learner per day; one is open at a time besides, so this only stops ask-decline loops.
const PREMIUM_REQUESTS_PER_DAY = 3;

/** Becoming premium, the learner's side: redeeming an access code, asking an admin. */
export async function premiumRoutes(app: App, ctx: LmsContext): Promise<void> {
  const { db, deps, now } = ctx;

  app.post(
    '/user/access-codes/redeem',
    {
      // Per client and per learner: codes are 80 random bits, but a guesser is still stopped early.
      config: perMinute(deps.config.rateLimits.loginPerMinute),
      onRequest: rateLimitHook(deps.counters, {
        max: REDEEMS_PER_HOUR,
        timeWindow: 3_600_000,
        scope: 'lms-redeem',
        keyOf: (request) => String(caller.find(request)?.id ?? ''),
      }),
      schema: {
        summary: 'Redeem an access code',
        tags,
        body: redeemAccessCodeBody,
        response: withErrors({ 200: redeemedAccessCode }),
      },
    },
    async (request) => codes.redeemAccessCode(db, caller.of(request), request.body.code, now()),
  );

  app.post(
    '/user/premium-requests',
    {
      onRequest: rateLimitHook(deps.counters, {
        max: PREMIUM_REQUESTS_PER_DAY,
        timeWindow: 86_400_000,
        scope: 'lms-premium-request',
        keyOf: (request) => String(caller.find(request)?.id ?? ''),
      }),
      schema: {
        summary: 'Ask for premium',
        tags,
        description:
          'Asks an LMS admin for premium (the programs the learner lacks unless named); one open request at a time',
        body: premiumRequestBody.nullish(),
        response: withErrors({ 201: premiumRequest }),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await premium.requestPremium(db, caller.of(request), request.body ?? { note: '' }, now())),
  );

  app.get(
    '/user/premium-requests/latest',
    {
      schema: {
        summary: "The learner's latest premium request",
        tags,
        response: withErrors({ 200: latestPremiumRequest }),
      },
    },
    async (request) => premium.latestRequest(db, caller.of(request)),
  );

  app.post(
    '/user/premium-requests/:id/seen',
    {
      schema: {
        summary: 'Dismiss the notice of a premium decision',
        tags,
        description: "Dismisses the notice of an admin's decision",
        params: idParams,
        response: withErrors(noContent),
      },
    },
    async (request, reply) => {
      await premium.markDecisionSeen(db, caller.of(request), request.params.id, now());
      return reply.status(204).send(null);
    },
  );
}

/** Becoming premium, the admin's side: issuing access codes, granting or declining requests. */
export async function premiumAdminRoutes(app: App, ctx: LmsContext): Promise<void> {
  const { db, deps, now } = ctx;

  app.post(
    '/admin/access-codes',
    {
      schema: {
        summary: 'Issue access codes',
        tags,
        body: createAccessCodesBody,
        response: withErrors({ 201: createdAccessCodes }),
      },
    },
    async (request, reply) =>
      reply.status(201).send({ codes: await codes.createAccessCodes(db, caller.of(request), request.body, now()) }),
  );

  app.get(
    '/admin/access-codes',
    {
      schema: {
        summary: 'The access codes issued',
        tags,
        querystring: pageQuery,
        response: withErrors({ 200: accessCodesResponse }),
      },
    },
    async (request, reply) => {
      const { accessCodes, total } = await codes.listAccessCodes(db, pageOf(request.query), now());
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return { accessCodes };
    },
  );

  app.get(
    '/admin/premium-requests',
    {
      schema: {
        summary: 'The premium requests',
        tags,
        querystring: adminPremiumRequestsQuery,
        response: withErrors({ 200: adminPremiumRequestsResponse }),
      },
    },
    async (request, reply) => {
      const { premiumRequests, total } = await premium.listRequests(db, request.query.status, pageOf(request.query));
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return { premiumRequests };
    },
  );

  for (const [action, decision, summary] of [
    ['grant', 'granted', 'Grant a premium request'],
    ['decline', 'declined', 'Decline a premium request'],
  ] as const) {
    app.post(
      `/admin/premium-requests/:id/${action}`,
      { schema: { summary, tags, params: idParams, response: withErrors({ 200: premiumRequest }) } },
      async (request) => premium.decideRequest(db, deps, caller.of(request), request.params.id, decision, now()),
    );
  }
}
