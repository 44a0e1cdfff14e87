import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from './http.js';

/** What this server offers (Google sign-in, areas); it does not change while the page is open. */
export const publicConfigQuery = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: () => unwrap(api.GET('/api/config')),
    staleTime: Infinity,
  });

export const usePublicConfig = () => useQuery(publicConfigQuery());
