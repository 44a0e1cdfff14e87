import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '../../../contracts/lms-constants.js';
import type { AdminPremiumRequest, PremiumRequest } from '../../../contracts/lms.js';
import { lmsRequest, lmsRequestPage } from '../session.js';
import { adminKey } from './admin-api.js';

/** The open premium requests, oldest first, a page at a time. */
export const openPremiumRequestsQuery = (page: number) =>
  queryOptions({
    queryKey: [...adminKey('premium-requests'), page] as const,
    queryFn: () => lmsRequestPage<{ premiumRequests: AdminPremiumRequest[] }>('/admin/premium-requests', { query: { status: 'open', page, pageSize: ADMIN_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

/** Grants or declines a request; the users list shows the programs a grant added. */
export function useDecidePremiumRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'grant' | 'decline' }) => lmsRequest<PremiumRequest>(`/admin/premium-requests/${id}/${action}`, { method: 'POST' }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminKey('premium-requests') }), queryClient.invalidateQueries({ queryKey: adminKey('users') })]),
  });
}
