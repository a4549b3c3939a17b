import { describe, expect, it } from 'vitest';
import { readTypedBound, type TypedFilterKey } from './filter-bounds.ts';
import { FILTER_LABELS } from './filter-labels.ts';
import { bookingFilterSchema } from './schemas.ts';

/** The typed filters, named as the list names them (FILTER_LABELS). */
const TYPED_KEYS: readonly TypedFilterKey[] = [
  ...(['charge', 'driverPay', 'weight', 'packageCount', 'carrierCost'] as const).flatMap(
    (range) => [`${range}From`, `${range}To`] as const,
  ),
  'driverNumber',
];

const read = (
  key: TypedFilterKey,
  typed: string | number,
  filters: { [K in TypedFilterKey]?: number | undefined } = {},
) => readTypedBound({ key, typed, filters, labelOf: (name) => FILTER_LABELS[name] });

describe('a number typed into a booking filter', () => {
  it('is that number with trailing zeros, as text or as a number', () => {
    expect(read('chargeFrom', '20.00')).toEqual({ ok: true, bound: 20 });
    expect(read('chargeFrom', '20.0')).toEqual({ ok: true, bound: 20 });
    expect(read('chargeFrom', '20.')).toEqual({ ok: true, bound: 20 });
    expect(read('driverPayTo', '12.50')).toEqual({ ok: true, bound: 12.5 });
    expect(read('weightFrom', ' 0.50 ')).toEqual({ ok: true, bound: 0.5 });
    expect(read('carrierCostTo', 12.5)).toEqual({ ok: true, bound: 12.5 });
    expect(read('packageCountFrom', '3')).toEqual({ ok: true, bound: 3 });
  });

  it('is no bound when empty or 0 (spec 2 §5)', () => {
    expect(read('chargeFrom', '')).toEqual({ ok: true, bound: undefined });
    expect(read('chargeFrom', '  ')).toEqual({ ok: true, bound: undefined });
    expect(read('chargeFrom', 0)).toEqual({ ok: true, bound: undefined });
    expect(read('chargeFrom', '0.00')).toEqual({ ok: true, bound: undefined });
    expect(read('driverNumber', '0')).toEqual({ ok: true, bound: undefined });
  });

  it('is refused when it is not a number', () => {
    expect(read('chargeFrom', '.')).toEqual({ ok: false, message: 'Charge min: enter a number, such as 12.50.' });
    expect(read('weightTo', '1e3')).toEqual({ ok: false, message: 'Weight max (kg): enter a number, such as 2.5.' });
    expect(read('packageCountTo', 'abc')).toEqual({ ok: false, message: 'Packages max: enter a number, such as 3.' });
    expect(read('chargeTo', Number.NaN)).toEqual({ ok: false, message: 'Charge max: enter a number, such as 12.50.' });
    expect(read('chargeTo', '-5')).toEqual({ ok: false, message: 'Charge max must not be below 0.' });
  });

  it('takes a package count or driver number only whole', () => {
    expect(read('packageCountFrom', '1.5')).toEqual({ ok: false, message: 'Packages min must be a whole number.' });
    expect(read('driverNumber', 7.5)).toEqual({ ok: false, message: 'Driver number must be a whole number.' });
  });

  it('is refused above what the API takes, exactly at its limit taken', () => {
    expect(read('chargeFrom', '1000000000')).toEqual({ ok: true, bound: 1_000_000_000 });
    expect(read('chargeFrom', '1000000000.01')).toEqual({
      ok: false,
      message: 'Charge min must be at most €1,000,000,000.00.',
    });
    expect(read('chargeFrom', '99999999999999')).toEqual({
      ok: false,
      message: 'Charge min must be at most €1,000,000,000.00.',
    });
    expect(read('weightTo', 1_000_000_001)).toEqual({
      ok: false,
      message: 'Weight max (kg) must be at most 1,000,000,000.',
    });
    expect(read('packageCountTo', '1000000')).toEqual({ ok: true, bound: 1_000_000 });
    expect(read('packageCountTo', '1000001')).toEqual({
      ok: false,
      message: 'Packages max must be at most 1,000,000.',
    });
    expect(read('driverNumber', '2147483647')).toEqual({ ok: true, bound: 2_147_483_647 });
    expect(read('driverNumber', '2147483648')).toEqual({
      ok: false,
      message: 'Driver number must be at most 2,147,483,647.',
    });
  });

  it('agrees with the API: what it takes, the API takes', () => {
    const samples = [
      '0',
      '0.5',
      '20.00',
      '1000000000',
      '1000000000.01',
      '1000000',
      '1000001',
      '2147483647',
      '2147483648',
    ];
    for (const key of TYPED_KEYS) {
      for (const typed of samples) {
        const reading = read(key, typed);
        if (!reading.ok || reading.bound === undefined) continue;
        expect(bookingFilterSchema.safeParse({ [key]: String(reading.bound) }).success, `${key}=${typed}`).toBe(true);
      }
    }
  });

  it('refuses a min above its max, and a max below its min; equal is fine', () => {
    expect(read('chargeFrom', '50', { chargeTo: 10 })).toEqual({
      ok: false,
      message: 'Charge min must not be above Charge max.',
    });
    expect(read('chargeTo', '10', { chargeFrom: 50 })).toEqual({
      ok: false,
      message: 'Charge max must not be below Charge min.',
    });
    expect(read('weightTo', '2.49', { weightFrom: 2.5 })).toEqual({
      ok: false,
      message: 'Weight max (kg) must not be below Weight min (kg).',
    });
    expect(read('chargeFrom', '10.00', { chargeTo: 10 })).toEqual({ ok: true, bound: 10 });
    expect(read('packageCountTo', '4', { packageCountFrom: 4 })).toEqual({ ok: true, bound: 4 });
    // Another range's bounds, or a bound of 0 (not applied), do not count.
    expect(read('chargeFrom', '50', { driverPayTo: 10, chargeTo: 0 })).toEqual({ ok: true, bound: 50 });
    // Clearing a min is never refused.
    expect(read('carrierCostFrom', '', { carrierCostTo: 10 })).toEqual({ ok: true, bound: undefined });
  });
});
