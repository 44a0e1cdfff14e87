import {
  accountActionsResponse,
  accommodation,
  accommodationBody,
  accommodationResponse,
  adminUsersQuery,
  adminUsersResponse,
  idParams,
  lmsUser,
  pageQuery,
  setPasswordBody,
  setProgramsBody,
  TOTAL_COUNT_HEADER,
} from '../../contracts/lms.js';
import type { App } from '../platform/area.js';
import { listAccountActions } from './account-actions.js';
import * as accommodations from './accommodations.js';
import * as accounts from './accounts.js';
import { caller, noContent, pageOf, tags, withErrors, type LmsContext } from './route-context.js';

/** The LMS's users as admins manage them: programs, exam accommodations, passwords. */
export async function userAdminRoutes(app: App, ctx: LmsContext): Promise<void> {
  const { db, deps, now } = ctx;

  app.get(
    '/admin/account-actions',
    {
      schema: {
        summary: 'The account log',
        tags,
        description:
          'The account log: every admin action on an account (passwords, programs, accommodations, premium decisions), newest first, paged; the total in X-Total-Count.',
        querystring: pageQuery,
        response: withErrors({ 200: accountActionsResponse }),
      },
    },
    async (request, reply) => {
      const { total, ...page } = await listAccountActions(db, pageOf(request.query));
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return page;
    },
  );

  app.get(
    '/admin/users',
    {
      schema: {
        summary: 'The LMS users',
        tags,
        querystring: adminUsersQuery,
        response: withErrors({ 200: adminUsersResponse }),
      },
    },
    async (request, reply) => {
      const { users, total } = await accounts.listUsers(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return { users };
    },
  );

  app.put(
    '/admin/users/:id/programs',
    {
      schema: {
        summary: "Change a user's premium programs",
        tags,
        params: idParams,
        body: setProgramsBody,
        response: withErrors({ 200: lmsUser }),
      },
    },
    async (request) =>
      accounts.setProgramsAsAdmin(db, caller.of(request), request.params.id, request.body.allowed_programs, now()),
  );

  app.get(
    '/admin/users/:id/accommodation',
    {
      schema: {
        summary: "A user's accommodation and its history",
        tags,
        params: idParams,
        querystring: pageQuery,
        response: withErrors({ 200: accommodationResponse }),
      },
    },
    async (request, reply) => {
      const { total, ...found } = await accommodations.accommodationOf(db, request.params.id, pageOf(request.query));
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return found;
    },
  );

  app.put(
    '/admin/users/:id/accommodation',
    {
      schema: {
        summary: "Change a user's accommodation",
        tags,
        params: idParams,
        body: accommodationBody,
        response: withErrors({ 200: accommodation }),
      },
    },
    async (request) => accommodations.setAccommodation(db, caller.of(request), request.params.id, request.body, now()),
  );

  app.put(
    '/admin/users/:id/password',
    {
      schema: {
        summary: "Set a user's password",
        tags,
        description:
          "Sets a user's password; ends every sign-in of that user. An admin's password (one's own included) also needs `adminPassword`, the acting admin's own; recorded in the account log.",
        params: idParams,
        body: setPasswordBody,
        response: withErrors(noContent),
      },
    },
    async (request, reply) => {
      await accounts.setPasswordAsAdmin(
        db,
        deps,
        deps.counters,
        caller.of(request),
        request.params.id,
        request.body,
        now(),
      );
      return reply.status(204).send(null);
    },
  );
}
