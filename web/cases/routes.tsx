import { Navigate, type RouteObject } from 'react-router';

type PageModule = { default: React.ComponentType };
// Each page is its own chunk: the public tracker never downloads the admin pages or Chart.js.
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

export const casesRoutes: RouteObject[] = [
  { path: '/casetracking', lazy: page(() => import('./tracker-page.js')) },
  { path: '/casetracking/confirm', lazy: page(() => import('./tracker-subscription-page.js')) },
  { path: '/casetracking/unsubscribe', lazy: page(() => import('./tracker-subscription-page.js')) },
  { path: '/caseadmin/login', lazy: page(() => import('./admin-login-page.js')) },
  { path: '/caseadmin/forgot-password', lazy: page(() => import('./admin-forgot-password-page.js')) },
  { path: '/caseadmin/reset-password', lazy: page(() => import('./admin-reset-password-page.js')) },
  // Without this, `/caseadmin` would be taken for the single-segment `{token}` redirect.
  { path: '/caseadmin', element: <Navigate to="/caseadmin/dashboard" replace /> },
  {
    lazy: page(() => import('./admin-layout.js')),
    children: [
      { path: '/caseadmin/dashboard', lazy: page(() => import('./admin-dashboard-page.js')) },
      { path: '/caseadmin/manage-cases', lazy: page(() => import('./admin-manage-cases-page.js')) },
      { path: '/caseadmin/create-case', lazy: page(() => import('./admin-create-case-page.js')) },
      { path: '/caseadmin/import-cases', lazy: page(() => import('./admin-import-cases-page.js')) },
      { path: '/caseadmin/details/:id', lazy: page(() => import('./admin-case-details-page.js')) },
      { path: '/caseadmin/services', lazy: page(() => import('./admin-services-page.js')) },
      { path: '/caseadmin/services/:serviceId/steps', lazy: page(() => import('./admin-steps-page.js')) },
    ],
  },
];
