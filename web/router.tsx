import { useEffect } from 'react';
import { BrowserRouter, matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { casesRoutes } from './cases/routes.js';
import { RouteErrorBoundary } from './layouts/route-error.js';
import type { RouteHandle } from './layouts/route-handle.js';
import { lmsRoutes } from './lms/routes.js';
import { networkRoutes } from './network/routes.js';
import { lazyPage, preloadPages } from './ui/lazy-page.js';

const routes: RouteObject[] = [
  ...networkRoutes,
  ...casesRoutes,
  ...lmsRoutes,
  // The spec's `{token}` route and "any unknown path": a token-shaped segment goes to the health
  // authority, a known place typed differently goes there, anything else says "page not found".
  // Lazy like every page: few visits need it, and it would otherwise weigh on every first page.
  { path: '*', handle: { title: 'Page not found' }, element: lazyPage(() => import('./layouts/unknown-path-page.js')) },
];

/**
 * The routes in React Router's declarative mode: pages are lazy elements, and the data-router
 * machinery (loaders, actions, fetchers), which no page uses, stays out of the first download.
 * Each area draws its own shell; this only names the document after the deepest titled route.
 */
function Routes() {
  const location = useLocation();
  const matches = matchRoutes(routes, location) ?? [];
  // The shell's and the page's chunks download side by side, not one after the other.
  preloadPages(matches.map((match) => match.route.element));
  const element = useRoutes(routes, location);
  const title = matches
    .map((match) => (match.route.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  useEffect(() => {
    document.title = title ? `${title} · Pathway` : 'Pathway';
  }, [title]);
  return <RouteErrorBoundary key={location.pathname}>{element}</RouteErrorBoundary>;
}

export function AppRouter() {
  // Location changes render at once, not as transitions: a guard that reads a query (the member, a
  // token) and a navigation made in the same handler must land in one render, or the guard's
  // redirect, rendered first, wins (Sign Out would end on `/` instead of the sign-in mode).
  return (
    <BrowserRouter useTransitions={false}>
      <Routes />
    </BrowserRouter>
  );
}
