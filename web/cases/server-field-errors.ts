import { errorMessage, fieldError } from '../lib/http.js';

/**
 * A failed send's sentence, placed: next to its field when the server names one of the form's
 * fields, above the form otherwise (an outage, a refusal about the whole thing).
 */
export function serverFieldErrors<F extends string>(failure: unknown, fields: readonly F[], fallback: string) {
  const invalid = fieldError(failure, fields);
  return {
    messageFor: (field: F) => (invalid?.field === field ? invalid.message : null),
    formError: failure && !invalid ? errorMessage(failure, fallback) : null,
  };
}
