import {
  loginBody,
  passwordResetBody,
  passwordResetRequestBody,
  professionsResponse,
  registerBody,
  tokenResponse,
} from '../../contracts/lms.js';
import type { App } from '../platform/area.js';
import { clientAddressKey } from '../platform/client-address.js';
import { passwordResetRoutes } from '../platform/password-reset.js';
import { perMinute, rateLimitHook } from '../platform/rate-limit.js';
import * as accounts from './accounts.js';
import { professionsWithExams } from './exam-review.js';
import { caller, noContent, tags, withErrors, type LmsContext } from './route-context.js';

/** Registering, signing in and resetting a forgotten password: open to everyone. */
export async function authRoutes(app: App, ctx: LmsContext): Promise<void> {
  const { db, deps, settings, now, passwordSignIn, signIn } = ctx;

  app.post(
    '/auth/register',
    {
      config: perMinute(deps.config.rateLimits.loginPerMinute),
      // New accounts per client per hour as well: fresh accounts each drew a fresh form, so a
      // script signing up by the minute walked the whole bank.
      onRequest: rateLimitHook(deps.counters, {
        max: settings.signupsPerHour,
        timeWindow: 3_600_000,
        scope: 'lms-signup',
        keyOf: (request) => clientAddressKey(request.ip),
      }),
      schema: { summary: 'Register a learner', tags, body: registerBody, response: withErrors({ 201: tokenResponse }) },
    },
    // The spec signs the user in right after registering, so the token comes back at once.
    async (request, reply) =>
      reply.status(201).send(await signIn(await accounts.register(db, deps, request.body, now()))),
  );

  app.get(
    '/auth/professions',
    {
      schema: {
        summary: 'The professions a learner registers with, and which have an exam yet',
        tags,
        response: withErrors({ 200: professionsResponse }),
      },
    },
    async () => professionsWithExams(db),
  );

  app.post(
    '/auth/login',
    {
      config: perMinute(deps.config.rateLimits.loginPerMinute),
      schema: { summary: 'Sign an LMS user in', tags, body: loginBody, response: withErrors({ 200: tokenResponse }) },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const account = await passwordSignIn.signIn(
        request,
        reply,
        username,
        () => accounts.authenticate(db, username, password),
        'Login failed. Please check your credentials.',
      );
      return signIn(account);
    },
  );

  await app.register(
    passwordResetRoutes(deps, {
      path: '/auth/password-reset',
      schemas: { tags, withErrors, noContent },
      requestBody: passwordResetRequestBody,
      resetBody: passwordResetBody,
      flow: accounts.learnerPasswordReset,
      reset: ({ token, password }) => accounts.resetPassword(db, deps, token, password, now()),
    }),
  );
}

/** Signing out (inside the learners' scope: it needs the account). */
export async function signOutRoutes(user: App, ctx: LmsContext): Promise<void> {
  user.post(
    '/auth/logout',
    {
      schema: {
        summary: 'Sign the LMS user out everywhere',
        tags,
        description: 'Ends every sign-in of this account',
        response: withErrors(noContent),
      },
    },
    async (request, reply) => {
      await accounts.endSessions(ctx.db, caller.of(request).id);
      return reply.status(204).send(null);
    },
  );
}
