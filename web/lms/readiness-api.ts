import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../lib/http.js';
import { lmsApi } from './session.js';

/**
 * Readiness (decision 029): the learner's pass chance and topics, and their review cards and exam
 * date. Both sit under ['lms'], so every answer (which invalidates the LMS's queries) refreshes them.
 */
export const readinessKeys = {
  readiness: ['lms', 'readiness'] as const,
  reviews: ['lms', 'reviews'] as const,
};

export const readinessQuery = () =>
  queryOptions({ queryKey: readinessKeys.readiness, queryFn: () => unwrap(lmsApi.GET('/user/readiness')) });
export const reviewsQuery = () =>
  queryOptions({ queryKey: readinessKeys.reviews, queryFn: () => unwrap(lmsApi.GET('/user/reviews')) });

export const useReadiness = () => useQuery(readinessQuery());
export const useReviews = () => useQuery(reviewsQuery());

/** Sets (or clears, with null) the day of the real exam; the answer is the reviews' new state. */
export function useSetExamDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (examDate: string | null) => unwrap(lmsApi.PUT('/user/exam-date', { body: { examDate } })),
    onSuccess: (reviews) => queryClient.setQueryData(readinessKeys.reviews, reviews),
  });
}
