import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CoursePreview, LatestPremiumRequest, PremiumRequest } from '../../contracts/lms.js';
import { lmsKeys } from './api.js';
import { lmsRequest } from './session.js';

/** The learner's premium request: the latest one (open, or its decision), asking, dismissing the decision's notice. */
export const latestPremiumRequestQuery = () =>
  queryOptions({
    queryKey: [...lmsKeys.all, 'premium-request'] as const,
    queryFn: () => lmsRequest<LatestPremiumRequest>('/user/premium-requests/latest'),
  });

export function useAskForPremium() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) =>
      lmsRequest<PremiumRequest>('/user/premium-requests', { method: 'POST', body: { note } }),
    onSuccess: (request) =>
      queryClient.setQueryData(latestPremiumRequestQuery().queryKey, { request, noticeSeen: false }),
  });
}

export function useDismissPremiumNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => lmsRequest(`/user/premium-requests/${id}/seen`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: latestPremiumRequestQuery().queryKey }),
  });
}

/** What a locked library holds: titles and levels only (the server sends no lesson until it opens). */
export const coursePreviewsQuery = () =>
  queryOptions({
    queryKey: [...lmsKeys.courses, 'preview'] as const,
    queryFn: () => lmsRequest<{ courses: CoursePreview[] }>('/user/courses/preview'),
  });
