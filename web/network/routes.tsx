import type { RouteObject } from '../lib/routing.js';
import type { PageQuery, RouteData } from '../lib/route-data.js';
import { lazyPage } from '../ui/lazy-page.js';
import type * as NetworkApiModule from './api.js';

type NetworkApi = typeof NetworkApiModule;

/**
 * A member's page reads these as it opens, once the shell knows the member is signed in (the
 * session is a cookie the page cannot read): the first page after sign-in or a reload reads them itself.
 */
const signedIn =
  (queries: (api: NetworkApi) => PageQuery[]): RouteData =>
  async ({ client }) => {
    const api = await import('./api.js');
    return client.getQueryData(api.meQuery().queryKey) ? queries(api) : [];
  };

export const networkRoutes: RouteObject[] = [
  // The sign-in page has no top navigation (spec), only its own dark-mode switch.
  { path: '/', handle: { title: 'Sign in' }, element: lazyPage(() => import('./sign-in-page.js')) },
  {
    // The pages emailed links open: the logo, a way back to sign-in and the dark-mode switch.
    element: lazyPage(() => import('./account-shell.js')),
    children: [
      {
        path: '/forgot-password',
        handle: { title: 'Forgot password' },
        element: lazyPage(() => import('./forgot-password-page.js')),
      },
      {
        path: '/reset-password',
        handle: { title: 'Reset password' },
        element: lazyPage(() => import('./reset-password-page.js')),
      },
      {
        path: '/verify-email',
        handle: { title: 'Verify your email' },
        element: lazyPage(() => import('./verify-email-page.js')),
      },
      {
        path: '/notifications/digest/unsubscribe',
        handle: { title: 'Stop the daily email' },
        element: lazyPage(() => import('./digest-unsubscribe-page.js')),
      },
    ],
  },
  {
    // The shell is its own chunk, so pages of other areas never download the network's code.
    element: lazyPage(() => import('./network-shell.js').then((module) => ({ default: module.NetworkShell }))),
    children: [
      {
        path: '/Home',
        caseSensitive: true,
        handle: { title: 'Home', data: signedIn((api) => [api.feedQuery()]) },
        element: lazyPage(() => import('./home-page.js')),
      },
      {
        path: '/home',
        caseSensitive: true,
        handle: { title: 'Home' },
        element: lazyPage(() => import('./lower-case-home-page.js')),
      },
      {
        path: '/notifications',
        handle: { title: 'Notifications', data: signedIn((api) => [api.notificationsQuery()]) },
        element: lazyPage(() => import('./notifications-page.js')),
      },
      { path: '/members/:username', handle: { title: 'Profile' }, element: lazyPage(() => import('./member-page.js')) },
      { path: '/moderation', handle: { title: 'Moderation' }, element: lazyPage(() => import('./moderation-page.js')) },
      { path: '/search', handle: { title: 'Search' }, element: lazyPage(() => import('./search-page.js')) },
      {
        path: '/UserDetails',
        caseSensitive: true,
        handle: { title: 'Complete your profile' },
        element: lazyPage(() => import('./user-details-page.js')),
      },
      { path: '/settings', handle: { title: 'Settings' }, element: lazyPage(() => import('./settings-page.js')) },
      { path: '/journey', handle: { title: 'My journey' }, element: lazyPage(() => import('./journey-page.js')) },
    ],
  },
];
