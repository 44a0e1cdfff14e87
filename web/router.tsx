import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactElement } from 'react';
import { webAreaOf, type WebArea } from '../contracts/web-areas.js';
import { RouteErrorBoundary } from './layouts/route-error.js';
import { deepestTitled, documentTitle, RouteHandleContext, type RouteHandle } from './layouts/route-handle.js';
import { prefetchRouteData } from './lib/route-data.js';
import { matchRoutes, renderMatches, useLocation, type RouteObject } from './lib/routing.js';
import { lazyPage, preloadPages } from './ui/lazy-page.js';

// The spec's `{token}` route and "any unknown path": a token-shaped segment goes to the health
// authority, a known place typed differently goes there, anything else says "page not found".
// Lazy like every page: few visits need it, and it would otherwise weigh on every first page.
export const unknownPath: RouteObject = {
  path: '*',
  // The page titles itself in the visitor's language (unknown-path-page.tsx; on the server, entry-server.tsx).
  handle: { title: 'Page not found', titledByPage: true },
  element: lazyPage(() => import('./layouts/unknown-path-page.js')),
};

/**
 * An area's routes (web/lib/routing.tsx): pages are lazy elements, their chunks and data started
 * as the address matches. Each area draws its own shell; this only names the document after the
 * deepest titled route.
 */
export function AreaRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const table = useMemo(() => [...routes, unknownPath], [routes]);
  const matches = matchRoutes(table, location) ?? [];
  // The shell's and the page's chunks download side by side, not one after the other.
  preloadPages(matches.map((match) => match.route.element));
  // And their data beside them (in an effect: the first page drawn on the server fetches nothing).
  const client = useQueryClient();
  const { pathname, search } = location;
  useEffect(() => {
    prefetchRouteData(client, matchRoutes(table, { pathname }) ?? [], new URLSearchParams(search));
  }, [client, table, pathname, search]);
  const element = renderMatches(matches);
  const handle = deepestTitled(matches.map((match) => match.route.handle as RouteHandle | undefined));
  const title = handle?.title;
  // A translated title is the translated shell's to set, in its language (useTranslatedTitle).
  const translated = handle?.titleKey !== undefined || handle?.titledByPage === true;
  useEffect(() => {
    // The server writes the same title into the first page it renders (web/entry-server.tsx).
    if (!translated) document.title = documentTitle(title);
  }, [title, translated]);
  return (
    <RouteHandleContext value={handle}>
      <RouteErrorBoundary key={location.pathname}>{element}</RouteErrorBoundary>
    </RouteHandleContext>
  );
}

/** An area's route table, its own chunk, drawn once downloaded (with the retries of any lazy page). */
const areaRoutes = (load: () => Promise<RouteObject[]>) =>
  lazyPage(() =>
    load().then((routes) => ({
      default: function Area() {
        return <AreaRoutes routes={routes} />;
      },
    })),
  );

// The tracker's visitor never downloads the LMS's or the network's routes. The server names the
// address's area chunk in the page it sends (server/platform/area-pages.ts), so it downloads beside
// the entry rather than after it.
const areas: Record<WebArea, ReactElement> = {
  cases: areaRoutes(() => import('./cases/routes.js').then((module) => module.casesRoutes)),
  caseadmin: areaRoutes(() => import('./cases/admin-routes.js').then((module) => module.caseAdminRoutes)),
  lms: areaRoutes(() => import('./lms/routes.js').then((module) => module.lmsRoutes)),
  network: areaRoutes(() => import('./network/routes.js').then((module) => module.networkRoutes)),
};

/** The current address's area, under whichever router draws it. */
export function CurrentArea() {
  return areas[webAreaOf(useLocation().pathname)];
}

/**
 * The browser's router: wouter's default one reads the browser's address, so there is nothing to
 * wrap. On the server (web/entry-server.tsx) a StaticRouter at the address of the first page draws
 * the very same routes and pages. Location changes render at once, not as transitions (wouter reads
 * the address as an external store): a guard that reads a query (the member, a token) and a
 * navigation made in the same handler land in one render, or the guard's redirect, rendered first,
 * would win (Sign Out would end on `/` instead of the sign-in mode).
 */
export function AppRouter() {
  return <CurrentArea />;
}
