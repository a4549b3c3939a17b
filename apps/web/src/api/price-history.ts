import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceHistoryEntry } from '@courier/domain/pricing/price-review-schemas';
import { apiRequest } from './client.ts';

// A job's price history (issue 11): every change to its price fields, newest first.
export const priceHistoryKeys = {
  all: ['price-history'] as const,
  job: (jobId: number) => [...priceHistoryKeys.all, jobId] as const,
};

/** GET /pricing/jobs/{jobId}/price-history (roles that see prices). */
export function priceHistoryQuery(jobId: number) {
  return queryOptions({
    queryKey: priceHistoryKeys.job(jobId),
    queryFn: ({ signal }) =>
      apiRequest<PriceHistoryEntry[]>(`/pricing/jobs/${jobId}/price-history`, { signal, expect: 200 }),
  });
}

/** The job's price history, asked for only while `enabled` (the section is open). */
export function usePriceHistory(jobId: number, enabled: boolean) {
  return useQuery({ ...priceHistoryQuery(jobId), enabled });
}
