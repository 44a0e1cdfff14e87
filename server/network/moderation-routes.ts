import { cursorQuery, postIdParams } from '../../contracts/network.js';
import {
  createdReport,
  moderationLog,
  reportBody,
  reportGroupParams,
  reportQueue,
  resolution,
  resolveBody,
  suspensionResponse,
} from '../../contracts/network-moderation.js';
import type { App } from '../platform/area.js';
import {
  createReportLimit,
  listModerationLog,
  listReportQueue,
  moderatorOnly,
  reportPost,
  resolveReports,
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
 * A callback hook that asks the database only on the routes above: every other member request
 * passes at the cost of a set lookup.
 */
export function suspensionGuard(ctx: NetworkContext) {
  return (
    request: { method: string; routeOptions: { url?: string }; caller: unknown },
    _reply: unknown,
    done: (error?: Error) => void,
  ) => {
    const me = caller.find(request);
    if (!me || !CONTRIBUTIONS.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return done();
    assertNotSuspended(ctx.db, me.id, ctx.now()).then(() => done(), done);
  };
}

/** Reports by members; the queue, its resolution and the log for moderators (network admins) only. */
export async function moderationRoutes(members: App, ctx: NetworkContext): Promise<void> {
  const { db, now, settings, deps, mediaFiles } = ctx;
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
          "Moderators only: resolves every open report of the post {id} (a queue group's id): `dismiss` keeps it, `remove` deletes it, `suspend` deletes it and suspends its author for `days`",
        params: reportGroupParams,
        body: resolveBody,
        response: withErrors({ 200: resolution }),
      },
    },
    async (request) =>
      resolveReports(
        db,
        mediaFiles(request),
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
      return listModerationLog(db, request.query.cursor);
    },
  );
}
