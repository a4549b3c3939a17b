import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOOKING_PRICE_INPUTS,
  JOB_PRICE_INPUTS,
  acceptsPriceKey,
  nextCell,
  priceInputText,
  priceUpdateBody,
  readPriceInput,
  type PendingCell,
} from './pending-changes.ts';
import { pricingUpdateBodySchema } from './price-review-schemas.ts';

describe('price cell keys (spec 2 §5)', () => {
  it('accepts digits, the decimal point, backspace, delete and the moving keys, and refuses letters', () => {
    for (const key of ['0', '9', '.', 'Backspace', 'Delete', 'Enter', 'Tab', 'ArrowUp', 'Escape'])
      expect(acceptsPriceKey(key, { withModifier: false }), key).toBe(true);
    for (const key of ['a', 'e', '-', '+', ',', ' ', '€'])
      expect(acceptsPriceKey(key, { withModifier: false }), key).toBe(false);
  });

  it('lets shortcuts (paste, copy) through', () => {
    expect(acceptsPriceKey('v', { withModifier: true })).toBe(true);
  });
});

describe('reading a price cell', () => {
  it('reads amounts to the cent and refuses a third decimal, text and an empty cell with the field named', () => {
    expect(readPriceInput('customerCharge', '12.5')).toEqual({ ok: true, value: 12.5 });
    expect(readPriceInput('driverPay', '.75')).toEqual({ ok: true, value: 0.75 });
    expect(readPriceInput('customerCharge', '12.345')).toEqual({
      ok: false,
      message: 'Charge is an amount in euro with at most 2 decimal places.',
    });
    expect(readPriceInput('driverPay', 'abc')).toMatchObject({ ok: false });
    expect(readPriceInput('carrierPrice', '  ')).toEqual({ ok: false, message: 'Carrier cost is required.' });
  });

  it('keeps amounts within the limits of the save', () => {
    expect(readPriceInput('customerCharge', '999999')).toEqual({ ok: true, value: 999_999 });
    expect(readPriceInput('customerCharge', '1000000')).toEqual({
      ok: false,
      message: 'Charge must be at most €999,999.00.',
    });
    expect(readPriceInput('weight', '100000')).toEqual({ ok: false, message: 'Weight must be at most 99999 kg.' });
  });

  it('reads a package count as a whole number from 1', () => {
    expect(readPriceInput('numberOfPackages', '3')).toEqual({ ok: true, value: 3 });
    expect(readPriceInput('numberOfPackages', '0')).toEqual({ ok: false, message: 'Packages must be at least 1.' });
    expect(readPriceInput('numberOfPackages', '2.5')).toEqual({
      ok: false,
      message: 'Packages must be a whole number.',
    });
  });

  it('reads a chosen tariff or account as its id', () => {
    expect(readPriceInput('tariffId', '42')).toEqual({ ok: true, value: 42 });
    expect(readPriceInput('companyId', '')).toEqual({ ok: false, message: 'Choose the account from the list.' });
    expect(readPriceInput('tariffId', '2147483648')).toMatchObject({ ok: false });
  });

  it('starts a cell from the stored value', () => {
    expect(priceInputText('customerCharge', 7.5)).toBe('7.50');
    expect(priceInputText('numberOfPackages', 4)).toBe('4');
  });
});

describe('the body of a save (PUT /api/pricing/update)', () => {
  const jobs = [
    { jobId: 11, reference: 'BK1-1', version: 3, bookingId: 1 },
    { jobId: 21, reference: 'BK2-1', version: 1, bookingId: 2 },
    { jobId: 22, reference: 'BK2-2', version: 5, bookingId: 2 },
  ];
  const bookings = new Map([
    [1, 'BK1'],
    [2, 'BK2'],
  ]);

  it("sends one change per job with its version, and a booking's weight with each of its jobs", () => {
    const result = priceUpdateBody(
      [
        { kind: 'job', jobId: 11, input: 'customerCharge', text: '40.00' },
        { kind: 'job', jobId: 11, input: 'driverPay', text: '15' },
        { kind: 'booking', bookingId: 2, input: 'weight', text: '7.25' },
        { kind: 'job', jobId: 22, input: 'driverPay', text: '9.99' },
        { kind: 'job', jobId: 22, input: 'tariffId', text: '7', label: 'RAPC' },
        { kind: 'booking', bookingId: 1, input: 'companyId', text: '31', label: 'ACME01' },
      ],
      jobs,
      bookings,
    );
    expect(result).toEqual({
      ok: true,
      body: [
        { jobId: 11, version: 3, customerCharge: 40, driverPay: 15, companyId: 31 },
        { jobId: 21, version: 1, weight: 7.25 },
        { jobId: 22, version: 5, weight: 7.25, driverPay: 9.99, tariffId: 7 },
      ],
    });
  });

  it('sends nothing while a cell cannot be read, naming each such cell', () => {
    const result = priceUpdateBody(
      [
        { kind: 'job', jobId: 11, input: 'customerCharge', text: '40.00' },
        { kind: 'job', jobId: 21, input: 'driverPay', text: '' },
        { kind: 'booking', bookingId: 2, input: 'numberOfPackages', text: '0' },
      ],
      jobs,
      bookings,
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        { reference: 'BK2-1', input: 'driverPay', message: 'Driver pay is required.' },
        { reference: 'BK2', input: 'numberOfPackages', message: 'Packages must be at least 1.' },
      ],
    });
  });
});

