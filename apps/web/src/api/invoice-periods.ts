import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  type QueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import { INVOICE_LIST_MAX_SIZE } from '@courier/domain/invoicing/enums';
import type {
  CurrentFinaliseRun,
  FinaliseBody,
  FinaliseForDateRangeBody,
  FinaliseRun,
  FinaliseStarted,
  InvoicePdfResponse,
} from '@courier/domain/invoicing/finalise-schemas';
import type { InvoiceType } from '@courier/domain/invoicing/invoice-totals';
import {
  type FinaliseAllRequest,
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
  finaliseRun: (runId: number | null) => [...invoicePeriodKeys.all, 'finalise-run', runId] as const,
  currentFinaliseRun: () => [...invoicePeriodKeys.all, 'finalise-run', 'current'] as const,
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

/** The ids of every period in review that the list's filters match (Weekly/Monthly Invoices), page by page. */
export async function inReviewPeriodIds(params: InvoicePeriodListParams): Promise<number[]> {
  const ids: number[] = [];
  for (let skip = 0; ; skip += INVOICE_LIST_MAX_SIZE) {
    const { count, invoicePeriods } = await apiRequest<InvoicePeriodListResponse>('/invoice/periods', {
      query: { ...params, status: 'IN_REVIEW', size: INVOICE_LIST_MAX_SIZE, skip },
      expect: 200,
    });
    ids.push(...invoicePeriods.map((period) => period.id));
    if (invoicePeriods.length < INVOICE_LIST_MAX_SIZE || skip + INVOICE_LIST_MAX_SIZE >= count) return ids;
  }
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

/** 'Finalise All N Invoices': every period in review the list's filters match, on the server, when they are still `count`. */
export function useFinaliseAll() {
  return useMutation({
    mutationFn: (body: FinaliseAllRequest) =>
      apiRequest<FinaliseStarted>('/invoice/finalise-all', { method: 'POST', body, expect: 200 }),
  });
}

/**
 * The signed-in user's finalise run still going: the invoice list follows it, so its progress and
 * the list's refresh when it ends come back after the user went elsewhere (or reloaded).
 */
export function currentFinaliseRunQuery() {
  return queryOptions({
    queryKey: invoicePeriodKeys.currentFinaliseRun(),
    queryFn: ({ signal }) => apiRequest<CurrentFinaliseRun>('/invoice/finalise-runs/current', { signal, expect: 200 }),
    staleTime: 0,
  });
}

const isFinished = (run: FinaliseRun | undefined) => run?.status === 'completed' || run?.status === 'failed';

/** A finalise run, polled every second until it has finished. */
export function useFinaliseRun(runId: number | null) {
  return useQuery({
    queryKey: invoicePeriodKeys.finaliseRun(runId),
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
