import { createBrowserRouter } from 'react-router';
import { casesRoutes } from './cases/routes.js';
import { RootLayout } from './layouts/root-layout.js';
import { RouteError } from './layouts/route-error.js';
import { UnknownPathPage } from './layouts/unknown-path-page.js';
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
      // The spec's `{token}` route and "any unknown path": a token-shaped segment goes to the health
      // authority, a known place typed differently goes there, anything else to `/`.
      { path: '*', element: <UnknownPathPage /> },
    ],
  },
]);
