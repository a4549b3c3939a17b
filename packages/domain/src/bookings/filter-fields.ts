// The booking filter of spec 2 §3 / §7 as plain data: each filter's name, kind and limits. The API's
// zod schema (schemas.ts, bookingFilterShape) and the web's URL reader are both built from this list,
// so a new filter reaches the API, the URL and the query by itself, and the web reads a link to the
// booking list without loading zod (issue 10: building schemas slowed the first screen on a phone).
import { isIsoDateTime, isIsoDay } from '../common/input-checks.ts';
import {
  BOOKING_SORT_KEYS,
  BOOKING_VEHICLES,
  BOOKING_VIEWS,
  FILTERABLE_BOOKING_STATUSES,
  JOB_TAGS,
  SERVICE_LEVELS,
  TARIFF_SERVICE_CODES,
} from './enums.ts';

type Choices = readonly [string, ...string[]];

/**
 * How a filter is written in a query string, and checked:
 * - choice: one of `values` (`anyCase`: text is lower-cased first); `default` when left out;
 * - choices: a list of `values`, repeated (`tags=A&tags=B`) or comma-separated (`tags=A,B`);
 * - id: a database id; text: trimmed text; window: a day or a date-time (windowParam);
 * - amount: a number from 0 (0 means the bound is not applied); count: the same, whole;
 * - flag: true or false ('true'/'false', '1'/'0'), false when left out.
 */
export type BookingFilterField =
  | { kind: 'choice'; values: Choices; anyCase?: boolean; default?: string }
  | { kind: 'choices'; values: Choices }
  | { kind: 'id' }
  | { kind: 'text' }
  | { kind: 'window' }
  | { kind: 'amount' }
  | { kind: 'count' }
  | { kind: 'flag' };

/** Limits of the filter's values (PostgreSQL's, or what a screen could sensibly send). */
export const FILTER_TEXT_MAX_LENGTH = 100;
export const FILTER_LIST_MAX_VALUES = 50;
export const FILTER_AMOUNT_MAX = 1_000_000_000;
export const FILTER_COUNT_MAX = 1_000_000;

export const BOOKING_FILTER_FIELDS = {
  /** Same Day (booking type same_day) or ON / OS (every other type); absent means both. */
  view: { kind: 'choice', values: BOOKING_VIEWS },
  invoicePeriod: { kind: 'id' },
  company: { kind: 'id' },
  searchQuery: { kind: 'text' },
  customerRefQuery: { kind: 'text' },
  addressPlaceId: { kind: 'text' },
  windowStart: { kind: 'window' },
  windowEnd: { kind: 'window' },
  tags: { kind: 'choices', values: JOB_TAGS },
  statuses: { kind: 'choices', values: FILTERABLE_BOOKING_STATUSES },
  service: { kind: 'choice', values: SERVICE_LEVELS },
  tariffService: { kind: 'choice', values: TARIFF_SERVICE_CODES },
  vehicle: { kind: 'choice', values: BOOKING_VEHICLES },
  chargeFrom: { kind: 'amount' },
  chargeTo: { kind: 'amount' },
  driverPayFrom: { kind: 'amount' },
  driverPayTo: { kind: 'amount' },
  weightFrom: { kind: 'amount' },
  weightTo: { kind: 'amount' },
  packageCountFrom: { kind: 'count' },
  packageCountTo: { kind: 'count' },
  carrierCostFrom: { kind: 'amount' },
  carrierCostTo: { kind: 'amount' },
  driverNumber: { kind: 'id' },
  sortBy: { kind: 'choice', values: BOOKING_SORT_KEYS, default: 'createdAt' },
  sortDirection: { kind: 'choice', values: ['asc', 'desc'], anyCase: true, default: 'desc' },
  carrier: { kind: 'id' },
  needsSameDayReviewOnly: { kind: 'flag' },
  needsCarrierReviewOnly: { kind: 'flag' },
} as const satisfies Record<string, BookingFilterField>;

/**
 * Each range filter's min and max. A min above its max (both set, above 0) matches nothing: the list
 * and the API refuse it, as they refuse a To before its From.
 */
export const BOOKING_FILTER_RANGES = [
  ['chargeFrom', 'chargeTo'],
  ['driverPayFrom', 'driverPayTo'],
  ['weightFrom', 'weightTo'],
  ['packageCountFrom', 'packageCountTo'],
  ['carrierCostFrom', 'carrierCostTo'],
] as const satisfies readonly (readonly [keyof typeof BOOKING_FILTER_FIELDS, keyof typeof BOOKING_FILTER_FIELDS])[];

export type BookingFilterFields = typeof BOOKING_FILTER_FIELDS;
export type BookingFilterKey = keyof BookingFilterFields;

/** The value a filter field takes once read. */
export type BookingFilterValue<TField extends BookingFilterField> = TField extends {
  kind: 'choice';
  values: readonly (infer TValue)[];
}
  ? TValue
  : TField extends { kind: 'choices'; values: readonly (infer TValue)[] }
    ? TValue[]
    : TField extends { kind: 'id' | 'amount' | 'count' }
      ? number
      : TField extends { kind: 'flag' }
        ? boolean
        : string;

/** True for a window bound's text: a yyyy-MM-dd (Dublin) day or an ISO date-time with offset. */
export const isWindowText = (text: string): boolean => isIsoDay(text) || isIsoDateTime(text);
