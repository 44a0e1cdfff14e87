import { z } from 'zod';
import {
  adminCase,
  caseAdminSummary,
  caseDetails,
  casesListQuery,
  casesResponse,
  createCaseBody,
  createCaseResponse,
  dashboardMetrics,
  exportCasesQuery,
  idParams,
  importCasesResponse,
  messageResponse,
  samePassportCase,
  samePassportQuery,
  SEARCH_NEAR_MATCHES_HEADER,
  TOTAL_COUNT_ESTIMATED_HEADER,
  TOTAL_COUNT_HEADER,
  updateCaseAdminMeBody,
  updateCaseServicesBody,
} from '../../contracts/cases.js';
import type { App } from '../platform/area.js';
import { importErrorResponses } from '../platform/errors.js';
import { uploadedFile } from '../platform/spreadsheet.js';
import { fileAnswer } from '../platform/route-schemas.js';
import { endApplicantSignInsOfCase } from './applicant-sign-ins.js';
import type { ActingAdmin } from './case-events.js';
import { exportCases } from './case-export.js';
import { importCases } from './case-import.js';
import * as caseReads from './case-reads.js';
import * as caseWrites from './case-writes.js';
import { caller, noContent, tags, withErrors, type CasesContext } from './route-context.js';
import { resendTrackerLink } from './tracker-link.js';

export const CSV_MAX_BYTES = 5 * 1024 * 1024;

/** The list's query as the list's filter: "Overdue" as of now, the owner `me` as the signed-in admin. */
function listFilter<Q extends { overdue?: 'true' | 'false' | undefined; owner?: number | 'me' | 'none' | undefined }>(
  query: Q,
  admin: ActingAdmin,
  at: Date,
) {
  const { overdue, owner, ...rest } = query;
  return {
    ...rest,
    overdueAt: overdue === 'true' ? at : undefined,
    ownerId: owner === undefined ? undefined : owner === 'me' ? admin.id : owner === 'none' ? null : owner,
  };
}

