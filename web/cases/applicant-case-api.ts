import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicantCase } from '../../contracts/case-applicant.js';
import type { ChecklistItem } from '../../contracts/case-documents.js';
import { request } from '../lib/http.js';
import { sendDocumentFile } from './document-files.js';

// The session is an httpOnly cookie: the page never sees it, the browser sends it with these calls.
const caseKey = ['applicant', 'case'] as const;

export const applicantCaseQuery = () =>
  queryOptions({ queryKey: caseKey, queryFn: () => request<ApplicantCase>('/api/applicant/case'), retry: false });

export const useApplicantCase = (enabled: boolean) => useQuery({ ...applicantCaseQuery(), enabled });

export function useOpenSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => request<null>('/api/applicant/session', { method: 'POST', body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKey }),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<null>('/api/applicant/logout', { method: 'POST' }),
    onSuccess: () => queryClient.removeQueries({ queryKey: caseKey }),
  });
}

export function useSendDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, file }: { documentId: number; file: File }) =>
      sendDocumentFile<ChecklistItem>(`/api/applicant/documents/${documentId}`, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caseKey }),
  });
}
