import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../contracts/platform.js';
import { request } from './http.js';

/** What this server offers (Google sign-in, areas); it does not change while the page is open. */
export const publicConfigQuery = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: () => request<PublicConfig>('/api/config'),
    staleTime: Infinity,
  });

export const usePublicConfig = () => useQuery(publicConfigQuery());
