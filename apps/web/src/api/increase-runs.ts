import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CarrierIncreaseBody, IncreaseRun, PriceIncreaseBody } from '@courier/domain/pricing/schemas';
import { apiRequest } from './client.ts';

// Bulk price and carrier increases (spec 2 §8): a run starts, then is polled until it ends.

const POLL_MS = 1000;

export const increaseRunKeys = {
  all: ['increase-runs'] as const,
  detail: (id: number) => [...increaseRunKeys.all, id] as const,
};

export const isFinished = (run: IncreaseRun | undefined) => run?.status === 'completed' || run?.status === 'failed';

/** A running increase, polled every second until it completes or fails. */
export function increaseRunQuery(id: number) {
  return queryOptions({
    queryKey: increaseRunKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<IncreaseRun>(`/pricing/increases/${id}`, { signal, expect: 200 }),
    refetchInterval: (query) => (isFinished(query.state.data) ? false : POLL_MS),
    refetchIntervalInBackground: true,
  });
}

export function useIncreaseRun(id: number | null) {
  return useQuery({ ...increaseRunQuery(id ?? 0), enabled: id !== null });
}

export function useStartPriceIncrease() {
  return useMutation({
    mutationFn: (body: PriceIncreaseBody) =>
      apiRequest<IncreaseRun>('/pricing/price-increase', { method: 'POST', body, expect: 200 }),
  });
}

export function useStartCarrierIncrease() {
  return useMutation({
    mutationFn: (body: CarrierIncreaseBody) =>
      apiRequest<IncreaseRun>('/pricing/carrier-increase', { method: 'POST', body, expect: 200 }),
  });
}
