import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LOOKUP_FIELD_MAX } from '../../contracts/cases-constants.js';
import { progressQuery, type TrackerFormLookup, type TrackerFormProblem } from '../../contracts/cases.js';
import type { App } from '../platform/area.js';
import { AppError, errorAnswer, errorResponses } from '../platform/errors.js';
import { fileAnswer } from '../platform/route-schemas.js';
import { lookupProgress } from './progress-lookup.js';
import { tags, type CasesContext } from './route-context.js';

/*
 * The tracker's lookup as a plain form submission (issue 42, decision 032): before its JavaScript
 * has run, or without it, the tracker's form POSTs here and the answer is the tracker page drawn on
 * the server with what was found, or why nothing was, in the page's own words. A POST, so the
 * passport number never goes into an address, a history or a log; the same lookup, the same count
 * of passport guesses as GET /api/progress; personal data, so nothing may keep the page.
 */

const TRACKER_PAGE = '/casetracking';
const FORM_TYPE = 'application/x-www-form-urlencoded';
// Two fields of at most LOOKUP_FIELD_MAX characters each, percent-encoded: a few hundred bytes.
const FORM_BODY_LIMIT = 4 * 1024;

/**
 * What a form sends, as text (a form sends nothing else); whether it is a lookup is the tracker's own
 * check below (progressQuery, as GET /api/progress), so a missing or over-long field is a page
 * saying so, not a JSON refusal a person would read without the page's JavaScript.
 */
const trackerFormBody = z.object({
  caseNumber: z.string().optional(),
  passportNumber: z.string().optional(),
});

const trackerPage = fileAnswer('text/html', 'The tracker page, drawn with the lookup’s result or why it found nothing');

/** Why a refused form is refused, as the page says it when its JavaScript checks the form itself. */
function formProblem(caseNumber: string, passportNumber: string): TrackerFormProblem {
  if (!caseNumber || !passportNumber) return 'bothFields';
  if (caseNumber.length > LOOKUP_FIELD_MAX) return 'caseNumberTooLong';
  if (passportNumber.length > LOOKUP_FIELD_MAX) return 'passportNumberTooLong';
  // Control characters: no case has them.
  return 'notFound';
}

async function answerPage(
  ctx: CasesContext,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  trackerLookup: TrackerFormLookup,
) {
  const page = await ctx.deps.webPages.page(request, TRACKER_PAGE, { trackerLookup });
  return (
    reply
      .status(status)
      // A person's case and passport number: no cache, no back-forward copy, no shared proxy keeps it.
      .header('Cache-Control', 'no-store')
      .header('Vary', 'Cookie, Accept-Language')
      .type('text/html; charset=utf-8')
      .send(page.html)
  );
}

/** `POST /casetracking`: the tracker's form, answered with the tracker page. */
export async function trackerFormRoutes(app: App, ctx: CasesContext): Promise<void> {
  const { deps, now, limits } = ctx;
  // A form's encoding only; anything else (JSON, multipart) is a 415, as for the other routes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    const fields = new URLSearchParams(String(body));
    const caseNumber = fields.get('caseNumber');
    const passportNumber = fields.get('passportNumber');
    done(null, {
      ...(caseNumber === null ? {} : { caseNumber }),
      ...(passportNumber === null ? {} : { passportNumber }),
    });
  });

  app.post(
    TRACKER_PAGE,
    {
      config: limits.passportCheck,
      schema: {
        summary: 'Look up a case by case and passport number from the tracker’s form (the tracker page answers)',
        tags,
        consumes: [FORM_TYPE],
        body: trackerFormBody,
        response: {
          200: trackerPage,
          // Every refusal and fault is the page too (the errorHandler below).
          ...Object.fromEntries(
            [...Object.keys(errorResponses), 413, 415, 500, 503, 507].map((status) => [status, trackerPage]),
          ),
        },
      },
      // A person sending the form without the page's JavaScript gets the page saying what went wrong,
      // never JSON: past the limit, a body that is not the form (another encoding, too large), a fault.
      // The status and the log are the other routes' (errorAnswer).
      errorHandler: async (error, request, reply) => {
        const { status } = errorAnswer(error, request);
        const caseNumber = (request.body as { caseNumber?: string } | undefined)?.caseNumber?.trim() ?? '';
        const problem: TrackerFormProblem = status === 429 ? 'tooMany' : status >= 500 ? 'serverFault' : 'formNotRead';
        return answerPage(ctx, request, reply, status, {
          caseNumber: caseNumber.slice(0, LOOKUP_FIELD_MAX * 2),
          problem,
        });
      },
    },
    async (request, reply) => {
      const caseNumber = request.body.caseNumber?.trim() ?? '';
      const passportNumber = request.body.passportNumber?.trim() ?? '';
      const lookup = progressQuery.safeParse({ caseNumber, passportNumber });
      if (!lookup.success) {
        return answerPage(ctx, request, reply, 400, {
          caseNumber: caseNumber.slice(0, LOOKUP_FIELD_MAX * 2),
          problem: formProblem(caseNumber, passportNumber),
        });
      }
      try {
        const progress = await lookupProgress(
          deps.database.pool,
          lookup.data.caseNumber,
          lookup.data.passportNumber,
          now(),
        );
        return await answerPage(ctx, request, reply, 200, { ...lookup.data, progress });
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode !== 404) throw error;
        return answerPage(ctx, request, reply, 404, { caseNumber, problem: 'notFound' });
      }
    },
  );
}
