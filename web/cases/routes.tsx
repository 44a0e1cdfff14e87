import { Navigate, type RouteObject } from 'react-router';

type PageModule = { default: React.ComponentType };
// Each page is its own chunk: the public tracker never downloads the admin pages or Chart.js.
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

export const casesRoutes: RouteObject[] = [
  {
    lazy: page(() => import('./applicant-shell.js')),
    children: [{ path: '/casetracking', handle: { title: 'Track Your Application' }, lazy: page(() => import('./tracker-page.js')) }],
  },
  { path: '/caseadmin/login', handle: { title: 'Case admin sign-in' }, lazy: page(() => import('./admin-login-page.js')) },
  // The area's prefix leads to its entry page (the layout's guard sends a visitor on to the login).
  { path: '/caseadmin', element: <Navigate to="/caseadmin/dashboard" replace /> },
  {
    lazy: page(() => import('./admin-layout.js')),
    children: [
      { path: '/caseadmin/dashboard', handle: { title: 'Admin Dashboard' }, lazy: page(() => import('./admin-dashboard-page.js')) },
      { path: '/caseadmin/manage-cases', handle: { title: 'Case Management' }, lazy: page(() => import('./admin-manage-cases-page.js')) },
      { path: '/caseadmin/create-case', handle: { title: 'Create New Case' }, lazy: page(() => import('./admin-create-case-page.js')) },
      { path: '/caseadmin/details/:id', handle: { title: 'Case Details' }, lazy: page(() => import('./admin-case-details-page.js')) },
      { path: '/caseadmin/services', handle: { title: 'Service Management' }, lazy: page(() => import('./admin-services-page.js')) },
      { path: '/caseadmin/services/:serviceId/steps', handle: { title: 'Manage Steps' }, lazy: page(() => import('./admin-steps-page.js')) },
    ],
  },
];
