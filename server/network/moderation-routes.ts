import { cursorQuery, postIdParams } from '../../contracts/network.js';
import {
  appealBody,
  appealDecisionBody,
  appealDecisionResult,
  appealQueue,
  createdAppeal,
  createdReport,
  moderationIdParams,
  moderationLog,
  reportBody,
  reportGroupParams,
  reportQueue,
  resolution,
  resolveBody,
  suspensionChangeBody,
  suspensionChangeResult,
  suspensionResponse,
  undoneRemoval,
  undoRemovalBody,
} from '../../contracts/network-moderation.js';
import type { onRequestHookHandler } from 'fastify';
import type { App } from '../platform/area.js';
import {
  appealRemoval,
  appealSuspension,
  changeSuspension,
  createReportLimit,
  decideAppeal,
  listAppealQueue,
  listModerationLog,
  listReportQueue,
  moderatorOnly,
  reportPost,
  resolveReports,
  undoRemoval,
} from './moderation.js';
import { assertNotSuspended, currentSuspension } from './suspensions.js';
import { caller, tags, withErrors, type NetworkContext } from './route-context.js';

/**
 * What a suspended member may not do: everything others would see (posts, comments, likes, reports,
 * their name and photo). Reading, deleting their own posts and their account stay open.
 */
const CONTRIBUTIONS = new Set([
  'POST /api/network/posts',
  'POST /api/network/posts/:id/comments',
  'PUT /api/network/posts/:id/like',
  'DELETE /api/network/posts/:id/like',
  'POST /api/network/posts/:id/reports',
  'PUT /api/network/me/profile',
  'POST /api/network/me/photo',
]);

/**
 * Refuses a suspended member's contributions before their body is read (an upload never lands).
 * The hook is added to the routes above only, as each is declared: every other member request
 * (the feed, comments, a profile) carries no hook for it. Before, one hook on every member request
 * built the route's name and looked it up only to find, on every read, that it had nothing to do.
 */
export function guardContributions(members: App, ctx: NetworkContext): void {
  const guarded = new Set<string>();
  members.addHook('onRoute', (route) => {
    const methods = new Set(
      (Array.isArray(route.method) ? route.method : [route.method]).filter((method) =>
        CONTRIBUTIONS.has(`${method} ${route.url}`),
      ),
    );
    if (methods.size === 0) return;
    for (const method of methods) guarded.add(`${method} ${route.url}`);
    const guard: onRequestHookHandler = (request, _reply, done) => {
      const me = caller.find(request);
      if (!me || !methods.has(request.method)) return done();
      assertNotSuspended(ctx.db, me.id, ctx.now()).then(() => done(), done);
    };
    route.onRequest = [
      ...(Array.isArray(route.onRequest) ? route.onRequest : route.onRequest ? [route.onRequest] : []),
      guard,
    ];
  });
  // A contribution whose route was renamed or moved out of this scope would go unguarded: the app does not start.
  members.addHook('onReady', async () => {
    const unguarded = [...CONTRIBUTIONS].filter((route) => !guarded.has(route));
    if (unguarded.length > 0) throw new Error(`No member route for the suspension guard: ${unguarded.join(', ')}`);
  });
}

