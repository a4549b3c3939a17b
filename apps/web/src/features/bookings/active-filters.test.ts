import { describe, expect, it } from 'vitest';
import type { BookingUserFilters } from '@courier/domain/bookings/filter-views';
import { describeActiveFilters, type FilterNames } from './active-filters.ts';

const names: FilterNames = {
  company: undefined,
  place: undefined,
  carrier: () => undefined,
  tariffService: () => undefined,
};

const describeFor = (
  filters: BookingUserFilters,
  refused?: Partial<Record<keyof BookingUserFilters, string>>,
  { seePrices = true, view = 'SAME_DAY' as const } = {},
) => describeActiveFilters({ filters, view, seePrices, showCompany: true, names, refused });

describe('the line of active booking filters', () => {
  it('names each applied filter by its label, a bound only above 0', () => {
    expect(describeFor({})).toEqual([]);
    expect(describeFor({ chargeFrom: 20, chargeTo: 0, driverNumber: 12 })).toEqual([
      'Charge min: €20.00',
      'Driver number: 12',
    ]);
  });

  it("names review mode's default statuses while none is chosen, and a choice in their place", () => {
    const review = (filters: BookingUserFilters, view: 'SAME_DAY' | 'ON_OS' = 'SAME_DAY') =>
      describeActiveFilters({ filters, view, seePrices: true, showCompany: true, needsReviewOnly: true, names });
    expect(review({})).toEqual(['Status: Delivered, Cancelled, Failed']);
    expect(review({ statuses: ['confirmed'] })).toEqual(['Status: Confirmed']);
    // Status is a Same Day filter: the ON / OS tab shows none.
    expect(review({}, 'ON_OS')).toEqual([]);
    // Outside review mode no status is chosen for the user.
    expect(describeFor({})).toEqual([]);
  });

  it('shows text a filter refused, marked not applied, in place of the value it still holds', () => {
    expect(describeFor({}, { driverNumber: '2147483648' })).toEqual(['Driver number: 2147483648 (not applied)']);
    expect(describeFor({ windowStart: '2026-03-01' }, { windowStart: '31/02/26' })).toEqual([
      'From: 31/02/26 (not applied)',
    ]);
  });

  it('writes a refused amount as an applied one is written, so the two read alike on one line', () => {
    expect(describeFor({ chargeFrom: 5, chargeTo: 10 }, { chargeFrom: '50' })).toEqual([
      'Charge min: €50.00 (not applied)',
      'Charge max: €10.00',
    ]);
    expect(describeFor({}, { driverPayFrom: '99999999999999' })).toEqual([
      'Driver pay min: €99,999,999,999,999.00 (not applied)',
    ]);
  });

  it('leaves a refused filter out where its applied value would be left out: another tab, a price for a role without', () => {
    expect(describeFor({}, { weightFrom: '99999999999999' })).toEqual([]);
    expect(describeFor({}, { chargeFrom: '99999999999999' }, { seePrices: false })).toEqual([]);
  });
});
