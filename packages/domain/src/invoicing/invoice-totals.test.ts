import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addMoney, toCents } from '../common/money.ts';
import {
  hasCharges,
  invoiceTotals,
  invoiceTypesFor,
  invoiceTypesToIssue,
  isOnInvoice,
  type InvoiceCharges,
} from './invoice-totals.ts';

const plain: InvoiceCharges = { discountPercent: 0, discountTwoPercent: 0, surcharges: {}, vatCode: 'STD' };

describe('invoice totals', () => {
  it('adds 23% standard VAT to the lines, rounded half up at the cent', () => {
    // 10.05 × 23% = 2.3115 → 2.31; 0.50 × 23% = 0.115 → 0.12 (half away from zero)
    expect(invoiceTotals([{ kind: 'ground', amount: '10.05' }], plain)).toMatchObject({
      subtotal: 10.05,
      net: 10.05,
      vatRate: 23,
      vat: 2.31,
      total: 12.36,
    });
    expect(invoiceTotals([{ kind: 'ground', amount: '0.50' }], plain)).toMatchObject({ vat: 0.12, total: 0.62 });
  });

  it('charges no VAT under ZER', () => {
    expect(invoiceTotals([{ kind: 'overnight', amount: 99.99 }], { ...plain, vatCode: 'ZER' })).toMatchObject({
      vat: 0,
      total: 99.99,
    });
  });

  it('sums many small lines exactly (no float drift)', () => {
    const lines = Array.from({ length: 1000 }, () => ({ kind: 'ground' as const, amount: '0.10' }));
    expect(invoiceTotals(lines, { ...plain, vatCode: 'ZER' }).total).toBe(100);
  });

  it('takes the second discount from what the first leaves', () => {
    // 200.00 less 10% = 180.00, less 5% of 180.00 = 9.00 → 171.00; VAT 39.33 → 210.33
    const totals = invoiceTotals([{ kind: 'ground', amount: 200 }], {
      ...plain,
      discountPercent: 10,
      discountTwoPercent: 5,
    });
    expect(totals).toMatchObject({ discount: 20, discountTwo: 9, net: 171, vat: 39.33, total: 210.33 });
  });

  it('applies each surcharge to the discounted work of its own kind, by name and rate', () => {
    const totals = invoiceTotals(
      [
        { kind: 'ground', amount: 100 },
        { kind: 'overnight', amount: 50 },
        { kind: 'international', amount: 20 },
      ],
      {
        ...plain,
        discountPercent: 10,
        surcharges: {
          ground: { name: 'Fuel', ratePercent: 3 },
          overnight: { name: 'Nationwide', ratePercent: 12.5 },
          international: { name: 'International', ratePercent: 0 },
        },
      },
    );
    // ground 90.00 × 3% = 2.70; overnight 45.00 × 12.5% = 5.625 → 5.63; a zero rate is left off
    expect(totals.surcharges).toEqual([
      { kind: 'ground', name: 'Fuel', ratePercent: 3, base: 90, amount: 2.7 },
      { kind: 'overnight', name: 'Nationwide', ratePercent: 12.5, base: 45, amount: 5.63 },
    ]);
    expect(totals.net).toBe(161.33); // 153.00 + 2.70 + 5.63
    expect(totals.total).toBe(198.44); // VAT 37.11
  });

  it('adds no surcharge to an adjustment not marked to carry one', () => {
    const totals = invoiceTotals(
      [
        { kind: 'ground', amount: 100 },
        { kind: 'ground', amount: 40, surchargeable: false },
      ],
      { ...plain, vatCode: 'ZER', surcharges: { ground: { name: 'Fuel', ratePercent: 10 } } },
    );
    expect(totals).toMatchObject({ subtotal: 140, net: 150, total: 150 });
    expect(totals.surcharges[0]).toMatchObject({ base: 100, amount: 10 });
  });

  it('lets a credit adjustment reduce the invoice', () => {
    expect(
      invoiceTotals(
        [
          { kind: 'ground', amount: '25.00' },
          { kind: 'ground', amount: '-5.00' },
        ],
        plain,
      ),
    ).toMatchObject({ subtotal: 20, vat: 4.6, total: 24.6 });
  });

  it('rounds a half-cent discount away from zero: 10% of 123.45 is 12.35', () => {
    // 12.345 → 12.35; 111.10 × 23% = 25.553 → 25.55
    expect(invoiceTotals([{ kind: 'ground', amount: '123.45' }], { ...plain, discountPercent: 10 })).toMatchObject({
      subtotal: 123.45,
      discount: 12.35,
      net: 111.1,
      vat: 25.55,
      total: 136.65,
    });
    // The second discount too: 5% of 157.50 = 7.875 → 7.88
    expect(
      invoiceTotals([{ kind: 'ground', amount: '175.00' }], { ...plain, discountPercent: 10, discountTwoPercent: 5 }),
    ).toMatchObject({ discount: 17.5, discountTwo: 7.88, net: 149.62 });
  });

  it('rounds the half cents of credits away from zero too, as the mirror of a charge', () => {
    // A €10.00 job and a €10.50 credit: -0.50, VAT -0.115 → -0.12 (a charge of 0.50 has VAT 0.12)
    expect(
      invoiceTotals(
        [
          { kind: 'ground', amount: '10.00' },
          { kind: 'ground', amount: '-10.50' },
        ],
        plain,
      ),
    ).toMatchObject({ subtotal: -0.5, vat: -0.12, total: -0.62 });
    // A credit-only invoice with a discount: 10% of -123.45 = -12.345 → -12.35
    expect(invoiceTotals([{ kind: 'ground', amount: '-123.45' }], { ...plain, discountPercent: 10 })).toMatchObject({
      discount: -12.35,
      net: -111.1,
      vat: -25.55,
      total: -136.65,
    });
    // A surcharged credit: 1% of -0.50 = -0.005 → -0.01
    const surcharged = invoiceTotals([{ kind: 'ground', amount: '-0.50' }], {
      ...plain,
      vatCode: 'ZER',
      surcharges: { ground: { name: 'Fuel', ratePercent: 1 } },
    });
    expect(surcharged.surcharges).toEqual([
      { kind: 'ground', name: 'Fuel', ratePercent: 1, base: -0.5, amount: -0.01 },
    ]);
    expect(surcharged.total).toBe(-0.51);
  });

  it('credits the exact mirror of what the same lines charge, whatever the rates', () => {
    const amount = fc.integer({ min: 0, max: 500_000 }).map((cents) => (cents / 100).toFixed(2));
    const line = fc.record({
      kind: fc.constantFrom('ground', 'overnight', 'international' as const),
      amount,
      surchargeable: fc.boolean(),
    });
    const percent = fc.integer({ min: 0, max: 5000 }).map((hundredths) => hundredths / 100);
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), percent, percent, percent, (lines, one, two, rate) => {
        const charges: InvoiceCharges = {
          discountPercent: one,
          discountTwoPercent: two,
          surcharges: { ground: { name: 'G', ratePercent: rate }, international: { name: 'I', ratePercent: rate } },
          vatCode: 'STD',
        };
        const charged = invoiceTotals(lines, charges);
        const credited = invoiceTotals(
          lines.map((l) => ({ ...l, amount: `-${l.amount}` })),
          charges,
        );
        const negated = (value: number) => (value === 0 ? 0 : -value);
        expect(credited).toEqual({
          ...charged,
          subtotal: negated(charged.subtotal),
          discount: negated(charged.discount),
          discountTwo: negated(charged.discountTwo),
          surcharges: charged.surcharges.map((s) => ({ ...s, base: negated(s.base), amount: negated(s.amount) })),
          net: negated(charged.net),
          vat: negated(charged.vat),
          total: negated(charged.total),
        });
      }),
    );
  });

  it('total is always net plus VAT and net is subtotal less discounts plus surcharges, to the cent', () => {
    const amount = fc.integer({ min: -50_000, max: 500_000 }).map((cents) => (cents / 100).toFixed(2));
    const line = fc.record({ kind: fc.constantFrom('ground', 'overnight', 'international' as const), amount });
    const percent = fc.integer({ min: 0, max: 5000 }).map((hundredths) => hundredths / 100);
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 40 }),
        percent,
        percent,
        percent,
        fc.constantFrom('STD' as const, 'ZER' as const),
        (lines, discountPercent, discountTwoPercent, rate, vatCode) => {
          const totals = invoiceTotals(lines, {
            discountPercent,
            discountTwoPercent,
            surcharges: { ground: { name: 'G', ratePercent: rate }, overnight: { name: 'O', ratePercent: rate } },
            vatCode,
          });
          const cents = (euro: number) => toCents(euro);
          expect(cents(totals.subtotal)).toBe(addMoney(...lines.map((l) => toCents(l.amount))));
          expect(cents(totals.net)).toBe(
            cents(totals.subtotal) -
              cents(totals.discount) -
              cents(totals.discountTwo) +
              addMoney(...totals.surcharges.map((s) => cents(s.amount))),
          );
          expect(cents(totals.total)).toBe(cents(totals.net) + cents(totals.vat));
        },
      ),
    );
  });
});

