import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../layouts/route-handle.js';

const placeholder = async () => ({ Component: (await import('./placeholder-page.js')).default });

export const lmsRoutes: RouteObject[] = [
  { path: '/lms-system/login', handle: { hideTopNav: true } satisfies RouteHandle, lazy: placeholder },
  ...[
    '/lms-system/register',
    '/lms-system/dashboard',
    '/lms-system/courses',
    '/lms-system/mock-exam',
    '/exam',
    '/courses',
    '/lmsprofile',
    '/lms-system/admin',
    '/lms-system/admin/course',
    '/lms-system/admin/logs',
  ].map((path): RouteObject => ({ path, lazy: placeholder })),
];
