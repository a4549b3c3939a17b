import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Carrier } from '@courier/domain/pricing/schemas';
import { apiRequest } from './client.ts';

export const carrierKeys = {
  all: ['carriers'] as const,
};

/** GET /pricing/carriers (spec 2 §7): the carriers, seldom changed. */
export const carriersQuery = queryOptions({
  queryKey: carrierKeys.all,
  queryFn: ({ signal }) => apiRequest<Carrier[]>('/pricing/carriers', { signal, expect: 200 }),
  staleTime: 5 * 60_000,
});

export function useCarriers() {
  return useQuery(carriersQuery);
}
