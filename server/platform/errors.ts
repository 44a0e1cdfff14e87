import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { importRejectedBody, type ImportRowError } from '../../contracts/platform.js';
import { validationSentence } from './validation-message.js';

/** The one error type of the app: what a client did wrong, with its HTTP status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    /** The request field the error is about (a 400's), so a form shows it next to that field. */
    readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * A 503 the client may send again after `retryAfterSeconds` (answered with `Retry-After`): the
 * server was busy with something that passes by itself, such as another change of the same rows.
 */
export class RetryLater extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    code?: string,
  ) {
    super(503, message, code);
  }
}

/** A 400 about one field of the request body, which the form shows next to it. */
export const fieldError = (field: string, message: string) => new AppError(400, message, undefined, field);

export const notFound = (what: string) => new AppError(404, `${what} not found`);

/** A file import refused whole: nothing was imported, and `errors` names every bad row. */
export class ImportRejected extends AppError {
  constructor(
    message: string,
    readonly errors: ImportRowError[],
  ) {
    super(400, message, 'IMPORT_REJECTED');
  }
}

/**
 * Every error answer: `error` is the finished sentence a screen shows as it is, `code` a stable name
 * for programs (`VALIDATION_FAILED`, `UPGRADE_REQUIRED`, ...), `field` the request field a 400 is
 * about (its top-level key), so a form can show the sentence next to it.
 */
export const errorBody = z.object({ error: z.string(), code: z.string().optional(), field: z.string().optional() });

/** Response schemas for the error statuses a route can answer. */
export const errorResponses = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
} as const;

/** The error statuses of a route that imports a file: its 400 may name the refused rows. */
export const importErrorResponses = { ...errorResponses, 400: importRejectedBody.or(errorBody) } as const;

export const PG_UNIQUE_VIOLATION = '23505';
/**
 * A transaction that lost a conflict with another one: a deadlock (40P01), or a serialization
 * failure (40001). Run again, it almost always passes (`retryOnConflict` in transactions.ts).
 */
export const PG_TRANSACTION_CONFLICTS: ReadonlySet<string> = new Set(['40P01', '40001']);
export const TRANSACTION_CONFLICT_MESSAGE =
  'Someone else was changing the same thing at this moment. Please try again in a moment.';
/** What `Retry-After` says when a transaction conflicted on every run. */
export const CONFLICT_RETRY_AFTER_SECONDS = 1;
const PG_FOREIGN_KEY_VIOLATION = '23503';
const PG_CONNECTION_ERRORS = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
]);

/** The answer when the database cannot be reached, and when it is out of a resource that comes back. */
export const SERVICE_UNAVAILABLE_MESSAGE = 'Service temporarily unavailable, please retry';
export const NO_SPACE_MESSAGE = 'There is no space left to store this. Please try again later.';

/** File-system errors of a full disk or a spent quota: the server's state, not the request's fault. */
const NO_SPACE_ERRNO = new Set(['ENOSPC', 'EDQUOT']);
/** Out of file handles: passes once other requests finish. */
const BUSY_ERRNO = new Set(['EMFILE', 'ENFILE']);
const PG_DISK_FULL = '53100';
/** SQLSTATE class 53, "insufficient resources": disk full, out of memory, too many connections, a configured limit. */
const PG_INSUFFICIENT_RESOURCES = '53';

/**
 * A failure because the server ran out of something (disk space, memory, database connections,
 * file handles), as the answer to give: 507 when there is no space to store what was sent, 503
 * for the rest, which pass by themselves. Undefined for any other failure. Looks through
 * Drizzle's wrapper and an error's causes.
 */
export function resourceExhaustion(error: unknown): { status: 503 | 507; error: string } | undefined {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (code === PG_DISK_FULL || NO_SPACE_ERRNO.has(code)) return { status: 507, error: NO_SPACE_MESSAGE };
    if (BUSY_ERRNO.has(code) || (/^[0-9A-Z]{5}$/.test(code) && code.startsWith(PG_INSUFFICIENT_RESOURCES)))
      return { status: 503, error: SERVICE_UNAVAILABLE_MESSAGE };
  }
  return undefined;
}

/** Every schema refusal carries this code, the field it is about and a finished sentence. */
export const VALIDATION_FAILED = 'VALIDATION_FAILED';

