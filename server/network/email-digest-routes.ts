import {
  emailDigestBody,
  emailDigestSetting,
  emailDigestUnsubscribeBody,
  messageResponse,
} from '../../contracts/network.js';
import type { App } from '../platform/area.js';
import { registerOneClickUnsubscribe } from '../platform/one-click-unsubscribe.js';
import { DIGEST_UNSUBSCRIBE_PAGE, isDigestOn, setDigest, unsubscribeDigest } from './email-digest.js';
import { caller, tags, withErrors, type NetworkContext } from './route-context.js';

/** The member's own switch for the daily digest (inside the members' scope: signed in, same origin). */
export async function emailDigestRoutes(members: App, ctx: NetworkContext): Promise<void> {
  const { db, now } = ctx;
  members.get(
    '/api/network/me/email-digest',
    { schema: { summary: 'Whether the daily digest is on', tags, response: withErrors({ 200: emailDigestSetting }) } },
    async (request) => ({
      enabled: await isDigestOn(db, caller.of(request).id),
    }),
  );
  members.put(
    '/api/network/me/email-digest',
    {
      schema: {
        summary: 'Turn the daily digest on or off',
        tags,
        description: 'Turns the daily email of unread notifications on or off',
        body: emailDigestBody,
        response: withErrors({ 200: emailDigestSetting }),
      },
    },
    async (request) => ({ enabled: await setDigest(db, caller.of(request).id, request.body.enabled, now()) }),
  );
}

/** The digest's unsubscribe link works without signing in: the token names the member. */
export async function emailDigestUnsubscribeRoutes(network: App, ctx: NetworkContext): Promise<void> {
  network.post(
    '/api/network/email-digest/unsubscribe',
    {
      schema: {
        summary: 'Stop the daily digest from its email',
        tags,
        description: 'Stops the daily digest of the member the emailed token names',
        body: emailDigestUnsubscribeBody,
        response: withErrors({ 200: messageResponse }),
      },
    },
    async (request) => unsubscribeDigest(ctx.db, ctx.deps, request.body.token),
  );
}

/** The digest's List-Unsubscribe address, for a mail provider's one-click POST (RFC 8058). */
export async function digestOneClickUnsubscribeRoutes(app: App, ctx: NetworkContext): Promise<void> {
  await registerOneClickUnsubscribe(app, {
    path: DIGEST_UNSUBSCRIBE_PAGE,
    tags,
    unsubscribe: (token) => unsubscribeDigest(ctx.db, ctx.deps, token),
  });
}
