import { z } from 'zod';
import type { App } from '../platform/area.js';
import { storedTypeOfExtension } from '../platform/media-cleaning.js';
import { fileAnswer } from '../platform/route-schemas.js';
import { serveMedia } from './media.js';
import { isWithheldMedia } from './posts.js';
import { caller, tags, withErrors, type NetworkContext } from './route-context.js';
import { SESSION_COOKIE, sessionKeyOf } from './sessions.js';

const mediaTypes = [...new Set(Object.values(storedTypeOfExtension))];

/** Where a fresh stream starts: the event log position a page was read at (Last-Event-ID, when sent, wins). */
const eventsQuery = z.object({
  after: z
    .string()
    .regex(/^\d{1,15}$/, 'must be an event id (digits)')
    .transform(Number)
    .optional()
    .describe('The `eventsAfter` of the feed page shown: the events since are replayed first'),
});

/** What members read as streams: stored media files and the live event stream. */
export async function streamRoutes(members: App, ctx: NetworkContext): Promise<void> {
  const { db, storage, hub, memberLimits } = ctx;
  // A removed post's file is withheld from members; moderators see it (blurred) to judge an appeal of the removal.
  const withheldFrom = (isModerator: boolean) => (key: string) =>
    isModerator ? Promise.resolve(false) : isWithheldMedia(db, key);

  members.get(
    '/api/network/media/:name',
    {
      schema: {
        summary: 'A photo or video of a post or profile',
        tags,
        params: z.object({ name: z.string().max(200) }),
        response: withErrors({
          200: fileAnswer(mediaTypes, 'The stored photo or video'),
          206: fileAnswer(mediaTypes, 'The range of it the Range header asked for'),
          416: z.null().describe('The range starts past the end of the file'),
        }),
      },
    },
    async (request, reply) =>
      serveMedia(storage, request.params.name, request, reply, withheldFrom(caller.of(request).isAdmin)),
  );

  members.get(
    '/api/network/events',
    {
      schema: {
        summary: 'The live feed (Server-Sent Events)',
        tags,
        description:
          'Server-Sent Events of the live feed; send Last-Event-ID to catch up, or (a fresh EventSource, which cannot) ' +
          '`after`, the `eventsAfter` of the feed page shown, to be replayed what happened since it was read. ' +
          'Ends when the session does.',
        querystring: eventsQuery,
      },
    },
    async (request, reply) => {
      const me = caller.of(request);
      const release = memberLimits.openStream(me.id);
      // The stream writes its own head from the raw response's headers: the headers set on the
      // reply so far (the security headers among them) go there first, or the stream would lack them.
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) reply.raw.setHeader(name, value);
      const token = request.cookies[SESSION_COOKIE];
      return hub.serve(request, reply, token ? sessionKeyOf(token) : undefined, release, me.id, request.query.after);
    },
  );
}
