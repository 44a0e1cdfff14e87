import {
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
import * as accommodations from './accommodations.js';
import * as accounts from './accounts.js';
import { caller, noContent, pageOf, tags, withErrors, type LmsContext } from './route-context.js';

/** The LMS's users as admins manage them: programs, exam accommodations, passwords. */
export async function userAdminRoutes(app: App, ctx: LmsContext): Promise<void> {
  const { db, now } = ctx;

  app.get(
    '/admin/users',
    { schema: { tags, querystring: adminUsersQuery, response: withErrors({ 200: adminUsersResponse }) } },
    async (request, reply) => {
      const { users, total } = await accounts.listUsers(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return { users };
    },
  );

  app.put(
    '/admin/users/:id/programs',
    { schema: { tags, params: idParams, body: setProgramsBody, response: withErrors({ 200: lmsUser }) } },
    async (request) => accounts.setPrograms(db, request.params.id, request.body.allowed_programs),
  );

  app.get(
    '/admin/users/:id/accommodation',
    {
      schema: { tags, params: idParams, querystring: pageQuery, response: withErrors({ 200: accommodationResponse }) },
    },
    async (request, reply) => {
      const { total, ...found } = await accommodations.accommodationOf(db, request.params.id, pageOf(request.query));
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return found;
    },
  );

  app.put(
    '/admin/users/:id/accommodation',
    { schema: { tags, params: idParams, body: accommodationBody, response: withErrors({ 200: accommodation }) } },
    async (request) =>
      accommodations.setAccommodation(db, caller.of(request).id, request.params.id, request.body, now()),
  );

  app.put(
    '/admin/users/:id/password',
    {
      schema: {
        tags,
        description: "Sets a user's password; ends every sign-in of that user",
        params: idParams,
        body: setPasswordBody,
        response: withErrors(noContent),
      },
    },
    async (request, reply) => {
      await accounts.setPassword(db, request.params.id, request.body.password);
      return reply.status(204).send(null);
    },
  );
}
