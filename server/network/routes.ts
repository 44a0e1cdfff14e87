import cookie from '@fastify/cookie';
import { feedEvents } from '../../contracts/network.js';
import type { PublicConfig } from '../../contracts/platform.js';
import type { App, Area, AreaDeps } from '../platform/area.js';
import { areaContext } from '../platform/area-context.js';
import { createPasswordSignIn } from '../platform/password-sign-in.js';
import { pruneOneTimeTokens } from '../platform/one-time-tokens.js';
import { pruneMailCooldowns } from '../platform/mail-cooldowns.js';
import { registerPersonLinkRoutes } from '../platform/person-link-routes.js';
import { rateLimitHook } from '../platform/rate-limit.js';
import { createRealtimeHub } from '../platform/realtime.js';
import { asMember, composeNetworkEmails } from './accounts.js';
import { accountSettingsRoutes } from './account-settings-routes.js';
import { authRoutes } from './auth-routes.js';
import { startEmailDigests } from './email-digest.js';
import {
  digestOneClickUnsubscribeRoutes,
  emailDigestRoutes,
  emailDigestUnsubscribeRoutes,
} from './email-digest-routes.js';
import { feedPageRoutes } from './feed-page-routes.js';
import { NETWORK_EVENTS_CHANNEL, networkEventLog, pruneEvents } from './events.js';
import { receiveForm, type FileKind } from './media.js';
import { createMemberLimits } from './member-limits.js';
import { assertSameOrigin } from '../platform/origin-check.js';
import { guardContributions, moderationRoutes } from './moderation-routes.js';
import { pruneSuspensions } from './suspensions.js';
import { notificationRoutes } from './notification-routes.js';
import { postRoutes } from './post-routes.js';
import { networkIdentity } from './person-identity.js';
import { profileRoutes } from './profile-routes.js';
import { caller, type NetworkContext } from './route-context.js';
import {
  findSessionMember,
  liveSessionKeys,
  pruneExpiredSessions,
  SESSION_COOKIE,
  SESSIONS_ENDED_CHANNEL,
} from './sessions.js';
import { streamRoutes } from './stream-routes.js';
import { uploadRoutes } from './upload-routes.js';

const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

