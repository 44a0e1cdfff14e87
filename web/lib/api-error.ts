import type { ErrorBody, ImportRowError } from '../../contracts/platform.js';
import { markReachable, markUnreachable } from './connection.js';

/*
 * What a failed API call is and what a screen says about it. A module of its own, without the
 * client (`http.ts`): the entry, the states and the error boundaries need these on every page, and
 * the client's code is loaded only when a page first calls the API (issue 42).
 */

/** What every screen says when the service cannot be reached: never "not found", never the user's fault. */
export const UNREACHABLE_MESSAGE = 'We cannot reach the service right now. Please try again in a moment.';
/** A 500: the server was reached but failed; again not the user's fault. */
export const SERVER_FAULT_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

/**
 * A failed API call: the server's `{ error, code, field }` with the HTTP status. The server writes
 * `error` as the sentence to show, so the screen shows it as it is.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** The request field a 400 is about. */
    readonly field?: string,
  ) {
    super(message);
  }
}

/** A file import refused whole (`IMPORT_REJECTED`): nothing was imported, and `rows` names every bad row. */
export class ImportRejected extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly rows: ImportRowError[],
  ) {
    super(status, message, 'IMPORT_REJECTED');
  }
}

/** Ends a text with a full stop unless it already ends a sentence. */
export function asSentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

// 502-504 come from a proxy whose app is away, or from the app whose database is away (006).
export const isUnreachableStatus = (status: number) =>
  status === 0 || status === 502 || status === 503 || status === 504;

/** Every answer, or the lack of one, tells whether the service can be reached (the connection banner). */
export function noteReachability(status: number): void {
  if (isUnreachableStatus(status)) markUnreachable();
  else markReachable();
}

/** The server could not be reached at all (offline, DNS, a refused connection). */
export function unreachable(): ApiError {
  markUnreachable();
  return new ApiError(0, UNREACHABLE_MESSAGE);
}

/** The error a refused answer stands for, from its `{ error, code, field, errors }` body. */
export function refusal(status: number, body: unknown): ApiError {
  const parsed = (typeof body === 'object' && body !== null ? body : {}) as Partial<ErrorBody>;
  const message = typeof parsed.error === 'string' ? parsed.error : `Request failed (${status})`;
  if (Array.isArray(parsed.errors)) return new ImportRejected(status, message, parsed.errors);
  return new ApiError(status, message, parsed.code, parsed.field);
}

/** The request never got a real answer: the network, a proxy or the database is away. Worth retrying. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && isUnreachableStatus(error.status);
}

/**
 * The message to show for a failed call: the server's own sentence for a 4xx, "we cannot reach the
 * service" when it could not be reached, and the screen's fallback only for a failure that is neither.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (isUnreachable(error)) return UNREACHABLE_MESSAGE;
  if (error instanceof ApiError) return error.status === 500 ? SERVER_FAULT_MESSAGE : error.message;
  return fallback;
}

/**
 * A refusal about one of a form's fields (a 400, or a 409 such as a name already taken; `fields`
 * lists the request's field names), to show next to that field; null otherwise.
 */
export function fieldError(error: unknown, fields: readonly string[]): { field: string; message: string } | null {
  if (
    !(error instanceof ApiError) ||
    (error.status !== 400 && error.status !== 409) ||
    !error.field ||
    !fields.includes(error.field)
  )
    return null;
  return { field: error.field, message: error.message };
}
