import { Button, Collapse, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, memo, Suspense, useId, useState, type KeyboardEvent } from 'react';
import type { BookingView } from '@courier/domain/bookings/enums';
import type { BookingFilterParams } from '@courier/domain/bookings/schemas';
import { useBookingFilterOptions } from '@/api/bookings.ts';
import { useCompany } from '@/api/company.ts';
import { LoadingState } from '@/ui/list-states.tsx';
import { describeActiveFilters } from '../active-filters.ts';
import { FOLDED_SCREEN, loadedFilterForm, loadFilterForm } from '../filter-form.ts';
import type { useBookingSearch } from '../use-booking-search.ts';
import classes from './booking-filter-panel.module.css';
import { tariffServiceName } from '@courier/domain/pricing/tariff-services';

// The form's code (date pickers, multi-selects, the company type-ahead) loads when it is first drawn,
// not with the list's first row when the filters start folded (booking-list.tsx says why).
const LazyBookingFilters = lazy(() => loadFilterForm().then((module) => ({ default: module.BookingFilters })));

/**
 * The list's filters under a one-line summary of the active ones ('Status: Delivered · From: 01/03/26')
 * that folds and unfolds them (a button with aria-expanded). Folded from the start on a short screen.
 * Enter in any filter runs the search; Run search shows whenever the filters differ from the search shown.
 * Memoised: the list re-renders at each step of its queries (synchronous renders, as they come from
 * stores), and the form's thirty inputs were a 300 ms task each time at 4x CPU (issue 10).
 */
export const BookingFilterPanel = memo(function BookingFilterPanel({
  state,
  view,
  showCompany,
  seePrices,
  apiFilter,
}: {
  state: ReturnType<typeof useBookingSearch>;
  view: BookingView | undefined;
  showCompany: boolean;
  seePrices: boolean;
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
  const company = useCompany(showCompany ? state.filters.company : undefined);
  const options = useBookingFilterOptions();
  const active = describeActiveFilters({
    filters: state.filters,
    view,
    seePrices,
    showCompany,
    names: {
      company: company.data ? [company.data.accountCode, company.data.name].filter(Boolean).join(' ') : undefined,
      place: state.search.placeName,
      carrier: (id) => options.data?.carriers.find((carrier) => carrier.id === id)?.name,
      tariffService: tariffServiceName,
    },
  });
  const summary = active.length === 0 ? 'No filters' : active.join(' · ');

  const form = (
    <BookingFilters state={state} view={view} showCompany={showCompany} seePrices={seePrices} apiFilter={apiFilter} />
  );

  // Enter in a filter runs the search, unless the filter used it itself (a type-ahead picking its highlighted option).
  const runOnEnter = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    if (!(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    state.run();
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
              The filters have changed: run the search to update the list.
            </Text>
            <Button size="xs" onClick={state.run}>
              Run search
            </Button>
          </Group>
        )}
      </Group>
      <Collapse expanded={expanded} keepMountedMode="display-none" id={panelId}>
        {/* The panel scrolls itself when unfolded on a short screen, so the page never does. */}
        <div className={classes.filters} onKeyDown={runOnEnter} role="search" aria-label="Booking filters">
          {drawn &&
            (openAtStart ? form : <Suspense fallback={<LoadingState text="Loading filters..." />}>{form}</Suspense>)}
        </div>
      </Collapse>
    </Paper>
  );
});
