import type { FastifyRequest } from 'fastify';
import type { App } from './area.js';
import { AppError } from './errors.js';
import { declareSecurityScheme, documentSecurity, type SecurityScheme } from './openapi.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling, as the area's authentication found them: read it through the area's `Caller`, which knows its type. */
    caller: unknown;
  }
}

type CallerOf = { caller: unknown };

/**
 * Who is calling, the same way in every area. Each area authenticates its own way (the case
 * admins' and the LMS's bearer tokens, the network's session cookie) and says so once, in its
 * route context: `export const caller = defineCaller<Member>('Please sign in to continue')`.
 * `identify` adds the one hook that sets `request.caller` on every request of a scope; routes read
 * it with `of` (a 401 with the area's sentence when nobody is signed in) or `find` (null then).
 */
export type Caller<T> = {
  /**
   * Authenticates every request of the scope: null lets a stranger through (`required` refuses them
   * later), a throw refuses. `optional`: the scope lets strangers through (the document says so).
   */
  identify(
    scope: App,
    authenticate: (request: FastifyRequest) => Promise<T | null>,
    options?: { optional?: boolean },
  ): void;
  /** Refuses, with a 401, every request of the scope that `identify` found nobody for (a callback hook: no promise per request). */
  required(scope: App): void;
  find(request: CallerOf): T | null;
  of(request: CallerOf): T;
};

/**
 * `security` names the way of signing in for the OpenAPI document: each route of a scope the caller
 * identifies says it there (`security: [{ memberSession: [] }]`), as the scope's hooks require it.
 */
export function defineCaller<T>(signInSentence: string, security: { name: string; scheme: SecurityScheme }): Caller<T> {
  const scheme = declareSecurityScheme(security.name, security.scheme);
  // Only `identify` sets request.caller, from an authenticate function that returns T, and a scope
  // is one area's: so what a request carries is this caller's T.
  const find = (request: CallerOf) => (request.caller ?? null) as T | null;
  return {
    identify(scope, authenticate, { optional = false } = {}) {
      documentSecurity(scope, scheme, optional);
      scope.decorateRequest('caller', null);
      scope.addHook('onRequest', async (request) => {
        request.caller = await authenticate(request);
      });
    },
    required(scope) {
      documentSecurity(scope, scheme);
      scope.addHook('onRequest', (request, _reply, done) => {
        done(request.caller == null ? new AppError(401, signInSentence) : undefined);
      });
    },
    find,
    of(request) {
      const found = find(request);
      if (found === null) throw new AppError(401, signInSentence);
      return found;
    },
  };
}
