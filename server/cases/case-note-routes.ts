import { z } from 'zod';
import {
  CASE_NOTES_PAGE_SIZE,
  caseNote,
  caseNotesQuery,
  createCaseNoteBody,
  idParams,
  TOTAL_COUNT_HEADER,
} from '../../contracts/cases.js';
import type { App } from '../platform/area.js';
import { addCaseNote, listCaseNotes } from './case-notes.js';
import { caller, tags, withErrors, type CasesContext } from './route-context.js';

/** Staff's internal notes on a case (never shown to the applicant). */
export async function caseNoteRoutes(app: App, ctx: CasesContext): Promise<void> {
  const { db, now } = ctx;

  app.get(
    '/api/caseadmin/cases/:id/notes',
    {
      schema: {
        summary: "A case's internal notes",
        tags,
        description:
          "Staff's internal notes on the case, newest first, paged; the total in X-Total-Count. Never shown to the applicant.",
        params: idParams,
        querystring: caseNotesQuery,
        response: withErrors({ 200: z.array(caseNote) }),
      },
    },
    async (request, reply) => {
      const { items, total } = await listCaseNotes(
        db,
        request.params.id,
        request.query.page ?? 1,
        request.query.pageSize ?? CASE_NOTES_PAGE_SIZE,
      );
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  app.post(
    '/api/caseadmin/cases/:id/notes',
    {
      schema: {
        summary: 'Add an internal note to a case',
        tags,
        description: 'Adds an internal note to the case (staff only).',
        params: idParams,
        body: createCaseNoteBody,
        response: withErrors({ 201: caseNote }),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addCaseNote(db, request.params.id, request.body.body, caller.of(request), now())),
  );
}
