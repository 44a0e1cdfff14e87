import type { RouteObject } from '../lib/routing.js';
import { routeId } from '../lib/route-id.js';
import type { RouteData } from '../lib/route-data.js';
import { lazyPage } from '../ui/lazy-page.js';
import { decodeToken, lmsToken } from './session.js';

/** A learner's page reads these as it opens; signed out, the guard sends the visitor to the login instead. */
const signedIn =
  (queries: RouteData): RouteData =>
  async (address) =>
    decodeToken(lmsToken.get()) ? queries(address) : [];
const learnerApi = () => import('./api.js');

const courses = lazyPage(() => import('./courses-page.js'));
const courseEditor = lazyPage(() => import('./admin/course-editor-page.js'));
// The guards read the LMS session, which the other areas' first pages have no use for: they come
// with the LMS's chunks, not in the entry every visitor downloads.
const guards = () => import('./guards.js');
// The library asks first whether the learner's programs include courses (their profile).
const coursesHandle = { title: 'Courses', data: signedIn(async () => [(await learnerApi()).profileQuery()]) };

export const lmsRoutes: RouteObject[] = [
  { path: '/lms-system', element: lazyPage(() => guards().then((module) => ({ default: module.LmsEntry }))) },
  {
    // The learner's header (its own chunk) frames every LMS page; the network's navigation never shows here.
    element: lazyPage(() => import('./learner-shell.js')),
    children: [
      { path: '/lms-system/login', handle: { title: 'Login' }, element: lazyPage(() => import('./login-page.js')) },
      {
        path: '/lms-system/register',
        handle: { title: 'Register' },
        element: lazyPage(() => import('./register-page.js')),
      },
      {
        path: '/lms-system/forgot-password',
        handle: { title: 'Forgot password' },
        element: lazyPage(() => import('./forgot-password-page.js')),
      },
      {
        path: '/lms-system/reset-password',
        handle: { title: 'Reset password' },
        element: lazyPage(() => import('./reset-password-page.js')),
      },
      {
        element: lazyPage(() => guards().then((module) => ({ default: module.RequireLmsUser }))),
        children: [
          {
            path: '/lms-system/dashboard',
            handle: {
              title: 'Learning Dashboard',
              data: signedIn(async () => {
                const [lms, exam] = await Promise.all([learnerApi(), import('./exam-api.js')]);
                return [
                  lms.profileQuery(),
                  lms.progressQuery(),
                  exam.examAttemptsQuery(),
                  lms.upcomingExamsQuery(),
                  lms.achievementsQuery(),
                ];
              }),
            },
            element: lazyPage(() => import('./dashboard-page.js')),
          },
          { path: '/lms-system/courses', handle: coursesHandle, element: courses },
          { path: '/courses', handle: coursesHandle, element: courses },
          {
            path: '/courses/:id',
            handle: {
              title: 'Course',
              data: signedIn(async ({ params }) => {
                const id = routeId(params.id);
                return id === null ? [] : [(await learnerApi()).courseQuery(id)];
              }),
            },
            element: lazyPage(() => import('./course-page.js')),
          },
          {
            path: '/lms-system/mock-exam',
            handle: { title: 'Mock Exam' },
            element: lazyPage(() => import('./mock-exam-page.js')),
          },
          { path: '/exam', handle: { title: 'Online Examination' }, element: lazyPage(() => import('./exam-page.js')) },
          {
            path: '/exam/attempts/:id/review',
            handle: { title: 'Exam review' },
            element: lazyPage(() => import('./exam-review-page.js')),
          },
          {
            path: '/lmsjourney',
            handle: { title: 'My Journey' },
            element: lazyPage(() => import('./journey-page.js')),
          },
          {
            path: '/lmsprofile',
            handle: { title: 'Profile', data: signedIn(async () => [(await learnerApi()).profileQuery()]) },
            element: lazyPage(() => import('./profile-page.js')),
          },
        ],
      },
    ],
  },
  // The admin pages draw the shared admin shell (as the case admin does), not the learner's header.
  {
    element: lazyPage(() => guards().then((module) => ({ default: module.RequireLmsAdmin }))),
    children: [
      {
        path: '/lms-system/admin',
        handle: { title: 'Exam questions' },
        element: lazyPage(() => import('./admin/questions-page.js')),
      },
      {
        path: '/lms-system/admin/import',
        handle: { title: 'Import questions' },
        element: lazyPage(() => import('./admin/import-page.js')),
      },
      {
        path: '/lms-system/admin/course',
        handle: { title: 'Course management' },
        element: lazyPage(() => import('./admin/courses-page.js')),
      },
      { path: '/lms-system/admin/course/new', handle: { title: 'Add course' }, element: courseEditor },
      { path: '/lms-system/admin/course/:id', handle: { title: 'Edit course' }, element: courseEditor },
      {
        path: '/lms-system/admin/course/:id/preview',
        handle: { title: 'Preview as a learner' },
        element: lazyPage(() => import('./admin/course-preview-page.js')),
      },
      {
        path: '/lms-system/admin/logs',
        handle: { title: 'Exam logs' },
        element: lazyPage(() => import('./admin/logs-page.js')),
      },
      {
        path: '/lms-system/admin/account-log',
        handle: { title: 'Account log' },
        element: lazyPage(() => import('./admin/account-log-page.js')),
      },
      {
        path: '/lms-system/admin/users',
        handle: { title: 'Users and programs' },
        element: lazyPage(() => import('./admin/users-page.js')),
      },
      {
        path: '/lms-system/admin/access-codes',
        handle: { title: 'Access codes' },
        element: lazyPage(() => import('./admin/access-codes-page.js')),
      },
      {
        path: '/lms-system/admin/upcoming',
        handle: { title: 'Upcoming exams' },
        element: lazyPage(() => import('./admin/upcoming-page.js')),
      },
      {
        path: '/lms-system/admin/essays',
        handle: { title: 'Essay grading' },
        element: lazyPage(() => import('./admin/essays-page.js')),
      },
      {
        path: '/lms-system/admin/exam-settings',
        handle: { title: 'Exam settings' },
        element: lazyPage(() => import('./admin/exam-settings-page.js')),
      },
    ],
  },
];
