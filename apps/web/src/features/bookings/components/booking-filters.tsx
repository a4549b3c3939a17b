import { Button, Group, MultiSelect, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { memo, useCallback, useEffect, useState } from 'react';
import {
  BOOKING_SORT_KEYS,
  BOOKING_VEHICLES,
  FILTERABLE_BOOKING_STATUSES,
  PRICE_SORT_KEYS,
  SERVICE_LEVELS,
  TARIFF_SERVICE_CODES,
  bookingStatusLabel,
  type BookingSortKey,
} from '@courier/domain/bookings/enums';
import { readTypedBound, type TypedFilterKey } from '@courier/domain/bookings/filter-bounds';
import { FILTER_TEXT_MAX_LENGTH } from '@courier/domain/bookings/filter-fields';
import { BOOKING_VEHICLE_LABELS, SERVICE_LEVEL_LABELS } from '@courier/domain/bookings/labels';
import { withoutNulCharacters } from '@courier/domain/common/input-checks';
import { ClickSearch } from '@/ui/click-search.tsx';
import { DateTimeInput } from '@/ui/date-time-input.tsx';
import { useBookingFilterOptions } from '@/api/bookings.ts';
import { useCompany } from '@/api/company.ts';
import type { useBookingSearch } from '../use-booking-search.ts';
import { FILTER_LABELS, SORT_LABELS } from '@courier/domain/bookings/filter-labels';
import { TagPicker } from './tag-picker.tsx';
import { searchedStatusesOf, type BookingUserFilters } from '@courier/domain/bookings/filter-views';
import { isPriceFilterKey } from '@courier/domain/bookings/price-visibility';
import type { BookingFilterParams } from '@courier/domain/bookings/schemas';
import { tariffServiceName } from '@courier/domain/pricing/tariff-services';

type SearchState = ReturnType<typeof useBookingSearch>;

/** The filters that can hold text they refuse: the numbers, and the From and To days. */
export type RefusableFilterKey = TypedFilterKey | 'windowStart' | 'windowEnd';

/**
 * Told the text a filter holds and refuses (its message shows at the field), or undefined once it
 * holds none: the panel runs no search that would leave that filter out, and its summary shows it.
 */
export type RefusedFilterReport = (field: RefusableFilterKey, typed: string | undefined) => void;

/**
 * A number filter: typed freely, sent to the URL when typing pauses for 500 ms, on Enter and on leaving
 * the field; empty or 0 means no bound. A number past the API's limit, or a min above its max, is not
 * sent: its message shows at the field (filter-bounds.ts). A price filter (the domain's list) is not
 * shown to roles that may not see prices (spec 2 §6).
 */
function NumberFilter({
  field,
  state,
  prefix,
  seePrices,
  clears,
  onRefusedChange,
}: {
  field: TypedFilterKey;
  state: SearchState;
  prefix?: string;
  seePrices: boolean;
  /** How many times Clear filters was pressed: each press draws the field afresh, refused text gone. */
  clears: number;
  onRefusedChange: RefusedFilterReport;
}) {
  if (!seePrices && isPriceFilterKey(field)) return null;
  return (
    <NumberInputFilter key={clears} field={field} state={state} prefix={prefix} onRefusedChange={onRefusedChange} />
  );
}

function NumberInputFilter({
  field,
  state,
  prefix,
  onRefusedChange,
}: {
  field: TypedFilterKey;
  state: SearchState;
  prefix: string | undefined;
  onRefusedChange: RefusedFilterReport;
}) {
  const value = state.filters[field];
  const [text, setText] = useState<string | number>(value ?? '');
  const [error, setError] = useState<string | undefined>();
  const [shown, setShown] = useState({ value, traversals: state.traversals });
  // The input gives a number once its text is one ('20'), and the text until then ('20.00').
  const read = (typed: string | number) =>
    readTypedBound({ key: field, typed, filters: state.filters, labelOf: (key) => FILTER_LABELS[key] });
  if (shown.value !== value || shown.traversals !== state.traversals) {
    // The URL changed under us (back, forward, Clear filters): show its value, unless the text already
    // reads as it ('20.00' sent as 20).
    setShown({ value, traversals: state.traversals });
    const typed = read(text);
    if (!(typed.ok && typed.bound === value)) {
      setText(value ?? '');
      setError(undefined);
    }
  }

  /**
   * The text's bound into the URL, or its message at the field and nothing sent. When typing pauses,
   * only a bound no search has taken yet is sent (see applyStaged); the message shows either way.
   */
  const apply = (typed: string | number, options: { typingPaused?: boolean } = {}): boolean => {
    const reading = read(typed);
    setError(reading.ok ? undefined : reading.message);
    if (!reading.ok) return false;
    if (options.typingPaused) state.applyStaged({ [field]: reading.bound });
    else state.setFilters({ [field]: reading.bound });
    return true;
  };
  const applyWhenTypingPauses = useDebouncedCallback(
    (typed: string | number) => apply(typed, { typingPaused: true }),
    500,
  );
  // A value that reaches the URL (a search run with Enter, Back, Forward) ends the wait (see applyStaged).
  useEffect(() => applyWhenTypingPauses.cancel(), [value, state.traversals, applyWhenTypingPauses]);
  const commit = (typed: string | number) => {
    applyWhenTypingPauses.cancel();
    return apply(typed);
  };

  const refused = error === undefined ? undefined : String(text);
  useEffect(() => {
    if (refused === undefined) return;
    onRefusedChange(field, refused);
    return () => onRefusedChange(field, undefined);
  }, [field, refused, onRefusedChange]);

  return (
    <NumberInput
      label={FILTER_LABELS[field]}
      value={text}
      // Kept as typed, never masked or clamped: -5 or 1.5 packages is refused with its message (it read
      // as 5 and 15 and was searched for).
      clampBehavior="none"
      prefix={prefix}
      hideControls
      error={error}
      onChange={(next) => {
        setText(next);
        setError(undefined);
        const reading = read(next);
        // Enter in another filter before typing pauses runs what is typed, or, refused, what the URL holds.
        state.stage({ [field]: reading.ok ? reading.bound : value });
        applyWhenTypingPauses(next);
      }}
      onBlur={() => commit(text)}
      onKeyDown={(event) => {
        // Refused, Enter shows why and runs no search (the panel leaves an Enter already used alone).
        if (event.key === 'Enter' && !commit(text)) event.preventDefault();
      }}
    />
  );
}

/** The carrier filter: the one filter whose choices come from data (its own subscription to them). */
function CarrierFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (carrier: number | undefined) => void;
}) {
  const options = useBookingFilterOptions();
  return (
    <Select
      label={FILTER_LABELS.carrier}
      placeholder="Any carrier"
      data={(options.data?.carriers ?? []).map((carrier) => ({ value: String(carrier.id), label: carrier.name }))}
      value={value ? String(value) : null}
      onChange={(next) => onChange(next ? Number(next) : undefined)}
      clearable
    />
  );
}

