import { bookingStatusLabel, type BookingView } from '@courier/domain/bookings/enums';
import {
  ON_OS_FILTER_KEYS,
  SAME_DAY_FILTER_KEYS,
  searchedStatusesOf,
  type BookingUserFilters,
} from '@courier/domain/bookings/filter-views';
import { bookingVehicleLabel, jobTagLabel, SERVICE_LEVEL_LABELS } from '@courier/domain/bookings/labels';
import { boundApplies, isPriceFilterKey } from '@courier/domain/bookings/price-visibility';
import { formatDate } from '@courier/domain/common/dates';
import { typedDecimal } from '@courier/domain/common/input-checks';
import { formatEuro } from '@courier/domain/common/money';
import { FILTER_LABELS, SORT_LABELS } from '@courier/domain/bookings/filter-labels';

/** Names the list knows for ids and codes in the filters. */
export interface FilterNames {
  company: string | undefined;
  place: string | undefined;
  carrier: (id: number) => string | undefined;
  tariffService: (code: string) => string | undefined;
}

const MONEY_KEYS = new Set<keyof BookingUserFilters>([
  'chargeFrom',
  'chargeTo',
  'driverPayFrom',
  'driverPayTo',
  'carrierCostFrom',
  'carrierCostTo',
]);

/**
 * The active filters in words ('Status: Delivered, Failed'), for the one-line summary the folded
 * filter panel shows: only the filters of the view and role, a bound only above 0, no default sort.
 * In review mode the statuses searched while none is chosen (delivered, cancelled, failed) are named
 * as chosen ones are: they limit the list as much.
 * A filter holding text it refuses (`refused`, its message at the field) shows that text, marked as
 * not applied: the line never claims fewer filters than were entered.
 */
export function describeActiveFilters({
  filters,
  view,
  seePrices,
  showCompany,
  needsReviewOnly = false,
  refused = {},
  names,
}: {
  filters: BookingUserFilters;
  view: BookingView | undefined;
  seePrices: boolean;
  showCompany: boolean;
  needsReviewOnly?: boolean;
  refused?: Partial<Record<keyof BookingUserFilters, string>>;
  names: FilterNames;
}): string[] {
  const parts: string[] = [];
  const applied = { ...filters, statuses: searchedStatusesOf(filters, { needsReviewOnly }) };
  const otherTab: readonly string[] =
    view === 'ON_OS' ? SAME_DAY_FILTER_KEYS : view === 'SAME_DAY' ? ON_OS_FILTER_KEYS : [];
  for (const key of Object.keys(FILTER_LABELS) as (keyof BookingUserFilters)[]) {
    const value = applied[key];
    const typed = refused[key];
    if ((value === undefined && typed === undefined) || key === 'view' || otherTab.includes(key)) continue;
    if (!seePrices && isPriceFilterKey(key)) continue;
    if (key === 'company' && !showCompany) continue;
    if (typed !== undefined) {
      parts.push(`${FILTER_LABELS[key]}: ${refusedText(key, typed)} (not applied)`);
      continue;
    }
    const text = valueText(key, value, names);
    if (text) parts.push(`${FILTER_LABELS[key]}: ${text}`);
  }
  return parts;
}

/** Refused text as the line shows it: an amount written as an applied one is ('€50.00'), other text as typed. */
function refusedText(key: keyof BookingUserFilters, typed: string): string {
  if (!MONEY_KEYS.has(key)) return typed;
  const amount = typedDecimal(typed);
  return amount === undefined ? `€${typed}` : formatEuro(amount);
}

function valueText(key: keyof BookingUserFilters, value: unknown, names: FilterNames): string | null {
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    const label = key === 'tags' ? jobTagLabel : key === 'statuses' ? bookingStatusLabel : String;
    return value.map((item) => label(String(item))).join(', ');
  }
  if (typeof value === 'number') {
    if (key === 'company') return names.company ?? `Company ${value}`;
    if (key === 'carrier') return names.carrier(value) ?? `Carrier ${value}`;
    if (key === 'driverNumber') return String(value);
    if (!boundApplies(value)) return null;
    return MONEY_KEYS.has(key) ? formatEuro(value) : String(value);
  }
  const text = String(value).trim();
  if (text === '') return null;
  switch (key) {
    case 'windowStart':
    case 'windowEnd':
      // A day ('2026-03-01') is read at noon, so the Dublin date shown is that day.
      return formatDate(text.length === 10 ? `${text}T12:00:00Z` : text);
    case 'addressPlaceId':
      return names.place ?? text;
    case 'service':
      return (SERVICE_LEVEL_LABELS as Record<string, string>)[text] ?? text;
    case 'vehicle':
      return bookingVehicleLabel(text);
    case 'tariffService':
      return names.tariffService(text) ?? text;
    case 'sortBy':
      return text === 'createdAt' ? null : ((SORT_LABELS as Record<string, string>)[text] ?? text);
    case 'sortDirection':
      return text === 'desc' ? null : 'Ascending';
    default:
      return text;
  }
}
