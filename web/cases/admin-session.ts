import { createAuthenticatedApi } from '../lib/authenticated-request.js';
import { api, unwrap } from '../lib/http.js';
import { createTokenStore } from '../lib/token-store.js';

/** The case admin's bearer token, kept under the spec's local-storage key. */
export const adminToken = createTokenStore('adminToken');

// Set when the server turned the token away, so the login page can say why the admin is back there.
let sessionExpired = false;

export const wasSessionExpired = () => sessionExpired;

export function signIn(token: string): void {
  sessionExpired = false;
  adminToken.set(token);
}

/**
 * Forgets the token here at once (the layout's guard goes to the login), and ends the sign-in on
 * the server: every token of this admin is refused from then on.
 */
export function signOut(): void {
  const token = adminToken.get();
  adminToken.clear();
  if (token) {
    unwrap(api.POST('/api/caseadmin/logout', { headers: { authorization: `Bearer ${token}` } })).catch(() => {
      // An expired or already-ended token has nothing left to end.
    });
  }
}

/** Admin calls with the bearer token; a 401 drops it and the admin layout's guard sends the browser to the login. */
export const adminApi = createAuthenticatedApi(adminToken, () => {
  sessionExpired = true;
});
