import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../lib/http.js';
import { lmsApi } from '../session.js';
import { adminKey, pagedListQuery } from './admin-api.js';

/** The open premium requests, oldest first, a page at a time. */
export const openPremiumRequestsQuery = (page: number) =>
  pagedListQuery(
    'premium-requests',
    (query) => lmsApi.GET('/admin/premium-requests', { params: { query: { ...query, status: 'open' } } }),
    {},
    page,
  );

/** Grants or declines a request; the users list shows the programs a grant added. */
export function useDecidePremiumRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'grant' | 'decline' }) =>
      unwrap(
        action === 'grant'
          ? lmsApi.POST('/admin/premium-requests/{id}/grant', { params: { path: { id } } })
          : lmsApi.POST('/admin/premium-requests/{id}/decline', { params: { path: { id } } }),
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKey('premium-requests') }),
        queryClient.invalidateQueries({ queryKey: adminKey('users') }),
      ]),
  });
}
