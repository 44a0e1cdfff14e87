import { z } from 'zod';
import type { App } from './area.js';
import { errorBody, errorResponses } from './errors.js';

/*
 * One-click unsubscribe (RFC 8058), which large mail providers require of bulk senders. Every email
 * a person can stop carries `List-Unsubscribe: <https://…/page?token=…>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`; the provider then POSTs
 * `List-Unsubscribe=One-Click` to that address from its own servers, with no cookie, no Origin and
 * no JavaScript. The address is the email's own unsubscribe page, so a mail app that opens it
 * instead (a GET) shows the page, which unsubscribes too. The token alone says who stops: it is a
 * keyed digest the server checks, so the route needs no session and no same-origin check.
 */

/** The header that says the List-Unsubscribe address takes a one-click POST (RFC 8058 section 3.1). */
export const ONE_CLICK_UNSUBSCRIBE = { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } as const;

// The body is the one field `List-Unsubscribe=One-Click`, form-encoded or multipart (RFC 8058 3.1).
const ONE_CLICK_BODY_LIMIT = 8 * 1024;
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** The `List-Unsubscribe` field of a one-click body, in either encoding. */
function oneClickField(contentType: string | undefined, body: string): string | undefined {
  if (contentType?.toLowerCase().startsWith('multipart/form-data')) {
    return /name="?List-Unsubscribe"?[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([^\r\n]*)/i.exec(body)?.[1];
  }
  return new URLSearchParams(body).get('List-Unsubscribe') ?? undefined;
}

const oneClickQuery = z.object({
  token: z.string({ error: 'This unsubscribe link is not valid' }).min(1).max(512),
});
const oneClickBody = z.object({
  'List-Unsubscribe': z.literal('One-Click', { error: 'Send List-Unsubscribe=One-Click to unsubscribe' }),
});
const oneClickAnswer = z.object({ message: z.string() });

/**
 * Registers `POST path?token=…` for a mail provider's one-click unsubscribe; `unsubscribe` stops
 * the emails the token names (a second time changes nothing and answers the same) or throws a 400.
 */
export async function registerOneClickUnsubscribe(
  app: App,
  options: { path: string; tags: string[]; unsubscribe: (token: string) => Promise<{ message: string }> },
): Promise<void> {
  await app.register(async (scope: App) => {
    // Only the two encodings RFC 8058 names; anything else (JSON, text) is a 415.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      FORM_TYPES,
      { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT },
      (request, body, done) => {
        const field = oneClickField(request.headers['content-type'], String(body));
        done(null, field === undefined ? {} : { 'List-Unsubscribe': field });
      },
    );
    scope.post(
      options.path,
      {
        schema: {
          summary: 'Unsubscribe with one click (from a mail provider)',
          tags: options.tags,
          description:
            'RFC 8058 one-click unsubscribe: a mail provider POSTs `List-Unsubscribe=One-Click` (form-encoded or multipart) to the List-Unsubscribe address; no session, the token names whose emails stop',
          consumes: FORM_TYPES,
          querystring: oneClickQuery,
          body: oneClickBody,
          response: { 200: oneClickAnswer, ...errorResponses, 415: errorBody },
        },
      },
      async (request) => ({ message: (await options.unsubscribe(request.query.token)).message }),
    );
  });
}