/** The cases (case admins): the dashboard, the list, one case, creating, importing, exporting and deleting them. */
export async function caseRoutes(app: App, ctx: CasesContext): Promise<void> {
  const { db, deps, notify, now, storage } = ctx;

  app.get(
    '/api/caseadmin/dashboard-metrics',
    { schema: { summary: "The dashboard's counts", tags, response: withErrors({ 200: dashboardMetrics }) } },
    async (request) => caseReads.dashboardMetrics(db, now(), caller.of(request).id),
  );

  app.get(
    '/api/caseadmin/cases',
    {
      schema: {
        summary: 'The dashboard overview, or the filtered case list',
        tags,
        description:
          'Without query parameters: the dashboard overview (CasesOverview). With any: a page of the filtered, sorted list (CasesList), its total in X-Total-Count.',
        querystring: casesListQuery,
        response: withErrors({ 200: casesResponse }),
      },
    },
    async (request, reply) => {
      if (Object.keys(request.query).length === 0) return caseReads.casesOverview(db);
      const at = now();
      const { cases, total, estimated, nearMatches } = await caseReads.listCases(
        deps.database.pool,
        listFilter(request.query, caller.of(request), at),
        at,
        deps.config.cases.listExactCountLimit,
      );
      reply.header(TOTAL_COUNT_HEADER, String(total));
      if (estimated) reply.header(TOTAL_COUNT_ESTIMATED_HEADER, 'true');
      if (nearMatches) reply.header(SEARCH_NEAR_MATCHES_HEADER, 'true');
      return cases;
    },
  );

  app.post(
    '/api/caseadmin/cases',
    {
      schema: {
        summary: 'Create a case',
        tags,
        body: createCaseBody,
        response: withErrors({ 201: createCaseResponse }),
      },
    },
    async (request, reply) => {
      const newCase = await caseWrites.createCase(db, request.body, caller.of(request), now(), notify);
      return reply.status(201).send({ message: 'Case created successfully', newCase });
    },
  );

  // Registered before /cases/:id, and matched first anyway: static segments win in find-my-way.
  app.post(
    '/api/caseadmin/cases/import',
    {
      bodyLimit: CSV_MAX_BYTES,
      schema: {
        summary: 'Import cases from a CSV file',
        tags,
        description:
          'text/csv with the columns case_number (optional), passport_number, client_name, client_email, services (names or ids, separated by ;). All or nothing.',
        consumes: ['text/csv'],
        body: uploadedFile('Send the cases as a text/csv body'),
        response: { 200: importCasesResponse, ...importErrorResponses },
      },
    },
    async (request) => {
      const charset = /charset=\s*"?([\w.:-]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
      return { imported: await importCases(db, { bytes: request.body, charset }, caller.of(request), now()) };
    },
  );

  app.get(
    '/api/caseadmin/cases/export',
    {
      schema: {
        summary: 'Export the filtered case list as CSV',
        tags,
        description: "The filtered, sorted case list (the list's query parameters) as text/csv.",
        querystring: exportCasesQuery,
        response: withErrors({ 200: fileAnswer('text/csv', 'The cases as CSV, with a UTF-8 byte-order mark') }),
      },
    },
    async (request, reply) => {
      const at = now();
      const csv = await exportCases(db, listFilter(request.query, caller.of(request), at), at);
      const day = now().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="cases-${day}.csv"`)
        .send(csv);
    },
  );

  // Registered before /cases/:id, and matched first anyway: static segments win in find-my-way.
  app.get(
    '/api/caseadmin/cases/same-passport',
    {
      schema: {
        summary: 'Cases whose applicant has the same passport number',
        tags,
        description:
          'Ours: the cases with this passport number, however it is spaced or dashed (the create form warns before a second case is made for one applicant).',
        querystring: samePassportQuery,
        response: withErrors({ 200: z.array(samePassportCase) }),
      },
    },
    async (request) => caseReads.casesWithPassport(db, request.query.passportNumber),
  );

  app.get(
    '/api/caseadmin/cases/:id',
    {
      schema: {
        summary: 'A case with its services, history and documents',
        tags,
        params: idParams,
        response: withErrors({ 200: caseDetails }),
      },
    },
    async (request) => caseReads.caseDetails(db, request.params.id, now(), deps.database.pool),
  );

  app.delete(
    '/api/caseadmin/cases/:id',
    { schema: { summary: 'Delete a case', tags, params: idParams, response: withErrors(noContent) } },
    async (request, reply) => {
      await caseWrites.deleteCase(db, storage, request.params.id, request.log);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/caseadmin/cases/:id/services',
    {
      schema: {
        summary: "Change a case's services, details or owner",
        tags,
        params: idParams,
        body: updateCaseServicesBody,
        response: withErrors({ 200: adminCase }),
      },
    },
    async (request) =>
      caseWrites.setCaseServices(db, notify, request.params.id, request.body, caller.of(request), now()),
  );

  app.post(
    '/api/caseadmin/cases/:id/tracker-link',
    {
      schema: {
        summary: 'Email the tracker link again',
        tags,
        description:
          "Emails the tracker link to the case's applicant email again (at most 3 times an hour per case); recorded in the history.",
        params: idParams,
        response: withErrors({ 202: messageResponse }),
      },
    },
    async (request, reply) => {
      const to = await resendTrackerLink(db, notify, request.params.id, caller.of(request), now());
      return reply.status(202).send({ message: `Tracker link sent to ${to}` });
    },
  );

  app.delete(
    '/api/caseadmin/cases/:id/applicant-sign-ins',
    {
      schema: {
        summary: "End the applicant's sign-ins",
        tags,
        description:
          "Ends every sign-in of the case's applicant (their sessions and unused emailed link); recorded in the history. The applicant asks for a new link on the tracker.",
        params: idParams,
        response: withErrors({ 200: messageResponse }),
      },
    },
    async (request) => ({
      message: await endApplicantSignInsOfCase(db, request.params.id, caller.of(request), now()),
    }),
  );

  app.get(
    '/api/caseadmin/admins',
    {
      schema: {
        summary: 'The case admins',
        tags,
        description: 'The case admins, by email (at most 500), for choosing who owns a case.',
        response: withErrors({ 200: z.array(caseAdminSummary) }),
      },
    },
    async () => caseReads.listCaseAdmins(db),
  );

  app.get(
    '/api/caseadmin/me',
    {
      schema: {
        summary: 'The signed-in case admin',
        tags,
        description: 'Ours: the signed-in admin, with the name applicants see them by.',
        response: withErrors({ 200: caseAdminSummary }),
      },
    },
    async (request) => caseReads.caseAdminOf(db, caller.of(request).id),
  );

  app.patch(
    '/api/caseadmin/me',
    {
      schema: {
        summary: "Change the signed-in admin's own details",
        tags,
        description:
          "Ours: the signed-in admin's name, shown to applicants of the cases they own (tracker, case page, emails); empty removes it.",
        body: updateCaseAdminMeBody,
        response: withErrors({ 200: caseAdminSummary }),
      },
    },
    async (request) => caseWrites.setCaseAdminName(db, caller.of(request).id, request.body.name),
  );
}
