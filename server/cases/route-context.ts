import type { AreaContext } from '../platform/area-context.js';
import { APPLICANT_SESSION_COOKIE } from '../../contracts/case-applicant.js';
import { defineCaller } from '../platform/caller.js';
import { declareSecurityScheme, securityOf } from '../platform/openapi.js';
import type { PasswordSignIn } from '../platform/password-sign-in.js';
import { routeSchemas } from '../platform/route-schemas.js';
import type { perMinute } from '../platform/rate-limit.js';
import type { ActingAdmin } from './case-events.js';
import type { NotificationDeps } from './case-notifications.js';

/** What the cases area's route files share, built once by registerCasesArea. */
export type CasesContext = AreaContext<'cases'> & {
  notify: NotificationDeps;
  passwordSignIn: PasswordSignIn;
  limits: {
    /** The tracker's other public routes per client, at the lookup's rate (emailed tokens: confirming, unsubscribing, the applicant's session). */
    lookup: ReturnType<typeof perMinute>;
    /**
     * The lookup, the subscription and the applicant's access request all answer whether a passport
     * number fits a case: one count of such guesses per client, whichever route they come through.
     */
    passportCheck: ReturnType<typeof perMinute>;
    signIn: ReturnType<typeof perMinute>;
  };
};

export const { tags, withErrors, noContent, uploadErrors } = routeSchemas('cases');

/** Who is calling: the case admin of the bearer token (the admins' scope refuses anyone else). */
export const caller = defineCaller<ActingAdmin>('Authentication required', {
  name: 'caseAdminToken',
  scheme: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: "A case admin's token, from POST /api/caseadmin/login",
  },
});

/** The applicant's routes check the session cookie themselves: each says so in its schema. */
export const applicantSignedIn = securityOf(
  declareSecurityScheme('applicantSession', {
    type: 'apiKey',
    in: 'cookie',
    name: APPLICANT_SESSION_COOKIE,
    description: "An applicant's session cookie (httpOnly), from POST /api/applicant/session",
  }),
);
