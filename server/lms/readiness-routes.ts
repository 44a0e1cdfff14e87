import {
  calibrationRequestBody,
  examDateBody,
  messageResponse,
  readinessResponse,
  reviewsResponse,
} from '../../contracts/lms.js';
import type { App } from '../platform/area.js';
import { requestCalibration } from './item-calibration.js';
import { learnerReadiness } from './readiness.js';
import { reviewsOf, setExamDate } from './review-cards.js';
import { caller, tags, withErrors, type LmsContext } from './route-context.js';

/** The learner's readiness: an estimate from practice (decision 029). */
export async function readinessRoutes(app: App, ctx: LmsContext): Promise<void> {
  const { db, examSettings } = ctx;

  app.get(
    '/user/readiness',
    {
      schema: {
        summary: "The learner's readiness",
        tags,
        description:
          "The learner's estimated ability, chance of passing a form today with its 95 % interval, and readiness by topic: an estimate from practice (decision 029)",
        response: withErrors({ 200: readinessResponse }),
      },
    },
    async (request) => learnerReadiness(db, caller.of(request), examSettings.questionCount),
  );
}

/** The learner's review cards and exam date (decision 029). */
export async function reviewRoutes(app: App, ctx: LmsContext): Promise<void> {
  const { db, now } = ctx;

  app.get(
    '/user/reviews',
    {
      schema: {
        summary: 'Questions due for review',
        tags,
        description: 'Review cards due now, when the next comes, the exam date and the retention reviews aim at',
        response: withErrors({ 200: reviewsResponse }),
      },
    },
    async (request) => reviewsOf(db, caller.of(request).id, now()),
  );

  app.put(
    '/user/exam-date',
    {
      schema: {
        summary: "Set the learner's exam date",
        tags,
        description: 'The day the learner sits the real exam (null: none); reviews aim higher as it nears',
        body: examDateBody,
        response: withErrors({ 200: reviewsResponse }),
      },
    },
    async (request) => setExamDate(db, caller.of(request).id, request.body.examDate, now()),
  );
}

/** The calibration an admin starts (the job also runs on its schedule). */
export async function readinessAdminRoutes(app: App, ctx: LmsContext): Promise<void> {
  const { db, deps } = ctx;

  app.post(
    '/admin/item-calibration',
    {
      schema: {
        summary: "Calibrate a profession's questions",
        tags,
        description:
          "Queues a calibration of one profession's questions from every recorded answer; it runs in the background",
        body: calibrationRequestBody,
        response: withErrors({ 202: messageResponse }),
      },
    },
    async (request, reply) => {
      await requestCalibration(db, deps, request.body.profession);
      return reply.status(202).send({ message: 'Calibration queued' });
    },
  );
}
