// Which booking filters apply where (spec 2 §2 'Booking list (reusable)'): in the Same Day or the
// ON / OS tab, and in the list's three modes (the plain list, review mode, embedded for an invoice).
// The web turns what the user chose into the API query through `bookingQueryOf`, so the rule is here once.
import { REVIEW_DEFAULT_STATUSES, type BookingView } from './enums.ts';
import { boundApplies, isPriceFilterKey, sortsByPrice } from './price-visibility.ts';
import type { BookingFilterParams } from './schemas.ts';

type FilterKey = keyof BookingFilterParams;

/** Filters the list's mode sets (invoice period, review flags), never the user: they stay out of the URL. */
export const MODE_FILTER_KEYS = [
  'invoicePeriod',
  'needsSameDayReviewOnly',
  'needsCarrierReviewOnly',
] as const satisfies readonly FilterKey[];
export type ModeFilterKey = (typeof MODE_FILTER_KEYS)[number];
/** What the user may choose: every filter but the mode's. */
export type BookingUserFilters = Omit<BookingFilterParams, ModeFilterKey>;

/** Filters shown (and sent) only in the Same Day tab. */
export const SAME_DAY_FILTER_KEYS = [
  'statuses',
  'service',
  'vehicle',
  'tags',
  'driverNumber',
  'driverPayFrom',
  'driverPayTo',
] as const satisfies readonly FilterKey[];
/** Filters shown (and sent) only in the ON / OS tab. */
export const ON_OS_FILTER_KEYS = [
  'carrier',
  'tariffService',
  'packageCountFrom',
  'packageCountTo',
  'weightFrom',
  'weightTo',
  'carrierCostFrom',
  'carrierCostTo',
] as const satisfies readonly FilterKey[];
/** Range bounds: a bound of 0 (or empty) is not applied (spec 2 §5). */
export const RANGE_FILTER_KEYS = [
  'chargeFrom',
  'chargeTo',
  'driverPayFrom',
  'driverPayTo',
  'packageCountFrom',
  'packageCountTo',
  'weightFrom',
  'weightTo',
  'carrierCostFrom',
  'carrierCostTo',
] as const satisfies readonly FilterKey[];

const isIn = (keys: readonly string[], key: string) => keys.includes(key);

/** The list's inputs (spec 2 §2): a company's list, an invoice's list, review mode, or the plain list. */
export interface BookingListMode {
  companyId?: number | undefined;
  invoiceId?: number | undefined;
  needsReviewOnly?: boolean | undefined;
}

/** The tab a list shows: none when embedded for an invoice (no header, both kinds of booking). */
export function bookingViewOf(view: BookingView | undefined, mode: BookingListMode): BookingView | undefined {
  return mode.invoiceId !== undefined ? undefined : (view ?? 'SAME_DAY');
}

/**
 * The statuses a search keeps to (spec 2 §4): those the user chose, else in review mode its defaults
 * (delivered, cancelled, failed), else none (any status). The query sends these, and the Status filter
 * and the filter line show them, so the office sees what limits the review list and can change it.
 * An empty choice is no choice: taking off the last chosen status in review mode brings the defaults back.
 */
export function searchedStatusesOf(
  filters: Pick<BookingUserFilters, 'statuses'>,
  mode: Pick<BookingListMode, 'needsReviewOnly'>,
): BookingUserFilters['statuses'] {
  if (filters.statuses?.length) return filters.statuses;
  return mode.needsReviewOnly ? [...REVIEW_DEFAULT_STATUSES] : undefined;
}

/**
 * The API query for what the user chose, in a mode, for a user who does or does not see prices:
 * filters of the other tab, price filters and sorts the user may not use, empty lists and bounds of 0
 * are left out; the mode adds its company, invoice period, review flags and review statuses.
 */
export function bookingQueryOf({
  filters,
  mode,
  seePrices,
}: {
  filters: BookingUserFilters;
  mode: BookingListMode;
  seePrices: boolean;
}): BookingFilterParams {
  const view = bookingViewOf(filters.view, mode);
  const query: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filters) as [keyof BookingUserFilters, unknown][]) {
    if (value === undefined || isIn(MODE_FILTER_KEYS, key)) continue;
    if (view === 'ON_OS' && isIn(SAME_DAY_FILTER_KEYS, key)) continue;
    if (view === 'SAME_DAY' && isIn(ON_OS_FILTER_KEYS, key)) continue;
    if (!seePrices && isPriceFilterKey(key)) continue;
    if (isIn(RANGE_FILTER_KEYS, key) && !boundApplies(value as number)) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    query[key] = typeof value === 'string' ? value.trim() : value;
  }
  const result = query as BookingFilterParams;
  result.view = view;
  if (!seePrices && sortsByPrice(result)) delete result.sortBy;
  if (mode.companyId !== undefined) result.company = mode.companyId;
  if (mode.invoiceId !== undefined) result.invoicePeriod = mode.invoiceId;
  if (mode.needsReviewOnly) {
    // Review mode's statuses apply in both tabs, though status is a Same Day filter on screen.
    result.statuses = searchedStatusesOf(filters, mode);
    if (view === 'SAME_DAY') result.needsSameDayReviewOnly = true;
    if (view === 'ON_OS') result.needsCarrierReviewOnly = true;
  }
  return result;
}
