import { createUpcomingExamBody, idParams, upcomingExam, upcomingExamsResponse } from '../../contracts/lms.js';
import type { App } from '../platform/area.js';
import * as content from './admin-content.js';
import { caller, noContent, tags, withErrors, type LmsContext } from './route-context.js';

/** The exam dates of the learner's profession. */
export async function upcomingExamRoutes(app: App, ctx: LmsContext): Promise<void> {
  app.get(
    '/user/exam/upcoming',
    {
      schema: {
        summary: "Upcoming exams of the learner's profession",
        tags,
        response: withErrors({ 200: upcomingExamsResponse }),
      },
    },
    async (request) => ({
      upcomingExams: await content.upcomingFor(ctx.db, caller.of(request).profession, ctx.now()),
    }),
  );
}

/** Announcing exam dates (LMS admins). */
export async function upcomingExamAdminRoutes(app: App, ctx: LmsContext): Promise<void> {
  const { db, now } = ctx;

  app.get(
    '/admin/upcoming-exams',
    { schema: { summary: 'The upcoming exams', tags, response: withErrors({ 200: upcomingExamsResponse }) } },
    async () => ({
      upcomingExams: await content.listUpcoming(db),
    }),
  );

  app.post(
    '/admin/upcoming-exams',
    {
      schema: {
        summary: 'Add an upcoming exam',
        tags,
        body: createUpcomingExamBody,
        response: withErrors({ 201: upcomingExam }),
      },
    },
    async (request, reply) => reply.status(201).send(await content.createUpcoming(db, request.body, now())),
  );

  app.delete(
    '/admin/upcoming-exams/:id',
    { schema: { summary: 'Delete an upcoming exam', tags, params: idParams, response: withErrors(noContent) } },
    async (request, reply) => {
      await content.deleteUpcoming(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
