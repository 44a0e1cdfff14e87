import { Navigate, type RouteObject } from '../lib/routing.js';
import type { RouteData } from '../lib/route-data.js';
import { routeId } from '../lib/route-id.js';
import { lazyPage } from '../ui/lazy-page.js';
import { adminToken } from './admin-session.js';

/** A staff page reads these as it opens; signed out, the layout sends the visitor to the login instead. */
const signedIn =
  (queries: RouteData): RouteData =>
  async (address) =>
    adminToken.get() ? queries(address) : [];
const adminApi = () => import('./admin-api.js');

/** The case staff's pages (`/caseadmin`), an area of their own: the applicants' are routes.tsx. */
export const caseAdminRoutes: RouteObject[] = [
  {
    // The signed-out pages: logo, sign-in and dark mode, as every other screen has.
    element: lazyPage(() => import('./admin-account-shell.js')),
    children: [
      {
        path: '/caseadmin/login',
        handle: { title: 'Case admin sign-in' },
        element: lazyPage(() => import('./admin-login-page.js')),
      },
      {
        path: '/caseadmin/forgot-password',
        handle: { title: 'Forgot password' },
        element: lazyPage(() => import('./admin-forgot-password-page.js')),
      },
      {
        path: '/caseadmin/reset-password',
        handle: { title: 'Reset password' },
        element: lazyPage(() => import('./admin-reset-password-page.js')),
      },
    ],
  },
  // The area's prefix leads to its entry page (the layout's guard sends a visitor on to the login).
  { path: '/caseadmin', element: <Navigate to="/caseadmin/dashboard" replace /> },
  {
    element: lazyPage(() => import('./admin-layout.js')),
    children: [
      {
        path: '/caseadmin/dashboard',
        handle: {
          title: 'Admin Dashboard',
          data: signedIn(async () => {
            const api = await adminApi();
            return [api.dashboardMetricsQuery(), api.casesOverviewQuery()];
          }),
        },
        element: lazyPage(() => import('./admin-dashboard-page.js')),
      },
      {
        path: '/caseadmin/manage-cases',
        handle: { title: 'Case Management' },
        element: lazyPage(() => import('./admin-manage-cases-page.js')),
      },
      {
        path: '/caseadmin/create-case',
        handle: { title: 'Create New Case' },
        element: lazyPage(() => import('./admin-create-case-page.js')),
      },
      {
        path: '/caseadmin/import-cases',
        handle: { title: 'Import cases' },
        element: lazyPage(() => import('./admin-import-cases-page.js')),
      },
      {
        path: '/caseadmin/details/:id',
        handle: {
          title: 'Case Details',
          data: signedIn(async ({ params }) => {
            const id = routeId(params.id);
            return id === null ? [] : [(await adminApi()).caseDetailsQuery(id)];
          }),
        },
        element: lazyPage(() => import('./admin-case-details-page.js')),
      },
      {
        path: '/caseadmin/documents',
        handle: { title: 'Documents to review' },
        element: lazyPage(() => import('./admin-review-queue-page.js')),
      },
      {
        path: '/caseadmin/services',
        handle: { title: 'Service Management' },
        element: lazyPage(() => import('./admin-services-page.js')),
      },
      {
        path: '/caseadmin/services/:serviceId/steps',
        handle: { title: 'Manage Steps' },
        element: lazyPage(() => import('./admin-steps-page.js')),
      },
    ],
  },
];
