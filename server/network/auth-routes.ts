import {
  meResponse,
  messageResponse,
  passwordResetBody,
  passwordResetRequestBody,
  SIGN_UP_ACCEPTED_MESSAGE,
  signInBody,
  signUpBody,
  verifyEmailBody,
} from '../../contracts/network.js';
import type { App } from '../platform/area.js';
import { AppError } from '../platform/errors.js';
import { passwordResetRoutes } from '../platform/password-reset.js';
import { perMinute } from '../platform/rate-limit.js';
import { checkPassword, memberPasswordReset, resetPassword, signUp, toNetworkUser, verifyEmail } from './accounts.js';
import { removeStoredMedia } from './media.js';
import { registerOidcRoutes } from './oidc.js';
import { caller, noContent, tags, withErrors, type NetworkContext } from './route-context.js';
import { clearSessionCookie, openSession, revokeSession, SESSION_COOKIE, setSessionCookie } from './sessions.js';

/** Sign-up, verification, password reset, sign-in and out, and who is signed in: open to everyone. */
export async function authRoutes(network: App, ctx: NetworkContext): Promise<void> {
  const { db, deps, settings, now, hub, passwordSignIn, member, storage, mediaFiles } = ctx;

  network.post(
    '/api/network/auth/sign-up',
    {
      config: perMinute(deps.config.rateLimits.loginPerMinute),
      schema: {
        summary: 'Sign up for the network',
        tags,
        description:
          'Always 202 with the same body: a new address gets an account and a verification link, a taken one an email to its owner. Then sign in.',
        body: signUpBody,
        response: withErrors({ 202: messageResponse }),
      },
    },
    async (request, reply) => {
      if (settings.signup === 'closed')
        throw new AppError(403, 'Sign-up is closed. Only Authorized Person Can Access.');
      await signUp(db, deps, request.body.email, request.body.password, now());
      return reply.status(202).send({ message: SIGN_UP_ACCEPTED_MESSAGE });
    },
  );

  network.post(
    '/api/network/auth/verify-email',
    {
      config: perMinute(deps.config.rateLimits.loginPerMinute),
      schema: {
        summary: 'Verify the email address',
        tags,
        description: 'Follows the emailed verification link (24 h, single use)',
        body: verifyEmailBody,
        response: withErrors(noContent),
      },
    },
    async (request, reply) => {
      await verifyEmail(db, request.body.token, now());
      return reply.status(204).send(null);
    },
  );

  await network.register(
    passwordResetRoutes(deps, {
      path: '/api/network/auth/password-reset',
      schemas: { tags, withErrors, noContent },
      requestBody: passwordResetRequestBody,
      resetBody: passwordResetBody,
      flow: memberPasswordReset,
      reset: async ({ token, password }, request) => {
        await resetPassword(db, mediaFiles(request), token, password, now(), deps);
        await hub.checkSessions();
      },
    }),
  );

  network.post(
    '/api/network/auth/sign-in',
    {
      config: perMinute(deps.config.rateLimits.loginPerMinute),
      schema: { summary: 'Sign a member in', tags, body: signInBody, response: withErrors({ 200: meResponse }) },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const row = await passwordSignIn.signIn(
        request,
        reply,
        email,
        () => checkPassword(db, email, password),
        'Invalid email or password',
      );
      setSessionCookie(
        request,
        reply,
        await openSession(db, row.id, now(), settings.sessionTtlSeconds),
        settings.sessionTtlSeconds,
      );
      return { user: toNetworkUser(member(row)) };
    },
  );

  network.post(
    '/api/network/auth/sign-out',
    { schema: { summary: 'Sign the member out', tags, response: withErrors(noContent) } },
    async (request, reply) => {
      await revokeSession(db, request.cookies[SESSION_COOKIE]);
      await hub.checkSessions();
      clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    },
  );

  network.get(
    '/api/network/me',
    { schema: { summary: 'The signed-in member, or null', tags, response: withErrors({ 200: meResponse }) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const me = caller.find(request);
      return { user: me ? toNetworkUser(me) : null };
    },
  );

  await registerOidcRoutes(network, deps, {
    removeMedia: (keys, log) => removeStoredMedia({ storage, log }, keys),
    signIn: async (request, reply, userId) =>
      setSessionCookie(
        request,
        reply,
        await openSession(db, userId, now(), settings.sessionTtlSeconds),
        settings.sessionTtlSeconds,
      ),
  });
}
