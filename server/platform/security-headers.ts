import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The headers helmet's middleware sets for these options, computed once. Ours depend on nothing
 * in the request (no CSP nonces), so every answer of a kind carries the same ones; `@fastify/helmet`
 * built helmet's middleware again on every request (parsing the CSP directives each time), about
 * a tenth of the public lookup's CPU.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return headers;
}

/**
 * What a browser asks for when the answer is to become a page (a navigation, in a tab, a popup or
 * a frame): the only answers document headers act on.
 */
export const opensAsPage = (accept: string | undefined) => accept !== undefined && accept.includes('text/html');

/**
 * Helmet's options for the two kinds of answer. `page`: what a browser may make a document of
 * (the front end, the sign-in popup, any address typed into a tab). `data`: everything else (the
 * JSON API, media, the event stream, scripts and styles), which only needs the headers OWASP's
 * REST Security Cheat Sheet lists; the document-only ones (opener and agent-cluster isolation,
 * DNS prefetch, download and cross-domain-policy switches, the XSS-filter switch, the referrer
 * policy) act on nothing there and cost every answer their bytes.
 */
export type SecurityHeaderOptions = { page: HelmetOptions; data: HelmetOptions };

/** Each kind's headers, with `cache-control: no-store` (see `registerSecurityHeaders`). */
export type SecurityHeaderSets = { page: Record<string, string>; data: Record<string, string> };

export function securityHeaderSets(options: SecurityHeaderOptions): SecurityHeaderSets {
  const noStore = { 'cache-control': 'no-store' };
  return {
    page: { ...securityHeaders(options.page), ...noStore },
    data: { ...securityHeaders(options.data), ...noStore },
  };
}

/**
 * Every answer gets its kind's headers in one synchronous hook, with `cache-control: no-store`:
 * most answers are someone's own data (a case, a profile, a feed), so no browser or shared cache
 * keeps one unless its route says otherwise (the front end's files, media, the event stream).
 */
export function registerSecurityHeaders(app: FastifyInstance, sets: SecurityHeaderSets): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(opensAsPage(request.headers.accept) ? sets.page : sets.data);
    done();
  });
}
