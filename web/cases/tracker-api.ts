import { useMutation } from '@tanstack/react-query';
import type { SubscriptionLinkAnswer } from '../../contracts/case-applicant.js';
import type { CaseProgress } from '../../contracts/cases.js';
import { request } from '../lib/http.js';
import { applicantI18n } from './applicant-i18n.js';

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

/** "Email me when this changes": the passport number goes along, as for the lookup. */
export function useSubscribe() {
  return useMutation({
    // The language on screen goes along: the confirmation email is written in it.
    mutationFn: (body: ProgressLookup & { email: string }) =>
      request<{ message: string }>('/api/progress/subscribe', {
        method: 'POST',
        body: { ...body, language: applicantI18n.language },
      }),
  });
}

/** The confirm and unsubscribe links of the emails: the token is all they need. */
export function useSubscriptionLink(action: 'confirm' | 'unsubscribe') {
  return useMutation({
    mutationFn: (token: string) =>
      request<SubscriptionLinkAnswer>(
        action === 'confirm' ? '/api/progress/subscribe/confirm' : '/api/progress/unsubscribe',
        {
          method: 'POST',
          body: { token },
        },
      ),
  });
}

/** "Sign in to send documents": a link goes to the case's own address; the answer is the same either way. */
export function useApplicantAccess() {
  return useMutation({
    mutationFn: (body: ProgressLookup) =>
      request<{ message: string }>('/api/applicant/access', {
        method: 'POST',
        body: { ...body, language: applicantI18n.language },
      }),
  });
}
