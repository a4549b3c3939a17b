import { describe, expect, it } from 'vitest';
import { ROLES } from '../auth/roles.ts';
import {
  BOOKING_PRICE_FIELDS,
  JOB_PRICE_FIELDS,
  PRICE_FIELDS,
  canEditPrices,
  canSeePrices,
  isPriceField,
  isPriceFilterKey,
  priceFiltersUsed,
  redactPrices,
  sortsByPrice,
} from './price-visibility.ts';
import { bookingDetailsSchema, bookingFilterShape, type BookingDetails } from './schemas.ts';

describe('who sees and who edits prices (spec 2 §6)', () => {
  // Accounts see; pricing edits and therefore sees; a higher rank passes (spec 1 §6).
  it.each([
    [['ACCOUNTS'], true, false],
    [['PRICING'], true, true],
    [['MANAGER'], true, true],
    [['SUPERADMIN'], true, true],
    [['DISPATCHER'], false, false],
    [['TELEPHONIST'], false, false],
    [['DRIVER'], false, false],
    [['CUSTOMER'], false, false],
    [[], false, false],
    [['JANITOR'], false, false],
    [['TELEPHONIST', 'ACCOUNTS'], true, false],
    [['DISPATCHER', 'PRICING'], true, true],
  ])('%j: sees %s, edits %s', (roles, sees, edits) => {
    expect(canSeePrices(roles)).toBe(sees);
    expect(canEditPrices(roles)).toBe(edits);
  });

  it('whoever may edit prices may see them, for every single role', () => {
    for (const role of ROLES) if (canEditPrices([role])) expect(canSeePrices([role]), role).toBe(true);
  });
});

const job = (reference: string) => ({
  reference,
  status: 'delivered',
  customerCharge: 12.5,
  driverPrice: 8,
  carrierPrice: 0,
  carrierCustomsCharge: 0,
  carrierInsuranceCharge: 0,
  extrasCharge: 1.25,
  extrasBreakdown: [{ name: 'Toll', cost: 1, charge: 1.25 }],
  priceDetails: { charge: 12.5 },
  tasks: [{ id: 1, driverPay: 4, driverPayExtra: 0.5 }],
});

describe('redactPrices', () => {
  it('leaves out every price field at any depth, keeps the rest, and does not touch the original', () => {
    const booking = { reference: 'B0001', exVatPrice: 20, driverPrice: 8, priceDetails: {}, jobs: [job('B0001-1')] };
    const redacted = redactPrices(booking);
    expect(redacted).toEqual({
      reference: 'B0001',
      jobs: [{ reference: 'B0001-1', status: 'delivered', tasks: [{ id: 1 }] }],
    });
    expect(booking.exVatPrice).toBe(20);
    expect(booking.jobs[0]?.customerCharge).toBe(12.5);
  });

  it('leaves zero prices out too (absent, never 0 or null)', () => {
    expect(redactPrices({ customerCharge: 0, driverPay: null, id: 3 })).toEqual({ id: 3 });
  });

  it('passes lists, nulls and plain values through', () => {
    expect(redactPrices([{ customerCharge: 1, reference: 'A' }, null])).toEqual([{ reference: 'A' }, null]);
    expect(redactPrices(null)).toBeNull();
    expect(redactPrices('customerCharge')).toBe('customerCharge');
    expect(redactPrices(0)).toBe(0);
  });

  it('a redacted booking still matches the details schema (every price field is optional)', () => {
    const details = {
      id: 1,
      reference: 'B0001',
      companyId: 1,
      company: { id: 1, accountCode: null, name: 'A' },
      companyReferences: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      collectionTime: null,
      status: 'delivered',
      type: 'same_day',
      service: { id: 1, name: 'Bike', service: 'STANDARD', type: 'BIKE', serviceCode: 'SD' },
      vehicle: null,
      numberOfPackages: 1,
      weightOfPackages: 1,
      return: false,
      exVatPrice: 20,
      driverPrice: 8,
      priceDetails: {},
      jobs: [],
      user: null,
      staff: null,
      duration: null,
      distance: null,
      setCallId: null,
      packageType: null,
      packageSize: null,
      notes: '',
      goodsDescription: '',
    } satisfies BookingDetails;
    const redacted = bookingDetailsSchema.parse(redactPrices(details));
    for (const field of BOOKING_PRICE_FIELDS) expect(redacted).not.toHaveProperty(field);
  });
});

describe('the lists', () => {
  it('name every price field once, and know a price field by name', () => {
    expect(new Set(PRICE_FIELDS).size).toBe(PRICE_FIELDS.length);
    for (const field of [...BOOKING_PRICE_FIELDS, ...JOB_PRICE_FIELDS]) expect(isPriceField(field)).toBe(true);
    for (const field of ['reference', 'weightOfPackages', 'numberOfPackages', 'status'])
      expect(isPriceField(field)).toBe(false);
  });

  it('price filters are filters of the booking filter', () => {
    const priceKeys = Object.keys(bookingFilterShape).filter(isPriceFilterKey);
    expect(priceKeys.sort()).toEqual(
      ['carrierCostFrom', 'carrierCostTo', 'chargeFrom', 'chargeTo', 'driverPayFrom', 'driverPayTo'].sort(),
    );
  });
});

describe('priceFiltersUsed and sortsByPrice', () => {
  it('name the price bounds above 0, and know a price sort', () => {
    const filter = { chargeFrom: 5, driverPayTo: 0, weightFrom: 3, sortBy: 'driverPrice' } as const;
    expect(priceFiltersUsed(filter)).toEqual(['chargeFrom']);
    expect(sortsByPrice(filter)).toBe(true);
    expect(sortsByPrice({ sortBy: 'customerCharge' })).toBe(true);
    expect(sortsByPrice({ sortBy: 'exVatPrice' })).toBe(true);
  });

  it('are empty for bounds of 0, other filters and other sorts', () => {
    const filter = { chargeFrom: 0, carrierCostTo: 0, weightTo: 10, sortBy: 'weight' } as const;
    expect(priceFiltersUsed(filter)).toEqual([]);
    expect(sortsByPrice(filter)).toBe(false);
    expect(priceFiltersUsed({})).toEqual([]);
    expect(sortsByPrice({})).toBe(false);
  });

  it('a bound just above 0 counts', () => {
    expect(priceFiltersUsed({ carrierCostTo: 0.01 })).toEqual(['carrierCostTo']);
  });
});
