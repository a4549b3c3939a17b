import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  type QueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import type {
  FinaliseBody,
  FinaliseForDateRangeBody,
  FinaliseRun,
  FinaliseStarted,
  InvoicePdfResponse,
} from '@courier/domain/invoicing/finalise-schemas';
import type { InvoiceType } from '@courier/domain/invoicing/invoice-totals';
import {
  INVOICE_LIST_MAX_SIZE,
  type InvoicePeriodListParams,
  type InvoicePeriodListResponse,
} from '@courier/domain/invoicing/list-schemas';
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

/** Every list of periods: refreshed when finalising ends. */
export const invalidateInvoicePeriodLists = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: invoicePeriodKeys.all });

/** The ids of every period in review that the list's filters match (Finalise All, Weekly/Monthly Invoices). */
export async function inReviewPeriodIds(params: InvoicePeriodListParams): Promise<number[]> {
  const { invoicePeriods } = await apiRequest<InvoicePeriodListResponse>('/invoice/periods', {
    query: { ...params, status: 'IN_REVIEW', size: INVOICE_LIST_MAX_SIZE, skip: 0 },
    expect: 200,
  });
  return invoicePeriods.map((period) => period.id);
}

/** How many periods in review the list's filters match. */
export function inReviewCountQuery(params: InvoicePeriodListParams) {
  const query = { ...params, status: 'IN_REVIEW' as const, size: 1, skip: 0 };
  return queryOptions({
    queryKey: invoicePeriodKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest<InvoicePeriodListResponse>('/invoice/periods', { query, signal, expect: 200 }).then((r) => r.count),
  });
}

export function useFinalise() {
  return useMutation({
    mutationFn: (body: FinaliseBody) =>
      apiRequest<FinaliseStarted>('/invoice/finalise', { method: 'POST', body, expect: 200 }),
  });
}

export function useFinaliseForDateRange() {
  return useMutation({
    mutationFn: (body: FinaliseForDateRangeBody) =>
      apiRequest<FinaliseStarted>('/invoice/finalise-for-user', { method: 'POST', body, expect: 200 }),
  });
}

const isFinished = (run: FinaliseRun | undefined) => run?.status === 'completed' || run?.status === 'failed';

/** A finalise run, polled every second until it has finished. */
export function useFinaliseRun(runId: number | null) {
  return useQuery({
    queryKey: [...invoicePeriodKeys.all, 'finalise-run', runId],
    queryFn: ({ signal }) => apiRequest<FinaliseRun>(`/invoice/finalise-runs/${runId}`, { signal, expect: 200 }),
    enabled: runId !== null,
    refetchInterval: (query) => (isFinished(query.state.data) ? false : 1000),
    refetchIntervalInBackground: true,
  });
}

/** A period's invoice PDF (the issued one, else a draft): file name and bytes. */
export async function fetchInvoicePdf(
  periodId: number,
  invoiceType: InvoiceType,
): Promise<{ fileName: string; file: Blob }> {
  const pdf = await apiRequest<InvoicePdfResponse>('/invoice/pdf', { query: { periodId, invoiceType }, expect: 200 });
  const bytes = Uint8Array.from(atob(pdf.body), (c) => c.charCodeAt(0));
  return { fileName: pdf.fileName, file: new Blob([bytes], { type: pdf.contentType }) };
}

/** A period's invoice CSV (format 'staff'). */
export function fetchInvoiceCsv(periodId: number, invoiceType: InvoiceType): Promise<string> {
  return apiRequest<string>('/invoice/csv', { query: { periodId, invoiceType, format: 'staff' }, expect: 200 });
}
