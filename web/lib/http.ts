import type { ErrorBody } from '../../contracts/platform.js';

/** A failed API call: the server's `{ error, code }` with the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** The request field a validation error is about. */
    readonly field?: string,
  ) {
    super(message);
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
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

/** Calls the API; resolves with the JSON body and headers, or rejects with an ApiError. */
export async function requestWithHeaders<T>(path: string, options: RequestOptions = {}): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  const text = await response.text();
  const json: unknown = text ? safeParse(text) : undefined;
  if (!response.ok) {
    const body = json as Partial<ErrorBody> | undefined;
    throw new ApiError(response.status, body?.error ?? `Request failed (${response.status})`, body?.code, body?.field);
  }
  return { data: json as T, headers: response.headers };
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

/**
 * A validation error about one of a form's fields, as a plain sentence for that field, e.g.
 * "Invalid body passport_number: passport_number is required" -> "Please enter the passport number."
 * `labels` maps the request's field names to the form's labels; null when the error is about none of them.
 */
export function fieldError(error: unknown, labels: Record<string, string>): { field: string; message: string } | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.field) return null;
  const label = labels[error.field];
  if (!label) return null;
  const detail = error.message.slice(error.message.indexOf(': ') + 2).replaceAll(error.field, label);
  if (/is required$/.test(detail)) return { field: error.field, message: `Please enter the ${label.toLowerCase()}.` };
  return { field: error.field, message: `${detail.charAt(0).toUpperCase()}${detail.slice(1)}.` };
}
