import { UPGRADE_CHAT_TEXT } from '../../contracts/lms.js';
import type { PublicConfig } from '../../contracts/platform.js';
import type { App, Area, AreaDeps } from '../platform/area.js';
import { registerPersonLinkRoutes } from '../platform/person-link-routes.js';
import { linkedLearnerReadiness, lmsIdentity } from './person-identity.js';
import { areaContext } from '../platform/area-context.js';
import { AppError } from '../platform/errors.js';
import { createPasswordSignIn } from '../platform/password-sign-in.js';
import { rateLimitHook } from '../platform/rate-limit.js';
import { assertCurrentVersion, bearerToken } from '../platform/tokens.js';
import * as accounts from './accounts.js';
import { authRoutes, signOutRoutes } from './auth-routes.js';
import { courseAdminRoutes, courseRoutes } from './course-routes.js';
import { examAdminRoutes, examRoutes } from './exam-routes.js';
import { lessonImageRoutes, lessonImageUploadRoutes } from './lesson-image-routes.js';
import { premiumAdminRoutes, premiumRoutes } from './premium-routes.js';
import { startItemCalibration } from './item-calibration.js';
import { profileRoutes } from './profile-routes.js';
import { IMPORT_MAX_BYTES, questionBankRoutes, ZIP_CONTENT_TYPES } from './question-bank-routes.js';
import { readinessAdminRoutes, readinessRoutes, reviewRoutes } from './readiness-routes.js';
import { caller, examSettingsOf, type LmsContext } from './route-context.js';
import { upcomingExamAdminRoutes, upcomingExamRoutes } from './upcoming-exam-routes.js';
import { userAdminRoutes } from './user-routes.js';

/** The chat link with the prefilled text; empty without UPGRADE_CHAT_NUMBER (a number-less link opens a share picker). */
function upgradeChatUrl(number: string | undefined): string {
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(UPGRADE_CHAT_TEXT)}` : '';
}

async function registerLmsArea(app: App, deps: AreaDeps): Promise<void> {
  const area = areaContext(deps, 'lms');
  const { db, now, settings } = area;
  deps.personLinks.addSource(lmsIdentity(db, deps));
  deps.personLinks.provide(
    'learnerReadiness',
    linkedLearnerReadiness(db, deps.database.pool, settings.examQuestionCount),
  );
  accounts.composeLmsEmails(db, deps, now);
  await startItemCalibration(db, deps, now);
  const ctx: LmsContext = {
    ...area,
    passwordSignIn: createPasswordSignIn(deps, { area: 'lms', cookiePath: '/auth/login' }),
    signIn: async (account) => ({
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
        settings.tokenTtlSeconds,
      ),
    }),
    examSettings: examSettingsOf(settings),
  };

  await app.register(authRoutes, ctx);

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
    caller.identify(user, (request) => authenticate(request.headers.authorization));
    // Per learner, whatever addresses they use (after authentication, so the account is known), as the network limits each member.
    user.addHook(
      'onRequest',
      rateLimitHook(deps.counters, {
        max: settings.learnerRequestsPerMinute,
        timeWindow: 60_000,
        scope: 'lms-learner',
        keyOf: (request) => String(caller.find(request)?.id ?? ''),
      }),
    );
    await user.register(signOutRoutes, ctx);
    await user.register(examRoutes, ctx);
    await user.register(premiumRoutes, ctx);
    await user.register(upcomingExamRoutes, ctx);
    await user.register(courseRoutes, ctx);
    await user.register(profileRoutes, ctx);
    await user.register(readinessRoutes, ctx);
    await user.register(reviewRoutes, ctx);
    await registerPersonLinkRoutes(user, {
      area: 'lms',
      basePath: '/user/links',
      journeyPath: '/user/journey',
      links: deps.personLinks,
      now,
      self: async (request) => {
        const account = caller.of(request);
        // An admin's account is staff: it is nobody's learner identity, and links no one.
        if (account.role !== 'user') throw new AppError(403, 'Staff accounts cannot be linked', 'STAFF_ACCOUNT');
        return { area: 'lms', accountId: String(account.id) };
      },
    });
  });

  await app.register(async (admin: App) => {
    caller.identify(admin, async (request) => {
      const account = await authenticate(request.headers.authorization);
      if (account.role !== 'admin') throw new AppError(403, 'Only LMS admins may do this');
      return account;
    });
    // Bytes, decoded by the import's one decoding step in its worker (question-import-task.ts): Fastify's
    // string parser would turn bytes that are not UTF-8 into "\uFFFD" without a word.
    for (const type of ['text/csv', 'text/plain', ...ZIP_CONTENT_TYPES])
      admin.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) =>
        done(null, body),
      );
    await admin.register(questionBankRoutes, ctx);
    await admin.register(examAdminRoutes, ctx);
    await admin.register(premiumAdminRoutes, ctx);
    await admin.register(courseAdminRoutes, ctx);
    await admin.register(userAdminRoutes, ctx);
    await admin.register(readinessAdminRoutes, ctx);
    await admin.register(upcomingExamAdminRoutes, ctx);
    await admin.register(lessonImageUploadRoutes, ctx);
  });

  await app.register(lessonImageRoutes, ctx);
}

export const lmsArea: Area<Pick<PublicConfig, 'upgradeChatUrl' | 'mockExamDurationSeconds' | 'examDurationSeconds'>> = {
  register: registerLmsArea,
  publicConfig: ({ lms }) => ({
    upgradeChatUrl: upgradeChatUrl(lms.upgradeChatNumber),
    mockExamDurationSeconds: lms.mockExamDurationSeconds,
    examDurationSeconds: lms.examDurationSeconds,
  }),
};
