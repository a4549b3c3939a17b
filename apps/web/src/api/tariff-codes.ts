import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TariffCode } from '@courier/domain/pricing/schemas';
import { apiRequest } from './client.ts';

export const tariffCodeKeys = {
  all: ['tariff-codes'] as const,
};

/** GET /pricing/tariff-codes (spec 2 §7): the tariff codes, seldom changed. */
export const tariffCodesQuery = queryOptions({
  queryKey: tariffCodeKeys.all,
  queryFn: ({ signal }) => apiRequest<TariffCode[]>('/pricing/tariff-codes', { signal, expect: 200 }),
  staleTime: 5 * 60_000,
});

export function useTariffCodes() {
  return useQuery(tariffCodesQuery);
}
