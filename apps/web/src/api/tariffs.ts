import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaveTariffBody, Tariff, TariffListResponse } from '@courier/domain/pricing/schemas';
import { apiRequest } from './client.ts';

/** One tariff list (spec 2 §7 GET /pricing/tariffs): base or an account's, customer or a carrier's. */
export interface TariffListFilter {
  tariffCodeId?: number;
  carrierId?: number;
  account?: string;
  zone?: string;
}

export const tariffKeys = {
  all: ['tariffs'] as const,
  lists: () => [...tariffKeys.all, 'list'] as const,
  list: (filter: TariffListFilter) => [...tariffKeys.lists(), filter] as const,
};

export function tariffListQuery(filter: TariffListFilter) {
  return queryOptions({
    queryKey: tariffKeys.list(filter),
    queryFn: ({ signal }) =>
      apiRequest<TariffListResponse>('/pricing/tariffs', { query: { ...filter }, signal, expect: 200 }),
    placeholderData: keepPreviousData,
  });
}

export function useTariffList(filter: TariffListFilter) {
  return useQuery(tariffListQuery(filter));
}

/** POST /pricing/tariffs (spec 2 §7): create without an id, update with one; anything but 200 is an error. */
export function useSaveTariff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveTariffBody) => apiRequest<Tariff>('/pricing/tariffs', { method: 'POST', body, expect: 200 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tariffKeys.all }),
  });
}

/** DELETE /pricing/tariffs/{id} (spec 2 §7): anything other than 200 is an error. */
export function useDeleteTariff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ ok: true }>(`/pricing/tariffs/${id}`, { method: 'DELETE', expect: 200 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tariffKeys.all }),
  });
}
