import {
  adminLoginBody,
  adminLoginResponse,
  adminPasswordResetBody,
  adminPasswordResetRequestBody,
} from '../../contracts/cases.js';
import type { App } from '../platform/area.js';
import { passwordResetRoutes } from '../platform/password-reset.js';
import {
  authenticateCaseAdmin,
  caseAdminPasswordReset,
  endCaseAdminSessions,
  resetCaseAdminPassword,
} from './case-admins.js';
import { caller, noContent, tags, withErrors, type CasesContext } from './route-context.js';

/** The case admins' sign-in and forgotten password: open to everyone. */
export async function adminAuthRoutes(app: App, ctx: CasesContext): Promise<void> {
  const { db, deps, now, passwordSignIn, limits } = ctx;

  app.post(
    '/api/caseadmin/login',
    {
      config: limits.signIn,
      schema: {
        summary: 'Sign a case admin in',
        tags,
        body: adminLoginBody,
        response: withErrors({ 200: adminLoginResponse }),
      },
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

  await app.register(
    passwordResetRoutes(deps, {
      path: '/api/caseadmin/password-reset',
      schemas: { tags, withErrors, noContent },
      requestBody: adminPasswordResetRequestBody,
      resetBody: adminPasswordResetBody,
      flow: caseAdminPasswordReset,
      reset: ({ token, password }) => resetCaseAdminPassword(db, deps, token, password, now()),
    }),
  );
}

/** Signing out (inside the admins' scope: it needs the admin). */
export async function adminSignOutRoutes(admin: App, ctx: CasesContext): Promise<void> {
  admin.post(
    '/api/caseadmin/logout',
    {
      schema: {
        summary: 'Sign the case admin out everywhere',
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
