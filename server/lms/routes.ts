import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  ADMIN_PAGE_SIZE,
  examAttemptsResponse,
  accommodation,
  accommodationBody,
  accommodationResponse,
  flagBody,
  flagsResponse,
  recordedAnswer,
  startAttemptBody,
  examProgress,
  examReview,
  examSettingsBody,
  examSettingsResponse,
  exportQuery,
  accessCodesResponse,
  createAccessCodesBody,
  createdAccessCodes,
  importQuery,
  linesRejectedBody,
  importResult,
  redeemAccessCodeBody,
  redeemedAccessCode,
  questionStatisticsResponse,
  premiumRequestBody,
  premiumRequest,
  latestPremiumRequest,
  adminPremiumRequestsQuery,
  adminPremiumRequestsResponse,
  coursePreviewsResponse,
  achievementsResponse,
  adminCourseDetails,
  adminCoursesResponse,
  adminQuestion,
  adminQuestionsQuery,
  adminQuestionsResponse,
  adminUsersQuery,
  adminUsersResponse,
  answerResult,
  autoSaveBody,
  autoSaveResponse,
  course,
  courseDetails,
  courseProgressBody,
  coursesResponse,
  createCourseBody,
  createQuestionBody,
  createUpcomingExamBody,
  essaysQuery,
  essaysResponse,
  examEventBody,
  examLogsQuery,
  examLogsResponse,
  examQuestionsQuery,
  examQuestionsResponse,
  examSummary,
  gradeEssayBody,
  idParams,
  lmsUser,
  loginBody,
  messageResponse,
  mockResult,
  practiceAnswerResult,
  pageQuery,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  passwordResetBody,
  passwordResetRequestBody,
  profileResponse,
  progressResponse,
  recentCoursesResponse,
  registerBody,
  setPasswordBody,
  setProgramsBody,
  submitBody,
  TOTAL_COUNT_HEADER,
  tokenResponse,
  upcomingExam,
  upcomingExamsResponse,
  UPGRADE_CHAT_TEXT,
  updateCourseBody,
  updateQuestionBody,
} from '../../contracts/lms.js';
import type { PublicConfig } from '../../contracts/platform.js';
import type { App, Area, AreaDeps } from '../platform/area.js';
import { AppError, errorBody, errorResponses, importErrorResponses } from '../platform/errors.js';
import { createMediaStorage } from '../platform/storage.js';
import { createPasswordSignIn } from '../platform/password-sign-in.js';
import { passwordResetRequests } from '../platform/password-reset-requests.js';
import { clientAddressKey } from '../platform/client-address.js';
import { perMinute, rateLimitHook } from '../platform/rate-limit.js';
import { assertCurrentVersion, bearerToken } from '../platform/tokens.js';
import * as accommodations from './accommodations.js';
import * as accounts from './accounts.js';
import * as activity from './achievements.js';
import * as content from './admin-content.js';
import * as courses from './courses.js';
import * as attempts from './exam-attempts.js';
import type { ExamSettings } from './exam-form.js';
import * as practice from './exam-practice.js';
import * as review from './exam-review.js';
import * as serving from './exam-serving.js';
import * as settings from './exam-settings.js';
import * as codes from './access-codes.js';
import * as bank from './question-bank.js';
import * as premium from './premium-requests.js';
import * as testCentre from './test-centre.js';
import { requireProgram, type LmsAccount } from './programs.js';
import { saveLessonImage, serveLessonImage } from './lesson-images.js';

declare module 'fastify' {
  interface FastifyRequest {
    lmsAccount: LmsAccount | null;
  }
}

const tags = ['lms'];
// 5,000 questions with long explanations fit well under this.
const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
const noContent = { 204: z.null().describe('No content') };
const withErrors = <T extends object>(responses: T) => ({ ...responses, ...errorResponses, 410: errorResponses[409] });

