import { ADMIN_PAGE_SIZE } from '../../contracts/lms.js';
import type { AreaDeps } from '../platform/area.js';
import type { AreaContext } from '../platform/area-context.js';
import { defineCaller } from '../platform/caller.js';
import { errorBody } from '../platform/errors.js';
import type { PasswordSignIn } from '../platform/password-sign-in.js';
import { routeSchemas } from '../platform/route-schemas.js';
import type { ExamSettings } from './exam-form.js';
import type { LmsAccount } from './programs.js';

/** What the LMS's route files share, built once by registerLmsArea. */
export type LmsContext = AreaContext<'lms'> & {
  passwordSignIn: PasswordSignIn;
  /** The bearer token of a signed-in account (on registering and signing in). */
  signIn: (account: LmsAccount) => Promise<{ token: string }>;
  examSettings: ExamSettings;
};

// 410: an exam's time is up, an access code has expired.
export const { tags, withErrors, noContent, uploadErrors } = routeSchemas('lms', { 410: errorBody });

/** Who is calling: the account of the bearer token (the learners' and the admins' scopes both refuse anyone else). */
export const caller = defineCaller<LmsAccount>('Authentication required', {
  name: 'lmsToken',
  scheme: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: "An LMS account's token, from POST /auth/login or POST /auth/register",
  },
});

export const examSettingsOf = (lms: AreaDeps['config']['lms']): ExamSettings => ({
  durationSeconds: lms.examDurationSeconds,
  questionCount: lms.examQuestionCount,
  questionsPerDay: lms.questionsPerDay,
  retakeWaitSeconds: lms.retakeWaitSeconds,
});

export const pageOf = (query: { page?: number | undefined; pageSize?: number | undefined }) => {
  const pageSize = query.pageSize ?? ADMIN_PAGE_SIZE;
  return { limit: pageSize, offset: ((query.page ?? 1) - 1) * pageSize };
};
