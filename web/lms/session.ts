import type { LmsTokenPayload } from '../../contracts/lms.js';
import { createAuthenticatedApi } from '../lib/authenticated-request.js';
import { api, unwrap } from '../lib/http.js';
import { createTokenStore } from '../lib/token-store.js';

/** The spec keeps the LMS user token in local storage under `token`. */
export const lmsToken = createTokenStore('token');

/** The token's payload, or null when it is missing, malformed or expired (which signs the user out). */
export function decodeToken(token: string | null): LmsTokenPayload | null {
  if (!token) return null;
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const json = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as Partial<
      Record<keyof LmsTokenPayload | 'exp', unknown>
    >;
    if (typeof json.exp === 'number' && json.exp * 1000 <= Date.now()) return null;
    // Checked by hand rather than with the zod contract, which would pull zod into the first page load.
    const { id, username, profession, role } = json;
    if (
      typeof id !== 'number' ||
      typeof username !== 'string' ||
      typeof profession !== 'string' ||
      (role !== 'user' && role !== 'admin')
    )
      return null;
    return { id, username, profession: profession as LmsTokenPayload['profession'], role };
  } catch {
    return null;
  }
}

export function useLmsSession(): { token: string | null; user: LmsTokenPayload | null } {
  const token = lmsToken.useToken();
  return { token, user: decodeToken(token) };
}

export const homeFor = (user: LmsTokenPayload) =>
  user.role === 'admin' ? '/lms-system/admin' : '/lms-system/dashboard';

/** `POST /auth/logout` with the token just removed: every token of this account is refused from now on. */
export async function signOutOnServer(token: string | null): Promise<void> {
  if (!token) return;
  try {
    await unwrap(api.POST('/auth/logout', { headers: { authorization: `Bearer ${token}` } }));
  } catch {
    // an expired or already-ended token: nothing to end on the server
  }
}

export const requestPasswordReset = (email: string) => unwrap(api.POST('/auth/password-reset', { body: { email } }));
export const resetPassword = (token: string, password: string) =>
  unwrap(api.POST('/auth/password-reset/confirm', { body: { token, password } }));

/** LMS calls with the user's token; a 401 means the session is gone, so the user is signed out. */
export const lmsApi = createAuthenticatedApi(lmsToken);
