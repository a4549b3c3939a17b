// Who sees and who edits prices, and which response fields and filters are prices (spec 2 §6). The one
// list: the server leaves these fields out and refuses these filters for roles that may not see prices,
// and the web hides the same columns, details and filters. Only the bookings area carries prices that
// a role without price visibility can reach; the pricing catalogue, invoicing and driver pay are whole
// areas closed to those roles (AREAS in auth/roles.ts), which the server's price walk test proves.
import { AREAS, hasAccess, type Role } from '../auth/roles.ts';
import { PRICE_SORT_KEYS } from './enums.ts';
import type { BookingDetails, BookingFilterParams, BookingJob, RelatedChargeDocket, Task } from './schemas.ts';

/**
 * Spec 2 §6: accounts see prices; pricing edits them and so sees them too. A higher rank passes as
 * everywhere (spec 1 §6), so managers and superadmins see prices.
 */
export const PRICE_VIEWER_ROLES = [...AREAS.seePrices, ...AREAS.editPrices] as const satisfies readonly Role[];

export function canSeePrices(roles: readonly string[]): boolean {
  return hasAccess(roles, PRICE_VIEWER_ROLES);
}

/** Spec 2 §6: charge, driver pay, carrier fields, change company, extras, tariff change. */
export function canEditPrices(roles: readonly string[]): boolean {
  return hasAccess(roles, AREAS.editPrices);
}

/** Keys of T that may be left out: a price field must be optional, so a redacted response still parses. */
type OptionalKey<T> = { [K in keyof T]-?: undefined extends T[K] ? K : never }[keyof T];

/** A booking's prices (the list row and the details). */
export const BOOKING_PRICE_FIELDS = [
  'exVatPrice',
  'driverPrice',
  'priceDetails',
] as const satisfies readonly OptionalKey<BookingDetails>[];
/** A job's prices (the list's jobs and the details' jobs). */
export const JOB_PRICE_FIELDS = [
  'customerCharge',
  'driverPrice',
  'carrierPrice',
  'carrierCustomsCharge',
  'carrierInsuranceCharge',
  'extrasCharge',
  'extrasBreakdown',
  'priceDetails',
] as const satisfies readonly OptionalKey<BookingJob>[];
/** A task's driver pay. */
export const TASK_PRICE_FIELDS = ['driverPay', 'driverPayExtra'] as const satisfies readonly OptionalKey<Task>[];
/** A related charge docket's charge. */
export const RELATED_CHARGE_PRICE_FIELDS = [
  'customerCharge',
] as const satisfies readonly OptionalKey<RelatedChargeDocket>[];

export type PriceField =
  | (typeof BOOKING_PRICE_FIELDS)[number]
  | (typeof JOB_PRICE_FIELDS)[number]
  | (typeof TASK_PRICE_FIELDS)[number]
  | (typeof RELATED_CHARGE_PRICE_FIELDS)[number];

/** Every response field name that is a price, whichever response carries it. */
export const PRICE_FIELDS: readonly PriceField[] = [
  ...new Set<PriceField>([
    ...BOOKING_PRICE_FIELDS,
    ...JOB_PRICE_FIELDS,
    ...TASK_PRICE_FIELDS,
    ...RELATED_CHARGE_PRICE_FIELDS,
  ]),
];
const priceFieldNames: ReadonlySet<string> = new Set(PRICE_FIELDS);

export function isPriceField(name: string): name is PriceField {
  return priceFieldNames.has(name);
}

/**
 * A copy of a response without its price fields, at any depth (a booking's jobs, a job's tasks): left
 * out, not null, as spec 2 §6 shows them to roles that may not see prices. Every price field is
 * optional in its schema (checked above), so the copy still matches the response type.
 */
export function redactPrices<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => redactPrices(item)) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !isPriceField(key))
      .map(([key, item]) => [key, redactPrices(item)]),
  ) as T;
}

/** Filters that reveal prices: the answer to "charge over €50" tells the charge (spec 2 §6). */
export const PRICE_FILTER_KEYS = [
  'chargeFrom',
  'chargeTo',
  'driverPayFrom',
  'driverPayTo',
  'carrierCostFrom',
  'carrierCostTo',
] as const satisfies readonly (keyof BookingFilterParams)[];
export type PriceFilterKey = (typeof PRICE_FILTER_KEYS)[number];

export function isPriceFilterKey(key: string): key is PriceFilterKey {
  return (PRICE_FILTER_KEYS as readonly string[]).includes(key);
}

/** True when a range bound is applied: min/max count only above 0 (spec 2 §5). */
export const boundApplies = (value: number | undefined): value is number => value !== undefined && value > 0;

/** The price filters a filter applies (bounds above 0); empty when it uses none. */
export function priceFiltersUsed(filter: BookingFilterParams): PriceFilterKey[] {
  return PRICE_FILTER_KEYS.filter((key) => boundApplies(filter[key]));
}

/** True when the filter sorts by a price (charge, driver pay): the order would reveal it. */
export function sortsByPrice(filter: BookingFilterParams): boolean {
  return filter.sortBy !== undefined && PRICE_SORT_KEYS.includes(filter.sortBy);
}

/** The price columns of bookings.csv, written only for roles that see prices. */
export const BOOKING_CSV_PRICE_COLUMNS = [
  'Charge',
  'Driver Pay',
  'Driver Pay %',
  'Carrier Cost',
  'Customs',
  'Insurance',
  'Extras',
] as const;
