import { Alert, Overlay, Paper, Stack, Tabs, Text } from '@mantine/core';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import {
  BOOKING_PAGE_SIZES,
  BOOKING_REVIEW_FIRST_LOAD_DELAY_MS,
  BOOKING_VIEW_LABELS,
  BOOKING_VIEWS,
  type BookingView,
} from '@courier/domain/bookings/enums';
import { AREAS, hasAccess, parseRoles } from '@courier/domain/auth/roles';
import { bookingQueryOf, bookingViewOf, type BookingListMode } from '@courier/domain/bookings/filter-views';
import { canSeePrices } from '@courier/domain/bookings/price-visibility';
import type { BookingListItem } from '@courier/domain/bookings/schemas';
import { UNSAVED_APPROVAL_MESSAGE } from '@courier/domain/pricing/price-edits';
import { ApiRequestError, isRefusal } from '@/api/client.ts';
import { useApproveReview } from '@/api/price-review.ts';
import { previewPriceChanges } from '@/api/price-updates.ts';
import { useSession } from '@/session/session-store.ts';
import { EmptyState, ErrorState, LoadingState } from '@/ui/list-states.tsx';
import { ListPagination, useValueOnScreen } from '@/ui/pagination.tsx';
import { toast } from '@/ui/toast.ts';
import { BookingFilterPanel } from './components/booking-filter-panel.tsx';
import { BookingSummaryBar } from './components/booking-summary-bar.tsx';
import { BookingTable, type ReviewActions } from './components/booking-table.tsx';
import { PendingPriceChanges, useHasPendingChanges } from './price-editing/pending-store.ts';
import { useAppliedSearchResults } from './use-applied-search-results.ts';
import { useBookingSearch } from './use-booking-search.ts';

// Loaded when first needed, not with the list's first row: the slide-in (its tabs, price history,
// pricing extras and their forms) when a booking is first opened, and the bar of unsaved prices when
// prices are edited. With the filter form's and the price choosers' (booking-filter-panel.tsx,
// booking-table.tsx), that keeps the screens' shared chunk (app-shared: zod, the forms' inputs) out of
// the list's cold start (issue 10, Lighthouse on /bookings/list; vite.config.ts BOOKING_LIST_DEPS).
const BookingDetailsPanel = lazy(() =>
  import('./components/booking-details-panel.tsx').then((module) => ({ default: module.BookingDetailsPanel })),
);
const PendingPriceBar = lazy(() =>
  import('./price-editing/pending-bar.tsx').then((module) => ({ default: module.PendingPriceBar })),
);

/**
 * Where the slide-in opens, dimming the list as the slide-in does, while its code arrives (the first
 * booking opened, on a slow connection).
 */
function OpeningBooking() {
  return (
    <>
      <Overlay fixed zIndex={199} />
      <Paper shadow="md" pos="fixed" top={0} right={0} bottom={0} w="min(100%, 40rem)" style={{ zIndex: 200 }}>
        <LoadingState text="Opening booking..." />
      </Paper>
    </>
  );
}

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
 * Review mode's Approve (spec 2 §4): approves the shown view's review (Same Day → SAME_DAY, ON / OS →
 * CARRIER) of a booking's flagged jobs; the list reloads without them. Undefined when not allowed.
 */
function useReviewActions(
  allowed: boolean,
  view: BookingView | undefined,
  pendingChanges: PendingPriceChanges,
): ReviewActions | undefined {
  const approve = useApproveReview();
  const [approving, setApproving] = useState<string | null>(null);
  const type = view === 'ON_OS' ? 'CARRIER' : 'SAME_DAY';
  const onApprove = useCallback(
    (booking: BookingListItem, jobIds: number[]) => {
      // Spec 2 §4/§8: no approval while price changes wait to be saved.
      if (pendingChanges.getSummary().count > 0) {
        toast({ type: 'error', title: 'Unsaved Changes', message: UNSAVED_APPROVAL_MESSAGE });
        return;
      }
      setApproving(booking.reference);
      approve.mutate(
        { jobIds, type },
        {
          onSuccess: () =>
            toast({
              type: 'success',
              title: 'Price Review Approved',
              message: `${booking.reference} has been approved.`,
            }),
          onError: (error) =>
            toast({
              type: 'error',
              title: 'Error Approving Price Review',
              message:
                error instanceof ApiRequestError && error.status === 400
                  ? error.message
                  : 'There was an error approving price review.',
            }),
          onSettled: () => setApproving(null),
        },
      );
    },
    // approve.mutate is stable (TanStack Query); the rest are the inputs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [type, pendingChanges],
  );
  return useMemo(() => (allowed ? { type, onApprove, approving } : undefined), [allowed, type, onApprove, approving]);
}

