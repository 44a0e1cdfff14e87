import {
  autoSaveBody,
  autoSaveResponse,
  essaysQuery,
  essaysResponse,
  examAttemptsResponse,
  examForm,
  examEventBody,
  examLogsQuery,
  examLogsResponse,
  examProgress,
  examQuestionsQuery,
  examQuestionsResponse,
  examReview,
  examSettingsBody,
  examSettingsResponse,
  examSummary,
  flagBody,
  flagsResponse,
  gradeEssayBody,
  idParams,
  messageResponse,
  pageQuery,
  pauseBody,
  startAttemptBody,
  submitBody,
  submitResponse,
  TOTAL_COUNT_HEADER,
} from '../../contracts/lms.js';
import type { App } from '../platform/area.js';
import * as accommodations from './accommodations.js';
import * as content from './admin-content.js';
import * as attempts from './exam-attempts.js';
import * as practice from './exam-practice.js';
import * as review from './exam-review.js';
import * as serving from './exam-serving.js';
import * as settings from './exam-settings.js';
import * as testCentre from './test-centre.js';
import { caller, noContent, pageOf, tags, withErrors, type LmsContext } from './route-context.js';

/** The learner's exams: the daily exam's questions and answers, practice sets, test-centre attempts and their reviews. */
export async function examRoutes(app: App, ctx: LmsContext): Promise<void> {
  const { db, deps, now, examSettings } = ctx;
  const practiceSettings = {
    durationSeconds: ctx.settings.mockExamDurationSeconds,
    setsPerHour: ctx.settings.practiceSetsPerHour,
    questionsPerDay: ctx.settings.questionsPerDay,
  };

  app.get(
    '/user/exam/questions',
    {
      schema: {
        summary: 'The current exam question, a practice set, or a test-centre question',
        tags,
        description:
          "Without set (or set=attempt), and with questionId in a test-centre sitting: the timed exam's current question (CurrentQuestionResponse). With set=mock, set=mistakes or set=adaptive (and topic, length, stop): a practice set (PracticeSetResponse).",
        querystring: examQuestionsQuery,
        response: withErrors({ 200: examQuestionsResponse }),
      },
    },
    async (request) => {
      const account = caller.of(request);
      const { set, topic, length, stop } = request.query;
      if (set === 'mock' || set === 'mistakes' || set === 'adaptive' || set === 'review')
        return practice.practiceSet(db, account, set, now(), practiceSettings, { topic, length, stop });
      return serving.nextQuestion(
        db,
        deps.database.pool,
        account,
        now(),
        examSettings,
        testCentre.sitting,
        request.query.questionId,
      );
    },
  );

  app.post(
    '/user/exam/submit',
    {
      schema: {
        summary: 'Answer an exam or practice-set question',
        tags,
        description:
          "questionId and userAnswer: an answer of the timed exam, marked in practice mode (AnswerResult) or recorded in a test-centre sitting (RecordedAnswer). With setId: a practice set's answer in tutor mode (PracticeAnswerResult). answers (and setId): the older module's whole set scored at once (MockResult).",
        body: submitBody,
        response: withErrors({ 200: submitResponse }),
      },
    },
    async (request) => {
      const account = caller.of(request);
      const body = request.body;
      if ('answers' in body) return practice.scoreMockExam(db, account, body.answers, body.setId, now());
      if ('setId' in body) return practice.answerPracticeQuestion(db, account, body, now(), practiceSettings);
      return serving.submitAnswer(
        db,
        deps.database.pool,
        account,
        body.questionId,
        body.userAnswer,
        now(),
        testCentre.sitting,
        body.clientAnswerId,
      );
    },
  );

  app.post(
    '/user/exam/auto-save',
    {
      schema: {
        summary: 'Save the answer being typed',
        tags,
        body: autoSaveBody,
        response: withErrors({ 200: autoSaveResponse }),
      },
    },
    async (request) => attempts.autoSave(db, caller.of(request), request.body, now()),
  );

  app.post(
    '/user/exam/events',
    {
      schema: {
        summary: 'Log an exam integrity event',
        tags,
        body: examEventBody,
        response: withErrors({ 201: messageResponse }),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await attempts.recordExamEvent(db, caller.of(request), request.body, now())),
  );

  app.post(
    '/user/exam/finish',
    { schema: { summary: 'Finish the exam (time is up)', tags, response: withErrors({ 200: examSummary }) } },
    async (request) => review.finishExam(db, caller.of(request), now()),
  );

  app.get(
    '/user/exam/summary',
    { schema: { summary: "The last attempt's results", tags, response: withErrors({ 200: examSummary }) } },
    async (request) => review.examSummary(db, caller.of(request), now()),
  );

  app.post(
    '/user/exam/attempts',
    {
      schema: {
        summary: 'Start an exam attempt',
        tags,
        body: startAttemptBody,
        response: withErrors({ 201: examProgress }),
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await attempts.startAttempt(db, caller.of(request), now(), examSettings, request.body?.mode ?? 'practice'),
        ),
  );

  app.post(
    '/user/exam/attempts/:id/finish',
    {
      schema: {
        summary: 'Finish a test-centre attempt',
        tags,
        params: idParams,
        response: withErrors({ 200: examSummary }),
      },
    },
    async (request) => review.finishTestCentreAttempt(db, caller.of(request), request.params.id, now()),
  );

  app.put(
    '/user/exam/attempts/:id/flags',
    {
      schema: {
        summary: 'Flag or unflag a question of an attempt',
        tags,
        params: idParams,
        body: flagBody,
        response: withErrors({ 200: flagsResponse }),
      },
    },
    async (request) => testCentre.setFlag(db, caller.of(request), request.params.id, request.body, now()),
  );

  app.get(
    '/user/exam/attempts/:id/form',
    {
      schema: {
        summary: "A test-centre sitting's whole form, for the device",
        tags,
        description:
          'Every question of the running test-centre attempt in the navigator order, options shuffled as served, without answers or explanations, and the answers recorded so far: the device keeps it so the navigator works offline',
        params: idParams,
        response: withErrors({ 200: examForm }),
      },
    },
    async (request) => testCentre.formForDevice(db, caller.of(request), request.params.id, now()),
  );

  app.post(
    '/user/exam/attempts/:id/pause',
    {
      schema: {
        summary: 'Pause an exam attempt',
        tags,
        description:
          'Stops the clock of the running attempt: a pause (with the accommodation) or a scheduled break that is due; the questions hide until resumed',
        params: idParams,
        body: pauseBody,
        response: withErrors({ 200: examProgress }),
      },
    },
    async (request) => accommodations.pauseAttempt(db, caller.of(request), request.params.id, request.body.kind, now()),
  );

  app.post(
    '/user/exam/attempts/:id/resume',
    {
      schema: {
        summary: 'Resume a paused exam attempt',
        tags,
        description:
          'Starts the clock again; the deadline moves by the time it stood still (a break by at most its length)',
        params: idParams,
        response: withErrors({ 200: examProgress }),
      },
    },
    async (request) => accommodations.resumeAttempt(db, caller.of(request), request.params.id, now()),
  );

  app.get(
    '/user/exam/attempts',
    {
      schema: {
        summary: "The learner's exam attempts",
        tags,
        querystring: pageQuery,
        response: withErrors({ 200: examAttemptsResponse }),
      },
    },
    async (request, reply) => {
      const { total, ...list } = await review.listAttempts(
        db,
        caller.of(request),
        pageOf(request.query),
        now(),
        examSettings,
      );
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return list;
    },
  );

  app.get(
    '/user/exam/attempts/:id/review',
    { schema: { summary: "An attempt's review", tags, params: idParams, response: withErrors({ 200: examReview }) } },
    async (request) => review.reviewAttempt(db, caller.of(request), request.params.id, now()),
  );
}

/** The exam's settings, its security log and the essays awaiting a grade (LMS admins). */
export async function examAdminRoutes(app: App, ctx: LmsContext): Promise<void> {
  const { db, now } = ctx;

  app.get(
    '/admin/exam-settings',
    { schema: { summary: 'The exam settings', tags, response: withErrors({ 200: examSettingsResponse }) } },
    async () => settings.readExamSettings(db, ctx.settings.retakeWaitSeconds),
  );

  app.put(
    '/admin/exam-settings',
    {
      schema: {
        summary: 'Change the exam settings',
        tags,
        body: examSettingsBody,
        response: withErrors({ 200: examSettingsResponse }),
      },
    },
    async (request) => settings.saveExamSettings(db, request.body, now()),
  );

  app.get(
    '/admin/exam-logs',
    {
      schema: {
        summary: 'The exam integrity logs',
        tags,
        querystring: examLogsQuery,
        response: withErrors({ 200: examLogsResponse }),
      },
    },
    async (request, reply) => {
      const { logs, total } = await content.listExamLogs(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return { logs };
    },
  );

  app.get(
    '/admin/essays',
    {
      schema: {
        summary: 'The essay answers to grade',
        tags,
        querystring: essaysQuery,
        response: withErrors({ 200: essaysResponse }),
      },
    },
    async (request, reply) => {
      const { essays, total } = await content.listEssays(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return { essays };
    },
  );

  app.put(
    '/admin/essays/:id',
    {
      schema: {
        summary: 'Grade an essay answer',
        tags,
        params: idParams,
        body: gradeEssayBody,
        response: withErrors(noContent),
      },
    },
    async (request, reply) => {
      await content.gradeEssay(db, request.params.id, request.body.correct, request.body.note, now());
      return reply.status(204).send(null);
    },
  );
}