async function registerNetworkArea(app: App, deps: AreaDeps): Promise<void> {
  const area = areaContext(deps, 'network');
  const { db, settings, now } = area;
  deps.personLinks.addSource(networkIdentity(db, deps));
  const passwordSignIn = createPasswordSignIn(deps, { area: 'network', cookiePath: '/api/network/auth/sign-in' });
  const member = (row: Parameters<typeof asMember>[0]) => asMember(row, settings.adminEmails);
  const memberLimits = createMemberLimits(deps.counters, {
    uploadsPerHour: settings.memberUploadsPerHour,
    openStreams: settings.memberOpenStreams,
  });
  const receiveUpload = (request: Parameters<typeof receiveForm>[0], fileField: string, kind: FileKind) =>
    receiveForm(request, { maxBytes: deps.config.uploadMaxBytes, tmpDir: deps.config.uploadTmpDir, fileField, kind });

  composeNetworkEmails(db, deps, now);
  await startEmailDigests(db, deps, now);

  const hub = createRealtimeHub({
    channel: NETWORK_EVENTS_CHANNEL,
    // LISTEN needs a session of its own: straight to PostgreSQL when the pool goes through PgBouncer.
    connection: deps.database.directUrl ? { connectionString: deps.database.directUrl } : deps.database.pool.options,
    events: networkEventLog(db),
    log: deps.logger,
    heartbeatMs: settings.heartbeatMs,
    resetEventType: feedEvents.reset,
    // A stream ends with its session: sign-out, expiry, a password reset, a takeover.
    sessions: { channel: SESSIONS_ENDED_CHANNEL, liveSessions: (keys) => liveSessionKeys(db, keys, now()) },
  });
  const ctx: NetworkContext = {
    ...area,
    hub,
    passwordSignIn,
    memberLimits,
    member,
    receiveUpload,
    mediaFiles: (request) => ({ storage: area.storage, countUpload: memberLimits.countUpload, log: request.log }),
  };
  deps.metrics.trackStreams(() => hub.stats());
  let housekeeping: NodeJS.Timeout | undefined;
  const keepHouse = async () => {
    try {
      await pruneEvents(db, new Date(now().getTime() - settings.eventRetentionSeconds * 1000));
      await pruneExpiredSessions(db, now());
      await pruneOneTimeTokens(db, now());
      await pruneMailCooldowns(db, now());
      await pruneSuspensions(db, now());
    } catch (error) {
      deps.logger.warn({ err: error }, 'network housekeeping failed');
    }
  };
  let housekeepingRun: Promise<void> = Promise.resolve();
  const houseKeeping = () => (housekeepingRun = keepHouse());
  app.addHook('onReady', async () => {
    await hub.start();
    // Pruning old rows serves no request: it runs once the app is up, not before it listens (after
    // a long stop, or on a large database, it took part of every start).
    void houseKeeping();
    housekeeping = setInterval(houseKeeping, HOUSEKEEPING_INTERVAL_MS);
    housekeeping.unref();
  });
  // Open event streams would otherwise hold the server's close open until they time out.
  app.addHook('preClose', async () => hub.closeStreams());
  app.addHook('onClose', async () => {
    clearInterval(housekeeping);
    await housekeepingRun;
    await hub.stop();
  });

  // Outside the cookie scope below: a mail provider's one-click POST has no cookie and no Origin.
  await app.register(digestOneClickUnsubscribeRoutes, ctx);

  await app.register(async (network: App) => {
    await network.register(cookie);
    // The origin is checked in the same hook, so a request costs one promise before its route.
    caller.identify(
      network,
      async (request) => {
        assertSameOrigin(request, deps.config.publicUrl);
        const row = await findSessionMember(deps.database.pool, request.cookies[SESSION_COOKIE], now());
        return row ? member(row) : null;
      },
      // Sign-up, sign-in and the other account routes take strangers; the members' scope refuses them.
      { optional: true },
    );

    await network.register(authRoutes, ctx);
    await network.register(feedPageRoutes, ctx);
    await network.register(emailDigestUnsubscribeRoutes, ctx);

    await network.register(async (members: App) => {
      caller.required(members);
      // Per member, whatever addresses they use (after the sign-in check, so the caller is known).
      members.addHook(
        'onRequest',
        rateLimitHook(deps.counters, {
          max: settings.memberRequestsPerMinute,
          timeWindow: 60_000,
          scope: 'member',
          keyOf: (request) => caller.find(request)?.id ?? '',
        }),
      );
      guardContributions(members, ctx);
      await members.register(profileRoutes, ctx);
      await members.register(accountSettingsRoutes, ctx);
      await members.register(postRoutes, ctx);
      await members.register(notificationRoutes, ctx);
      await members.register(emailDigestRoutes, ctx);
      await members.register(moderationRoutes, ctx);
      await members.register(streamRoutes, ctx);
      await members.register(uploadRoutes, ctx);
      await registerPersonLinkRoutes(members, {
        area: 'network',
        basePath: '/api/network/me/links',
        journeyPath: '/api/network/me/journey',
        links: deps.personLinks,
        now,
        self: async (request) => ({ area: 'network', accountId: caller.of(request).id }),
      });
    });
  });
}

export const networkArea: Area<
  Pick<PublicConfig, 'networkSignup' | 'oidcConfigured' | 'oidcProviderName' | 'uploadMaxBytes'>
> = {
  register: registerNetworkArea,
  publicConfig: ({ network, uploadMaxBytes }) => ({
    networkSignup: network.signup,
    oidcConfigured: Boolean(network.oidc),
    oidcProviderName: network.oidcProviderName,
    uploadMaxBytes,
  }),
};