describe('every body a page can build is one the API accepts', () => {
  // The page sends what priceUpdateBody builds without parsing it (the booking list loads no zod):
  // here any cells a user could type, read or not, give either problems or a body the schema takes.
  const jobs = [
    { jobId: 11, reference: 'BK1-1', version: 1, bookingId: 1 },
    { jobId: 12, reference: 'BK1-2', version: 2_147_483_647, bookingId: 1 },
    { jobId: 21, reference: 'BK2-1', version: 40, bookingId: 2 },
  ];
  const references = new Map([
    [1, 'BK1'],
    [2, 'BK2'],
  ]);
  const typed = fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: 1_100_000 }).map(String), weight: 4 },
    fc.string({ unit: fc.constantFrom(...'0123456789.'), maxLength: 9 }),
    fc.constantFrom(
      '0',
      '0.01',
      '999999',
      '999999.99',
      '1000000',
      '99999.999',
      '9999',
      '10000',
      '2147483647',
      '2147483648',
    ),
    fc.double({ min: 0, max: 2_000_000, noNaN: true }).map(String),
    fc.string({ maxLength: 6 }),
  );
  const cell: fc.Arbitrary<PendingCell> = fc.oneof(
    fc.record({
      kind: fc.constant('job' as const),
      jobId: fc.constantFrom(11, 12, 21),
      input: fc.constantFrom(...JOB_PRICE_INPUTS, 'tariffId' as const),
      text: typed,
    }),
    fc.record({
      kind: fc.constant('booking' as const),
      bookingId: fc.constantFrom(1, 2),
      input: fc.constantFrom(...BOOKING_PRICE_INPUTS, 'companyId' as const),
      text: typed,
    }),
  );

  it('for any cells typed', () => {
    let bodies = 0;
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 5 }), (cells) => {
        const built = priceUpdateBody(cells, jobs, references);
        if (!built.ok || built.body.length === 0) return;
        bodies += 1;
        expect(pricingUpdateBodySchema.safeParse(built.body).error?.issues ?? []).toEqual([]);
      }),
      { numRuns: 3_000 },
    );
    expect(bodies).toBeGreaterThan(200);
  });
});

describe('keyboard moves between price inputs (spec 2 §5)', () => {
  // Three rows: 2 inputs, none (a row that cannot be edited), 3 inputs.
  const columns = [2, 0, 3];
  const columnsOf = (row: number) => columns[row] ?? 0;

  it('moves on in reading order, skipping rows without inputs, and wraps from the last to the first', () => {
    expect(nextCell({ row: 0, column: 0 }, 'next', 3, columnsOf)).toEqual({ row: 0, column: 1 });
    expect(nextCell({ row: 0, column: 1 }, 'next', 3, columnsOf)).toEqual({ row: 2, column: 0 });
    expect(nextCell({ row: 2, column: 2 }, 'next', 3, columnsOf)).toEqual({ row: 0, column: 0 });
    expect(nextCell({ row: 0, column: 0 }, 'previous', 3, columnsOf)).toEqual({ row: 2, column: 2 });
  });

  it('keeps the column going up and down, as far as the row has inputs', () => {
    expect(nextCell({ row: 2, column: 2 }, 'up', 3, columnsOf)).toEqual({ row: 0, column: 1 });
    expect(nextCell({ row: 0, column: 1 }, 'down', 3, columnsOf)).toEqual({ row: 2, column: 1 });
    expect(nextCell({ row: 2, column: 0 }, 'down', 3, columnsOf)).toEqual({ row: 0, column: 0 });
  });

  it('has nowhere to go on a page without inputs', () => {
    expect(nextCell({ row: 0, column: 0 }, 'next', 2, () => 0)).toBeNull();
    expect(nextCell({ row: 0, column: 0 }, 'next', 0, columnsOf)).toBeNull();
  });
});
