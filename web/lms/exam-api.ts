import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExamAttemptsResponse, ExamProgress, ExamReview } from '../../contracts/lms.js';
import { lmsRequest } from './session.js';

/** The timed exam's attempts: history, review and retakes. */
export const examKeys = {
  exam: ['lms', 'exam'] as const,
  attempts: ['lms', 'exam', 'attempts'] as const,
  review: (id: number) => ['lms', 'exam', 'attempts', id, 'review'] as const,
};

const HISTORY_PAGE_SIZE = 20;

export const useExamAttempts = () =>
  useQuery({
    queryKey: examKeys.attempts,
    queryFn: () => lmsRequest<ExamAttemptsResponse>('/user/exam/attempts', { query: { pageSize: HISTORY_PAGE_SIZE } }),
  });

export const useAttemptReview = (id: number) =>
  useQuery({ queryKey: examKeys.review(id), queryFn: () => lmsRequest<ExamReview>(`/user/exam/attempts/${id}/review`), retry: false });

/** Starts a retake; everything the exam feeds (history, summary, progress, achievements) is refetched. */
export function useStartAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => lmsRequest<ExamProgress>('/user/exam/attempts', { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['lms'] }),
  });
}

export const formatDateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const finishReasonLabel = { completed: 'all questions answered', timeout: 'time ran out', ended: 'ended early' } as const;
