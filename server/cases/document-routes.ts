import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  caseDocumentParams,
  checklistItem,
  createRefusalReasonBody,
  refusalReason,
  documentFileTypes,
  REVIEW_QUEUE_PAGE_SIZE,
  reviewDocumentBody,
  reviewQueueItem,
  reviewQueueQuery,
  updateRefusalReasonBody,
} from '../../contracts/case-documents.js';
import { idParams, TOTAL_COUNT_HEADER } from '../../contracts/cases.js';
import type { App } from '../platform/area.js';
import { AppError, errorBody, errorResponses } from '../platform/errors.js';
import { fileAnswer } from '../platform/route-schemas.js';
import * as documents from './case-documents.js';
import { receiveDocument } from './document-upload.js';
import * as refusalReasons from './refusal-reasons.js';
import { caller, noContent, tags, uploadErrors, withErrors, type CasesContext } from './route-context.js';

/** The documents applicants send, as staff review them: the queue, the file, the verdict. */
export async function documentRoutes(app: App, ctx: CasesContext): Promise<void> {
  const { db, notify, now, storage } = ctx;

  app.get(
    '/api/caseadmin/documents',
    {
      schema: {
        summary: 'The document review queue',
        tags,
        description:
          'The review queue: sent documents awaiting review, oldest first, paged; the total in X-Total-Count.',
        querystring: reviewQueueQuery,
        response: withErrors({ 200: z.array(reviewQueueItem) }),
      },
    },
    async (request, reply) => {
      const { items, total } = await documents.reviewQueue(
        db,
        request.query.page ?? 1,
        request.query.pageSize ?? REVIEW_QUEUE_PAGE_SIZE,
      );
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  app.get(
    '/api/caseadmin/documents/:id/file',
    {
      schema: {
        summary: 'A sent document file',
        tags,
        description: 'The sent file (PDF or image).',
        params: idParams,
        response: { 200: fileAnswer(documentFileTypes, 'The sent file'), ...errorResponses, 503: errorBody },
      },
    },
    async (request, reply) => {
      const stored = await documents.storedDocument(db, request.params.id);
      // Opened before any header is set: a file missing from storage is a 404 with a sentence, not a raw 500.
      const body = await storage.read(stored.key);
      if (!body) throw new AppError(404, 'The file of this document is missing from storage');
      return (
        reply
          .header('content-type', stored.contentType)
          .header('content-length', stored.size)
          .header('content-disposition', `inline; filename="${stored.fileName}"`)
          .header('x-content-type-options', 'nosniff')
          // Personal papers: never kept by a shared cache or the browser's.
          .header('cache-control', 'private, no-store')
          .send(body)
      );
    },
  );

  app.post(
    '/api/caseadmin/documents/:id/review',
    {
      schema: {
        summary: 'Accept or reject a sent document',
        tags,
        description: 'Accept or reject a sent document; a reason is required to reject.',
        params: idParams,
        body: reviewDocumentBody,
        response: withErrors({ 200: checklistItem }),
      },
    },
    async (request) =>
      documents.reviewCaseDocument(db, notify, request.params.id, request.body, caller.of(request), now()),
  );

  app.post(
    '/api/caseadmin/documents/:id/reopen',
    {
      schema: {
        summary: 'Reopen a reviewed document',
        tags,
        description:
          "Ours: a reviewed document (accepted or rejected) awaits review again and takes a new file; a review's email not sent yet is not sent.",
        params: idParams,
        response: withErrors({ 200: checklistItem }),
      },
    },
    async (request) => documents.reopenCaseDocument(db, request.params.id, caller.of(request), now()),
  );

  app.get(
    '/api/caseadmin/refusal-reasons',
    {
      schema: {
        summary: 'The refusal reasons',
        tags,
        description: 'Ours: the reasons staff give when they refuse a document, in every applicant language.',
        response: withErrors({ 200: z.array(refusalReason) }),
      },
    },
    async () => refusalReasons.listRefusalReasons(db),
  );

  app.post(
    '/api/caseadmin/refusal-reasons',
    {
      schema: {
        summary: 'Add a refusal reason',
        tags,
        body: createRefusalReasonBody,
        response: withErrors({ 201: refusalReason }),
      },
    },
    async (request, reply) => reply.status(201).send(await refusalReasons.createRefusalReason(db, request.body)),
  );

  app.patch(
    '/api/caseadmin/refusal-reasons/:id',
    {
      schema: {
        summary: 'Change a refusal reason',
        tags,
        params: idParams,
        body: updateRefusalReasonBody,
        response: withErrors({ 200: refusalReason }),
      },
    },
    async (request) => refusalReasons.updateRefusalReason(db, request.params.id, request.body),
  );

  app.delete(
    '/api/caseadmin/refusal-reasons/:id',
    { schema: { summary: 'Delete a refusal reason', tags, params: idParams, response: withErrors(noContent) } },
    async (request, reply) => {
      await refusalReasons.deleteRefusalReason(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
}

/** Staff sending a document for a case: the only case admin route that parses multipart bodies. */
export async function documentUploadRoutes(app: App, ctx: CasesContext): Promise<void> {
  const { db, deps, now, storage } = ctx;
  // Registered in this plugin only, so the multipart hooks stay out of every other route.
  await app.register(multipart);
  app.post(
    '/api/caseadmin/cases/:id/documents/:documentId',
    {
      schema: {
        summary: 'Send a document of a case (staff)',
        tags,
        description:
          'Staff send a document for the case (one received on paper, say): multipart/form-data with one `file` field, a PDF or an image judged by content.',
        params: caseDocumentParams,
        response: { 201: checklistItem, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const file = await receiveDocument(request, {
        maxBytes: ctx.settings.documentMaxBytes,
        tmpDir: deps.config.uploadTmpDir,
      });
      const item = await documents.saveCaseDocument(db, storage, request.log, {
        caseId: request.params.id,
        documentId: request.params.documentId,
        file,
        actor: caller.of(request),
        now: now(),
      });
      return reply.status(201).send(item);
    },
  );
}