/**
 * With `fill`, the list's height: the window below where the list starts, less the shell's bottom
 * padding and footer, so the page itself never scrolls and the table does. Where it starts is measured
 * (as the list is first drawn, and again when the window is resized) into --list-top: right under the
 * header at /bookings/list, under the pricing tabs at /pricing/review, whose pages line was cut off
 * when the header's height alone was taken away. A CSS variable set on the element, so measuring
 * renders nothing again.
 */
const FILL_STYLE = {
  height:
    'calc(100dvh - var(--list-top, calc(var(--app-shell-header-offset, 0px) + var(--app-shell-padding, 0px))) - var(--app-shell-footer-offset, 0px) - var(--app-shell-padding, 0px))',
  minHeight: 0,
};

function measureListTop(element: HTMLDivElement | null) {
  if (!element) return;
  const measure = () =>
    element.style.setProperty('--list-top', `${element.getBoundingClientRect().top + window.scrollY}px`);
  measure();
  window.addEventListener('resize', measure);
  return () => window.removeEventListener('resize', measure);
}

/**
 * The reusable booking list of spec 2 §2: at /bookings/list, in the company Bookings tab (companyId),
 * for an invoice (invoiceId: no header or tabs, every status) and in review mode (needsReviewOnly).
 * Pricing staff edit prices in the list's cells (spec 2 §2), except for an invoice's list.
 *
 * With `fill` the list takes the height it is given and its table is the one scroll area (the
 * list screen: at 1280x720 rows show without scrolling the page, issue 10).
 */
