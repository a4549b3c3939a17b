import { Button, Group, MultiSelect, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
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
import { ClickSearch } from '../../../ui/click-search.tsx';
import { useBookingFilterOptions, useCompanyLabel } from '../api/get-booking.ts';
import type { BookingListSearch } from '../booking-search.ts';
import type { useBookingSearch } from '../use-booking-search.ts';
import { TagPicker } from './tag-picker.tsx';
import type { BookingQuery } from '../api/list-bookings.ts';

const SORT_LABELS: Record<BookingSortKey, string> = {
  createdAt: 'Created at',
  reference: 'Reference',
  customerCharge: 'Charge',
  exVatPrice: 'Charge ex VAT',
  driverPrice: 'Driver pay',
  weight: 'Weight',
};

type SearchState = ReturnType<typeof useBookingSearch>;
type NumberKey = 'driverNumber' | 'chargeFrom' | 'chargeTo' | 'driverPayFrom' | 'driverPayTo' | 'packageCountFrom' | 'packageCountTo' | 'weightFrom' | 'weightTo' | 'carrierCostFrom' | 'carrierCostTo';

/** A number filter: typed freely, sent to the URL 500 ms after typing stops; empty or 0 means no bound. */
function NumberFilter({ label, field, state, decimals = 2, prefix }: { label: string; field: NumberKey; state: SearchState; decimals?: number; prefix?: string }) {
  const value = state.filters[field];
  const [text, setText] = useState<string | number>(value ?? '');
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // The URL changed under us (back, forward, Clear filters): show its value.
    setShown(value);
    setText(value ?? '');
  }
  const apply = useDebouncedCallback((next: string | number) => state.setFilters({ [field]: typeof next === 'number' && next > 0 ? next : undefined }), 500);
  return (
    <NumberInput
      label={label}
      value={text}
      min={0}
      decimalScale={decimals}
      allowNegative={false}
      prefix={prefix}
      hideControls
      onChange={(next) => {
        setText(next);
        apply(next);
      }}
    />
  );
}

