import type { InvoicePeriodListParams } from '@courier/domain/invoicing/list-schemas';
import { isRefusal } from '@/api/client.ts';
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
  const periods = list.isSuccess ? list.data.invoicePeriods : [];
  const state = list.isPending ? (
    <LoadingState text="Loading Invoices..." />
  ) : list.isError ? (
    // A refusal says why and offers nothing to try again: the same request would be refused again.
    <ErrorState
      subtitle={isRefusal(list.error) ? list.error.message : undefined}
      onRetry={isRefusal(list.error) ? undefined : () => void list.refetch()}
    />
  ) : periods.length === 0 ? (
    <EmptyState title="No Invoices" />
  ) : null;
  return (
    <>
      {/* A search in the header (Find Invoice) stays on screen whatever the list shows: it is how a search
          that found nothing is changed, and the field keeps its focus while the user types. */}
      {(state === null || downloadsHeader !== undefined) && (
        <InvoicePeriodTable
          periods={periods}
          busy={list.isFetching}
          selection={selection}
          downloadsHeader={downloadsHeader}
        />
      )}
      {state}
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