export function BookingList({ fill = false, ...inputs }: BookingListMode & { fill?: boolean }) {
  const { user } = useSession();
  const seePrices = canSeePrices(parseRoles(user?.roles ?? '[]'));
  const state = useBookingSearch();
  const [opened, setOpened] = useState<string | null>(null);
  // The slide-in's code loads when a booking is first opened; it stays drawn after, so it can slide out.
  const [everOpened, setEverOpened] = useState(false);
  if (opened !== null && !everOpened) setEverOpened(true);
  // Another page or search (Back, Forward, a link) closes the booking opened from the rows before it.
  const rowsShown = `${state.page}/${state.size}/${JSON.stringify(state.applied)}`;
  const [openedAmong, setOpenedAmong] = useState(rowsShown);
  if (openedAmong !== rowsShown) {
    setOpenedAmong(rowsShown);
    if (opened !== null) setOpened(null);
  }
  const headerHidden = inputs.invoiceId !== undefined;
  const view = bookingViewOf(state.filters.view, inputs);
  const appliedView = bookingViewOf(state.applied.view, inputs);
  // One applied search drives the table, the summary and its tag counts (issue 10).
  const { companyId, invoiceId, needsReviewOnly } = inputs;
  // The same object while the applied search is the same: the memoised filter panel and summary take it.
  const filter = useMemo(
    () => bookingQueryOf({ filters: state.applied, mode: { companyId, invoiceId, needsReviewOnly }, seePrices }),
    [state.applied, companyId, invoiceId, needsReviewOnly, seePrices],
  );
  const started = useStartAfter(
    inputs.invoiceId !== undefined || inputs.needsReviewOnly ? BOOKING_REVIEW_FIRST_LOAD_DELAY_MS : 0,
  );
  const applied = useAppliedSearchResults({
    query: started ? { ...filter, size: state.size, skip: state.page * state.size } : null,
    seePrices,
    withTags: started && appliedView !== 'ON_OS',
  });
  const { failed, refusal, pending, retry } = applied;
  // A new set of results is drawn in the background, in slices the browser can answer input
  // between, not in one long task as it arrives (Lighthouse TBT on a phone, issue 10); the set on
  // screen stays whole meanwhile, and counts as busy until the new one is drawn.
  const results = useDeferredValue(applied.results);
  const busy = applied.busy || results !== applied.results;
  const mayEditPrices = seePrices && hasAccess(parseRoles(user?.roles ?? '[]'), AREAS.editPrices);
  // Price editing is off in an invoice's list (spec 2 §2).
  const editing = mayEditPrices && inputs.invoiceId === undefined;
  const [pendingChanges] = useState(
    () =>
      new PendingPriceChanges(previewPriceChanges, (error) =>
        isRefusal(error)
          ? error.message
          : 'The new price could not be worked out now; it is worked out again when you save.',
      ),
  );
  const unsaved = useHasPendingChanges(editing ? pendingChanges : null);
  const review = useReviewActions(inputs.needsReviewOnly === true && mayEditPrices, results?.list.view, pendingChanges);
  const pageOnScreen = useValueOnScreen(state.page, busy);
  const sizeOnScreen = useValueOnScreen(state.size, busy);
  const sizeOptions = BOOKING_PAGE_SIZES.includes(state.size as (typeof BOOKING_PAGE_SIZES)[number])
    ? BOOKING_PAGE_SIZES
    : [...BOOKING_PAGE_SIZES, state.size];

  return (
    <Stack gap="xs" ref={fill ? measureListTop : undefined} style={fill ? FILL_STYLE : undefined}>
      {inputs.needsReviewOnly && (
        // Not shrunk when the filters open at 1280x720: the table below is what gives up its height.
        <Alert color="orange" variant="light" py={6} role="status" style={{ flexShrink: 0 }}>
          <Text size="sm" c="dark">
            Only displaying bookings which require review
          </Text>
        </Alert>
      )}
      {/* The tabs hide while price changes wait (spec 2 §2): a view switch would leave them behind. */}
      {!headerHidden && !unsaved && (
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
      {/* The filter form, when it opens with the list, suspends the list until its code is there. */}
      <Suspense fallback={<LoadingState text="Loading Bookings..." />}>
        <BookingFilterPanel
          state={state}
          view={view}
          showCompany={inputs.companyId === undefined}
          seePrices={seePrices}
          needsReviewOnly={needsReviewOnly === true}
          apiFilter={filter}
        />

        {failed ? (
          refusal ? (
            <ErrorState title="This search cannot run" subtitle={refusal} />
          ) : (
            <ErrorState onRetry={retry} />
          )
        ) : !results ? (
          pending || busy ? (
            <LoadingState text="Loading Bookings..." />
          ) : null
        ) : results.list.bookings.length === 0 && results.list.count === 0 ? (
          <EmptyState title="No Bookings" />
        ) : (
          <>
            <BookingSummaryBar
              filter={filter}
              count={results.list.count}
              seePrices={seePrices}
              tagCounts={results.tagCounts}
              tagCountsFailed={results.tagCountsFailed}
              margins={results.margins}
              marginsFailed={results.marginsFailed}
            />
            {results.list.bookings.length === 0 ? (
              <EmptyState title="No Bookings" subtitle="This page is past the end of the results." />
            ) : (
              <BookingTable
                bookings={results.list.bookings}
                view={results.list.view}
                seePrices={seePrices}
                onOpen={setOpened}
                busy={busy}
                fill={fill}
                review={review}
                editing={editing ? pendingChanges : null}
              />
            )}
            {!unsaved && (
              <ListPagination
                label="bookings"
                page={pageOnScreen}
                size={sizeOnScreen}
                count={results.list.count}
                onPageChange={state.setPage}
                onSizeChange={state.setSize}
                sizeOptions={sizeOptions}
              />
            )}
          </>
        )}
      </Suspense>
      {editing && (
        <Suspense fallback={null}>
          <PendingPriceBar store={pendingChanges} bookings={results?.list.bookings} />
        </Suspense>
      )}
      {everOpened && (
        <Suspense fallback={<OpeningBooking />}>
          <BookingDetailsPanel
            reference={opened}
            onClose={() => setOpened(null)}
            seePrices={seePrices}
            unsavedPriceChanges={unsaved}
          />
        </Suspense>
      )}
    </Stack>
  );
}
