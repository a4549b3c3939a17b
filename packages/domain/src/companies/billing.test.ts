import { describe, expect, it } from 'vitest';
import { EXTENDED_SETTINGS_DEFAULTS, DEFAULT_BILLING_BASIS, billingBasisLabel, surchargeAmount } from './billing.ts';

describe('surcharge tiers (spec 1 §9)', () => {
  it.each([
    ['TIER_ZERO', 0, 0],
    ['TIER_ONE', 2, 5],
    ['TIER_TWO', 3, 10],
    ['TIER_THREE', 5, 15],
  ])('%s is €%i cyclone and €%i admin', (tier, cyclone, admin) => {
    expect(surchargeAmount('cyclone', tier)).toBe(cyclone);
    expect(surchargeAmount('admin', tier)).toBe(admin);
  });

  it.each([['TIER_FOUR'], ['tier_one'], [''], [null], [undefined], ['toString'], ['__proto__']])(
    'an unknown tier %j falls back to 0',
    (tier) => {
      expect(surchargeAmount('cyclone', tier)).toBe(0);
      expect(surchargeAmount('admin', tier)).toBe(0);
    },
  );
});

describe('billing basis', () => {
  it('tags account billing ACCOUNT, company pay-as-you-go PAYG and card users CARD', () => {
    expect(billingBasisLabel('account')).toBe('ACCOUNT');
    expect(billingBasisLabel('stripeCompany')).toBe('PAYG');
    expect(billingBasisLabel('stripe')).toBe('CARD');
  });

  it('defaults to PAYG, VAT STD, monthly legacy invoices, new overnight format, the first credit control code, Ireland', () => {
    expect(billingBasisLabel(DEFAULT_BILLING_BASIS)).toBe('PAYG');
    expect(EXTENDED_SETTINGS_DEFAULTS).toEqual({
      defaultVatCode: 'STD',
      invoiceInterval: 'M',
      invoiceFormat: 'legacy',
      onInvoiceFormat: 'new',
      creditControlCode: 'AOIFE',
      billingAddressCountry: 'IE',
    });
  });
});
