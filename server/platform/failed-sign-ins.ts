import type { CounterStore } from './counters.js';
import { AppError } from './errors.js';

export const FAILED_SIGNIN_WINDOW_MS = 15 * 60_000;

/**
 * Failed sign-ins counted per account and per client address in a 15-minute window. Past the
 * limit on either, sign-ins to that account (from anywhere) or from that client (to any account)
 * get 429 until the window ends. A success clears only its own account's count: the client's
 * stays, so signing in to one's own account between guesses at another's buys nothing.
 */
export function createFailedSignIns(counters: CounterStore, options: { area: string; limit: number; windowMs?: number }) {
  const windowMs = options.windowMs ?? FAILED_SIGNIN_WINDOW_MS;
  const accountKey = (account: string) => `signin:${options.area}:account:${account.trim().toLowerCase()}`;
  const clientKey = (client: string) => `signin:${options.area}:client:${client}`;
  return {
    async assertAllowed(account: string, client: string): Promise<void> {
      const counts = await Promise.all([counters.read(accountKey(account)), counters.read(clientKey(client))]);
      const blocked = counts.filter((window) => window.count >= options.limit);
      if (blocked.length === 0) return;
      const minutes = Math.max(1, Math.ceil(Math.max(...blocked.map((window) => window.resetInMs)) / 60_000));
      throw new AppError(429, `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
    },
    async recordFailure(account: string, client: string): Promise<void> {
      await Promise.all([counters.increment(accountKey(account), windowMs), counters.increment(clientKey(client), windowMs)]);
    },
    async recordSuccess(account: string): Promise<void> {
      await counters.remove(accountKey(account));
    },
  };
}

export type FailedSignIns = ReturnType<typeof createFailedSignIns>;
