import { z } from 'zod';
import type { PublicConfig } from '../../contracts/platform.js';
import type { App, Area, AreaDeps } from '../platform/area.js';
import { areaContext } from '../platform/area-context.js';
import { createPasswordSignIn } from '../platform/password-sign-in.js';
import { publicLink } from '../platform/mail.js';
import { perMinute } from '../platform/rate-limit.js';
import { assertCurrentVersion, bearerToken } from '../platform/tokens.js';
import { adminAuthRoutes, adminSignOutRoutes } from './admin-auth-routes.js';
import { composeApplicantEmails } from './applicant-access.js';
import { applicantRoutes } from './applicant-routes.js';
import { caseAdminSessionVersion } from './case-admins.js';
import { caseLicenceRoutes, licenceCredentialRoutes } from './case-licence-routes.js';
import { caseNoteRoutes } from './case-note-routes.js';
import { CASE_NOTIFICATION_QUEUE, sendPendingNotifications } from './case-notifications.js';
import { composeReviewEmails } from './case-documents.js';
import { caseRoutes, CSV_MAX_BYTES } from './case-routes.js';
import { documentRoutes, documentUploadRoutes } from './document-routes.js';
import { caseNotificationDeps } from './notification-wiring.js';
import { LATE_STEPS_QUEUE, noticeLateSteps } from './late-steps.js';
import { caseJourneys } from './linked-learner.js';
import { caseIdentity, shownLicences } from './person-identity.js';
import { progressRoutes } from './progress-routes.js';
import { caller, type CasesContext } from './route-context.js';
import { serviceRoutes } from './service-routes.js';
import { stepChangeRoutes } from './step-change-routes.js';
import { recomputeStepEstimates, requestMissingDistributions, STEP_ESTIMATES_QUEUE } from './step-estimates.js';
import { trackerFormRoutes } from './tracker-form-routes.js';
import { composeTrackerEmails } from './tracker-subscriptions.js';

const notificationJob = z.object({ caseId: z.number().int() });

async function registerCasesArea(app: App, deps: AreaDeps): Promise<void> {
  const area = areaContext(deps, 'cases');
  const { db, now, settings } = area;
  const notify = caseNotificationDeps(deps);
  // `short`: one waiting job per case (the singleton key); changes made meanwhile are collected by it.
  await notify.jobs.work(
    CASE_NOTIFICATION_QUEUE,
    async (data) => sendPendingNotifications(db, notify, notificationJob.parse(data).caseId, now()),
    {
      policy: 'short',
    },
  );
  // `short`: one waiting recomputation at a time, however many step changes asked for it.
  await notify.jobs.work(
    STEP_ESTIMATES_QUEUE,
    async () => recomputeStepEstimates(db, settings.estimateMinSamples, now()),
    {
      policy: 'short',
    },
  );
  await requestMissingDistributions(db, notify.jobs);
  // Every CASE_LATE_STEPS_CRON, once across instances: the cases that have waited too long at a step.
  await notify.jobs.work(
    LATE_STEPS_QUEUE,
    async () => {
      const noticed = await noticeLateSteps(db, notify, now());
      if (noticed > 0) deps.logger.info({ noticed }, 'late-waiting cases noticed');
    },
    { policy: 'short' },
  );
  await notify.jobs.schedule(LATE_STEPS_QUEUE, deps.config.cases.lateStepsCron);
  deps.personLinks.addSource(caseIdentity(db, notify));
  deps.personLinks.provide('caseJourneys', caseJourneys(db, deps.database.pool));
  deps.personLinks.provide(
    'shownLicences',
    shownLicences(db, (path) => publicLink(deps.config, path)),
  );
  composeTrackerEmails(db, notify, now);
  composeApplicantEmails(db, notify, now);
  composeReviewEmails(db, notify);
  const ctx: CasesContext = {
    ...area,
    notify,
    passwordSignIn: createPasswordSignIn(deps, { area: 'caseadmin', cookiePath: '/api/caseadmin/login' }),
    limits: {
      lookup: perMinute(deps.config.rateLimits.caseLookupPerMinute),
      passportCheck: perMinute(deps.config.rateLimits.caseLookupPerMinute, 'case-passport-checks'),
      signIn: perMinute(deps.config.rateLimits.loginPerMinute),
    },
  };

  await app.register(progressRoutes, ctx);
  await app.register(trackerFormRoutes, ctx);
  await app.register(applicantRoutes, ctx);
  await app.register(adminAuthRoutes, ctx);
  await app.register(licenceCredentialRoutes, ctx);

  await app.register(async (admin: App) => {
    // The token is checked against the admin's current session version on every request, so a
    // sign-out, a password change or a deleted admin ends it at once.
    caller.identify(admin, async (request) => {
      const claims = await deps.tokens.verify(bearerToken(request.headers.authorization), 'caseadmin');
      const id = Number(claims.sub);
      assertCurrentVersion(
        claims,
        Number.isSafeInteger(id) ? await caseAdminSessionVersion(deps.database.pool, id) : undefined,
      );
      return { id, email: String(claims.email ?? '') };
    });
    // Bytes, decoded by the imports' one decoding step in its worker (case-import-task.ts): Fastify's
    // string parser turns bytes that are not UTF-8 into "\uFFFD" silently.
    admin.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: CSV_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    await admin.register(adminSignOutRoutes, ctx);
    await admin.register(caseRoutes, ctx);
    await admin.register(stepChangeRoutes, ctx);
    await admin.register(caseNoteRoutes, ctx);
    await admin.register(caseLicenceRoutes, ctx);
    await admin.register(serviceRoutes, ctx);
    await admin.register(documentRoutes, ctx);
    await admin.register(documentUploadRoutes, ctx);
  });
}

export const casesArea: Area<
  Pick<PublicConfig, 'healthAuthorityUrl' | 'caseDocumentMaxBytes' | 'caseContact' | 'licenceAuthorities'>
> = {
  register: registerCasesArea,
  publicConfig: (config) => ({
    healthAuthorityUrl: config.web.healthAuthorityUrl,
    caseDocumentMaxBytes: config.cases.documentMaxBytes,
    caseContact: config.cases.contact,
    licenceAuthorities: config.cases.licenceAuthorities,
  }),
};
