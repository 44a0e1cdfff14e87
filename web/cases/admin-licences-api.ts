import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap, type ApiBody } from '../lib/http.js';
import { adminApi } from './admin-session.js';

/** A case's licences and reported licensing exam results, as staff see and record them (issue 41). */

const licenceKeys = {
  licences: (caseId: number) => ['caseadmin', 'cases', 'licences', caseId] as const,
  examResults: (caseId: number) => ['caseadmin', 'cases', 'exam-results', caseId] as const,
  learnerReadiness: (caseId: number) => ['caseadmin', 'cases', 'learner-readiness', caseId] as const,
};

/** The linked learner's readiness, when the applicant allowed staff to see it. */
export const caseLearnerReadinessQuery = (caseId: number) =>
  queryOptions({
    queryKey: licenceKeys.learnerReadiness(caseId),
    queryFn: ({ signal }) =>
      unwrap(adminApi.GET('/api/caseadmin/cases/{id}/learner-readiness', { params: { path: { id: caseId } }, signal })),
  });

export type NewLicence = ApiBody<'/api/caseadmin/cases/{id}/licences', 'post'>;
export type NewExamResult = ApiBody<'/api/caseadmin/cases/{id}/exam-results', 'post'>;

export const caseLicencesQuery = (caseId: number) =>
  queryOptions({
    queryKey: licenceKeys.licences(caseId),
    queryFn: ({ signal }) =>
      unwrap(adminApi.GET('/api/caseadmin/cases/{id}/licences', { params: { path: { id: caseId } }, signal })),
  });

export const caseExamResultsQuery = (caseId: number) =>
  queryOptions({
    queryKey: licenceKeys.examResults(caseId),
    queryFn: ({ signal }) =>
      unwrap(adminApi.GET('/api/caseadmin/cases/{id}/exam-results', { params: { path: { id: caseId } }, signal })),
  });

export function useRecordLicence(caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewLicence) =>
      unwrap(adminApi.POST('/api/caseadmin/cases/{id}/licences', { params: { path: { id: caseId } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licenceKeys.licences(caseId) }),
  });
}

export function useRevokeLicence(caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ licenceId, reason }: { licenceId: number; reason: string }) =>
      unwrap(
        adminApi.POST('/api/caseadmin/licences/{id}/revoke', { params: { path: { id: licenceId } }, body: { reason } }),
      ),
    // A 409 (revoked meanwhile by someone else) also leaves the list stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: licenceKeys.licences(caseId) }),
  });
}

export function useRecordExamResult(caseId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewExamResult) =>
      unwrap(adminApi.POST('/api/caseadmin/cases/{id}/exam-results', { params: { path: { id: caseId } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licenceKeys.examResults(caseId) }),
  });
}
