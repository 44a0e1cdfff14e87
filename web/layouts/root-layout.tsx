import { Outlet, useMatches } from 'react-router';
import type { RouteHandle } from './route-handle.js';
import { TopNav } from './top-nav.js';

export function RootLayout() {
  const matches = useMatches();
  const hideTopNav = matches.some((match) => (match.handle as RouteHandle | undefined)?.hideTopNav);
  const profileMenu = matches.some((match) => (match.handle as RouteHandle | undefined)?.profileMenu);
  return (
    <>
      {!hideTopNav && <TopNav profileMenu={profileMenu} />}
      <Outlet />
    </>
  );
}
