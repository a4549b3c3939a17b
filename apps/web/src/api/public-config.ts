import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@courier/domain/auth/schemas';
import { apiRequest } from './client.ts';

export const publicConfigKeys = {
  all: ['config'] as const,
};

/** GET /config: settings the app needs before sign-in (the courier website's address, map tiles). */
export const publicConfigQuery = queryOptions({
  queryKey: publicConfigKeys.all,
  queryFn: () => apiRequest<PublicConfig>('/config'),
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
