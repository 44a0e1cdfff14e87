import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import type { RouteHandle } from './route-handle.js';

/**
 * The frame around every area. Each area draws its own header (network, applicant, learner,
 * admin), so this layout only names the document after the deepest route that has a title.
 */
export function RootLayout() {
  const matches = useMatches();
  const title = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);
  useEffect(() => {
    document.title = title ? `${title} · Pathway` : 'Pathway';
  }, [title]);
  return <Outlet />;
}
