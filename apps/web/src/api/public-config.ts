import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@courier/domain/auth/schemas';
import { apiRequest } from './client.ts';

export const publicConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => apiRequest<PublicConfig>('/config'),
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
