import { describe, expect, it } from 'vitest';
import {
  accountFieldNeeded,
  missingAccountFields,
  missingAccountInformation,
  type AccountBillingFacts,
} from './billing-basis.ts';

const complete = (): AccountBillingFacts => ({
  accountCode: 'ATL001',
  quantumAccountCode: 'Q10001',
  ledgerAccountCode: 'L12345',
  billingAddressName: 'Atlantic Freight Ltd',
  billingAddressLineOne: '12 Harbour Road',
  billingAddressCity: 'Galway',
  billingAddressCounty: 'Galway',
  billingAddressPostcode: 'H91 X2Y3',
  billingContactCount: 1,
  salesRepId: 7,
  vatNumber: 'IE1234567A',
  surchargeNameOne: 'Nationwide Overnight',
  surchargeNameTwo: 'International',
  surchargeNameThree: 'Ground',
  surchargeRateOne: '3.50',
  surchargeRateTwo: 5,
  surchargeRateThree: '2.25',
});

describe('missing information before Account billing (spec 1 §4)', () => {
  it('is empty when everything is present', () => {
    expect(missingAccountInformation(complete())).toEqual([]);
  });

  it('a rate of exactly zero counts as present', () => {
    expect(missingAccountInformation({ ...complete(), surchargeRateOne: 0, surchargeRateTwo: '0.00' })).toEqual([]);
  });

  it('lists everything, in order, when nothing is present', () => {
    const none: AccountBillingFacts = {
      accountCode: null,
      quantumAccountCode: '',
      ledgerAccountCode: null,
      billingAddressName: '  ',
      billingAddressLineOne: null,
      billingAddressCity: null,
      billingAddressCounty: null,
      billingAddressPostcode: null,
      billingContactCount: 0,
      salesRepId: null,
      vatNumber: null,
      surchargeNameOne: null,
      surchargeNameTwo: null,
      surchargeNameThree: null,
      surchargeRateOne: null,
      surchargeRateTwo: '',
      surchargeRateThree: null,
    };
    expect(missingAccountInformation(none)).toEqual([
      'Account code',
      'Accounting system (Quantum) account code',
      'Ledger account code',
      'Billing address name',
      'Billing address line one',
      'Billing address city',
      'Billing address county',
      'Billing address postcode',
      'At least one billing contact',
      'Sales rep',
      'VAT number',
      'Nationwide overnight surcharge name',
      'International surcharge name',
      'Ground surcharge name',
      'Nationwide overnight surcharge rate',
      'International surcharge rate',
      'Ground surcharge rate',
    ]);
  });

  it.each([
    ['accountCode', 'Account code'],
    ['billingAddressCounty', 'Billing address county'],
    ['vatNumber', 'VAT number'],
    ['surchargeNameThree', 'Ground surcharge name'],
  ] as const)('names exactly the one missing field %s', (field, label) => {
    expect(missingAccountInformation({ ...complete(), [field]: null })).toEqual([label]);
  });

  it('needs at least one billing contact and a sales rep', () => {
    expect(missingAccountInformation({ ...complete(), billingContactCount: 0, salesRepId: null })).toEqual([
      'At least one billing contact',
      'Sales rep',
    ]);
  });
});

describe('where each missing item is entered (issue 10: the 400 marks those fields)', () => {
  it('names the settings field of each missing item, so the form can mark it', () => {
    expect(
      missingAccountFields({
        ...complete(),
        accountCode: null,
        billingContactCount: 0,
        salesRepId: null,
        surchargeRateThree: '',
      }),
    ).toEqual([
      { label: 'Account code', field: 'company.accountCode' },
      { label: 'At least one billing contact', field: 'billingContacts' },
      { label: 'Sales rep', field: 'settings.salesRepId' },
      { label: 'Ground surcharge rate', field: 'extendedSettings.surchargeRateThree' },
    ]);
    expect(accountFieldNeeded('Account code')).toBe('Account code is needed for account billing.');
  });
});
