import { useMutation } from '@tanstack/react-query';
import type { CaseProgress } from '../../contracts/cases.js';
import { request } from '../lib/http.js';

export type ProgressLookup = { caseNumber: string; passportNumber: string };

/**
 * The public lookup. A mutation rather than a query: each Check Status is a fresh search that
 * starts from a clean slate (no previous result or error), even with the same numbers.
 */
export function useProgressLookup() {
  return useMutation({
    mutationFn: ({ caseNumber, passportNumber }: ProgressLookup) =>
      request<CaseProgress>('/api/progress', { query: { caseNumber, passportNumber } }),
  });
}
