import { networkUser, postsPage, type FeedFirstPage } from '../../contracts/network.js';
import type { App } from '../platform/area.js';
import { sendPage } from '../platform/compression.js';
import { fileAnswer } from '../platform/route-schemas.js';
import { asAnswered } from '../platform/serializer.js';
import { hasCompleteProfile, toNetworkUser } from './accounts.js';
import { listPosts } from './posts.js';
import { caller, tags, withErrors, type NetworkContext } from './route-context.js';

/*
 * The signed-in feed's page, `/Home`, drawn on the server (issue 42, decision 053): the member of
 * the session cookie and the first page of their feed are read by the very code the API's routes
 * use (GET /api/network/me, GET /api/network/posts: the same member, the same query, the same
 * serializer), drawn into the page and sent with it for the browser's query cache, so the feed
 * paints from the HTML and hydrating asks for neither again. Only that first page: drawing costs
 * the server CPU, so comments, the bell's count and the rest load in the browser as before. The
 * posts carry the live events' position they were read at (`eventsAfter`): the browser opens its
 * stream from it, so what is published while the page downloads and hydrates is replayed.
 */

const FEED_PAGE = '/Home';

const feedPage = fileAnswer('text/html', 'The feed page: drawn with the member’s first posts when signed in');

/** `GET /Home` (in the network's cookie scope: the caller is the session's member, or nobody). */
export async function feedPageRoutes(network: App, ctx: NetworkContext): Promise<void> {
  const { deps, now } = ctx;
  network.get(
    FEED_PAGE,
    {
      schema: {
        summary: 'The feed page, drawn with the signed-in member’s first posts',
        tags,
        response: withErrors({ 200: feedPage }),
      },
    },
    async (request, reply) => {
      const member = caller.find(request);
      // A visitor without a session, or a member who has not finished their profile, gets the page
      // they got before: the browser sends the one to sign in and the other to /UserDetails.
      let networkFeed: FeedFirstPage | undefined;
      if (member && hasCompleteProfile(member) && deps.webPages.built) {
        try {
          const me = asAnswered(networkUser, toNetworkUser(member));
          const posts = asAnswered(postsPage, await listPosts(deps.database.pool, member, undefined));
          networkFeed = { me, posts, drawnAt: now().toISOString() };
        } catch (error) {
          // The browser draws the feed from the empty page and asks the API itself (which says what
          // is wrong): a slower first paint, never a page that fails (decision 032).
          request.log.error({ err: error }, 'the feed could not be read for its page');
        }
      }
      const page = await deps.webPages.page(request, FEED_PAGE, networkFeed ? { networkFeed } : undefined);
      reply
        .status(page.status)
        // A member's feed is theirs alone: no cache, shared or their browser's, keeps it; nor the
        // page at this address of anyone, which depends on the session cookie.
        .header('Cache-Control', 'private, no-store')
        .header('Vary', 'Cookie, Accept-Language')
        .type('text/html; charset=utf-8');
      return sendPage(request, reply, page.html);
    },
  );
}
