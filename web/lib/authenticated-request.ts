import { createApi } from './http.js';
import type { createTokenStore } from './token-store.js';

type TokenStore = Pick<ReturnType<typeof createTokenStore>, 'get' | 'clear'>;

/**
 * The one bearer-token client: every call carries the area's token, and a 401 (token missing,
 * expired or forged) drops it, so the area's guard sends the user to its login. `onUnauthorized`
 * lets an area remember why (the case admin's login says the session ended).
 */
export function createAuthenticatedApi(tokens: TokenStore, onUnauthorized?: () => void) {
  return createApi({
    onRequest({ request }) {
      const token = tokens.get();
      if (token) request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
    onResponse({ response }) {
      if (response.status !== 401) return;
      onUnauthorized?.();
      tokens.clear();
    },
  });
}
