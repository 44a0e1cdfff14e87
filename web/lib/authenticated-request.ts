import { ApiError, downloadFile, requestWithHeaders, type RequestOptions } from './http.js';
import type { createTokenStore } from './token-store.js';

type TokenStore = Pick<ReturnType<typeof createTokenStore>, 'get' | 'clear'>;
type Options = Omit<RequestOptions, 'token'>;

/**
 * The one authenticated request wrapper: every call carries the area's bearer token, and a 401
 * (token missing, expired or forged) drops it, so the area's guard sends the user to its login.
 * `onUnauthorized` lets an area remember why (the case admin's login says the session ended).
 */
export function createAuthenticatedRequests(tokens: TokenStore, onUnauthorized?: () => void) {
  async function authenticated<R>(call: (token: string | null) => Promise<R>): Promise<R> {
    try {
      return await call(tokens.get());
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        onUnauthorized?.();
        tokens.clear();
      }
      throw error;
    }
  }
  const withHeaders = <T>(path: string, options: Options = {}) =>
    authenticated((token) => requestWithHeaders<T>(path, { ...options, token }));
  return {
    withHeaders,
    /** The JSON body of the answer. */
    request: async <T>(path: string, options: Options = {}): Promise<T> => (await withHeaders<T>(path, options)).data,
    /** A page of a list: the body and the `x-total-count` header. */
    requestPage: async <T>(path: string, options: Options = {}): Promise<{ data: T; total: number }> => {
      const { data, headers } = await withHeaders<T>(path, options);
      return { data, total: Number(headers.get('x-total-count') ?? 0) };
    },
    /** Saves the answer as a file (an export). */
    download: (path: string, options: Options & { fallbackName: string }) =>
      authenticated((token) => downloadFile(path, { ...options, token })),
  };
}
