import { Alert, Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  BOOKING_PAGE_SIZES,
  BOOKING_REVIEW_FIRST_LOAD_DELAY_MS,
  BOOKING_VIEW_LABELS,
  BOOKING_VIEWS,
  type BookingView,
} from '@courier/domain/bookings/enums';
import { parseRoles } from '@courier/domain/auth/roles';
import { bookingQueryOf, bookingViewOf, type BookingListMode } from '@courier/domain/bookings/filter-views';
import { canSeePrices } from '@courier/domain/bookings/price-visibility';
import { useSession } from '@/session/session-store.ts';
import { EmptyState, ErrorState, LoadingState } from '@/ui/list-states.tsx';
import { ListPagination, useValueOnScreen } from '@/ui/pagination.tsx';
import { useBookingList } from './api/list-bookings.ts';
import { BookingDetailsPanel } from './components/booking-details-panel.tsx';
import { BookingFilters } from './components/booking-filters.tsx';
import { BookingSummaryBar } from './components/booking-summary-bar.tsx';
import { BookingTable } from './components/booking-table.tsx';
import { useBookingSearch } from './use-booking-search.ts';

/** False until `delayMs` has passed since the first render (true at once for 0). */
function useStartAfter(delayMs: number): boolean {
  const [started, setStarted] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = setTimeout(() => setStarted(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return started;
}

/**
 * The reusable booking list of spec 2 §2: at /bookings/list, in the company Bookings tab (companyId),
 * for an invoice (invoiceId: no header or tabs, every status) and in review mode (needsReviewOnly).
 * Prices are read-only here; editing them is the price review issue's work.
 */
export function BookingList(inputs: BookingListMode) {
  const { user } = useSession();
  const seePrices = canSeePrices(parseRoles(user?.roles ?? '[]'));
  const state = useBookingSearch();
  const [opened, setOpened] = useState<string | null>(null);
  const headerHidden = inputs.invoiceId !== undefined;
  const view = bookingViewOf(state.filters.view, inputs);
  const loadedView = bookingViewOf(state.loaded.view, inputs);
  const filter = bookingQueryOf({ filters: state.loaded, mode: inputs, seePrices });
  const editingFilter = bookingQueryOf({ filters: state.filters, mode: inputs, seePrices });
  const started = useStartAfter(
    inputs.invoiceId !== undefined || inputs.needsReviewOnly ? BOOKING_REVIEW_FIRST_LOAD_DELAY_MS : 0,
  );
  const list = useBookingList(started ? { ...filter, size: state.size, skip: state.page * state.size } : null);
  const pageOnScreen = useValueOnScreen(state.page, list.isPlaceholderData);
  const sizeOnScreen = useValueOnScreen(state.size, list.isPlaceholderData);
  const sizeOptions = BOOKING_PAGE_SIZES.includes(state.size as (typeof BOOKING_PAGE_SIZES)[number])
    ? BOOKING_PAGE_SIZES
    : [...BOOKING_PAGE_SIZES, state.size];

  return (
    <Stack gap="sm">
      {inputs.needsReviewOnly && (
        <Alert color="orange" variant="light" title="Review mode">
          <Text size="sm" c="dark">
            Only displaying bookings which require review
          </Text>
        </Alert>
      )}
      {!headerHidden && (
        <Tabs value={view ?? 'SAME_DAY'} onChange={(value) => value && state.switchView(value as BookingView)}>
          <Tabs.List>
            {BOOKING_VIEWS.map((candidate) => (
              <Tabs.Tab key={candidate} value={candidate}>
                {BOOKING_VIEW_LABELS[candidate]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      )}
      <Paper withBorder p="md">
        <BookingFilters
          state={state}
          view={view}
          showCompany={inputs.companyId === undefined}
          seePrices={seePrices}
          apiFilter={editingFilter}
        />
        {state.ready && (
          <Group mt="sm" gap="sm" role="status">
            <Button onClick={state.run}>Run search</Button>
            <Text size="sm" c="dimmed">
              The filters have changed: run the search to update the list.
            </Text>
          </Group>
        )}
      </Paper>

      {list.isPending ? (
        <LoadingState text="Loading Bookings..." />
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : list.data.bookings.length === 0 && list.data.count === 0 ? (
        <EmptyState title="No Bookings" />
      ) : (
        <>
          <BookingSummaryBar
            filter={filter}
            count={list.data.count}
            seePrices={seePrices}
            showTags={loadedView !== 'ON_OS'}
          />
          {list.data.bookings.length === 0 ? (
            <EmptyState title="No Bookings" subtitle="This page is past the end of the results." />
          ) : (
            <BookingTable
              bookings={list.data.bookings}
              view={list.data.view}
              seePrices={seePrices}
              onOpen={setOpened}
              busy={list.isFetching}
            />
          )}
          <ListPagination
            label="bookings"
            page={pageOnScreen}
            size={sizeOnScreen}
            count={list.data.count}
            onPageChange={state.setPage}
            onSizeChange={state.setSize}
            sizeOptions={sizeOptions}
          />
        </>
      )}
      <BookingDetailsPanel reference={opened} onClose={() => setOpened(null)} seePrices={seePrices} />
    </Stack>
  );
}
