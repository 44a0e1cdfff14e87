import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../layouts/route-handle.js';
import { RequireLmsAdmin, RequireLmsUser } from './guards.js';

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

const courses = page(() => import('./courses-page.js'));

export const lmsRoutes: RouteObject[] = [
  { path: '/lms-system/login', handle: { hideTopNav: true } satisfies RouteHandle, lazy: page(() => import('./login-page.js')) },
  { path: '/lms-system/register', lazy: page(() => import('./register-page.js')) },
  { path: '/lms-system/forgot-password', handle: { hideTopNav: true } satisfies RouteHandle, lazy: page(() => import('./forgot-password-page.js')) },
  { path: '/lms-system/reset-password', handle: { hideTopNav: true } satisfies RouteHandle, lazy: page(() => import('./reset-password-page.js')) },
  {
    element: <RequireLmsUser />,
    children: [
      { path: '/lms-system/dashboard', lazy: page(() => import('./dashboard-page.js')) },
      { path: '/lms-system/courses', lazy: courses },
      { path: '/courses', lazy: courses },
      { path: '/courses/:id', lazy: page(() => import('./course-page.js')) },
      { path: '/lms-system/mock-exam', lazy: page(() => import('./mock-exam-page.js')) },
      { path: '/exam', lazy: page(() => import('./exam-page.js')) },
      { path: '/exam/attempts/:id/review', lazy: page(() => import('./exam-review-page.js')) },
      { path: '/lmsprofile', lazy: page(() => import('./profile-page.js')) },
    ],
  },
  {
    element: <RequireLmsAdmin />,
    children: [
      { path: '/lms-system/admin', lazy: page(() => import('./admin/questions-page.js')) },
      { path: '/lms-system/admin/course', lazy: page(() => import('./admin/courses-page.js')) },
      { path: '/lms-system/admin/logs', lazy: page(() => import('./admin/logs-page.js')) },
      { path: '/lms-system/admin/users', lazy: page(() => import('./admin/users-page.js')) },
      { path: '/lms-system/admin/upcoming', lazy: page(() => import('./admin/upcoming-page.js')) },
      { path: '/lms-system/admin/essays', lazy: page(() => import('./admin/essays-page.js')) },
      { path: '/lms-system/admin/exam-settings', lazy: page(() => import('./admin/exam-settings-page.js')) },
    ],
  },
];
