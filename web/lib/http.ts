import type { ErrorBody } from '../../contracts/platform.js';
import { capitalized } from './format.js';

/** The server's validation text: "Invalid body client_email: client_email must be a valid email address". */
const VALIDATION_MESSAGE = /^Invalid (?:body|query|params|headers)(?: [^:]*)?: (.*)$/s;

type Validation = { field: string; detail: string };

function validationOf(status: number, message: string, field: string | undefined): Validation | undefined {
  const detail = status === 400 && field ? VALIDATION_MESSAGE.exec(message)?.[1] : undefined;
  return detail !== undefined && field ? { field, detail } : undefined;
}

/** `client_email` -> "client email", `caseNumber` -> "case number". */
function labelOf(field: string): string {
  return field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
}

/** Ends a text with a full stop unless it already ends a sentence. */
export function asSentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/**
 * One validation error as a sentence about the field's label, e.g. "passport_number is required"
 * -> "Please enter the passport number.", "name must be at most 100 characters" -> "Name must be at
 * most 100 characters.". A text already written as a sentence ("Please enter a valid email
 * address") is shown as it is; zod's own wording ("Invalid input: expected string") becomes a
 * request to check the field.
 */
function plainValidationMessage({ field, detail }: Validation, label: string): string {
  const fieldName = new RegExp(`\\b${field}\\b`, 'g');
  if (/ is required$/.test(detail)) return `Please enter the ${label.toLowerCase()}.`;
  if (/^Invalid\b/.test(detail)) return `Please check the ${label.toLowerCase()}.`;
  if (/^[A-Z]/.test(detail)) return asSentence(detail);
  if (detail.search(fieldName) >= 0) return asSentence(capitalized(detail.replace(fieldName, label)));
  return asSentence(`${capitalized(label.toLowerCase())} ${detail}`);
}

/**
 * A failed API call: the server's `{ error, code }` with the HTTP status. A validation error's
 * message is a plain sentence for the screen; the server's own text names the request's fields.
 */
export class ApiError extends Error {
  /** For a validation error about one request field: that field and the server's text about it. */
  readonly validation?: Validation;

  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** The request field a validation error is about. */
    readonly field?: string,
  ) {
    const validation = validationOf(status, message, field);
    super(validation ? plainValidationMessage(validation, labelOf(validation.field)) : message);
    this.validation = validation;
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
 * A validation error about one of a form's fields, as a plain sentence with that field's label.
 * `labels` maps the request's field names to the form's labels; null when the error is about none of them.
 */
export function fieldError(error: unknown, labels: Record<string, string>): { field: string; message: string } | null {
  if (!(error instanceof ApiError) || !error.validation) return null;
  const label = labels[error.validation.field];
  return label ? { field: error.validation.field, message: plainValidationMessage(error.validation, label) } : null;
}