/** The list filters of spec 2 §2: common ones, then those of the current view. */
export function BookingFilters({
  state,
  view,
  showCompany,
  seePrices,
  apiFilter,
}: {
  state: SearchState;
  view: 'SAME_DAY' | 'ON_OS' | undefined;
  showCompany: boolean;
  seePrices: boolean;
  apiFilter: BookingQuery;
}) {
  const { filters, search, setFilters } = state;
  const [query, setQuery] = useState(filters.q ?? '');
  const [shownQuery, setShownQuery] = useState(filters.q);
  if (shownQuery !== filters.q) {
    setShownQuery(filters.q);
    setQuery(filters.q ?? '');
  }
  const applyQuery = useDebouncedCallback((text: string) => setFilters({ q: text.trim() || undefined }), 500);
  const company = useCompanyLabel(showCompany ? filters.company : undefined);
  const options = useBookingFilterOptions();
  const sortKeys = BOOKING_SORT_KEYS.filter((key) => seePrices || !PRICE_SORT_KEYS.includes(key));
  const set = (patch: Partial<BookingListSearch>) => setFilters(patch);

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4, lg: 6 }} spacing="sm" verticalSpacing="xs">
      <TextInput
        label="Reference"
        placeholder="Search references..."
        value={query}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          applyQuery(event.currentTarget.value);
        }}
      />
      {showCompany && (
        <ClickSearch
          type="COMPANY"
          label="Company"
          value={filters.company ? { id: String(filters.company), name: company.data?.name ?? `Company ${filters.company}`, detail: company.data?.accountCode ?? null } : null}
          onChange={(item) => set({ company: item ? Number(item.id) : undefined })}
        />
      )}
      <ClickSearch
        type="PLACE"
        label="Address"
        value={filters.place ? { id: filters.place, name: search.placeName ?? filters.place, detail: null } : null}
        onChange={(item) => setFilters({ place: item?.id, placeName: item?.name })}
      />
      <TextInput label="From" type="date" value={filters.from ?? ''} max={filters.to} onChange={(event) => set({ from: event.currentTarget.value || undefined })} />
      <TextInput label="To" type="date" value={filters.to ?? ''} min={filters.from} onChange={(event) => set({ to: event.currentTarget.value || undefined })} />
      <Select
        label="Sort by"
        allowDeselect={false}
        data={sortKeys.map((key) => ({ value: key, label: SORT_LABELS[key] }))}
        value={filters.sortBy ?? 'createdAt'}
        onChange={(value) => set({ sortBy: (value ?? undefined) as BookingSortKey | undefined })}
      />
      <Select
        label="Order"
        allowDeselect={false}
        data={[
          { value: 'desc', label: 'Descending' },
          { value: 'asc', label: 'Ascending' },
        ]}
        value={filters.sortDirection ?? 'desc'}
        onChange={(value) => set({ sortDirection: value === 'asc' ? 'asc' : 'desc' })}
      />
      {seePrices && <NumberFilter label="Charge min" field="chargeFrom" state={state} prefix="€" />}
      {seePrices && <NumberFilter label="Charge max" field="chargeTo" state={state} prefix="€" />}

      {view !== 'ON_OS' && (
        <>
          <MultiSelect
            label="Status"
            placeholder={filters.statuses?.length ? undefined : 'Any status'}
            data={FILTERABLE_BOOKING_STATUSES.map((status) => ({ value: status, label: bookingStatusLabel(status) }))}
            value={filters.statuses ?? []}
            onChange={(value) => set({ statuses: value.length > 0 ? (value as BookingListSearch['statuses']) : undefined })}
            clearable
          />
          <Select label="Service" placeholder="Any service" data={[...SERVICE_LEVELS]} value={filters.service ?? null} onChange={(value) => set({ service: (value ?? undefined) as BookingListSearch['service'] })} clearable />
          <Select label="Vehicle" placeholder="Any vehicle" data={[...BOOKING_VEHICLES]} value={filters.vehicle ?? null} onChange={(value) => set({ vehicle: (value ?? undefined) as BookingListSearch['vehicle'] })} clearable />
          <NumberFilter label="Driver number" field="driverNumber" state={state} decimals={0} />
          {seePrices && <NumberFilter label="Driver pay min" field="driverPayFrom" state={state} prefix="€" />}
          {seePrices && <NumberFilter label="Driver pay max" field="driverPayTo" state={state} prefix="€" />}
          <TagPicker selected={filters.tags ?? []} onChange={(tags) => set({ tags: tags.length > 0 ? (tags as BookingListSearch['tags']) : undefined })} apiFilter={apiFilter} />
        </>
      )}
      {view !== 'SAME_DAY' && (
        <>
          <Select
            label="Carrier"
            placeholder="Any carrier"
            data={(options.data?.carriers ?? []).map((carrier) => ({ value: String(carrier.id), label: carrier.name }))}
            value={filters.carrier ? String(filters.carrier) : null}
            onChange={(value) => set({ carrier: value ? Number(value) : undefined })}
            clearable
          />
          <Select
            label="Tariff service"
            placeholder="Any tariff service"
            data={[...TARIFF_SERVICE_CODES]}
            value={filters.tariffService ?? null}
            onChange={(value) => set({ tariffService: (value ?? undefined) as BookingListSearch['tariffService'] })}
            clearable
          />
          <NumberFilter label="Packages min" field="packageCountFrom" state={state} decimals={0} />
          <NumberFilter label="Packages max" field="packageCountTo" state={state} decimals={0} />
          <NumberFilter label="Weight min (kg)" field="weightFrom" state={state} />
          <NumberFilter label="Weight max (kg)" field="weightTo" state={state} />
          {seePrices && <NumberFilter label="Carrier cost min" field="carrierCostFrom" state={state} prefix="€" />}
          {seePrices && <NumberFilter label="Carrier cost max" field="carrierCostTo" state={state} prefix="€" />}
        </>
      )}
      <Group align="flex-end">
        <Button variant="subtle" onClick={() => setFilters(Object.fromEntries(Object.keys(filters).filter((key) => key !== 'view').map((key) => [key, undefined])))}>
          Clear filters
        </Button>
      </Group>
    </SimpleGrid>
  );
}
