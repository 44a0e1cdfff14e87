import type { RouteObject } from '../lib/routing.js';
import { lazyPage } from '../ui/lazy-page.js';
import { withScreenWords } from './applicant-words.js';

/**
 * The applicants' pages (`/casetracking`). The staff's (`/caseadmin`) are their own area and route
 * table (admin-routes.tsx), so the tracker's visitor downloads neither their routes nor the admin
 * session (issue 42).
 */
export const casesRoutes: RouteObject[] = [
  {
    element: lazyPage(() => import('./applicant-shell.js')),
    children: [
      {
        path: '/casetracking',
        handle: { title: 'Track Your Application', titleKey: 'tracker.title' },
        element: lazyPage(() => import('./tracker-page.js')),
      },
      {
        path: '/casetracking/case',
        handle: { title: 'Your case', titleKey: 'titles.caseView' },
        element: lazyPage(withScreenWords(() => import('./applicant-case-page.js'))),
      },
      {
        path: '/casetracking/journey',
        handle: { title: 'My journey', titleKey: 'titles.journey' },
        element: lazyPage(withScreenWords(() => import('./applicant-journey-page.js'))),
      },
      {
        path: '/casetracking/confirm',
        handle: { title: 'Email updates', titleKey: 'titles.subscription' },
        element: lazyPage(withScreenWords(() => import('./tracker-subscription-page.js'))),
      },
      {
        path: '/casetracking/licences/:credentialId',
        handle: { title: 'Licence verification', titleKey: 'titles.licenceVerify' },
        element: lazyPage(withScreenWords(() => import('./licence-verify-page.js'))),
      },
      {
        path: '/casetracking/unsubscribe',
        handle: { title: 'Email updates', titleKey: 'titles.subscription' },
        element: lazyPage(withScreenWords(() => import('./tracker-subscription-page.js'))),
      },
    ],
  },
];
