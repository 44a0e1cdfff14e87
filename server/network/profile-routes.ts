import { meResponse, messageResponse, profileBody } from '../../contracts/network.js';
import type { App } from '../platform/area.js';
import { perMinute } from '../platform/rate-limit.js';
import { resendVerificationEmail, toNetworkUser, updateProfile } from './accounts.js';
import { caller, tags, withErrors, type NetworkContext } from './route-context.js';

/** The signed-in member's own account: the verification email again, the profile. */
export async function profileRoutes(members: App, ctx: NetworkContext): Promise<void> {
  const { db, deps, now, member } = ctx;

  members.post(
    '/api/network/me/verification-email',
    {
      config: perMinute(deps.config.rateLimits.loginPerMinute),
      schema: {
        summary: 'Send the verification email again',
        tags,
        description: 'Sends the verification link again (once a minute at most)',
        response: withErrors({ 202: messageResponse }),
      },
    },
    async (request, reply) => {
      await resendVerificationEmail(db, deps, caller.of(request), now());
      return reply.status(202).send({ message: 'We have sent you a new verification link.' });
    },
  );

  members.put(
    '/api/network/me/profile',
    {
      schema: {
        summary: "Save the member's profile",
        tags,
        body: profileBody,
        response: withErrors({ 200: meResponse }),
      },
    },
    async (request) => {
      const row = await updateProfile(db, caller.of(request).id, request.body);
      return { user: toNetworkUser(member(row)) };
    },
  );
}
