import { z } from 'zod';
import {
  adminQuestion,
  adminQuestionsQuery,
  adminQuestionsResponse,
  createQuestionBody,
  exportQuery,
  idParams,
  importQuery,
  importResult,
  itemsRejectedBody,
  linesRejectedBody,
  qtiExportQuery,
  qtiPreviewQuery,
  qtiPreviewResponse,
  questionStatisticsResponse,
  TOTAL_COUNT_HEADER,
  updateQuestionBody,
} from '../../contracts/lms.js';
import type { App } from '../platform/area.js';
import { errorBody, importErrorResponses } from '../platform/errors.js';
import { uploadedFile } from '../platform/spreadsheet.js';
import { fileAnswer } from '../platform/route-schemas.js';
import * as content from './admin-content.js';
import * as bank from './question-bank.js';
import { noContent, pageOf, tags, withErrors, type LmsContext } from './route-context.js';

// 5,000 questions with long explanations fit well under this.
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The content types a QTI package arrives as: browsers on Windows name a .zip application/x-zip-compressed. */
export const ZIP_CONTENT_TYPES = ['application/zip', 'application/x-zip-compressed'];
const zipFile = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary', description: 'A QTI 3.0 content package (application/zip)' });

/** The exam's questions (LMS admins): writing them, importing and exporting them, their statistics. */
export async function questionBankRoutes(app: App, ctx: LmsContext): Promise<void> {
  const { db, now } = ctx;

  app.get(
    '/exam-questions',
    {
      schema: {
        summary: 'The question bank',
        tags,
        querystring: adminQuestionsQuery,
        response: withErrors({ 200: adminQuestionsResponse }),
      },
    },
    async (request, reply) => {
      const { examQuestions, total } = await content.listQuestions(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return { examQuestions };
    },
  );

  app.post(
    '/exam-questions',
    {
      schema: {
        summary: 'Add a question',
        tags,
        body: createQuestionBody,
        response: withErrors({ 201: adminQuestion }),
      },
    },
    async (request, reply) => reply.status(201).send(await content.createQuestion(db, request.body, now())),
  );

  app.post(
    '/exam-questions/import',
    {
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        summary: 'Import questions (CSV, GIFT or Aiken)',
        tags,
        description:
          'CSV (text/csv) by default; ?format=gift or ?format=aiken takes a text/plain file, with ?profession= (and ?difficulty=) for its questions. Any encoding docs/question-formats.md lists (UTF-8, UTF-16, Windows-1252, Windows-1256), comma, semicolon or tab separated. ?format=qti takes a QTI 3.0 content package (application/zip); ?profession= and ?difficulty= apply to the items its manifest gives none.',
        querystring: importQuery,
        consumes: ['text/csv', 'text/plain', ...ZIP_CONTENT_TYPES],
        body: uploadedFile('Send the questions as a text/csv, text/plain or application/zip body'),
        response: {
          200: importResult,
          ...importErrorResponses,
          400: linesRejectedBody.or(itemsRejectedBody).or(importErrorResponses[400]),
        },
      },
    },
    async (request, reply) => {
      const { format, profession, difficulty } = request.query;
      const charset = /charset=\s*"?([\w.:-]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
      try {
        return await bank.importQuestionFile(
          db,
          { format, bytes: request.body, charset, profession, difficulty },
          now(),
        );
      } catch (error) {
        // The central handler names refused rows; a GIFT or Aiken refusal names lines.
        if (error instanceof bank.LinesRejected || error instanceof bank.ItemsRejected)
          return reply.status(400).send({ error: error.message, code: error.code, errors: error.errors });
        throw error;
      }
    },
  );

  app.post(
    '/exam-questions/import/preview',
    {
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        summary: 'Preview a QTI package import',
        tags,
        description:
          'A QTI 3.0 content package (application/zip) read exactly as POST /exam-questions/import?format=qti reads it, nothing stored: the questions it would import and every item it would refuse.',
        querystring: qtiPreviewQuery,
        consumes: ZIP_CONTENT_TYPES,
        body: zipFile,
        response: withErrors({ 200: qtiPreviewResponse, 413: errorBody }),
      },
    },
    async (request) =>
      bank.previewQtiPackage(db, {
        bytes: request.body,
        profession: request.query.profession,
        difficulty: request.query.difficulty,
      }),
  );
  app.get(
    '/exam-questions/export',
    {
      schema: {
        summary: 'Export the question bank as CSV',
        tags,
        querystring: exportQuery,
        response: withErrors({ 200: fileAnswer('text/csv', 'The questions as CSV, with a UTF-8 byte-order mark') }),
      },
    },
    async (request, reply) => {
      const csv = await bank.exportQuestions(db, request.query.profession);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="exam-questions${request.query.profession ? `-${request.query.profession}` : ''}.csv"`,
        )
        .send(csv);
    },
  );

  app.get(
    '/exam-questions/export/qti',
    {
      schema: {
        summary: 'Export the question bank as a QTI 3.0 package',
        tags,
        description:
          "The bank's single choice, true/false and multiple response questions (of one profession and topic, or all) as a QTI 3.0 content package; x-questions-left-out counts the fill-in-the-blank and essay questions of the same filter, which QTI does not carry here.",
        querystring: qtiExportQuery,
        response: withErrors({ 200: fileAnswer('application/zip', 'A QTI 3.0 content package') }),
      },
    },
    async (request, reply) => {
      const { profession, topic } = request.query;
      const { zip, leftOut } = await bank.exportQtiPackage(db, { profession, topic }, now());
      return reply
        .header('content-type', 'application/zip')
        .header(
          'content-disposition',
          `attachment; filename="exam-questions${profession ? `-${profession}` : ''}-qti.zip"`,
        )
        .header('x-questions-left-out', String(leftOut))
        .send(zip);
    },
  );

  app.get(
    '/exam-questions/statistics',
    {
      schema: {
        summary: 'Question and topic statistics',
        tags,
        querystring: adminQuestionsQuery,
        response: withErrors({ 200: questionStatisticsResponse }),
      },
    },
    async (request) => ({
      statistics: await bank.questionStatistics(db, { ...request.query, ...pageOf(request.query) }),
      topics: await bank.topicStatistics(db, request.query.profession),
    }),
  );

  app.put(
    '/exam-questions/:id',
    {
      schema: {
        summary: 'Change a question',
        tags,
        params: idParams,
        body: updateQuestionBody,
        response: withErrors({ 200: adminQuestion }),
      },
    },
    async (request) => content.updateQuestion(db, request.params.id, request.body),
  );

  app.delete(
    '/exam-questions/:id',
    { schema: { summary: 'Delete a question', tags, params: idParams, response: withErrors(noContent) } },
    async (request, reply) => {
      await content.deleteQuestion(db, request.params.id, now());
      return reply.status(204).send(null);
    },
  );
}
