import type { FastifyRequest } from 'fastify';
import { AppError } from '../platform/errors.js';

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
 * Cookie-authenticated changes must come from our own pages: a browser always sends `Origin`
 * (or at least `Referer`) with a cross-site POST, so a foreign or missing one is refused.
 */
export function assertSameOrigin(request: FastifyRequest, publicUrl: string | undefined): void {
  if (SAFE_METHODS.has(request.method)) return;
  const claimed = originOf(request.headers.origin) ?? originOf(request.headers.referer);
  const allowed = new Set([originOf(`${request.protocol}://${request.host}`), originOf(publicUrl)].filter(Boolean));
  if (!claimed || !allowed.has(claimed)) {
    throw new AppError(403, 'This request must come from the Pathway site itself', 'CROSS_SITE_REQUEST');
  }
}
