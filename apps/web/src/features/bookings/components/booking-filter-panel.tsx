import { Button, Collapse, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, memo, Suspense, useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { BookingView } from '@courier/domain/bookings/enums';
import type { BookingFilterParams } from '@courier/domain/bookings/schemas';
import { useBookingFilterOptions } from '@/api/bookings.ts';
import { useCompany } from '@/api/company.ts';
import { LoadingState } from '@/ui/list-states.tsx';
import { describeActiveFilters } from '../active-filters.ts';
import { FOLDED_SCREEN, loadedFilterForm, loadFilterForm } from '../filter-form.ts';
import type { useBookingSearch } from '../use-booking-search.ts';
import type { RefusableFilterKey } from './booking-filters.tsx';
import classes from './booking-filter-panel.module.css';
import { tariffServiceName } from '@courier/domain/pricing/tariff-services';

// The form's code (date pickers, multi-selects, the company type-ahead) loads when it is first drawn,
// not with the list's first row when the filters start folded (booking-list.tsx says why).
const LazyBookingFilters = lazy(() => loadFilterForm().then((module) => ({ default: module.BookingFilters })));

/**
 * The list's filters under a one-line summary of the active ones ('Status: Delivered · From: 01/03/26')
 * that folds and unfolds them (a button with aria-expanded). Folded from the start on a short screen.
 * Enter in any filter runs the search; Run search shows whenever the filters differ from the search shown.
 * While a filter refuses what is typed in it (its message at the field), no search runs: it would leave
 * that filter out. The summary shows the refused text instead, and Enter or Run search takes the focus to it.
 * Memoised: the list re-renders at each step of its queries (synchronous renders, as they come from
 * stores), and the form's thirty inputs were a 300 ms task each time at 4x CPU (issue 10).
 */
export const BookingFilterPanel = memo(function BookingFilterPanel({
  state,
  view,
  showCompany,
  seePrices,
  needsReviewOnly,
  apiFilter,
}: {
  state: ReturnType<typeof useBookingSearch>;
  view: BookingView | undefined;
  showCompany: boolean;
  seePrices: boolean;
  /** Review mode: the Status filter and the summary show its default statuses while none is chosen. */
  needsReviewOnly: boolean;
  apiFilter: BookingFilterParams;
}) {
  const folded = useMediaQuery(FOLDED_SCREEN, false, { getInitialValueInEffect: false });
  const [choice, setChoice] = useState<boolean | null>(null);
  const expanded = choice ?? !folded;
  // The form is drawn when first unfolded, then kept (what was typed stays): a list opened folded
  // does not draw and lay out thirty hidden inputs before its first row.
  const [drawn, setDrawn] = useState(expanded);
  if (expanded && !drawn) setDrawn(true);
  // Open from the start (a tall screen), the form's code is part of the list's first draw: the list
  // waits for it (BookingList's boundary), so the rows never move down when the form arrives. Unfolded
  // later, 'Loading filters...' holds its place until it comes.
  const [openAtStart] = useState(expanded);
  // Chosen once: a component that changed type would be drawn afresh and lose what was typed.
  const [BookingFilters] = useState(() => loadedFilterForm()?.BookingFilters ?? LazyBookingFilters);
  const panelId = useId();
  const filtersRef = useRef<HTMLDivElement>(null);
  const [refused, setRefused] = useState<Partial<Record<RefusableFilterKey, string>>>({});
  const reportRefused = useCallback((field: RefusableFilterKey, typed: string | undefined) => {
    setRefused(({ [field]: _previous, ...others }) => (typed === undefined ? others : { ...others, [field]: typed }));
  }, []);
  const company = useCompany(showCompany ? state.filters.company : undefined);
  const options = useBookingFilterOptions();
  const active = describeActiveFilters({
    filters: state.filters,
    view,
    seePrices,
    showCompany,
    needsReviewOnly,
    refused,
    names: {
      company: company.data ? [company.data.accountCode, company.data.name].filter(Boolean).join(' ') : undefined,
      place: state.search.placeName,
      carrier: (id) => options.data?.carriers.find((carrier) => carrier.id === id)?.name,
      tariffService: tariffServiceName,
    },
  });
  const summary = active.length === 0 ? 'No filters' : active.join(' · ');

  const form = (
    <BookingFilters
      state={state}
      view={view}
      showCompany={showCompany}
      seePrices={seePrices}
      needsReviewOnly={needsReviewOnly}
      apiFilter={apiFilter}
      onRefusedChange={reportRefused}
    />
  );

  // A filter refusing what is typed in it (a number past its limit, a date that is not a day) reports it.
  const hasRefused = Object.keys(refused).length > 0;
  const focusRefusedFilter = () => filtersRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  // Folded, the filters take the focus once they have opened (hidden, they cannot have it).
  const focusWhenOpen = useRef(false);
  /** Runs the search; with a refused filter, runs none and takes the focus to that filter, its message beside it. */
  const runSearch = () => {
    if (!hasRefused) {
      state.run();
    } else if (expanded) {
      focusRefusedFilter();
    } else {
      focusWhenOpen.current = true;
      setChoice(true);
    }
  };
  const isEnter = (event: KeyboardEvent) => event.key === 'Enter' && !event.nativeEvent.isComposing;
  // Enter in a filter runs the search, unless the filter used it itself (a type-ahead picking its highlighted option).
  const runOnEnter = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!isEnter(event) || event.defaultPrevented) return;
    if (!(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    runSearch();
  };
  // A single-choice dropdown (Mantine's Select, a read-only input) opens on Enter before the search could
  // run: Enter on one that is closed is taken on its way down, before the Select sees it. Open, Enter still
  // picks the option. Open is read from data-expanded, the Select's own state: its aria-expanded stays
  // false on the render that opens the list (it waits for the list's id).
  const runOnEnterInClosedSelect = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target;
    if (!isEnter(event) || !(target instanceof HTMLInputElement)) return;
    const closedSelect =
      target.readOnly && target.getAttribute('aria-haspopup') === 'listbox' && !target.hasAttribute('data-expanded');
    if (!closedSelect) return;
    event.preventDefault();
    event.stopPropagation();
    runSearch();
  };

  return (
    <Paper withBorder px="sm" py={6}>
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <UnstyledButton
          className={classes.toggle}
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => setChoice(!expanded)}
          title={summary}
        >
          <Text span fw={600} size="sm" className={classes.chevron} data-expanded={expanded || undefined} aria-hidden>
            ›
          </Text>
          <Text span fw={600} size="sm">
            {expanded ? 'Hide filters' : 'Filters'}
          </Text>
          <Text span size="sm" c="dimmed" className={classes.summary}>
            {summary}
          </Text>
        </UnstyledButton>
        {state.ready && (
          <Group gap="xs" wrap="nowrap" role="status">
            <Text size="sm" c="dimmed" visibleFrom="md">
              {hasRefused
                ? 'A filter needs correcting before the search can run.'
                : 'The filters have changed: run the search to update the list.'}
            </Text>
            <Button size="xs" onClick={runSearch}>
              Run search
            </Button>
          </Group>
        )}
      </Group>
      <Collapse
        expanded={expanded}
        keepMountedMode="display-none"
        id={panelId}
        onTransitionEnd={() => {
          if (!focusWhenOpen.current) return;
          focusWhenOpen.current = false;
          focusRefusedFilter();
        }}
      >
        {/* The panel scrolls itself when unfolded on a short screen, so the page never does. */}
        <div
          ref={filtersRef}
          className={classes.filters}
          onKeyDownCapture={runOnEnterInClosedSelect}
          onKeyDown={runOnEnter}
          role="search"
          aria-label="Booking filters"
        >
          {drawn &&
            (openAtStart ? form : <Suspense fallback={<LoadingState text="Loading filters..." />}>{form}</Suspense>)}
        </div>
      </Collapse>
    </Paper>
  );
});