describe('which invoices a period gets', () => {
  it('is one invoice, or ground and overnight when singleInvoice is off', () => {
    expect(invoiceTypesFor(true)).toEqual(['single']);
    expect(invoiceTypesFor(false)).toEqual(['ground', 'overnight']);
  });

  it('puts international work on the overnight invoice and everything on a single one', () => {
    expect(isOnInvoice('international', 'overnight')).toBe(true);
    expect(isOnInvoice('international', 'ground')).toBe(false);
    expect(isOnInvoice('ground', 'ground')).toBe(true);
    expect(isOnInvoice('ground', 'overnight')).toBe(false);
    expect(isOnInvoice('overnight', 'single')).toBe(true);
  });

  it('has nothing to charge when jobs and adjustments total zero', () => {
    expect(hasCharges([])).toBe(false);
    expect(
      hasCharges([
        { kind: 'ground', amount: '10.00' },
        { kind: 'ground', amount: '-10.00' },
      ]),
    ).toBe(false);
    expect(hasCharges([{ kind: 'ground', amount: '0.01' }])).toBe(true);
  });

  it('issues only the types with something to charge, none for a period with nothing charged', () => {
    const overnightOnly = [
      { kind: 'ground', amount: '0.00' },
      { kind: 'international', amount: '12.50' },
    ] as const;
    expect(invoiceTypesToIssue(false, overnightOnly)).toEqual(['overnight']);
    expect(invoiceTypesToIssue(true, overnightOnly)).toEqual(['single']);
    expect(
      invoiceTypesToIssue(false, [
        { kind: 'ground', amount: '5.00' },
        { kind: 'overnight', amount: '7.00' },
      ]),
    ).toEqual(['ground', 'overnight']);
    expect(invoiceTypesToIssue(false, [])).toEqual([]);
    expect(invoiceTypesToIssue(true, [{ kind: 'ground', amount: '0.00' }])).toEqual([]);
    // A credit that cancels the work leaves nothing to charge.
    expect(
      invoiceTypesToIssue(true, [
        { kind: 'overnight', amount: '20.00' },
        { kind: 'overnight', amount: '-20.00' },
      ]),
    ).toEqual([]);
  });
});
