import { ApiError, request, requestWithHeaders, type RequestOptions } from '../lib/http.js';
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
    request<null>('/api/caseadmin/logout', { method: 'POST', token }).catch(() => {
      // An expired or already-ended token has nothing left to end.
    });
  }
}

/**
 * Calls an admin endpoint with the bearer token. A 401 means the token is missing, expired or
 * forged: it is dropped, and the admin layout's guard then sends the browser to the login page.
 */
export async function adminRequestWithHeaders<T>(path: string, options: Omit<RequestOptions, 'token'> = {}) {
  try {
    return await requestWithHeaders<T>(path, { ...options, token: adminToken.get() });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      sessionExpired = true;
      adminToken.clear();
    }
    throw error;
  }
}

export async function adminRequest<T>(path: string, options: Omit<RequestOptions, 'token'> = {}): Promise<T> {
  return (await adminRequestWithHeaders<T>(path, options)).data;
}
