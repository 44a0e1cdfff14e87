import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../layouts/route-handle.js';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

export const networkRoutes: RouteObject[] = [
  { path: '/', handle: { hideTopNav: true } satisfies RouteHandle, lazy: page(() => import('./public-home-page.js')) },
  { path: '/Home', caseSensitive: true, lazy: page(() => import('./placeholder-page.js')) },
  { path: '/home', caseSensitive: true, lazy: page(() => import('./placeholder-page.js')) },
  { path: '/UserDetails', caseSensitive: true, lazy: page(() => import('./placeholder-page.js')) },
];
