import { createBrowserRouter, Navigate } from 'react-router';
import { casesRoutes } from './cases/routes.js';
import { RootLayout } from './layouts/root-layout.js';
import { RouteError } from './layouts/route-error.js';
import type { RouteHandle } from './layouts/route-handle.js';
import { lmsRoutes } from './lms/routes.js';
import { networkRoutes } from './network/routes.js';
import { LoadingState } from './ui/states.js';

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingState />,
    children: [
      ...networkRoutes,
      ...casesRoutes,
      ...lmsRoutes,
      {
        path: '/:token',
        handle: { hideTopNav: true } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./layouts/external-redirect-page.js')).ExternalRedirectPage }),
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
