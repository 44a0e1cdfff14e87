import {
  adminLoginBody,
  adminLoginResponse,
  adminPasswordResetBody,
  adminPasswordResetRequestBody,
  messageResponse,
  PASSWORD_RESET_REQUESTED_MESSAGE,
} from '../../contracts/cases.js';
import type { App } from '../platform/area.js';
import { authenticateCaseAdmin, endCaseAdminSessions, resetCaseAdminPassword } from './case-admins.js';
import { caller, noContent, tags, withErrors, type CasesContext } from './route-context.js';

/** The case admins' sign-in and forgotten password: open to everyone. */
export async function adminAuthRoutes(app: App, ctx: CasesContext): Promise<void> {
  const { db, deps, now, passwordSignIn, limits } = ctx;

  app.post(
    '/api/caseadmin/login',
    {
      config: limits.signIn,
      schema: { tags, body: adminLoginBody, response: withErrors({ 200: adminLoginResponse }) },
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
        ctx.settings.tokenTtlSeconds,
      );
      return { token };
    },
  );

  app.post(
    '/api/caseadmin/password-reset',
    {
      config: limits.signIn,
      schema: {
        tags,
        description: 'Emails a link to set a new password; 202 whether or not the address is an admin',
        body: adminPasswordResetRequestBody,
        response: withErrors({ 202: messageResponse }),
      },
    },
    async (request, reply) => {
      await ctx.requestPasswordReset(db, request.body.email);
      return reply.status(202).send({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    },
  );

  app.post(
    '/api/caseadmin/password-reset/confirm',
    {
      config: limits.signIn,
      schema: {
        tags,
        description: 'Sets the new password with the emailed token; ends every sign-in of the admin',
        body: adminPasswordResetBody,
        response: withErrors(noContent),
      },
    },
    async (request, reply) => {
      await resetCaseAdminPassword(db, request.body.token, request.body.password, now());
      return reply.status(204).send(null);
    },
  );
}

/** Signing out (inside the admins' scope: it needs the admin). */
export async function adminSignOutRoutes(admin: App, ctx: CasesContext): Promise<void> {
  admin.post(
    '/api/caseadmin/logout',
    {
      schema: {
        tags,
        description: 'Ends every sign-in of this admin',
        response: withErrors(noContent),
      },
    },
    async (request, reply) => {
      await endCaseAdminSessions(ctx.db, caller.of(request).id);
      return reply.status(204).send(null);
    },
  );
}
