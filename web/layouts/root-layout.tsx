import { Outlet, useMatches } from 'react-router';
import type { RouteHandle } from './route-handle.js';
import { TopNav } from './top-nav.js';

export function RootLayout() {
  const matches = useMatches();
  const hideTopNav = matches.some((match) => (match.handle as RouteHandle | undefined)?.hideTopNav);
  return (
    <>
      {!hideTopNav && <TopNav />}
      <Outlet />
    </>
  );
}
