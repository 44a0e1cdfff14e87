import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * The one same-origin rule of every area a cookie signs in to (the network's session, the
 * applicant's session; issue 35 found the applicant's routes without one). Cookie-authenticated
 * changes must come from our own pages: a browser always sends `Origin`
 * (or at least `Referer`) with a cross-site POST, so a foreign or missing one is refused. Our
 * origin is PUBLIC_URL's when it is set; only without it is it read from the request's Host (and
 * protocol), which whoever sends the request chooses.
 */
export function assertSameOrigin(request: FastifyRequest, publicUrl: string | undefined): void {
  if (SAFE_METHODS.has(request.method)) return;
  const claimed = originOf(request.headers.origin) ?? originOf(request.headers.referer);
  const allowed = publicUrl ? originOf(publicUrl) : originOf(`${request.protocol}://${request.host}`);
  if (!claimed || claimed !== allowed) {
    throw new AppError(403, 'This request must come from the Pathway site itself', 'CROSS_SITE_REQUEST');
  }
}

/**
 * The rule as an `onRequest` hook for a cookie-authenticated area's plugin scope: every change in
 * it is refused from another site (or from nowhere) before its body is read.
 */
export function sameOriginChanges(publicUrl: string | undefined): onRequestHookHandler {
  return (request, _reply, done) => {
    try {
      assertSameOrigin(request, publicUrl);
      done();
    } catch (error) {
      done(error as AppError);
    }
  };
}
