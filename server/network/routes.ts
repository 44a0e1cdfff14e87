import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  commentBody,
  commentsPage,
  createdComment,
  cursorQuery,
  descriptionField,
  feedEvents,
  likeResponse,
  meResponse,
  messageResponse,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  passwordResetBody,
  passwordResetRequestBody,
  post as postSchema,
  postIdParams,
  postsPage,
  profileBody,
  SIGN_UP_ACCEPTED_MESSAGE,
  signInBody,
  signUpBody,
  verifyEmailBody,
} from '../../contracts/network.js';
import type { App, AreaDeps } from '../app.js';
import { AppError, errorBody, errorResponses } from '../platform/errors.js';
import { createFailedSignIns } from '../platform/failed-sign-ins.js';
import { pruneOneTimeTokens } from '../platform/one-time-tokens.js';
import { pruneMailCooldowns } from '../platform/mail-cooldowns.js';
import { perMinute, rateLimitHook } from '../platform/rate-limit.js';
import { createRealtimeHub } from '../platform/realtime.js';
import { passwordResetRequests } from '../platform/password-reset-requests.js';
import { createMediaStorage } from '../platform/storage.js';
import {
  asMember,
  checkPassword,
  hasCompleteProfile,
  resendVerificationEmail,
  resetPassword,
  sendPasswordResetLink,
  setPhoto,
  signUp,
  composeNetworkEmails,
  toNetworkUser,
  updateProfile,
  verifyEmail,
  type Member,
} from './accounts.js';
import { NETWORK_EVENTS_CHANNEL, networkEventLog, pruneEvents } from './events.js';
import {
  discardFile,
  mediaKey,
  mediaKeyOfUrl,
  mediaUrlOf,
  postMedia,
  profilePhoto,
  receiveForm,
  removeStoredMedia,
  serveMedia,
  type FileKind,
} from './media.js';
import { createMemberLimits } from './member-limits.js';
import { registerOidcRoutes } from './oidc.js';
import { assertSameOrigin } from './origin-check.js';
import * as posts from './posts.js';
import {
  clearSessionCookie,
  findSessionMember,
  liveSessionKeys,
  openSession,
  pruneExpiredSessions,
  revokeSession,
  SESSION_COOKIE,
  sessionKeyOf,
  SESSIONS_ENDED_CHANNEL,
  setSessionCookie,
} from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    member: Member | null;
  }
}

const tags = ['network'];
const noContent = { 204: z.null().describe('No content') };
const withErrors = <T extends object>(responses: T) => ({ ...responses, ...errorResponses });
// 503: the media storage is unreachable or unwritable; 507: it is full.
const uploadErrors = { ...errorResponses, 413: errorBody, 503: errorBody, 507: errorBody };
const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

