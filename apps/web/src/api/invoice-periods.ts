import { keepPreviousData, queryOptions, useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { InvoicePeriodListParams, InvoicePeriodListResponse } from '@courier/domain/invoicing/list-schemas';
import type { InvoicePeriod } from '@courier/domain/invoicing/schemas';
import { apiRequest } from './client.ts';

export const invoicePeriodKeys = {
  all: ['invoice-periods'] as const,
  detail: (periodId: number) => [...invoicePeriodKeys.all, periodId] as const,
  lists: () => [...invoicePeriodKeys.all, 'list'] as const,
  list: (params: InvoicePeriodListParams) => [...invoicePeriodKeys.lists(), params] as const,
};

/** One invoice period (spec 2 §7 'Invoice: GET invoice period by periodId'). */
export function invoicePeriodQuery(periodId: number) {
  return queryOptions({
    queryKey: invoicePeriodKeys.detail(periodId),
    queryFn: ({ signal }) => apiRequest<InvoicePeriod>(`/invoice/period/${periodId}`, { signal, expect: 200 }),
    // Identifier and days never change and the status seldom does: reopening a booking reuses the answer.
    staleTime: 5 * 60_000,
  });
}

/**
 * The periods of these ids, each distinct id fetched once (spec 2 §2): jobs sharing a period share
 * one request. Nulls (jobs in no period) are skipped. Keyed by period id.
 */
export function useInvoicePeriods(periodIds: readonly (number | null)[]): Map<number, UseQueryResult<InvoicePeriod>> {
  const ids = [...new Set(periodIds.filter((id) => id !== null))];
  return useQueries({
    queries: ids.map((id) => invoicePeriodQuery(id)),
    combine: (results) => new Map(results.map((result, i) => [ids[i] as number, result])),
  });
}

/** A page of the invoice list (spec 1 §2 'Invoice list', §7 'GET invoice periods'). */
export function invoicePeriodListQuery(params: InvoicePeriodListParams) {
  return queryOptions({
    queryKey: invoicePeriodKeys.list(params),
    queryFn: ({ signal }) =>
      apiRequest<InvoicePeriodListResponse>('/invoice/periods', { query: { ...params }, signal, expect: 200 }),
    placeholderData: keepPreviousData,
  });
}

export function useInvoicePeriodList(params: InvoicePeriodListParams) {
  return useQuery(invoicePeriodListQuery(params));
}
