import { ApiError, isUnreachable } from '../lib/api-error.js';
import type { ApplicantKey } from './applicant-words.js';

/**
 * A failed call on an applicant screen, said in the screen's language. The server's `error` is an
 * English sentence, so these screens never show it: they read the status and `code` (and the
 * field a 400 is about) and say it with their own words. `known` names the answers a screen
 * expects; anything else is the screen's `fallback`.
 */
export function applicantErrorText(
  error: unknown,
  // Any screen's lookup: the first screen's and the other screens' both have the errors section.
  t: (key: Extract<ApplicantKey, `errors.${string}`>) => string,
  fallback: string,
  known: (error: ApiError) => string | null = () => null,
): string {
  if (isUnreachable(error)) return t('errors.unreachable');
  if (!(error instanceof ApiError)) return fallback;
  if (error.status >= 500) return t('errors.serverFault');
  return known(error) ?? (error.status === 429 ? t('errors.tooMany') : fallback);
}
