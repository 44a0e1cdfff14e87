import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../layouts/route-handle.js';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });
const withProfile = { profileMenu: true } satisfies RouteHandle;

export const networkRoutes: RouteObject[] = [
  { path: '/', handle: { hideTopNav: true } satisfies RouteHandle, lazy: page(() => import('./sign-in-page.js')) },
  { path: '/Home', caseSensitive: true, handle: withProfile, lazy: page(() => import('./home-page.js')) },
  { path: '/home', caseSensitive: true, handle: withProfile, lazy: page(() => import('./lower-case-home-page.js')) },
  { path: '/forgot-password', handle: { hideTopNav: true } satisfies RouteHandle, lazy: page(() => import('./forgot-password-page.js')) },
  { path: '/reset-password', handle: { hideTopNav: true } satisfies RouteHandle, lazy: page(() => import('./reset-password-page.js')) },
  { path: '/verify-email', handle: { hideTopNav: true } satisfies RouteHandle, lazy: page(() => import('./verify-email-page.js')) },
  { path: '/UserDetails', caseSensitive: true, handle: withProfile, lazy: page(() => import('./user-details-page.js')) },
];
