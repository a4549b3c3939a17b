import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  INVOICE_REPORTS,
  type InvoiceReport,
  type InvoiceReportKind,
  type InvoiceReportListQuery,
  type InvoiceReportListResponse,
  type InvoiceReportParams,
  type InvoiceReportRequested,
} from '@courier/domain/invoicing/reports';
import { apiFile, apiRequest, type ApiFile } from './client.ts';

// Invoice reports (spec 1 §2 'Invoice reports screen', §7 'Report requests'): requested, built in
// the background, listed with their state until done, then downloaded.

/** How often the history is read again while a report is waiting or being built. */
const POLL_MS = 2000;

export const invoiceReportKeys = {
  all: ['invoice-reports'] as const,
  lists: () => [...invoiceReportKeys.all, 'list'] as const,
  list: (query: InvoiceReportListQuery) => [...invoiceReportKeys.lists(), query] as const,
};

const isUnfinished = (report: InvoiceReport) => report.status === 'queued' || report.status === 'running';

/**
 * The history of requests, newest first; polled while any on the page is queued or running, also
 * with the tab in the background: that is when a finished report is told through a browser
 * notification (spec 1 §4). With none unfinished, nothing is polled, hidden or not.
 */
export function invoiceReportListQuery(query: InvoiceReportListQuery) {
  return queryOptions({
    queryKey: invoiceReportKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest<InvoiceReportListResponse>('/invoice/reports', { query: { ...query }, signal, expect: 200 }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.reports.some(isUnfinished) ? POLL_MS : false),
    refetchIntervalInBackground: true,
  });
}

export function useInvoiceReportList(query: InvoiceReportListQuery) {
  return useQuery(invoiceReportListQuery(query));
}

/**
 * POST /api/invoice/reports/{slug}: the server's text comes back for the success toast. `onRequested`
 * hears of the new report before the history is read again, so a report already finished by then is
 * still known as this screen's.
 */
export function useRequestInvoiceReport({ onRequested }: { onRequested?: (id: number) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, params }: { kind: InvoiceReportKind; params: InvoiceReportParams }) =>
      apiRequest<InvoiceReportRequested>(`/invoice/reports/${INVOICE_REPORTS[kind].slug}`, {
        method: 'POST',
        body: params,
        expect: 200,
      }),
    onSuccess: (answer) => onRequested?.(answer.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invoiceReportKeys.lists() }),
  });
}

/** A done report's CSV and the file name the server gives it; null when the report has no file yet. */
export async function fetchInvoiceReportFile(report: InvoiceReport): Promise<ApiFile | null> {
  if (!report.downloadUrl) return null;
  return apiFile(report.downloadUrl, { fallbackName: `report-${report.id}.csv` });
}
