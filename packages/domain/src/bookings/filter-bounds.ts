// A number typed into a booking list filter (spec 2 §2: charge, driver pay, weight, package and carrier
// cost min/max, driver number), read as the list applies it, or refused with a message for the field:
// what the API would refuse (the limits of filter-fields.ts), and a min above its max, which would
// match nothing, as the list refuses a To before its From.
import { MAX_DB_ID, typedDecimal } from '../common/input-checks.ts';
import { formatCount, formatEuro } from '../common/money.ts';
import { BOOKING_FILTER_FIELDS, BOOKING_FILTER_RANGES, FILTER_AMOUNT_MAX, FILTER_COUNT_MAX } from './filter-fields.ts';
import { boundApplies, isPriceFilterKey } from './price-visibility.ts';

const RANGES = BOOKING_FILTER_RANGES;

/** The filters typed as a number. */
export type TypedFilterKey = (typeof RANGES)[number][number] | 'driverNumber';

export type TypedBound = { ok: true; bound: number | undefined } | { ok: false; message: string };

/** The most a filter takes, as the API's schema reads it (bookings/schemas.ts). */
function largestOf(key: TypedFilterKey): number {
  switch (BOOKING_FILTER_FIELDS[key].kind) {
    case 'amount':
      return FILTER_AMOUNT_MAX;
    case 'count':
      return FILTER_COUNT_MAX;
    case 'id':
      return MAX_DB_ID;
  }
}

/**
 * What a number filter's field holds: its bound, none when empty or 0 (spec 2 §5: min/max apply
 * only above 0), or why the list cannot apply it. Text is read as typed: an input gives '20.00' as
 * text, and it is 20. A min is checked against its max, and a max against its min, as the list
 * holds them (`filters`); `labelOf` names a filter in the message as its field is labelled.
 */
export function readTypedBound({
  key,
  typed,
  filters,
  labelOf,
}: {
  key: TypedFilterKey;
  typed: string | number;
  filters: { readonly [K in TypedFilterKey]?: number | undefined };
  labelOf: (key: TypedFilterKey) => string;
}): TypedBound {
  const label = labelOf(key);
  const money = isPriceFilterKey(key);
  const whole = BOOKING_FILTER_FIELDS[key].kind !== 'amount';
  const value = typeof typed === 'number' ? typed : typed.trim() === '' ? 0 : typedDecimal(typed);
  if (value === undefined || !Number.isFinite(value))
    return { ok: false, message: `${label}: enter a number, such as ${whole ? '3' : money ? '12.50' : '2.5'}.` };
  if (value < 0) return { ok: false, message: `${label} must not be below 0.` };
  if (whole && !Number.isInteger(value)) return { ok: false, message: `${label} must be a whole number.` };
  const largest = largestOf(key);
  if (value > largest)
    return { ok: false, message: `${label} must be at most ${money ? formatEuro(largest) : formatCount(largest)}.` };
  if (value === 0) return { ok: true, bound: undefined };

  const range = RANGES.find((pair) => (pair as readonly TypedFilterKey[]).includes(key));
  if (range) {
    const [minKey, maxKey] = range;
    const max = filters[maxKey];
    const min = filters[minKey];
    if (key === minKey && boundApplies(max) && value > max)
      return { ok: false, message: `${label} must not be above ${labelOf(maxKey)}.` };
    if (key === maxKey && boundApplies(min) && value < min)
      return { ok: false, message: `${label} must not be below ${labelOf(minKey)}.` };
  }
  return { ok: true, bound: value };
}
