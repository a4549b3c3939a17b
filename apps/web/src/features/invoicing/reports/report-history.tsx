import { Anchor, Badge, Table, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import {
  INVOICE_REPORT_PAGE_SIZE,
  INVOICE_REPORT_STATUS_LABELS,
  type InvoiceReport,
  type InvoiceReportStatus,
} from '@courier/domain/invoicing/reports';
import { fetchInvoiceReportFile, useInvoiceReportList } from '@/api/invoice-reports.ts';
import { DateText } from '@/ui/format.tsx';
import { notifyWhenHidden } from '@/ui/browser-notifications.ts';
import { saveFile } from '@/ui/save-file.ts';
import { EmptyState, ErrorState, LoadingState } from '@/ui/list-states.tsx';
import { ListPagination, useValueOnScreen } from '@/ui/pagination.tsx';
import { toast } from '@/ui/toast.ts';

// Shade 9 (8 for gray) keeps white badge text at WCAG AA contrast.
const STATUS_COLOURS: Record<InvoiceReportStatus, string> = {
  queued: 'gray.8',
  running: 'blue.9',
  done: 'teal.9',
  failed: 'red.9',
};

function DownloadLink({ report }: { report: InvoiceReport }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const download = await fetchInvoiceReportFile(report);
      if (download) saveFile(download.fileName, download.file);
    } catch (error) {
      toast({
        type: 'error',
        title: 'Error',
        message: error instanceof Error ? error.message : 'The download failed.',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      disabled={busy}
      onClick={() => void download()}
      aria-label={`Download ${report.title} ${report.inputs}`.trim()}
    >
      {busy ? 'Downloading...' : 'Download'}
    </Anchor>
  );
}

/**
 * A report that finishes while the tab is in the background says so through a browser notification
 * (spec 1 §4). One requested from this screen counts as waiting even before the history has shown it:
 * a quick report can be done by the time the list is read again, and must be told all the same.
 */
function useNotifyFinished(reports: readonly InvoiceReport[] | undefined, requestedHere: Set<number>) {
  const seen = useRef(new Map<number, InvoiceReport['status']>());
  useEffect(() => {
    for (const report of reports ?? []) {
      const before = seen.current.get(report.id);
      seen.current.set(report.id, report.status);
      const wasWaiting =
        before === 'queued' || before === 'running' || (before === undefined && requestedHere.has(report.id));
      if (report.status !== 'done' && report.status !== 'failed') continue;
      requestedHere.delete(report.id);
      if (wasWaiting)
        notifyWhenHidden(
          report.status === 'done' ? `${report.title} is ready` : `${report.title} failed`,
          report.status === 'done'
            ? 'It has been e-mailed to you and can be downloaded from Reports.'
            : (report.error ?? ''),
        );
    }
  }, [reports, requestedHere]);
}

/**
 * The reports requested, newest first: what, for which inputs, when and by whom, how far it got,
 * its rows and, once ready, its file. Read again every 2 s while any is waiting or being built.
 */
export function ReportHistory({ requestedHere }: { requestedHere: Set<number> }) {
  const [page, setPage] = useState(0);
  const list = useInvoiceReportList({ size: INVOICE_REPORT_PAGE_SIZE, skip: page * INVOICE_REPORT_PAGE_SIZE });
  const pageOnScreen = useValueOnScreen(page, list.isPlaceholderData);
  useNotifyFinished(list.data?.reports, requestedHere);
  return (
    <section aria-labelledby="report-history-title">
      <Title order={2} size="h4" id="report-history-title" mb="sm">
        Requested reports
      </Title>
      {list.isPending ? (
        <LoadingState text="Loading Reports..." />
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : list.data.reports.length === 0 ? (
        <EmptyState title="No reports requested yet" subtitle="Reports you request are listed here." />
      ) : (
        <Table highlightOnHover verticalSpacing="xs" aria-busy={list.isFetching} aria-label="Requested reports">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Report</Table.Th>
              <Table.Th>Inputs</Table.Th>
              <Table.Th>Requested</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th ta="right">Rows</Table.Th>
              <Table.Th>File</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.reports.map((report) => (
              <Table.Tr key={report.id} data-report-id={report.id} data-status={report.status}>
                <Table.Td>{report.title}</Table.Td>
                <Table.Td>{report.inputs}</Table.Td>
                <Table.Td>
                  <DateText value={report.createdAt} withTime />
                </Table.Td>
                <Table.Td>{report.requestedBy ?? ''}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOURS[report.status]} variant="filled" size="sm" tt="none">
                    {INVOICE_REPORT_STATUS_LABELS[report.status]}
                  </Badge>
                  {report.error && (
                    <Text size="xs" c="red.9" mt={4}>
                      {report.error}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{report.rowCount ?? ''}</Table.Td>
                <Table.Td>{report.downloadUrl ? <DownloadLink report={report} /> : null}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {list.data && list.data.count > INVOICE_REPORT_PAGE_SIZE && (
        <ListPagination
          label="reports"
          page={pageOnScreen}
          size={INVOICE_REPORT_PAGE_SIZE}
          count={list.data.count}
          onPageChange={setPage}
        />
      )}
    </section>
  );
}
