import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPremiumRequest, PremiumRequest } from '../../../contracts/lms.js';
import { lmsRequest } from '../session.js';
import { adminKey, pagedListQuery } from './admin-api.js';

/** The open premium requests, oldest first, a page at a time. */
export const openPremiumRequestsQuery = (page: number) =>
  pagedListQuery<{ premiumRequests: AdminPremiumRequest[] }>(
    'premium-requests',
    '/admin/premium-requests',
    { status: 'open' },
    page,
  );

/** Grants or declines a request; the users list shows the programs a grant added. */
export function useDecidePremiumRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'grant' | 'decline' }) =>
      lmsRequest<PremiumRequest>(`/admin/premium-requests/${id}/${action}`, { method: 'POST' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKey('premium-requests') }),
        queryClient.invalidateQueries({ queryKey: adminKey('users') }),
      ]),
  });
}
