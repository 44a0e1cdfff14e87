import {
  adminCourse,
  adminCourseDetails,
  adminCoursesResponse,
  courseDetails,
  courseProgressBody,
  coursePreviewsResponse,
  coursesResponse,
  createCourseBody,
  idParams,
  pageQuery,
  recentCoursesResponse,
  TOTAL_COUNT_HEADER,
  updateCourseBody,
} from '../../contracts/lms.js';
import type { App } from '../platform/area.js';
import * as courses from './courses.js';
import { requireProgram } from './programs.js';
import { caller, noContent, tags, withErrors, type LmsContext } from './route-context.js';

export const COURSES_LOCKED_MESSAGE = 'This section is locked. Upgrade to Premium to view the course library.';
export const RECENT_COURSES_LOCKED_MESSAGE = 'This section is locked. Upgrade to Premium to view your recent courses.';

/** The course library as a learner reads it: open to the course program, previews for everyone. */
export async function courseRoutes(app: App, ctx: LmsContext): Promise<void> {
  const { db, now } = ctx;

  app.get(
    '/user/courses/recent',
    { schema: { summary: 'Recently opened courses', tags, response: withErrors({ 200: recentCoursesResponse }) } },
    async (request) => {
      const account = caller.of(request);
      requireProgram(account, 'course', RECENT_COURSES_LOCKED_MESSAGE);
      return { recentCourses: await courses.recentCourses(db, account) };
    },
  );

  // For everyone: what the library holds, so a locked screen shows what is behind it.
  app.get(
    '/user/courses/preview',
    {
      schema: {
        summary: 'The course library as a locked preview',
        tags,
        response: withErrors({ 200: coursePreviewsResponse }),
      },
    },
    async (request) => ({
      courses: await courses.coursePreviewsFor(db, caller.of(request)),
    }),
  );

  app.get(
    '/user/courses',
    { schema: { summary: 'The course library', tags, response: withErrors({ 200: coursesResponse }) } },
    async (request) => {
      const account = caller.of(request);
      requireProgram(account, 'course', COURSES_LOCKED_MESSAGE);
      return { courses: await courses.listCoursesFor(db, account) };
    },
  );

  app.get(
    '/user/courses/:id',
    {
      schema: {
        summary: 'A course with its lessons and progress',
        tags,
        params: idParams,
        response: withErrors({ 200: courseDetails }),
      },
    },
    async (request) => {
      const account = caller.of(request);
      requireProgram(account, 'course', COURSES_LOCKED_MESSAGE);
      return courses.openCourse(db, account, request.params.id, now());
    },
  );

  app.put(
    '/user/courses/:id/progress',
    {
      schema: {
        summary: 'Mark a lesson done or not',
        tags,
        params: idParams,
        body: courseProgressBody,
        response: withErrors({ 200: courseDetails }),
      },
    },
    async (request) => {
      const account = caller.of(request);
      requireProgram(account, 'course', COURSES_LOCKED_MESSAGE);
      return courses.recordCourseProgress(
        db,
        account,
        request.params.id,
        request.body.section,
        request.body.completed,
        now(),
      );
    },
  );
}

/** Writing the course library (LMS admins). */
export async function courseAdminRoutes(app: App, ctx: LmsContext): Promise<void> {
  const { db, now } = ctx;

  app.get(
    '/admin/courses',
    {
      schema: {
        summary: 'The courses',
        tags,
        querystring: pageQuery,
        response: withErrors({ 200: adminCoursesResponse }),
      },
    },
    async (request, reply) => {
      const { courses: list, total } = await courses.adminListCourses(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return { courses: list };
    },
  );

  app.post(
    '/admin/courses',
    {
      schema: {
        summary: 'Add a course (a draft until it is published)',
        tags,
        body: createCourseBody,
        response: withErrors({ 201: adminCourse }),
      },
    },
    async (request, reply) => reply.status(201).send(await courses.createCourse(db, request.body, now())),
  );

  app.get(
    '/admin/courses/:id',
    {
      schema: {
        summary: 'A course with its lessons, for editing',
        tags,
        params: idParams,
        response: withErrors({ 200: adminCourseDetails }),
      },
    },
    async (request) => courses.adminCourse(db, request.params.id),
  );

  app.put(
    '/admin/courses/:id',
    {
      schema: {
        summary: 'Change a course',
        tags,
        params: idParams,
        body: updateCourseBody,
        response: withErrors({ 200: adminCourseDetails }),
      },
    },
    async (request) => courses.updateCourse(db, request.params.id, request.body),
  );

  // Drafts and publishing (decision 043): learners read only published courses.
  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(
      `/admin/courses/:id/${action}`,
      {
        schema: {
          summary: published ? 'Publish a course: learners see it' : 'Take a course back to a draft: learners lose it',
          tags,
          params: idParams,
          response: withErrors({ 200: adminCourseDetails }),
        },
      },
      async (request) => courses.setCoursePublished(db, request.params.id, published, now()),
    );
  }

  app.delete(
    '/admin/courses/:id',
    { schema: { summary: 'Delete a course', tags, params: idParams, response: withErrors(noContent) } },
    async (request, reply) => {
      await courses.deleteCourse(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