function describeValidation(error: FastifyError): { error: string; code: string; field?: string } {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const [first] = error.validation;
    if (first) {
      const field = first.instancePath.split('/').find(Boolean);
      return {
        error: validationSentence(field, first.message ?? 'is not valid'),
        code: VALIDATION_FAILED,
        ...(field ? { field } : {}),
      };
    }
  }
  return { error: validationSentence(undefined, error.message), code: VALIDATION_FAILED };
}

/** The PostgreSQL error code of a failed query, looking through Drizzle's wrapper. */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$|^E[A-Z]+$/.test(code)) return code;
  }
  return undefined;
}

const CONNECTION_LOST = /timeout exceeded when trying to connect|Connection terminated|not queryable/i;

/**
 * Whether the failure is the database being out of reach (down, restarting, connection cut),
 * looking through Drizzle's wrapper: a transaction whose connection died fails on its
 * `rollback` with pg's own error, which carries no code, only a message.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (PG_CONNECTION_ERRORS.has(code) || code.startsWith('08'))) return true;
    if (CONNECTION_LOST.test(current.message)) return true;
  }
  return false;
}

/** What a failure answers: its status and `{ error }` body (logged here when it is the operator's to see). */
export type ErrorAnswer = { status: number; body: Record<string, unknown>; headers?: Record<string, string> };

/**
 * One place turns every failure into `{ error }` with the right status; 5xx hide internals. A route
 * that answers a page instead (the tracker's form) takes the status from here and says it its way.
 */
export function errorAnswer(error: FastifyError & { code?: string }, request: FastifyRequest): ErrorAnswer {
  // The client went away before its request was in (a closed laptop, a lost connection): its
  // doing, not ours, whatever error reading the rest of the body turned into (a cut-off form,
  // ECONNRESET, which would otherwise read as the database's).
  if (request.raw.readableAborted || (request.raw.destroyed && !request.raw.complete)) {
    request.log.info({ reason: error.message }, 'the client aborted the request before sending all of it');
    return { status: 400, body: { error: 'The request was not received whole' } };
  }
  if (error instanceof AppError) {
    // A 5xx of our own (storage down, disk full) is for the operator to see, with its cause.
    if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
    return {
      status: error.statusCode,
      ...(error instanceof RetryLater ? { headers: { 'retry-after': String(error.retryAfterSeconds) } } : {}),
      body: {
        error: error.message,
        ...(error.code ? { code: error.code } : {}),
        ...(error.field ? { field: error.field } : {}),
        ...(error instanceof ImportRejected ? { errors: error.errors } : {}),
      },
    };
  }
  if (error.validation) {
    return { status: 400, body: describeValidation(error) };
  }
  const dbCode = databaseErrorCode(error);
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    return { status: 503, body: { error: SERVICE_UNAVAILABLE_MESSAGE } };
  }
  // A full disk, no connection or memory left: the operator must see it, the client may retry.
  const exhausted = resourceExhaustion(error);
  if (exhausted) {
    request.log.error({ err: error }, 'out of a resource');
    return { status: exhausted.status, body: { error: exhausted.error } };
  }
  // A statement outside any transaction of ours that lost a conflict (a transaction's is run again
  // first, see transactions.ts): the client may send it again, as for a transaction that kept losing.
  if (dbCode && PG_TRANSACTION_CONFLICTS.has(dbCode)) {
    request.log.error({ err: error }, 'a statement conflicted with another transaction');
    return {
      status: 503,
      body: { error: TRANSACTION_CONFLICT_MESSAGE, code: 'TRANSACTION_CONFLICT' },
      headers: { 'retry-after': String(CONFLICT_RETRY_AFTER_SECONDS) },
    };
  }
  // Class 22 (data exception: out-of-range number, invalid text, ...) comes from what the client sent.
  if (dbCode?.startsWith('22')) {
    return { status: 400, body: { error: 'A value in the request is not valid' } };
  }
  if (dbCode === PG_UNIQUE_VIOLATION) {
    return { status: 409, body: { error: 'This already exists' } };
  }
  if (dbCode === PG_FOREIGN_KEY_VIOLATION) {
    return { status: 409, body: { error: 'This is still in use' } };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, body: { error: error.message } };
  }
  request.log.error({ err: error }, 'request failed');
  return { status: 500, body: { error: 'Internal server error' } };
}

/** Every route's failures are answered by `errorAnswer`, unless the route has its own handler. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
    const { status, body, headers } = errorAnswer(error, request);
    if (headers) void reply.headers(headers);
    return reply.status(status).send(body);
  });
}
