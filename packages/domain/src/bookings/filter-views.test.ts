import { describe, expect, it } from 'vitest';
import {
  MODE_FILTER_KEYS,
  ON_OS_FILTER_KEYS,
  SAME_DAY_FILTER_KEYS,
  bookingQueryOf,
  bookingViewOf,
  searchedStatusesOf,
} from './filter-views.ts';
import { bookingFilterSchema, bookingFilterShape, type BookingFilterParams } from './schemas.ts';

const everything = {
  searchQuery: '  B0001 ',
  company: 4,
  addressPlaceId: 'place-1',
  windowStart: '2026-01-01',
  windowEnd: '2026-01-31',
  sortBy: 'reference',
  sortDirection: 'asc',
  chargeFrom: 5,
  chargeTo: 50,
  statuses: ['delivered'],
  service: 'STANDARD',
  vehicle: 'BIKE',
  tags: ['SPLIT'],
  driverNumber: 12,
  driverPayFrom: 1,
  driverPayTo: 9,
  carrier: 2,
  tariffService: 'INT',
  packageCountFrom: 1,
  packageCountTo: 3,
  weightFrom: 0.5,
  weightTo: 20,
  carrierCostFrom: 2,
  carrierCostTo: 8,
} satisfies BookingFilterParams;

describe('the filter groups', () => {
  it('name only filters of the booking filter, each in at most one tab', () => {
    const keys = Object.keys(bookingFilterShape);
    for (const key of [...MODE_FILTER_KEYS, ...SAME_DAY_FILTER_KEYS, ...ON_OS_FILTER_KEYS]) expect(keys).toContain(key);
    const both = SAME_DAY_FILTER_KEYS.filter((key) => (ON_OS_FILTER_KEYS as readonly string[]).includes(key));
    expect(both).toEqual([]);
  });
});

describe('bookingViewOf', () => {
  it('defaults to Same Day, and shows no tab for an invoice', () => {
    expect(bookingViewOf(undefined, {})).toBe('SAME_DAY');
    expect(bookingViewOf('ON_OS', { needsReviewOnly: true })).toBe('ON_OS');
    expect(bookingViewOf('ON_OS', { invoiceId: 3 })).toBeUndefined();
  });
});

describe('searchedStatusesOf (spec 2 §4)', () => {
  const review = { needsReviewOnly: true };
  it('in review mode gives delivered, cancelled and failed while none is chosen, a choice in their place', () => {
    expect(searchedStatusesOf({}, review)).toEqual(['delivered', 'cancelled', 'failed']);
    // Taking off the last chosen status leaves an empty choice: the defaults apply (and show) again.
    expect(searchedStatusesOf({ statuses: [] }, review)).toEqual(['delivered', 'cancelled', 'failed']);
    expect(searchedStatusesOf({ statuses: ['confirmed'] }, review)).toEqual(['confirmed']);
  });

  it('outside review mode gives only the chosen statuses, none meaning any status', () => {
    expect(searchedStatusesOf({}, {})).toBeUndefined();
    expect(searchedStatusesOf({ statuses: [] }, { needsReviewOnly: false })).toBeUndefined();
    expect(searchedStatusesOf({ statuses: ['failed', 'delivered'] }, {})).toEqual(['failed', 'delivered']);
  });

  it('is what the query sends in review mode', () => {
    for (const filters of [{}, { statuses: ['confirmed' as const] }]) {
      const query = bookingQueryOf({ filters, mode: review, seePrices: true });
      expect(query.statuses).toEqual(searchedStatusesOf(filters, review));
    }
  });
});

