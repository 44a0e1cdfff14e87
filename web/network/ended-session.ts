import { ApiError } from '../lib/api-error.js';

/**
 * A member's session can end elsewhere: Sign Out in another tab, a password reset, expiry. The
 * server then refuses the member's calls with 401 and the live stream too. Whatever notices it
 * first reports it here; the network shell forgets the member, and the sign-in page says why.
 */
const listeners = new Set<() => void>();
let ended = false;

/** True for the 401 a member call gets once its session is gone. */
export const isSessionEnded = (error: unknown) => error instanceof ApiError && error.status === 401;

export function reportSessionEnded(): void {
  ended = true;
  for (const listener of listeners) listener();
}

/** Whether the member was sent to sign in because the session ended; cleared by the next sign-in. */
export const wasSessionEnded = () => ended;

export function clearSessionEnded(): void {
  ended = false;
}

export function onSessionEnded(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
