import type { InvoicePeriodListParams } from '@courier/domain/invoicing/list-schemas';
import { useInvoicePeriodList } from '@/api/invoice-periods.ts';
import { EmptyState, ErrorState, LoadingState } from '@/ui/list-states.tsx';
import { ListPagination, useValueOnScreen } from '@/ui/pagination.tsx';
import type { ReactNode } from 'react';
import { InvoicePeriodTable, type InvoiceSelection } from './invoice-period-table.tsx';

/** The invoice list in either use (pending-only or one company's): its states, rows and pages. */
export function InvoiceList({
  params,
  page,
  size,
  onPageChange,
  selection,
  downloadsHeader,
}: {
  params: InvoicePeriodListParams;
  page: number;
  size: number;
  onPageChange: (page: number) => void;
  selection?: InvoiceSelection;
  downloadsHeader?: ReactNode;
}) {
  const list = useInvoicePeriodList(params);
  const pageOnScreen = useValueOnScreen(page, list.isPlaceholderData);
  return (
    <>
      {list.isPending ? (
        <LoadingState text="Loading Invoices..." />
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : list.data.invoicePeriods.length === 0 ? (
        <EmptyState title="No Invoices" />
      ) : (
        <InvoicePeriodTable
          periods={list.data.invoicePeriods}
          busy={list.isFetching}
          selection={selection}
          downloadsHeader={downloadsHeader}
        />
      )}
      {list.data && (
        <ListPagination
          label="invoices"
          page={pageOnScreen}
          size={size}
          count={list.data.count}
          onPageChange={onPageChange}
        />
      )}
    </>
  );
}
