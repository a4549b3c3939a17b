import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TariffListResponse } from '@courier/domain/pricing/schemas';
import { apiRequest } from '../../../api/client.ts';

/** One tariff list (spec 2 §7 GET /pricing/tariffs): base or an account's, customer or a carrier's. */
export interface TariffListFilter {
  tariffCodeId?: number;
  carrierId?: number;
  account?: string;
  zone?: string;
}

export function tariffListQuery(filter: TariffListFilter) {
  return queryOptions({
    queryKey: ['pricing', 'tariffs', filter],
    queryFn: ({ signal }) => apiRequest<TariffListResponse>('/pricing/tariffs', { query: { ...filter }, signal, expect: 200 }),
    placeholderData: keepPreviousData,
  });
}

export function useTariffList(filter: TariffListFilter) {
  return useQuery(tariffListQuery(filter));
}
