import { z } from 'zod';
import { errorBody, errorResponses } from './errors.js';

/** The answer of a route that changes something and says nothing. */
const noContent = { 204: z.null().describe('No content') };
// 503: the storage is unreachable or unwritable; 507: it is full; 413: the file is over the limit.
const uploadErrors = { ...errorResponses, 413: errorBody, 503: errorBody, 507: errorBody };

/**
 * An answer that is a file rather than JSON (an export, an image, a page): the content types it
 * comes as, for the document; the route sends the bytes as they are.
 */
export const fileAnswer = (contentTypes: string | readonly string[], description: string) => ({
  description,
  content: Object.fromEntries(
    (typeof contentTypes === 'string' ? [contentTypes] : contentTypes).map((type) => [
      type,
      // Text is a string; an image or a video is bytes (a stream), which JSON Schema leaves unsaid.
      { schema: type.startsWith('text/') ? z.string() : z.unknown() },
    ]),
  ),
});

/**
 * The pieces every route's schema is built from, made once per area: its OpenAPI tag, the error
 * statuses every route of the area can answer (the shared ones, and any the area adds: the LMS
 * answers 410 when an exam's time is up or an access code has expired), the 204 of a route that
 * answers nothing, and an upload's errors. An area's route context spreads them:
 * `export const { tags, withErrors, noContent, uploadErrors } = routeSchemas('lms', { 410: errorBody })`.
 */
export function routeSchemas<AreaErrors extends Record<number, typeof errorBody> = Record<never, never>>(
  area: string,
  areaErrors: AreaErrors = {} as AreaErrors,
) {
  return {
    tags: [area],
    withErrors: <T extends object>(responses: T) => ({ ...responses, ...errorResponses, ...areaErrors }),
    noContent,
    uploadErrors,
  };
}