export async function registerNetworkArea(app: App, deps: AreaDeps): Promise<void> {
  const { db } = deps.database;
  const settings = deps.config.network;
  const now = () => deps.clock.now();
  const storage = createMediaStorage(deps.config.storage, deps.config.dataDir);
  const failedSignIns = createFailedSignIns(deps.counters, deps.tokens, { area: 'network', limit: deps.config.rateLimits.failedSignInsPerAccountOrClient, cookiePath: '/api/network/auth/sign-in' });
  const member = (row: Parameters<typeof asMember>[0]) => asMember(row, settings.adminEmails);
  const memberLimits = createMemberLimits(deps.counters, { uploadsPerHour: settings.memberUploadsPerHour, openStreams: settings.memberOpenStreams });
  const receiveUpload = (request: Parameters<typeof receiveForm>[0], fileField: string, kind: FileKind) =>
    receiveForm(request, { maxBytes: deps.config.uploadMaxBytes, tmpDir: deps.config.uploadTmpDir, fileField, kind });

  composeNetworkEmails(db, deps, now);
  const requestPasswordReset = passwordResetRequests(deps.mailer, 'network-password-reset', (email) => sendPasswordResetLink(db, deps, email, now()));

  const hub = createRealtimeHub({
    channel: NETWORK_EVENTS_CHANNEL,
    connection: deps.database.pool.options,
    events: networkEventLog(db),
    log: deps.logger,
    heartbeatMs: settings.heartbeatMs,
    resetEventType: feedEvents.reset,
    // A stream ends with its session: sign-out, expiry, a password reset, a takeover.
    sessions: { channel: SESSIONS_ENDED_CHANNEL, liveSessions: (keys) => liveSessionKeys(db, keys, now()) },
  });
  let housekeeping: NodeJS.Timeout | undefined;
  const keepHouse = async () => {
    try {
      await pruneEvents(db, new Date(now().getTime() - settings.eventRetentionSeconds * 1000));
      await pruneExpiredSessions(db, now());
      await pruneOneTimeTokens(db, now());
      await pruneMailCooldowns(db, now());
    } catch (error) {
      deps.logger.warn({ err: error }, 'network housekeeping failed');
    }
  };
  app.addHook('onReady', async () => {
    await hub.start();
    await keepHouse();
    housekeeping = setInterval(() => void keepHouse(), HOUSEKEEPING_INTERVAL_MS);
    housekeeping.unref();
  });
  // Open event streams would otherwise hold the server's close open until they time out.
  app.addHook('preClose', async () => hub.closeStreams());
  app.addHook('onClose', async () => {
    clearInterval(housekeeping);
    await hub.stop();
  });

  await app.register(async (network: App) => {
    await network.register(cookie);
    network.decorateRequest('member', null);
    network.addHook('onRequest', async (request) => {
      assertSameOrigin(request, deps.config.publicUrl);
      const row = await findSessionMember(deps.database.pool, request.cookies[SESSION_COOKIE], now());
      request.member = row ? member(row) : null;
    });

    network.post(
      '/api/network/auth/sign-up',
      {
        config: perMinute(deps.config.rateLimits.loginPerMinute),
        schema: {
          tags,
          description: 'Always 202 with the same body: a new address gets an account and a verification link, a taken one an email to its owner. Then sign in.',
          body: signUpBody,
          response: withErrors({ 202: messageResponse }),
        },
      },
      async (request, reply) => {
        if (settings.signup === 'closed') throw new AppError(403, 'Sign-up is closed. Only Authorized Person Can Access.');
        await signUp(db, deps, request.body.email, request.body.password, now());
        return reply.status(202).send({ message: SIGN_UP_ACCEPTED_MESSAGE });
      },
    );

    network.post(
      '/api/network/auth/verify-email',
      {
        config: perMinute(deps.config.rateLimits.loginPerMinute),
        schema: { tags, description: 'Follows the emailed verification link (24 h, single use)', body: verifyEmailBody, response: withErrors(noContent) },
      },
      async (request, reply) => {
        await verifyEmail(db, request.body.token, now());
        return reply.status(204).send(null);
      },
    );

    network.post(
      '/api/network/auth/password-reset',
      {
        config: perMinute(deps.config.rateLimits.loginPerMinute),
        schema: { tags, description: 'Emails a link to set a new password; 202 whether or not the address has an account', body: passwordResetRequestBody, response: withErrors({ 202: messageResponse }) },
      },
      async (request, reply) => {
        await requestPasswordReset(db, request.body.email);
        return reply.status(202).send({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
      },
    );

    network.post(
      '/api/network/auth/password-reset/confirm',
      {
        config: perMinute(deps.config.rateLimits.loginPerMinute),
        schema: { tags, description: 'Sets the new password with the emailed token (1 h, single use); ends every session of the account', body: passwordResetBody, response: withErrors(noContent) },
      },
      async (request, reply) => {
        const removedMedia = await resetPassword(db, request.body.token, request.body.password, now());
        await hub.checkSessions();
        for (const key of removedMedia) await removeStoredMedia(storage, key, request.log);
        return reply.status(204).send(null);
      },
    );

    network.post(
      '/api/network/auth/sign-in',
      {
        config: perMinute(deps.config.rateLimits.loginPerMinute),
        schema: { tags, body: signInBody, response: withErrors({ 200: meResponse }) },
      },
      async (request, reply) => {
        await failedSignIns.assertAllowed(request, request.body.email, now());
        const row = await checkPassword(db, request.body.email, request.body.password);
        if (!row) {
          await failedSignIns.recordFailure(request, request.body.email, now());
          throw new AppError(401, 'Invalid email or password');
        }
        await failedSignIns.recordSuccess(request, reply, request.body.email, now());
        setSessionCookie(request, reply, await openSession(db, row.id, now(), settings.sessionTtlSeconds), settings.sessionTtlSeconds);
        return { user: toNetworkUser(member(row)) };
      },
    );

    network.post('/api/network/auth/sign-out', { schema: { tags, response: withErrors(noContent) } }, async (request, reply) => {
      await revokeSession(db, request.cookies[SESSION_COOKIE]);
      await hub.checkSessions();
      clearSessionCookie(request, reply);
      return reply.status(204).send(null);
    });

    network.get('/api/network/me', { schema: { tags, response: withErrors({ 200: meResponse }) } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: request.member ? toNetworkUser(request.member) : null };
    });

    await registerOidcRoutes(network, deps, {
      removeMedia: async (keys, log) => {
        for (const key of keys) await removeStoredMedia(storage, key, log);
      },
      signIn: async (request, reply, userId) =>
        setSessionCookie(request, reply, await openSession(db, userId, now(), settings.sessionTtlSeconds), settings.sessionTtlSeconds),
    });

    await network.register(async (members: App) => {
      // A callback hook: on every member request, an async one would cost a promise for a check.
      members.addHook('onRequest', (request, _reply, done) => {
        done(request.member ? undefined : new AppError(401, 'Please sign in to continue'));
      });
      // Per member, whatever addresses they use (after the sign-in check, so request.member is set).
      members.addHook(
        'onRequest',
        rateLimitHook(deps.counters, { max: settings.memberRequestsPerMinute, timeWindow: 60_000, scope: 'member', keyOf: (request) => request.member?.id ?? '' }),
      );
      registerMemberRoutes(members);
      // Only the two upload routes parse multipart bodies: the plugin's hooks (a listener and two
      // async hooks on every request of its scope) stay off every other member request.
      await members.register(async (uploads: App) => {
        await uploads.register(multipart);
        registerUploadRoutes(uploads);
      });
    });
  });

  function signedIn(request: { member: Member | null }): Member {
    if (!request.member) throw new AppError(401, 'Please sign in to continue');
    return request.member;
  }

  /** Posts and comments carry their author's name: a member without one completes the profile first (/UserDetails). */
  function signedInWithProfile(request: { member: Member | null }): Member {
    const me = signedIn(request);
    if (!hasCompleteProfile(me)) throw new AppError(403, 'Please complete your profile before posting.', 'PROFILE_INCOMPLETE');
    return me;
  }

  function registerUploadRoutes(uploads: App): void {
    uploads.post(
      '/api/network/me/photo',
      { schema: { tags, description: 'multipart/form-data with one image file field `photo`', response: { 200: meResponse, ...uploadErrors } } },
      async (request) => {
        const me = signedIn(request);
        const form = await receiveUpload(request, 'photo', profilePhoto);
        if (!form.file) throw new AppError(400, profilePhoto.refusal);
        const key = mediaKey(now(), me.id, form.file.originalName, form.file.type);
        try {
          await memberLimits.countUpload(me.id);
          await storage.putFile(key, form.file.path, form.file.size, form.file.type);
        } finally {
          await discardFile(form.file);
        }
        const { row, previous } = await setPhoto(db, me.id, mediaUrlOf(key));
        await removeStoredMedia(storage, mediaKeyOfUrl(previous), request.log);
        return { user: toNetworkUser(member(row)) };
      },
    );

    uploads.post(
      '/api/network/posts',
      {
        schema: {
          tags,
          description: 'multipart/form-data: `description` text and an optional `media` file (gif, jpeg, png or mp4, judged by content)',
          response: { 201: postSchema, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const me = signedInWithProfile(request);
        const form = await receiveUpload(request, 'media', postMedia);
        try {
          const description = descriptionField.safeParse(form.fields.description ?? '');
          if (!description.success) throw new AppError(400, description.error.issues[0]?.message ?? 'Invalid description');
          if (!description.data && !form.file) throw new AppError(400, 'Please add content before posting');
          let media: { key: string; type: string } | undefined;
          if (form.file) {
            await memberLimits.countUpload(me.id);
            const key = mediaKey(now(), me.id, form.file.originalName, form.file.type);
            await storage.putFile(key, form.file.path, form.file.size, form.file.type);
            media = { key, type: form.file.type };
          }
          try {
            const created = await posts.createPost(db, me, { description: description.data, media }, now());
            return reply.status(201).send(created);
          } catch (error) {
            // No post without its file, and no file without its post.
            await removeStoredMedia(storage, media?.key, request.log);
            throw error;
          }
        } finally {
          await discardFile(form.file);
        }
      },
    );
  }

  function registerMemberRoutes(members: App): void {
    members.post(
      '/api/network/me/verification-email',
      {
        config: perMinute(deps.config.rateLimits.loginPerMinute),
        schema: { tags, description: 'Sends the verification link again (once a minute at most)', response: withErrors({ 202: messageResponse }) },
      },
      async (request, reply) => {
        await resendVerificationEmail(db, deps, signedIn(request), now());
        return reply.status(202).send({ message: 'We have sent you a new verification link.' });
      },
    );

    members.put('/api/network/me/profile', { schema: { tags, body: profileBody, response: withErrors({ 200: meResponse }) } }, async (request) => {
      const row = await updateProfile(db, signedIn(request).id, request.body);
      return { user: toNetworkUser(member(row)) };
    });

    members.get('/api/network/posts', { schema: { tags, querystring: cursorQuery, response: withErrors({ 200: postsPage }) } }, async (request) =>
      posts.listPosts(deps.database.pool, signedIn(request), request.query.cursor),
    );

    members.get('/api/network/posts/:id', { schema: { tags, params: postIdParams, response: withErrors({ 200: postSchema }) } }, async (request) =>
      posts.getPost(db, signedIn(request), request.params.id),
    );

    members.delete('/api/network/posts/:id', { schema: { tags, params: postIdParams, response: withErrors(noContent) } }, async (request, reply) => {
      const { mediaKey: removedKey } = await posts.deletePost(db, signedIn(request), request.params.id, now());
      await removeStoredMedia(storage, removedKey, request.log);
      return reply.status(204).send(null);
    });

    members.get(
      '/api/network/posts/:id/comments',
      { schema: { tags, params: postIdParams, querystring: cursorQuery, response: withErrors({ 200: commentsPage }) } },
      async (request) => posts.listComments(deps.database.pool, request.params.id, request.query.cursor),
    );

    members.post(
      '/api/network/posts/:id/comments',
      { schema: { tags, params: postIdParams, body: commentBody, response: withErrors({ 201: createdComment }) } },
      async (request, reply) => reply.status(201).send(await posts.addComment(db, signedInWithProfile(request), request.params.id, request.body.text, now())),
    );

    members.put('/api/network/posts/:id/like', { schema: { tags, params: postIdParams, response: withErrors({ 200: likeResponse }) } }, async (request) =>
      posts.setLike(db, signedIn(request), request.params.id, true, now()),
    );

    members.delete('/api/network/posts/:id/like', { schema: { tags, params: postIdParams, response: withErrors({ 200: likeResponse }) } }, async (request) =>
      posts.setLike(db, signedIn(request), request.params.id, false, now()),
    );

    members.get(
      '/api/network/media/:name',
      { schema: { tags, params: z.object({ name: z.string().max(200) }) } },
      async (request, reply) => serveMedia(storage, request.params.name, request, reply),
    );

    members.get(
      '/api/network/events',
      { schema: { tags, description: 'Server-Sent Events of the live feed; send Last-Event-ID to catch up. Ends when the session does.' } },
      async (request, reply) => {
        const release = memberLimits.openStream(signedIn(request).id);
        // The stream writes its own head from the raw response's headers: the headers set on the
        // reply so far (the security headers among them) go there first, or the stream would lack them.
        for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
        const token = request.cookies[SESSION_COOKIE];
        return hub.serve(request, reply, token ? sessionKeyOf(token) : undefined, release);
      },
    );
  }

}
