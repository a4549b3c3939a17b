import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Carrier } from '@courier/domain/pricing/schemas';
import { apiRequest } from '../../../api/client.ts';

export const carriersQuery = queryOptions({
  queryKey: ['pricing', 'carriers'],
  queryFn: ({ signal }) => apiRequest<Carrier[]>('/pricing/carriers', { signal, expect: 200 }),
  staleTime: 5 * 60_000,
});

export function useCarriers() {
  return useQuery(carriersQuery);
}