/**
 * The list filters of spec 2 §2: common ones, then those of the current view. Memoised, and the
 * carrier choices are the carrier filter's own: a store update (a query's answer) renders
 * synchronously, and the whole form was a 300 ms task at 4x CPU each time (issue 10).
 */
export const BookingFilters = memo(function BookingFilters({
  state,
  view,
  showCompany,
  seePrices,
  needsReviewOnly,
  apiFilter,
  onRefusedChange,
}: {
  state: SearchState;
  view: 'SAME_DAY' | 'ON_OS' | undefined;
  showCompany: boolean;
  seePrices: boolean;
  needsReviewOnly: boolean;
  apiFilter: BookingFilterParams;
  onRefusedChange: RefusedFilterReport;
}) {
  const { filters, search, setFilters } = state;
  const [clears, setClears] = useState(0);
  const numberFilter = { state, seePrices, clears, onRefusedChange };
  const [query, setQuery] = useState(filters.searchQuery ?? '');
  const [shownQuery, setShownQuery] = useState({ query: filters.searchQuery, traversals: state.traversals });
  if (shownQuery.query !== filters.searchQuery || shownQuery.traversals !== state.traversals) {
    setShownQuery({ query: filters.searchQuery, traversals: state.traversals });
    setQuery(filters.searchQuery ?? '');
  }
  const queryOf = (text: string) => ({ searchQuery: text.trim() || undefined });
  const applyQuery = useDebouncedCallback((text: string) => state.applyStaged(queryOf(text)), 500);
  // As for the number filters: a search reaching the URL ends the wait (see applyStaged).
  useEffect(() => applyQuery.cancel(), [filters.searchQuery, state.traversals, applyQuery]);
  const company = useCompany(showCompany ? filters.company : undefined);
  const sortKeys = BOOKING_SORT_KEYS.filter((key) => seePrices || !PRICE_SORT_KEYS.includes(key));
  const set = (patch: BookingUserFilters) => setFilters(patch);
  // The statuses the search keeps to, review mode's defaults among them, shown as chosen.
  const statuses = searchedStatusesOf(filters, { needsReviewOnly }) ?? [];
  const reportFrom = useCallback((typed?: string) => onRefusedChange('windowStart', typed), [onRefusedChange]);
  const reportTo = useCallback((typed?: string) => onRefusedChange('windowEnd', typed), [onRefusedChange]);

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4, lg: 6 }} spacing="sm" verticalSpacing="xs">
      <TextInput
        label={FILTER_LABELS.searchQuery}
        placeholder="Search references..."
        maxLength={FILTER_TEXT_MAX_LENGTH}
        value={query}
        onChange={(event) => {
          const typed = withoutNulCharacters(event.currentTarget.value);
          setQuery(typed);
          state.stage(queryOf(typed));
          applyQuery(typed);
        }}
      />
      {showCompany && (
        <ClickSearch
          type="COMPANY"
          label={FILTER_LABELS.company}
          value={
            filters.company
              ? {
                  id: String(filters.company),
                  name: company.data?.name ?? `Company ${filters.company}`,
                  detail: company.data?.accountCode ?? null,
                }
              : null
          }
          onChange={(item) => set({ company: item ? Number(item.id) : undefined })}
        />
      )}
      <ClickSearch
        type="PLACE"
        label={FILTER_LABELS.addressPlaceId}
        value={
          filters.addressPlaceId
            ? { id: filters.addressPlaceId, name: search.placeName ?? filters.addressPlaceId, detail: null }
            : null
        }
        onChange={(item) => setFilters({ addressPlaceId: item?.id, placeName: item?.name })}
      />
      <DateTimeInput
        key={`from-${clears}`}
        type="DATE_FULL"
        label="From"
        value={filters.windowStart}
        check={(day) => (filters.windowEnd && day > filters.windowEnd ? 'From must not be after To.' : undefined)}
        onChange={(day) => set({ windowStart: day })}
        onRefusedChange={reportFrom}
      />
      <DateTimeInput
        key={`to-${clears}`}
        type="DATE_FULL"
        label="To"
        value={filters.windowEnd}
        check={(day) => (filters.windowStart && day < filters.windowStart ? 'To must not be before From.' : undefined)}
        onChange={(day) => set({ windowEnd: day })}
        onRefusedChange={reportTo}
      />
      <Select
        label={FILTER_LABELS.sortBy}
        allowDeselect={false}
        data={sortKeys.map((key) => ({ value: key, label: SORT_LABELS[key] }))}
        value={filters.sortBy ?? 'createdAt'}
        onChange={(value) => set({ sortBy: (value ?? undefined) as BookingSortKey | undefined })}
      />
      <Select
        label={FILTER_LABELS.sortDirection}
        allowDeselect={false}
        data={[
          { value: 'desc', label: 'Descending' },
          { value: 'asc', label: 'Ascending' },
        ]}
        value={filters.sortDirection ?? 'desc'}
        onChange={(value) => set({ sortDirection: value === 'asc' ? 'asc' : 'desc' })}
      />
      <NumberFilter field="chargeFrom" prefix="€" {...numberFilter} />
      <NumberFilter field="chargeTo" prefix="€" {...numberFilter} />

      {view !== 'ON_OS' && (
        <>
          <MultiSelect
            label={FILTER_LABELS.statuses}
            placeholder={statuses.length ? undefined : 'Any status'}
            data={FILTERABLE_BOOKING_STATUSES.map((status) => ({ value: status, label: bookingStatusLabel(status) }))}
            value={statuses}
            // Taking off the last status leaves none chosen: in review mode the search then keeps to the
            // defaults again (searchedStatusesOf), and the field shows them again.
            onChange={(value) =>
              set({ statuses: value.length > 0 ? (value as BookingUserFilters['statuses']) : undefined })
            }
            // Clearing review mode's defaults would change nothing: the clear button shows for a choice.
            clearable={Boolean(filters.statuses?.length)}
          />
          <Select
            label={FILTER_LABELS.service}
            placeholder="Any service"
            data={SERVICE_LEVELS.map((level) => ({ value: level, label: SERVICE_LEVEL_LABELS[level] }))}
            value={filters.service ?? null}
            onChange={(value) => set({ service: (value ?? undefined) as BookingUserFilters['service'] })}
            clearable
          />
          <Select
            label={FILTER_LABELS.vehicle}
            placeholder="Any vehicle"
            data={BOOKING_VEHICLES.map((vehicle) => ({ value: vehicle, label: BOOKING_VEHICLE_LABELS[vehicle] }))}
            value={filters.vehicle ?? null}
            onChange={(value) => set({ vehicle: (value ?? undefined) as BookingUserFilters['vehicle'] })}
            clearable
          />
          <NumberFilter field="driverNumber" {...numberFilter} />
          <NumberFilter field="driverPayFrom" prefix="€" {...numberFilter} />
          <NumberFilter field="driverPayTo" prefix="€" {...numberFilter} />
          <TagPicker
            selected={filters.tags ?? []}
            onChange={(tags) => set({ tags: tags.length > 0 ? (tags as BookingUserFilters['tags']) : undefined })}
            apiFilter={apiFilter}
          />
        </>
      )}
      {view !== 'SAME_DAY' && (
        <>
          <CarrierFilter value={filters.carrier} onChange={(carrier) => set({ carrier })} />
          <Select
            label={FILTER_LABELS.tariffService}
            placeholder="Any tariff service"
            data={TARIFF_SERVICE_CODES.map((code) => ({ value: code, label: tariffServiceName(code) }))}
            value={filters.tariffService ?? null}
            onChange={(value) => set({ tariffService: (value ?? undefined) as BookingUserFilters['tariffService'] })}
            clearable
          />
          <NumberFilter field="packageCountFrom" {...numberFilter} />
          <NumberFilter field="packageCountTo" {...numberFilter} />
          <NumberFilter field="weightFrom" {...numberFilter} />
          <NumberFilter field="weightTo" {...numberFilter} />
          <NumberFilter field="carrierCostFrom" prefix="€" {...numberFilter} />
          <NumberFilter field="carrierCostTo" prefix="€" {...numberFilter} />
        </>
      )}
      <Group align="flex-end">
        <Button
          variant="subtle"
          onClick={() => {
            setClears((count) => count + 1);
            setFilters(
              Object.fromEntries(
                Object.keys(filters)
                  .filter((key) => key !== 'view')
                  .map((key) => [key, undefined]),
              ),
            );
          }}
        >
          Clear filters
        </Button>
      </Group>
    </SimpleGrid>
  );
});
