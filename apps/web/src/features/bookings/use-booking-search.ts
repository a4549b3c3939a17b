import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { BOOKING_DEFAULT_PAGE_SIZE, REVIEW_DEFAULT_STATUSES, type BookingView } from '@courier/domain/bookings/enums';
import type { BookingQuery } from './api/list-bookings.ts';
import { bookingListSearchSchema, FILTER_KEYS, type BookingListSearch } from './booking-search.ts';

/** What the reusable list is given (spec 2 §2 'Booking list (reusable)'). */
export interface BookingListInputs {
  companyId?: number;
  invoiceId?: number;
  needsReviewOnly?: boolean;
}

type Filters = Pick<BookingListSearch, (typeof FILTER_KEYS)[number]>;

function filtersOf(search: BookingListSearch): Filters {
  const filters: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) if (search[key] !== undefined) filters[key] = search[key];
  return filters as Filters;
}

const keyOf = (filters: Filters) => JSON.stringify(FILTER_KEYS.map((key) => filters[key] ?? null));
const positive = (value: number | undefined) => (value !== undefined && value > 0 ? value : undefined);

/** The API query for a set of filters, with the list's inputs and the user's price visibility applied. */
export function apiFilterOf(filters: Filters, inputs: BookingListInputs, seePrices: boolean): BookingQuery {
  const invoiceMode = inputs.invoiceId !== undefined;
  const view: BookingView | undefined = invoiceMode ? undefined : (filters.view ?? 'SAME_DAY');
  const sameDay = view === 'SAME_DAY' || view === undefined;
  const onOs = view === 'ON_OS' || view === undefined;
  const statuses = filters.statuses && filters.statuses.length > 0 ? filters.statuses : inputs.needsReviewOnly ? [...REVIEW_DEFAULT_STATUSES] : undefined;
  return {
    view,
    invoicePeriod: inputs.invoiceId,
    company: inputs.companyId ?? filters.company,
    searchQuery: filters.q?.trim() || undefined,
    addressPlaceId: filters.place,
    windowStart: filters.from,
    windowEnd: filters.to,
    sortBy: filters.sortBy,
    sortDirection: filters.sortDirection,
    chargeFrom: seePrices ? positive(filters.chargeFrom) : undefined,
    chargeTo: seePrices ? positive(filters.chargeTo) : undefined,
    // Status is a Same Day filter on screen (spec 2 §2); review mode's default applies to both views.
    statuses: sameDay || inputs.needsReviewOnly ? statuses : undefined,
    service: sameDay ? filters.service : undefined,
    vehicle: sameDay ? filters.vehicle : undefined,
    tags: sameDay && filters.tags && filters.tags.length > 0 ? filters.tags : undefined,
    driverNumber: sameDay ? filters.driverNumber : undefined,
    driverPayFrom: sameDay && seePrices ? positive(filters.driverPayFrom) : undefined,
    driverPayTo: sameDay && seePrices ? positive(filters.driverPayTo) : undefined,
    // ON / OS filters.
    carrier: onOs ? filters.carrier : undefined,
    tariffService: onOs ? filters.tariffService : undefined,
    packageCountFrom: onOs ? positive(filters.packageCountFrom) : undefined,
    packageCountTo: onOs ? positive(filters.packageCountTo) : undefined,
    weightFrom: onOs ? positive(filters.weightFrom) : undefined,
    weightTo: onOs ? positive(filters.weightTo) : undefined,
    carrierCostFrom: onOs && seePrices ? positive(filters.carrierCostFrom) : undefined,
    carrierCostTo: onOs && seePrices ? positive(filters.carrierCostTo) : undefined,
    needsSameDayReviewOnly: inputs.needsReviewOnly && view === 'SAME_DAY' ? true : undefined,
    needsCarrierReviewOnly: inputs.needsReviewOnly && view === 'ON_OS' ? true : undefined,
  };
}

/**
 * The list's filters live in the URL. A filter changed here resets the page and marks the search
 * ready (a 'Run search' button) without loading; a URL that arrives otherwise (a shared link, back
 * or forward) loads at once. Paging loads at once too.
 */
export function useBookingSearch() {
  const raw = useSearch({ strict: false });
  const search = useMemo(() => bookingListSearchSchema.parse(raw), [raw]);
  const navigate = useNavigate();
  const filters = useMemo(() => filtersOf(search), [search]);
  const currentKey = keyOf(filters);
  const [loaded, setLoaded] = useState<Filters>(filters);
  const ownEdits = useRef(new Set<string>());

  useEffect(() => {
    if (ownEdits.current.has(currentKey)) {
      ownEdits.current.delete(currentKey);
      return;
    }
    setLoaded(filters);
    // filters changes exactly when currentKey does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentKey]);

  const go = (patch: Partial<BookingListSearch>, options: { replace?: boolean } = {}) =>
    void navigate({ to: '.', search: ((previous: Record<string, unknown>) => ({ ...previous, ...patch })) as never, replace: options.replace });

  return {
    search,
    filters,
    loaded,
    ready: keyOf(loaded) !== currentKey,
    page: search.page ?? 0,
    size: search.size ?? BOOKING_DEFAULT_PAGE_SIZE,
    /** A filter change: page back to 0, search ready but not loaded (spec 2 §4). */
    setFilters(patch: Partial<Filters> & { placeName?: string | undefined }) {
      const next = { ...filters, ...patch };
      const key = keyOf(filtersOf(next as BookingListSearch));
      if (key === currentKey && patch.placeName === search.placeName) return;
      ownEdits.current.add(key);
      go({ ...patch, page: undefined });
    },
    /** Switching the Same Day / ON / OS tab loads that view at once. */
    switchView(view: BookingView) {
      go({ view: view === 'SAME_DAY' ? undefined : view, page: undefined });
    },
    run() {
      setLoaded(filters);
      if (search.page) go({ page: undefined }, { replace: true });
    },
    setPage(page: number) {
      go({ page: page || undefined });
    },
    setSize(size: number) {
      go({ size: size === BOOKING_DEFAULT_PAGE_SIZE ? undefined : size, page: undefined });
    },
  };
}
