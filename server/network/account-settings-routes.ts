import { z } from 'zod';
import {
  accountSettings as accountSettingsSchema,
  changePasswordBody,
  deleteAccountBody,
} from '../../contracts/network.js';
import type { App } from '../platform/area.js';
import { AppError } from '../platform/errors.js';
import { perMinute } from '../platform/rate-limit.js';
import { accountSettings, changePassword, deleteAccount, signOutOtherDevices } from './account-settings.js';
import { caller, noContent, tags, withErrors, type NetworkContext } from './route-context.js';
import { clearSessionCookie, SESSION_COOKIE } from './sessions.js';

/** The member settings page's API: the routes run inside the members' scope (signed in, same origin). */
export async function accountSettingsRoutes(members: App, ctx: NetworkContext): Promise<void> {
  const { db, now, mediaFiles } = ctx;
  // Password checks per client and minute, as for signing in.
  const passwordChecksPerMinute = ctx.deps.config.rateLimits.loginPerMinute;
  const signedIn = (request: { caller: unknown; cookies: Record<string, string | undefined> }) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) throw new AppError(401, 'Please sign in to continue');
    return { member: caller.of(request), token };
  };

  members.get(
    '/api/network/me/settings',
    {
      schema: { summary: "The member's account settings", tags, response: withErrors({ 200: accountSettingsSchema }) },
    },
    async (request, reply) => {
      const { member, token } = signedIn(request);
      reply.header('cache-control', 'no-store');
      return accountSettings(db, member.id, token);
    },
  );

  members.put(
    '/api/network/me/password',
    {
      config: perMinute(passwordChecksPerMinute),
      schema: { summary: 'Change the password', tags, body: changePasswordBody, response: withErrors(noContent) },
    },
    async (request, reply) => {
      const { member, token } = signedIn(request);
      await changePassword(db, member.id, token, request.body, ctx.deps, now());
      return reply.status(204).send(null);
    },
  );

  members.post(
    '/api/network/me/sign-out-others',
    {
      schema: {
        summary: 'Sign out every other device',
        tags,
        description: 'Ends every session of the member but this one',
        response: withErrors({ 200: z.object({ ended: z.number().int() }) }),
      },
    },
    async (request) => {
      const { member, token } = signedIn(request);
      return { ended: await signOutOtherDevices(db, member.id, token) };
    },
  );

  members.delete(
    '/api/network/me',
    {
      config: perMinute(passwordChecksPerMinute),
      schema: {
        summary: 'Delete the account',
        tags,
        description: 'Deletes the account and everything it wrote',
        body: deleteAccountBody,
        response: withErrors(noContent),
      },
    },
    async (request, reply) => {
      const { member } = signedIn(request);
      await deleteAccount(db, mediaFiles(request), member.id, request.body.password, now());
      clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    },
  );
}
