import type { LinkedAccountsClient } from '../ui/linked-accounts.js';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../lib/http.js';
import { formBody } from '../lib/http-files.js';
import { documentForm } from './document-form.js';

// The session is an httpOnly cookie: the page never sees it, the browser sends it with these calls.
const caseKey = ['applicant', 'case'] as const;

export const applicantCaseQuery = () =>
  queryOptions({ queryKey: caseKey, queryFn: () => unwrap(api.GET('/api/applicant/case')), retry: false });

export const useApplicantCase = (enabled: boolean) => useQuery({ ...applicantCaseQuery(), enabled });

export function useOpenSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => unwrap(api.POST('/api/applicant/session', { body: { token } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKey }),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/applicant/logout')),
    onSuccess: () => queryClient.removeQueries({ queryKey: caseKey }),
  });
}

export function useSendDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      documentId,
      file,
      onProgress,
    }: {
      documentId: number;
      file: File;
      /** How much of the file has gone, 0 to 1: the progress bar. */
      onProgress?: (fraction: number) => void;
    }) =>
      unwrap(
        api.POST('/api/applicant/documents/{documentId}', {
          params: { path: { documentId } },
          ...formBody(documentForm(file), onProgress),
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKey }),
  });
}

/** Shows a licence of the case on the linked network profile, or takes it off (issue 41). */
export function useShowLicenceOnProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, show }: { id: number; show: boolean }) =>
      unwrap(api.PUT('/api/applicant/licences/{id}/profile', { params: { path: { id } }, body: { show } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKey }),
  });
}

/** The applicant lets staff see her linked learner's readiness, or takes it back (issue 41). */
export function useShareReadiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (share: boolean) => unwrap(api.PUT('/api/applicant/readiness-sharing', { body: { share } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKey }),
  });
}

/** The applicant's linked accounts (issue 41): the case page's screen. */
export const applicantLinks: LinkedAccountsClient = {
  key: ['applicant', 'links'],
  list: () => unwrap(api.GET('/api/applicant/links')),
  link: (body) => unwrap(api.POST('/api/applicant/links', { body })),
  issueCode: () => unwrap(api.POST('/api/applicant/links/codes')),
  unlink: ({ area, accountId }) =>
    unwrap(api.DELETE('/api/applicant/links/{area}/{accountId}', { params: { path: { area, accountId } } })),
};
