import { subscriptionLinkResponse } from '../../contracts/case-applicant.js';
import {
  messageResponse,
  progressQuery,
  progressResponse,
  subscribeBody,
  subscriptionTokenBody,
} from '../../contracts/cases.js';
import type { App } from '../platform/area.js';
import { registerOneClickUnsubscribe } from '../platform/one-click-unsubscribe.js';
import { requestLanguage } from './applicant-language.js';
import { lookupProgress } from './progress-lookup.js';
import { tags, withErrors, type CasesContext } from './route-context.js';
import { TRACKER_UNSUBSCRIBE_PAGE } from './case-notifications.js';
import { confirmSubscription, subscribe, unsubscribe } from './tracker-subscriptions.js';

/** The public tracker: looking a case up, and "email me when this changes". */
export async function progressRoutes(app: App, ctx: CasesContext): Promise<void> {
  const { db, deps, notify, now, limits } = ctx;

  app.get(
    '/api/progress',
    {
      config: limits.passportCheck,
      schema: {
        summary: 'Look up a case by case and passport number',
        tags,
        querystring: progressQuery,
        response: withErrors({ 200: progressResponse }),
      },
    },
    async (request) =>
      lookupProgress(deps.database.pool, request.query.caseNumber, request.query.passportNumber, now()),
  );

  // "Email me when this changes": needs the passport number, like the lookup, and shares its count.
  app.post(
    '/api/progress/subscribe',
    {
      config: limits.passportCheck,
      schema: {
        summary: 'Ask for emails when a case changes',
        tags,
        body: subscribeBody,
        response: withErrors({ 202: messageResponse }),
      },
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
      config: limits.lookup,
      schema: {
        summary: 'Confirm a tracker subscription',
        tags,
        body: subscriptionTokenBody,
        response: withErrors({ 200: subscriptionLinkResponse }),
      },
    },
    async (request) => confirmSubscription(db, request.body.token, now()),
  );
  app.post(
    '/api/progress/unsubscribe',
    {
      config: limits.lookup,
      schema: {
        summary: 'Stop tracker emails',
        tags,
        body: subscriptionTokenBody,
        response: withErrors({ 200: subscriptionLinkResponse }),
      },
    },
    async (request) => unsubscribe(db, notify, request.body.token, now()),
  );
  // The same, as the List-Unsubscribe address of every case email takes it from a mail provider (RFC 8058).
  await registerOneClickUnsubscribe(app, {
    path: TRACKER_UNSUBSCRIBE_PAGE,
    tags,
    unsubscribe: (token) => unsubscribe(db, notify, token, now()),
  });
}
