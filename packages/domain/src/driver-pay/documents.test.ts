import { describe, expect, it } from 'vitest';
import {
  driverDocumentDay,
  driverDocumentProblem,
  rentalInvoiceTotals,
  selfBillingTotals,
  type DriverDocumentFacts,
} from './documents.ts';

const facts = (values: Partial<DriverDocumentFacts> = {}): DriverDocumentFacts => ({
  driverName: 'Niamh Kelly',
  paySettingsSaved: true,
  vatRegistered: true,
  unflooredTotal: 100,
  rentals: 0,
  deductions: 0,
  ...values,
});

describe('driver documents (spec 2 §3 Document types)', () => {
  it('charges VAT at 23% on a self-billing invoice, the half cent rounded up', () => {
    expect(selfBillingTotals(53.5)).toEqual({ net: 53.5, vat: 12.31, gross: 65.81 });
    expect(selfBillingTotals(0.01)).toEqual({ net: 0.01, vat: 0, gross: 0.01 });
  });

  it('takes the VAT out of the rentals deducted, net and VAT adding up to the gross', () => {
    expect(rentalInvoiceTotals(10)).toEqual({ net: 8.13, vat: 1.87, gross: 10 });
    expect(rentalInvoiceTotals(12.3)).toEqual({ net: 10, vat: 2.3, gross: 12.3 });
  });

  it('allows an invoice above zero only, and a credit note below zero only: a total of exactly 0 gets neither', () => {
    expect(driverDocumentProblem('driver_invoice', facts({ unflooredTotal: 0.01 }))).toBeNull();
    expect(driverDocumentProblem('driver_invoice', facts({ unflooredTotal: 0 }))).toContain('nothing to invoice');
    expect(driverDocumentProblem('driver_credit', facts({ unflooredTotal: 0 }))).toContain('nothing to credit');
    expect(driverDocumentProblem('driver_credit', facts({ unflooredTotal: -0.01 }))).toBeNull();
    expect(driverDocumentProblem('driver_invoice', facts({ unflooredTotal: -5 }))).toContain(
      'issue a credit note instead',
    );
  });

  it('needs pay settings for everything but the proforma, and VAT registration for the invoice', () => {
    const none = facts({ paySettingsSaved: false, rentals: 5, deductions: 5 });
    expect(driverDocumentProblem('driver_proforma', none)).toBeNull();
    for (const type of ['driver_invoice', 'driver_credit', 'cyclone_invoice', 'contra'] as const)
      expect(driverDocumentProblem(type, none)).toMatch(/^Driver pay settings not found for Niamh Kelly/);
    expect(driverDocumentProblem('driver_invoice', facts({ vatRegistered: false }))).toContain('not VAT registered');
    expect(driverDocumentProblem('cyclone_invoice', facts({ rentals: 0, deductions: 20 }))).toContain(
      'no cargo or equipment rental',
    );
    expect(driverDocumentProblem('cyclone_invoice', facts({ rentals: 2 }))).toBeNull();
    expect(driverDocumentProblem('contra', facts({ deductions: 0 }))).toContain('no deductions');
  });

  it('dates a document the Monday after its week, or today while the week runs', () => {
    expect(driverDocumentDay('2026-10-18', '2026-11-30')).toBe('2026-10-19');
    expect(driverDocumentDay('2026-10-18', '2026-10-19')).toBe('2026-10-19');
    expect(driverDocumentDay('2026-10-18', '2026-10-16')).toBe('2026-10-16');
  });
});
