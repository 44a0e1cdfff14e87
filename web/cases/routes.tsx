import type { RouteObject } from 'react-router';

const placeholder = async () => ({ Component: (await import('./placeholder-page.js')).default });

export const casesRoutes: RouteObject[] = [
  '/casetracking',
  '/caseadmin/login',
  '/caseadmin/dashboard',
  '/caseadmin/manage-cases',
  '/caseadmin/create-case',
  '/caseadmin/details/:id',
  '/caseadmin/services',
  '/caseadmin/services/:serviceId/steps',
].map((path): RouteObject => ({ path, lazy: placeholder }));
