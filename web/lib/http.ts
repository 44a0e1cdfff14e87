import type { ErrorBody, ImportRowError } from '../../contracts/platform.js';

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

const UNREACHABLE = 'Could not reach the server. Check your connection and try again.';

async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { accept };
  if (options.csv !== undefined) headers['content-type'] = 'text/csv';
  else if (options.plain !== undefined) headers['content-type'] = 'text/plain';
  else if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.csv ?? options.plain ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, UNREACHABLE);
  }
}

/** The error a refused answer stands for, from its `{ error, code, field, errors }` body. */
function refusal(status: number, body: Partial<ErrorBody> | undefined): ApiError {
  const message = body?.error ?? `Request failed (${status})`;
  if (Array.isArray(body?.errors)) return new ImportRejected(status, message, body.errors);
  return new ApiError(status, message, body?.code, body?.field);
}

/** Calls the API; resolves with the JSON body and headers, or rejects with an ApiError. */
export async function requestWithHeaders<T>(path: string, options: RequestOptions = {}): Promise<{ data: T; headers: Headers }> {
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
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? options.fallbackName;
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

/** The message to show for a failed call, or the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : fallback;
}

/** A 400 about one of a form's fields (`fields` lists the request's field names), to show next to that field; null otherwise. */
export function fieldError(error: unknown, fields: readonly string[]): { field: string; message: string } | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.field || !fields.includes(error.field)) return null;
  return { field: error.field, message: error.message };
}