/** Reports by members; the queue, its resolution and the log for moderators (network admins) only. */
export async function moderationRoutes(members: App, ctx: NetworkContext): Promise<void> {
  const { db, now, settings, deps } = ctx;
  const countReport = createReportLimit(deps.counters, settings.memberReportsPerHour);

  members.post(
    '/api/network/posts/:id/reports',
    {
      schema: {
        summary: 'Report a post',
        tags,
        description: "Reports a post to the moderators: once per member per post, never one's own",
        params: postIdParams,
        body: reportBody,
        response: withErrors({ 201: createdReport }),
      },
    },
    async (request, reply) => {
      const me = caller.of(request);
      await countReport(me.id);
      return reply.status(201).send(await reportPost(db, me, request.params.id, request.body, now()));
    },
  );

  members.get(
    '/api/network/me/suspension',
    {
      schema: {
        summary: "The member's running suspension",
        tags,
        description: "The signed-in member's running suspension (its end and reason), or null",
        response: withErrors({ 200: suspensionResponse }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { suspension: await currentSuspension(db, caller.of(request).id, now()) };
    },
  );

  members.get(
    '/api/network/moderation/reports',
    {
      schema: {
        summary: 'The open reports (moderators)',
        tags,
        description: 'Moderators only: open reports grouped by post, longest waiting first, with reasons and counts',
        querystring: cursorQuery,
        response: withErrors({ 200: reportQueue }),
      },
    },
    async (request, reply) => {
      moderatorOnly(caller.of(request));
      reply.header('cache-control', 'no-store');
      return listReportQueue(db, request.query.cursor);
    },
  );

  members.post(
    '/api/network/moderation/reports/:id/resolve',
    {
      schema: {
        summary: "Resolve a post's reports (moderators)",
        tags,
        description:
          "Moderators only: resolves every open report of the post {id} (a queue group's id): `dismiss` keeps it, `remove` hides it from every member (until the removal is undone), `suspend` removes it and suspends its author for `days`",
        params: reportGroupParams,
        body: resolveBody,
        response: withErrors({ 200: resolution }),
      },
    },
    async (request) =>
      resolveReports(
        db,
        moderatorOnly(caller.of(request)),
        request.params.id,
        request.body,
        now(),
        settings.adminEmails,
      ),
  );

  members.get(
    '/api/network/moderation/log',
    {
      schema: {
        summary: 'The moderation log (moderators)',
        tags,
        description: 'Moderators only: who resolved which reports, how, when and why, newest first',
        querystring: cursorQuery,
        response: withErrors({ 200: moderationLog }),
      },
    },
    async (request, reply) => {
      moderatorOnly(caller.of(request));
      reply.header('cache-control', 'no-store');
      return listModerationLog(db, request.query.cursor, now());
    },
  );

  members.post(
    '/api/network/me/suspension/appeal',
    {
      schema: {
        summary: 'Appeal my suspension',
        tags,
        description:
          'The signed-in member appeals their running suspension, once per suspension, in their own words; moderators see it in their appeals queue (409 when not suspended or already appealed)',
        body: appealBody,
        response: withErrors({ 201: createdAppeal }),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await appealSuspension(db, caller.of(request), request.body, now())),
  );

  members.post(
    '/api/network/me/removals/:id/appeal',
    {
      schema: {
        summary: 'Appeal the removal of my post',
        tags,
        description:
          "The author of a post removed without a suspension appeals the removal ({id}: its log row, as the removal's notification carries it), once, while the post is still removed; moderators see it in their appeals queue (404 for anyone else's removal, 409 when appealed already, no longer removed, or it came with a suspension)",
        params: moderationIdParams,
        body: appealBody,
        response: withErrors({ 201: createdAppeal }),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await appealRemoval(db, caller.of(request), request.params.id, request.body, now())),
  );

  members.get(
    '/api/network/moderation/appeals',
    {
      schema: {
        summary: 'The open appeals (moderators)',
        tags,
        description:
          "Moderators only: members' open appeals (of a suspension, or of a removal without one), longest waiting first, each with what it contests, the post and the member's moderation history",
        querystring: cursorQuery,
        response: withErrors({ 200: appealQueue }),
      },
    },
    async (request, reply) => {
      moderatorOnly(caller.of(request));
      reply.header('cache-control', 'no-store');
      return listAppealQueue(db, request.query.cursor, now());
    },
  );

  members.post(
    '/api/network/moderation/appeals/:id/decide',
    {
      schema: {
        summary: 'Decide an appeal (moderators)',
        tags,
        description:
          "Moderators only: a suspension's appeal: `lift` ends it now, `shorten` ends it `days` days from now, `uphold` keeps it, and `restorePost` also puts back the post it removed; a removal's appeal: `uphold` keeps the post removed, `restore` puts it back; the member is told the reason, and the log keeps it",
        params: moderationIdParams,
        body: appealDecisionBody,
        response: withErrors({ 200: appealDecisionResult }),
      },
    },
    async (request) => decideAppeal(db, moderatorOnly(caller.of(request)), request.params.id, request.body, now()),
  );

  members.post(
    '/api/network/moderation/suspensions/:id/change',
    {
      schema: {
        summary: 'Lift or shorten a suspension (moderators)',
        tags,
        description:
          'Moderators only: {id} is the log row of the suspension; `lift` ends it now, `shorten` ends it `days` days from now; the member is told the reason, the log keeps it, and an open appeal of it is answered',
        params: moderationIdParams,
        body: suspensionChangeBody,
        response: withErrors({ 200: suspensionChangeResult }),
      },
    },
    async (request) => changeSuspension(db, moderatorOnly(caller.of(request)), request.params.id, request.body, now()),
  );

  members.post(
    '/api/network/moderation/removals/:id/undo',
    {
      schema: {
        summary: 'Undo a removal (moderators)',
        tags,
        description:
          'Moderators only: {id} is the log row of a removal (`remove`, or the removal a `suspend` came with); the post comes back with its comments and likes, the author is told the reason, and the log keeps it (409 when undone already or the post is gone)',
        params: moderationIdParams,
        body: undoRemovalBody,
        response: withErrors({ 200: undoneRemoval }),
      },
    },
    async (request) => undoRemoval(db, moderatorOnly(caller.of(request)), request.params.id, request.body, now()),
  );
}
