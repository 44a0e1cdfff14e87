import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../contracts/platform.js';
import { request } from './http.js';

export function usePublicConfig() {
  return useQuery({ queryKey: ['public-config'], queryFn: () => request<PublicConfig>('/api/config'), staleTime: Infinity });
}
