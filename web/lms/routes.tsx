import { Navigate, type RouteObject } from 'react-router';
import { RequireLmsAdmin, RequireLmsUser } from './guards.js';
import { homeFor, useLmsSession } from './session.js';

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

const courses = page(() => import('./courses-page.js'));

/** `/lms-system`, the area's prefix: the learner's home, or the login for a visitor. */
function LmsEntry() {
  const { user } = useLmsSession();
  return <Navigate to={user ? homeFor(user) : '/lms-system/login'} replace />;
}

export const lmsRoutes: RouteObject[] = [
  { path: '/lms-system', element: <LmsEntry /> },
  {
    // The learner's header (its own chunk) frames every LMS page; the network's navigation never shows here.
    lazy: page(() => import('./learner-shell.js')),
    children: [
      { path: '/lms-system/login', handle: { title: 'Login' }, lazy: page(() => import('./login-page.js')) },
      { path: '/lms-system/register', handle: { title: 'Register' }, lazy: page(() => import('./register-page.js')) },
      {
        element: <RequireLmsUser />,
        children: [
          { path: '/lms-system/dashboard', handle: { title: 'Learning Dashboard' }, lazy: page(() => import('./dashboard-page.js')) },
          { path: '/lms-system/courses', handle: { title: 'Courses' }, lazy: courses },
          { path: '/courses', handle: { title: 'Courses' }, lazy: courses },
          { path: '/courses/:id', handle: { title: 'Course' }, lazy: page(() => import('./course-page.js')) },
          { path: '/lms-system/mock-exam', handle: { title: 'Mock Exam' }, lazy: page(() => import('./mock-exam-page.js')) },
          { path: '/exam', handle: { title: 'Online Examination' }, lazy: page(() => import('./exam-page.js')) },
          { path: '/lmsprofile', handle: { title: 'Profile' }, lazy: page(() => import('./profile-page.js')) },
        ],
      },
      {
        element: <RequireLmsAdmin />,
        children: [
          { path: '/lms-system/admin', handle: { title: 'Exam questions' }, lazy: page(() => import('./admin/questions-page.js')) },
          { path: '/lms-system/admin/course', handle: { title: 'Course management' }, lazy: page(() => import('./admin/courses-page.js')) },
          { path: '/lms-system/admin/logs', handle: { title: 'Exam logs' }, lazy: page(() => import('./admin/logs-page.js')) },
          { path: '/lms-system/admin/users', handle: { title: 'Users and programs' }, lazy: page(() => import('./admin/users-page.js')) },
          { path: '/lms-system/admin/upcoming', handle: { title: 'Upcoming exams' }, lazy: page(() => import('./admin/upcoming-page.js')) },
          { path: '/lms-system/admin/essays', handle: { title: 'Essay grading' }, lazy: page(() => import('./admin/essays-page.js')) },
        ],
      },
    ],
  },
];
