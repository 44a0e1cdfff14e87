import type { APIRequestContext } from '@playwright/test';
import type { AgencyApi } from '../test/factories/agency.js';

/** A real 1×1 PNG: the server judges files by their content. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The agency seed's calls (test/factories/agency.ts), through Playwright's request context as the case admin. */
export function requestAgencyApi(request: APIRequestContext, headers: Record<string, string>): AgencyApi {
  return async (method, path, body, contentType) => {
    const response = await request.fetch(path, {
      method,
      headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}) },
      ...(body === undefined ? {} : { data: body as string | object }),
    });
    const text = await response.text();
    return { status: response.status(), body: text ? (JSON.parse(text) as unknown) : null };
  };
}
