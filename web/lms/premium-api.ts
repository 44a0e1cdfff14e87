import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../lib/http.js';
import { lmsKeys } from './api.js';
import { lmsApi } from './session.js';

/** The learner's premium request: the latest one (open, or its decision), asking, dismissing the decision's notice. */
export const latestPremiumRequestQuery = () =>
  queryOptions({
    queryKey: [...lmsKeys.all, 'premium-request'] as const,
    queryFn: () => unwrap(lmsApi.GET('/user/premium-requests/latest')),
  });

export function useAskForPremium() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => unwrap(lmsApi.POST('/user/premium-requests', { body: { note } })),
    onSuccess: (request) =>
      queryClient.setQueryData(latestPremiumRequestQuery().queryKey, { request, noticeSeen: false }),
  });
}

export function useDismissPremiumNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(lmsApi.POST('/user/premium-requests/{id}/seen', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: latestPremiumRequestQuery().queryKey }),
  });
}

/** What a locked library holds: titles and levels only (the server sends no lesson until it opens). */
export const coursePreviewsQuery = () =>
  queryOptions({
    queryKey: [...lmsKeys.courses, 'preview'] as const,
    queryFn: () => unwrap(lmsApi.GET('/user/courses/preview')),
  });
