import { setTimeout as delay } from 'node:timers/promises';
import {
  CONFLICT_RETRY_AFTER_SECONDS,
  databaseErrorCode,
  PG_TRANSACTION_CONFLICTS,
  RetryLater,
  TRANSACTION_CONFLICT_MESSAGE,
} from './errors.js';

/**
 * Transactions that lost a conflict with another one (decision 041). PostgreSQL ends one of two
 * transactions that wait for each other's rows (a deadlock, 40P01) and, at REPEATABLE READ or
 * SERIALIZABLE, one whose reads another changed (a serialization failure, 40001). Neither is the
 * request's fault, and the same transaction run again a moment later, after the other one finished,
 * almost always passes: every transaction of the app is run again a few times before the request
 * is answered 503 with Retry-After, never 500.
 */

/** Runs of one transaction at most: the first and three more. */
export const TRANSACTION_ATTEMPTS = 4;
/** The first pause before running again; each next one may be twice as long (with full jitter). */
const FIRST_BACKOFF_MS = 20;

/** Whether the failure is a transaction losing a conflict with another one, looking through Drizzle's wrapper. */
export function isTransactionConflict(error: unknown): boolean {
  if (error instanceof TransactionConflict) return false;
  const code = databaseErrorCode(error);
  return code !== undefined && PG_TRANSACTION_CONFLICTS.has(code);
}

/** A transaction that conflicted on every run: answered 503 with Retry-After (see `errorAnswer`). */
export class TransactionConflict extends RetryLater {
  constructor(cause: unknown) {
    super(TRANSACTION_CONFLICT_MESSAGE, CONFLICT_RETRY_AFTER_SECONDS, 'TRANSACTION_CONFLICT');
    this.cause = cause;
  }
}

export type ConflictRetryOptions = {
  attempts?: number;
  /** Told before each new run (the operator's log: conflicts that come often are worth a look). */
  onRetry?: (error: unknown, attempt: number) => void;
};

/**
 * Runs `run` (one whole transaction: BEGIN to COMMIT) again while it fails with a conflict, at most
 * `attempts` times, pausing a random moment between runs (full jitter: two requests that collided
 * do not collide again in step). Still conflicting, it throws `TransactionConflict`. `run` must be
 * safe to run again: everything it does is in the rolled-back transaction, or is started anew.
 */
export async function retryOnConflict<T>(run: () => Promise<T>, options: ConflictRetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? TRANSACTION_ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isTransactionConflict(error)) throw error;
      if (attempt >= attempts) throw new TransactionConflict(error);
      options.onRetry?.(error, attempt);
      await delay(Math.random() * FIRST_BACKOFF_MS * 2 ** (attempt - 1));
    }
  }
}
