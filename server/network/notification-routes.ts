import { cursorQuery, markReadBody, notificationsPage, unreadResponse } from '../../contracts/network.js';
import type { App } from '../platform/area.js';
import { listNotifications, markRead } from './notifications.js';
import { caller, tags, withErrors, type NetworkContext } from './route-context.js';

/** A member's own notifications: nobody reads or marks anyone else's. */
export async function notificationRoutes(members: App, ctx: NetworkContext): Promise<void> {
  const { db, now } = ctx;

  members.get(
    '/api/network/notifications',
    {
      schema: {
        summary: "The member's notifications",
        tags,
        description: "The signed-in member's notifications, newest first, and their unread count",
        querystring: cursorQuery,
        response: withErrors({ 200: notificationsPage }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listNotifications(db, caller.of(request), request.query.cursor);
    },
  );

  members.post(
    '/api/network/notifications/read',
    {
      schema: {
        summary: 'Mark notifications read',
        tags,
        description: "`{ all: true }` marks every notification read, `{ ids }` those of them that are the member's",
        body: markReadBody,
        response: withErrors({ 200: unreadResponse }),
      },
    },
    async (request) => markRead(db, caller.of(request), request.body.ids, now()),
  );
}
