import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../lib/http.js';
import { applicantLanguage } from './applicant-words.js';

export type ProgressLookup = { caseNumber: string; passportNumber: string };

/**
 * Where a lookup submitted as a plain form (POST /casetracking, a TrackerFormLookup) waits in the
 * query cache: the server draws the tracker page with it and the browser hydrates from it.
 */
export const formLookupKey = ['casetracking', 'form-lookup'] as const;

/**
 * The public lookup. A mutation rather than a query: each Check Status is a fresh search that
 * starts from a clean slate (no previous result or error), even with the same numbers.
 */
export function useProgressLookup() {
  return useMutation({
    mutationFn: ({ caseNumber, passportNumber }: ProgressLookup) =>
      unwrap(api.GET('/api/progress', { params: { query: { caseNumber, passportNumber } } })),
  });
}

/** "Email me when this changes": the passport number goes along, as for the lookup. */
export function useSubscribe() {
  return useMutation({
    // The language on screen goes along: the confirmation email is written in it.
    mutationFn: (body: ProgressLookup & { email: string }) =>
      unwrap(api.POST('/api/progress/subscribe', { body: { ...body, language: applicantLanguage() } })),
  });
}

/** The confirm and unsubscribe links of the emails: the token is all they need. */
export function useSubscriptionLink(action: 'confirm' | 'unsubscribe') {
  return useMutation({
    mutationFn: (token: string) =>
      unwrap(
        action === 'confirm'
          ? api.POST('/api/progress/subscribe/confirm', { body: { token } })
          : api.POST('/api/progress/unsubscribe', { body: { token } }),
      ),
  });
}

/** "Sign in to send documents": a link goes to the case's own address; the answer is the same either way. */
export function useApplicantAccess() {
  return useMutation({
    mutationFn: (body: ProgressLookup) =>
      unwrap(api.POST('/api/applicant/access', { body: { ...body, language: applicantLanguage() } })),
  });
}