describe('bookingQueryOf (spec 2 §2)', () => {
  it('the Same Day list sends the common and Same Day filters, trimmed', () => {
    const query = bookingQueryOf({ filters: everything, mode: {}, seePrices: true });
    expect(query).toEqual({
      view: 'SAME_DAY',
      searchQuery: 'B0001',
      company: 4,
      addressPlaceId: 'place-1',
      windowStart: '2026-01-01',
      windowEnd: '2026-01-31',
      sortBy: 'reference',
      sortDirection: 'asc',
      chargeFrom: 5,
      chargeTo: 50,
      statuses: ['delivered'],
      service: 'STANDARD',
      vehicle: 'BIKE',
      tags: ['SPLIT'],
      driverNumber: 12,
      driverPayFrom: 1,
      driverPayTo: 9,
    });
    expect(bookingFilterSchema.safeParse(query).success).toBe(true);
  });

  it('the ON / OS list sends the common and ON / OS filters', () => {
    const query = bookingQueryOf({ filters: { ...everything, view: 'ON_OS' }, mode: {}, seePrices: true });
    expect(Object.keys(query).sort()).toEqual(
      [
        'view',
        'searchQuery',
        'company',
        'addressPlaceId',
        'windowStart',
        'windowEnd',
        'sortBy',
        'sortDirection',
        'chargeFrom',
        'chargeTo',
        ...ON_OS_FILTER_KEYS,
      ].sort(),
    );
    expect(query.view).toBe('ON_OS');
  });

  it('leaves out every price filter and a price sort for a user who may not see prices', () => {
    const sameDay = bookingQueryOf({
      filters: { ...everything, sortBy: 'customerCharge' },
      mode: {},
      seePrices: false,
    });
    const onOs = bookingQueryOf({ filters: { ...everything, view: 'ON_OS' }, mode: {}, seePrices: false });
    for (const query of [sameDay, onOs])
      for (const key of ['chargeFrom', 'chargeTo', 'driverPayFrom', 'driverPayTo', 'carrierCostFrom', 'carrierCostTo'])
        expect(query).not.toHaveProperty(key);
    expect(sameDay).not.toHaveProperty('sortBy');
    expect(onOs.sortBy).toBe('reference');
  });

  it('a bound of 0, an empty list and blank text are not sent', () => {
    const query = bookingQueryOf({
      filters: { driverPayFrom: 0, weightTo: 0, tags: [], statuses: [], searchQuery: '   ', driverNumber: 7 },
      mode: {},
      seePrices: true,
    });
    expect(query).toEqual({ view: 'SAME_DAY', driverNumber: 7 });
  });

  it("a company's list always filters by its company", () => {
    expect(bookingQueryOf({ filters: { company: 9 }, mode: { companyId: 4 }, seePrices: false })).toEqual({
      view: 'SAME_DAY',
      company: 4,
    });
  });

  it("an invoice's list has no tab, so both tabs' filters apply, within the invoice period", () => {
    const query = bookingQueryOf({
      filters: { ...everything, view: 'ON_OS' },
      mode: { invoiceId: 3 },
      seePrices: true,
    });
    expect(query.view).toBeUndefined();
    expect(query.invoicePeriod).toBe(3);
    expect(query.statuses).toEqual(['delivered']);
    expect(query.carrier).toBe(2);
  });

  it('review mode asks for the bookings needing review, with the review statuses unless statuses are chosen', () => {
    expect(bookingQueryOf({ filters: {}, mode: { needsReviewOnly: true }, seePrices: true })).toEqual({
      view: 'SAME_DAY',
      statuses: ['delivered', 'cancelled', 'failed'],
      needsSameDayReviewOnly: true,
    });
    expect(
      bookingQueryOf({
        filters: { view: 'ON_OS', statuses: ['failed'] },
        mode: { needsReviewOnly: true },
        seePrices: true,
      }),
    ).toEqual({ view: 'ON_OS', statuses: ['failed'], needsCarrierReviewOnly: true });
  });

  it('never takes the mode filters from what the user chose', () => {
    const chosen = { invoicePeriod: 5, needsSameDayReviewOnly: true } as BookingFilterParams;
    expect(bookingQueryOf({ filters: chosen, mode: {}, seePrices: true })).toEqual({ view: 'SAME_DAY' });
  });
});
