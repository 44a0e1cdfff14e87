import type { ErrorBody, ImportRowError } from '../../contracts/platform.js';
import { markReachable, markUnreachable } from './connection.js';

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

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A CSV file's text, sent as `text/csv` instead of a JSON body. */
  csv?: string;
  /** Any other text file (GIFT, Aiken), sent as `text/plain`. */
  plain?: string;
  token?: string | null;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
};

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { accept };
  if (options.csv !== undefined) headers['content-type'] = 'text/csv';
  else if (options.plain !== undefined) headers['content-type'] = 'text/plain';
  else if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.csv ?? options.plain ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    markUnreachable();
    throw new ApiError(0, UNREACHABLE_MESSAGE);
  }
  if (isUnreachableStatus(response.status)) markUnreachable();
  else markReachable();
  return response;
}

/** The error a refused answer stands for, from its `{ error, code, field, errors }` body. */
function refusal(status: number, body: Partial<ErrorBody> | undefined): ApiError {
  const message = body?.error ?? `Request failed (${status})`;
  if (Array.isArray(body?.errors)) return new ImportRejected(status, message, body.errors);
  return new ApiError(status, message, body?.code, body?.field);
}

/** Calls the API; resolves with the JSON body and headers, or rejects with an ApiError. */
export async function requestWithHeaders<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const response = await send(path, options, 'application/json');
  const text = await response.text();
  const json: unknown = text ? safeParse(text) : undefined;
  if (!response.ok) throw refusal(response.status, json as Partial<ErrorBody> | undefined);
  return { data: json as T, headers: response.headers };
}

/** Downloads an answer as a file through the browser, under the name its `content-disposition` gives. */
export async function downloadFile(path: string, options: RequestOptions & { fallbackName: string }): Promise<void> {
  const response = await send(path, options, '*/*');
  if (!response.ok) throw refusal(response.status, safeParse(await response.text()) as Partial<ErrorBody> | undefined);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? options.fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await requestWithHeaders<T>(path, options)).data;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// 502-504 come from a proxy whose app is away, or from the app whose database is away (006).
const isUnreachableStatus = (status: number) => status === 0 || status === 502 || status === 503 || status === 504;

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