/** The upgrade button's chat link; without a configured number the chat app lets the user pick one. */
/** The chat link with the prefilled text; empty without UPGRADE_CHAT_NUMBER (a number-less link opens a share picker). */
function upgradeChatUrl(number: string | undefined): string {
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(UPGRADE_CHAT_TEXT)}` : '';
}

export const COURSES_LOCKED_MESSAGE = 'This section is locked. Upgrade to Premium to view the course library.';
export const RECENT_COURSES_LOCKED_MESSAGE = 'This section is locked. Upgrade to Premium to view your recent courses.';

async function registerLmsArea(app: App, deps: AreaDeps): Promise<void> {
  const { db } = deps.database;
  const storage = createMediaStorage(deps.config.storage, deps.config.dataDir);
  const now = () => deps.clock.now();
  const { lms } = deps.config;
  const passwordSignIn = createPasswordSignIn(deps, { area: 'lms', cookiePath: '/auth/login' });
  accounts.composeLmsEmails(db, deps, now);
  const requestPasswordReset = passwordResetRequests(deps.mailer, 'lms-password-reset', (email) =>
    accounts.sendPasswordResetLink(db, deps, email, now()),
  );

  const signIn = async (account: LmsAccount) => ({
    token: await deps.tokens.sign(
      {
        sub: String(account.id),
        id: account.id,
        username: account.username,
        profession: account.profession,
        role: account.role,
        ver: account.sessionVersion,
      },
      'lms',
      lms.tokenTtlSeconds,
    ),
  });

  app.post(
    '/auth/register',
    {
      config: perMinute(deps.config.rateLimits.loginPerMinute),
      // New accounts per client per hour as well: fresh accounts each drew a fresh form, so a
      // script signing up by the minute walked the whole bank.
      onRequest: rateLimitHook(deps.counters, {
        max: lms.signupsPerHour,
        timeWindow: 3_600_000,
        scope: 'lms-signup',
        keyOf: (request) => clientAddressKey(request.ip),
      }),
      schema: { tags, body: registerBody, response: withErrors({ 201: tokenResponse }) },
    },
    // The spec signs the user in right after registering, so the token comes back at once.
    async (request, reply) =>
      reply.status(201).send(await signIn(await accounts.register(db, deps, request.body, now()))),
  );

  app.post(
    '/auth/login',
    {
      config: perMinute(deps.config.rateLimits.loginPerMinute),
      schema: { tags, body: loginBody, response: withErrors({ 200: tokenResponse }) },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const account = await passwordSignIn.signIn(
        request,
        reply,
        username,
        () => accounts.authenticate(db, username, password),
        'Login failed. Please check your credentials.',
      );
      return signIn(account);
    },
  );

  app.post(
    '/auth/password-reset',
    {
      config: perMinute(deps.config.rateLimits.loginPerMinute),
      schema: {
        tags,
        description: 'Emails a link to set a new password; 202 whether or not an account has the address',
        body: passwordResetRequestBody,
        response: withErrors({ 202: messageResponse }),
      },
    },
    async (request, reply) => {
      await requestPasswordReset(db, request.body.email);
      return reply.status(202).send({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      config: perMinute(deps.config.rateLimits.loginPerMinute),
      schema: {
        tags,
        description: 'Sets the new password with the emailed token; ends every sign-in of the account',
        body: passwordResetBody,
        response: withErrors(noContent),
      },
    },
    async (request, reply) => {
      await accounts.resetPassword(db, request.body.token, request.body.password, now());
      return reply.status(204).send(null);
    },
  );

  // Role, programs and the session version are read from the database on every call, so a revoked
  // admin or program, a sign-out or a password change takes effect at once.
  const authenticate = async (authorization: string | undefined) => {
    const claims = await deps.tokens.verify(bearerToken(authorization), 'lms');
    const id = Number(claims.sub);
    const account = Number.isSafeInteger(id) ? await accounts.findAccount(deps.database.pool, id) : undefined;
    if (!account) throw new AppError(401, 'Your account no longer exists');
    assertCurrentVersion(claims, account.sessionVersion);
    return account;
  };

  await app.register(async (user: App) => {
    user.decorateRequest('lmsAccount', null);
    user.addHook('onRequest', async (request) => {
      request.lmsAccount = await authenticate(request.headers.authorization);
    });
    // Per learner, whatever addresses they use (after authentication, so the account is known), as the network limits each member.
    user.addHook(
      'onRequest',
      rateLimitHook(deps.counters, {
        max: lms.learnerRequestsPerMinute,
        timeWindow: 60_000,
        scope: 'lms-learner',
        keyOf: (request) => String(request.lmsAccount?.id ?? ''),
      }),
    );
    user.post(
      '/auth/logout',
      { schema: { tags, description: 'Ends every sign-in of this account', response: withErrors(noContent) } },
      async (request, reply) => {
        await accounts.endSessions(db, accountOf(request).id);
        return reply.status(204).send(null);
      },
    );
    registerUserRoutes(user, deps);
  });

  await app.register(async (admin: App) => {
    admin.decorateRequest('lmsAccount', null);
    admin.addHook('onRequest', async (request) => {
      const account = await authenticate(request.headers.authorization);
      if (account.role !== 'admin') throw new AppError(403, 'Only LMS admins may do this');
      request.lmsAccount = account;
    });
    registerAdminRoutes(admin, deps);
    // Only the upload route parses multipart bodies (the plugin's hooks stay out of the other routes).
    await admin.register(async (uploads: App) => {
      await uploads.register(multipart);
      uploads.post(
        '/admin/lesson-images',
        {
          schema: {
            tags,
            description:
              'An image for lesson text: multipart/form-data with one `image` field (PNG, JPEG, GIF or WebP, judged by content); answers its address for Markdown',
            response: {
              201: z.object({ url: z.string() }),
              ...errorResponses,
              413: errorBody,
              503: errorBody,
              507: errorBody,
            },
          },
        },
        async (request, reply) =>
          reply.status(201).send(await saveLessonImage(request, storage, deps.config.uploadTmpDir)),
      );
    });
  });

  app.get(
    '/lesson-images/:name',
    {
      schema: {
        tags,
        params: z.object({ name: z.string().max(64) }),
        response: { 200: z.unknown(), ...errorResponses },
      },
    },
    async (request, reply) => serveLessonImage(storage, request.params.name, reply),
  );
}

// Redeem tries per learner per hour, right or wrong.
const REDEEMS_PER_HOUR = 10;
// Premium requests per learner per day; one is open at a time besides, so this only stops ask-decline loops.
const PREMIUM_REQUESTS_PER_DAY = 3;

function accountOf(request: { lmsAccount: LmsAccount | null }): LmsAccount {
  if (!request.lmsAccount) throw new AppError(401, 'Authentication required');
  return request.lmsAccount;
}

export const examSettingsOf = (lms: AreaDeps['config']['lms']): ExamSettings => ({
  durationSeconds: lms.examDurationSeconds,
  questionCount: lms.examQuestionCount,
  questionsPerDay: lms.questionsPerDay,
  retakeWaitSeconds: lms.retakeWaitSeconds,
});

const pageOf = (query: { page?: number | undefined; pageSize?: number | undefined }) => {
  const pageSize = query.pageSize ?? ADMIN_PAGE_SIZE;
  return { limit: pageSize, offset: ((query.page ?? 1) - 1) * pageSize };
};

function registerUserRoutes(app: App, deps: AreaDeps): void {
  const { db } = deps.database;
  const now = () => deps.clock.now();
  const examSettings = examSettingsOf(deps.config.lms);
  const practiceSettings = {
    durationSeconds: deps.config.lms.mockExamDurationSeconds,
    setsPerHour: deps.config.lms.practiceSetsPerHour,
    questionsPerDay: deps.config.lms.questionsPerDay,
  };

  app.get(
    '/user/exam/questions',
    { schema: { tags, querystring: examQuestionsQuery, response: withErrors({ 200: examQuestionsResponse }) } },
    async (request) => {
      const account = accountOf(request);
      const set = request.query.set;
      if (set === 'mock' || set === 'mistakes')
        return practice.practiceSet(db, account, set, now(), practiceSettings, request.query.topic);
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
        tags,
        body: submitBody,
        response: withErrors({ 200: z.union([answerResult, recordedAnswer, mockResult, practiceAnswerResult]) }),
      },
    },
    async (request) => {
      const account = accountOf(request);
      const body = request.body;
      if ('answers' in body) return practice.scoreMockExam(db, account, body.answers, body.setId, now());
      if ('setId' in body) return practice.answerPracticeQuestion(db, account, body, now());
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
    { schema: { tags, body: autoSaveBody, response: withErrors({ 200: autoSaveResponse }) } },
    async (request) => attempts.autoSave(db, accountOf(request), request.body, now()),
  );

  app.post(
    '/user/exam/events',
    { schema: { tags, body: examEventBody, response: withErrors({ 201: messageResponse }) } },
    async (request, reply) =>
      reply.status(201).send(await attempts.recordSecurityEvent(db, accountOf(request), request.body.event, now())),
  );

  app.post('/user/exam/finish', { schema: { tags, response: withErrors({ 200: examSummary }) } }, async (request) => {
    const account = accountOf(request);
    await attempts.endExam(db, account, now());
    return review.examSummary(db, account, now());
  });

  app.get('/user/exam/summary', { schema: { tags, response: withErrors({ 200: examSummary }) } }, async (request) =>
    review.examSummary(db, accountOf(request), now()),
  );

  // The wait between attempts is an admin setting; only these two calls read it.
  const withRetakeWait = async () => ({
    ...examSettings,
    retakeWaitSeconds: await settings.retakeWaitSeconds(db, examSettings.retakeWaitSeconds),
  });

  app.post(
    '/user/exam/attempts',
    { schema: { tags, body: startAttemptBody, response: withErrors({ 201: examProgress }) } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await attempts.startAttempt(
            db,
            accountOf(request),
            now(),
            await withRetakeWait(),
            request.body?.mode ?? 'practice',
          ),
        ),
  );

  app.post(
    '/user/exam/attempts/:id/finish',
    { schema: { tags, params: idParams, response: withErrors({ 200: examSummary }) } },
    async (request) => {
      const account = accountOf(request);
      await testCentre.finishAttempt(db, account, request.params.id, now());
      return review.examSummary(db, account, now());
    },
  );

  app.put(
    '/user/exam/attempts/:id/flags',
    { schema: { tags, params: idParams, body: flagBody, response: withErrors({ 200: flagsResponse }) } },
    async (request) => testCentre.setFlag(db, accountOf(request), request.params.id, request.body, now()),
  );

  app.get(
    '/user/exam/attempts',
    { schema: { tags, querystring: pageQuery, response: withErrors({ 200: examAttemptsResponse }) } },
    async (request, reply) => {
      const account = accountOf(request);
      const { total, ...list } = await review.listAttempts(
        db,
        account,
        pageOf(request.query),
        now(),
        await withRetakeWait(),
      );
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return { ...list, passMark: await settings.passMarkOf(db, account.profession) };
    },
  );

  app.get(
    '/user/exam/attempts/:id/review',
    { schema: { tags, params: idParams, response: withErrors({ 200: examReview }) } },
    async (request) => review.reviewAttempt(db, accountOf(request), request.params.id, now()),
  );

  app.post(
    '/user/access-codes/redeem',
    {
      // Per client and per learner: codes are 80 random bits, but a guesser is still stopped early.
      config: perMinute(deps.config.rateLimits.loginPerMinute),
      onRequest: rateLimitHook(deps.counters, {
        max: REDEEMS_PER_HOUR,
        timeWindow: 3_600_000,
        scope: 'lms-redeem',
        keyOf: (request) => String(request.lmsAccount?.id ?? ''),
      }),
      schema: { tags, body: redeemAccessCodeBody, response: withErrors({ 200: redeemedAccessCode }) },
    },
    async (request) => codes.redeemAccessCode(db, accountOf(request), request.body.code, now()),
  );

  app.post(
    '/user/premium-requests',
    {
      onRequest: rateLimitHook(deps.counters, {
        max: PREMIUM_REQUESTS_PER_DAY,
        timeWindow: 86_400_000,
        scope: 'lms-premium-request',
        keyOf: (request) => String(request.lmsAccount?.id ?? ''),
      }),
      schema: {
        tags,
        description:
          'Asks an LMS admin for premium (the programs the learner lacks unless named); one open request at a time',
        body: premiumRequestBody.nullish(),
        response: withErrors({ 201: premiumRequest }),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await premium.requestPremium(db, accountOf(request), request.body ?? { note: '' }, now())),
  );

  app.get(
    '/user/premium-requests/latest',
    { schema: { tags, response: withErrors({ 200: latestPremiumRequest }) } },
    async (request) => premium.latestRequest(db, accountOf(request)),
  );

  app.post(
    '/user/premium-requests/:id/seen',
    {
      schema: {
        tags,
        description: "Dismisses the notice of an admin's decision",
        params: idParams,
        response: withErrors(noContent),
      },
    },
    async (request, reply) => {
      await premium.markDecisionSeen(db, accountOf(request), request.params.id, now());
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/user/exam/upcoming',
    { schema: { tags, response: withErrors({ 200: upcomingExamsResponse }) } },
    async (request) => ({
      upcomingExams: await content.upcomingFor(db, accountOf(request).profession, now()),
    }),
  );

  app.get(
    '/user/courses/recent',
    { schema: { tags, response: withErrors({ 200: recentCoursesResponse }) } },
    async (request) => {
      const account = accountOf(request);
      requireProgram(account, 'course', RECENT_COURSES_LOCKED_MESSAGE);
      return { recentCourses: await courses.recentCourses(db, account) };
    },
  );

  // For everyone: what the library holds, so a locked screen shows what is behind it.
  app.get(
    '/user/courses/preview',
    { schema: { tags, response: withErrors({ 200: coursePreviewsResponse }) } },
    async (request) => ({
      courses: await courses.coursePreviewsFor(db, accountOf(request)),
    }),
  );

  app.get('/user/courses', { schema: { tags, response: withErrors({ 200: coursesResponse }) } }, async (request) => {
    const account = accountOf(request);
    requireProgram(account, 'course', COURSES_LOCKED_MESSAGE);
    return { courses: await courses.listCoursesFor(db, account) };
  });

  app.get(
    '/user/courses/:id',
    { schema: { tags, params: idParams, response: withErrors({ 200: courseDetails }) } },
    async (request) => {
      const account = accountOf(request);
      requireProgram(account, 'course', COURSES_LOCKED_MESSAGE);
      return courses.openCourse(db, account, request.params.id, now());
    },
  );

  app.put(
    '/user/courses/:id/progress',
    { schema: { tags, params: idParams, body: courseProgressBody, response: withErrors({ 200: courseDetails }) } },
    async (request) => {
      const account = accountOf(request);
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

  app.get('/user/progress', { schema: { tags, response: withErrors({ 200: progressResponse }) } }, async (request) => ({
    progress: await activity.progress(db, accountOf(request)),
  }));

  app.get(
    '/user/achievements',
    { schema: { tags, response: withErrors({ 200: achievementsResponse }) } },
    async (request) => ({
      achievements: await activity.achievements(db, accountOf(request)),
    }),
  );

  app.get('/user/profile', { schema: { tags, response: withErrors({ 200: profileResponse }) } }, async (request) =>
    activity.profile(db, accountOf(request)),
  );
}

function registerAdminRoutes(app: App, deps: AreaDeps): void {
  const { db } = deps.database;
  const now = () => deps.clock.now();

  app.get(
    '/exam-questions',
    { schema: { tags, querystring: adminQuestionsQuery, response: withErrors({ 200: adminQuestionsResponse }) } },
    async (request, reply) => {
      const { examQuestions, total } = await content.listQuestions(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return { examQuestions };
    },
  );

  app.post(
    '/exam-questions',
    { schema: { tags, body: createQuestionBody, response: withErrors({ 201: adminQuestion }) } },
    async (request, reply) => reply.status(201).send(await content.createQuestion(db, request.body, now())),
  );

  // The whole CSV arrives as one string; the import checks every row before it writes any.
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/exam-questions/import',
    {
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        tags,
        description:
          'CSV (text/csv) by default; ?format=gift or ?format=aiken takes a text/plain file, with ?profession= (and ?difficulty=) for its questions',
        querystring: importQuery,
        body: z.string({ error: 'Send the questions as a text/csv or text/plain body' }),
        response: { 200: importResult, ...importErrorResponses, 400: linesRejectedBody.or(importErrorResponses[400]) },
      },
    },
    async (request, reply) => {
      const { format, profession, difficulty } = request.query;
      if (format === 'csv') return bank.importQuestions(db, request.body, now());
      try {
        return await bank.importQuestionText(db, format, request.body, { profession, difficulty }, now());
      } catch (error) {
        // The central handler names refused rows; a GIFT or Aiken refusal names lines.
        if (error instanceof bank.LinesRejected)
          return reply.status(400).send({ error: error.message, code: error.code, errors: error.errors });
        throw error;
      }
    },
  );

  app.get(
    '/exam-questions/export',
    { schema: { tags, querystring: exportQuery, response: withErrors({ 200: z.string() }) } },
    async (request, reply) => {
      const csv = await bank.exportQuestions(db, request.query.profession);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="exam-questions${request.query.profession ? `-${request.query.profession}` : ''}.csv"`,
        )
        .send(csv);
    },
  );

  app.get(
    '/exam-questions/statistics',
    { schema: { tags, querystring: adminQuestionsQuery, response: withErrors({ 200: questionStatisticsResponse }) } },
    async (request) => ({
      statistics: await bank.questionStatistics(db, { profession: request.query.profession, ...pageOf(request.query) }),
      topics: await bank.topicStatistics(db, request.query.profession),
    }),
  );

  app.put(
    '/exam-questions/:id',
    { schema: { tags, params: idParams, body: updateQuestionBody, response: withErrors({ 200: adminQuestion }) } },
    async (request) => content.updateQuestion(db, request.params.id, request.body),
  );

  app.delete(
    '/exam-questions/:id',
    { schema: { tags, params: idParams, response: withErrors(noContent) } },
    async (request, reply) => {
      await content.deleteQuestion(db, request.params.id, now());
      return reply.status(204).send(null);
    },
  );

  app.get('/admin/exam-settings', { schema: { tags, response: withErrors({ 200: examSettingsResponse }) } }, async () =>
    settings.readExamSettings(db, deps.config.lms.retakeWaitSeconds),
  );

  app.put(
    '/admin/exam-settings',
    { schema: { tags, body: examSettingsBody, response: withErrors({ 200: examSettingsResponse }) } },
    async (request) => settings.saveExamSettings(db, request.body, now()),
  );

  app.post(
    '/admin/access-codes',
    { schema: { tags, body: createAccessCodesBody, response: withErrors({ 201: createdAccessCodes }) } },
    async (request, reply) =>
      reply.status(201).send({ codes: await codes.createAccessCodes(db, accountOf(request), request.body, now()) }),
  );

  app.get(
    '/admin/access-codes',
    { schema: { tags, querystring: pageQuery, response: withErrors({ 200: accessCodesResponse }) } },
    async (request, reply) => {
      const { accessCodes, total } = await codes.listAccessCodes(db, pageOf(request.query), now());
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return { accessCodes };
    },
  );

  app.get(
    '/admin/premium-requests',
    {
      schema: {
        tags,
        querystring: adminPremiumRequestsQuery,
        response: withErrors({ 200: adminPremiumRequestsResponse }),
      },
    },
    async (request, reply) => {
      const { premiumRequests, total } = await premium.listRequests(db, request.query.status, pageOf(request.query));
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return { premiumRequests };
    },
  );

  for (const [action, decision] of [
    ['grant', 'granted'],
    ['decline', 'declined'],
  ] as const) {
    app.post(
      `/admin/premium-requests/:id/${action}`,
      { schema: { tags, params: idParams, response: withErrors({ 200: premiumRequest }) } },
      async (request) => premium.decideRequest(db, deps, accountOf(request), request.params.id, decision, now()),
    );
  }

  app.get(
    '/admin/courses',
    { schema: { tags, querystring: pageQuery, response: withErrors({ 200: adminCoursesResponse }) } },
    async (request, reply) => {
      const { courses: list, total } = await courses.adminListCourses(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return { courses: list };
    },
  );

  app.post(
    '/admin/courses',
    { schema: { tags, body: createCourseBody, response: withErrors({ 201: course }) } },
    async (request, reply) => reply.status(201).send(await courses.createCourse(db, request.body, now())),
  );

  app.get(
    '/admin/courses/:id',
    { schema: { tags, params: idParams, response: withErrors({ 200: adminCourseDetails }) } },
    async (request) => courses.adminCourse(db, request.params.id),
  );

  app.put(
    '/admin/courses/:id',
    { schema: { tags, params: idParams, body: updateCourseBody, response: withErrors({ 200: adminCourseDetails }) } },
    async (request) => courses.updateCourse(db, request.params.id, request.body),
  );

  app.delete(
    '/admin/courses/:id',
    { schema: { tags, params: idParams, response: withErrors(noContent) } },
    async (request, reply) => {
      await courses.deleteCourse(db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/exam-logs',
    { schema: { tags, querystring: examLogsQuery, response: withErrors({ 200: examLogsResponse }) } },
    async (request, reply) => {
      const { logs, total } = await content.listExamLogs(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return { logs };
    },
  );

  app.get(
    '/admin/users',
    { schema: { tags, querystring: adminUsersQuery, response: withErrors({ 200: adminUsersResponse }) } },
    async (request, reply) => {
      const { users, total } = await accounts.listUsers(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return { users };
    },
  );

  app.put(
    '/admin/users/:id/programs',
    { schema: { tags, params: idParams, body: setProgramsBody, response: withErrors({ 200: lmsUser }) } },
    async (request) => accounts.setPrograms(db, request.params.id, request.body.allowed_programs),
  );

  app.get(
    '/admin/users/:id/accommodation',
    {
      schema: { tags, params: idParams, querystring: pageQuery, response: withErrors({ 200: accommodationResponse }) },
    },
    async (request, reply) => {
      const { total, ...found } = await accommodations.accommodationOf(db, request.params.id, pageOf(request.query));
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return found;
    },
  );

  app.put(
    '/admin/users/:id/accommodation',
    { schema: { tags, params: idParams, body: accommodationBody, response: withErrors({ 200: accommodation }) } },
    async (request) =>
      accommodations.setAccommodation(db, accountOf(request).id, request.params.id, request.body, now()),
  );

  app.put(
    '/admin/users/:id/password',
    {
      schema: {
        tags,
        description: "Sets a user's password; ends every sign-in of that user",
        params: idParams,
        body: setPasswordBody,
        response: withErrors(noContent),
      },
    },
    async (request, reply) => {
      await accounts.setPassword(db, request.params.id, request.body.password);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/essays',
    { schema: { tags, querystring: essaysQuery, response: withErrors({ 200: essaysResponse }) } },
    async (request, reply) => {
      const { essays, total } = await content.listEssays(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return { essays };
    },
  );

  app.put(
    '/admin/essays/:id',
    { schema: { tags, params: idParams, body: gradeEssayBody, response: withErrors(noContent) } },
    async (request, reply) => {
      await content.gradeEssay(db, request.params.id, request.body.correct, request.body.note, now());
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/upcoming-exams',
    { schema: { tags, response: withErrors({ 200: upcomingExamsResponse }) } },
    async () => ({
      upcomingExams: await content.listUpcoming(db),
    }),
  );

  app.post(
    '/admin/upcoming-exams',
    { schema: { tags, body: createUpcomingExamBody, response: withErrors({ 201: upcomingExam }) } },
    async (request, reply) => reply.status(201).send(await content.createUpcoming(db, request.body, now())),
  );

  app.delete(
    '/admin/upcoming-exams/:id',
    { schema: { tags, params: idParams, response: withErrors(noContent) } },
    async (request, reply) => {
      await content.deleteUpcoming(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
}

export const lmsArea: Area<Pick<PublicConfig, 'upgradeChatUrl' | 'mockExamDurationSeconds' | 'examDurationSeconds'>> = {
  register: registerLmsArea,
  publicConfig: ({ lms }) => ({
    upgradeChatUrl: upgradeChatUrl(lms.upgradeChatNumber),
    mockExamDurationSeconds: lms.mockExamDurationSeconds,
    examDurationSeconds: lms.examDurationSeconds,
  }),
};
