import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TariffCode } from '@courier/domain/pricing/schemas';
import { apiRequest } from '../../../api/client.ts';

export const tariffCodesQuery = queryOptions({
  queryKey: ['pricing', 'tariff-codes'],
  queryFn: ({ signal }) => apiRequest<TariffCode[]>('/pricing/tariff-codes', { signal, expect: 200 }),
  staleTime: 5 * 60_000,
});

export function useTariffCodes() {
  return useQuery(tariffCodesQuery);
}
