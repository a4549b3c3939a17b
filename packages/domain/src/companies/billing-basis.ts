// The billing-basis change to Account (spec 1 §4): refused while any of these is missing.

export interface AccountBillingFacts {
  accountCode: string | null;
  quantumAccountCode: string | null;
  ledgerAccountCode: string | null;
  billingAddressName: string | null;
  billingAddressLineOne: string | null;
  billingAddressCity: string | null;
  billingAddressCounty: string | null;
  billingAddressPostcode: string | null;
  billingContactCount: number;
  salesRepId: number | null;
  vatNumber: string | null;
  surchargeNameOne: string | null;
  surchargeNameTwo: string | null;
  surchargeNameThree: string | null;
  surchargeRateOne: number | string | null;
  surchargeRateTwo: number | string | null;
  surchargeRateThree: number | string | null;
}

const filled = (value: string | null) => value !== null && value.trim() !== '';
const hasRate = (value: number | string | null) => value !== null && value !== '' && Number.isFinite(Number(value));

/** What is missing before a company may bill by Account, in the order the dialog lists it; empty when complete. */
export function missingAccountInformation(facts: AccountBillingFacts): string[] {
  const missing: string[] = [];
  if (!filled(facts.accountCode)) missing.push('Account code');
  if (!filled(facts.quantumAccountCode)) missing.push('Accounting system (Quantum) account code');
  if (!filled(facts.ledgerAccountCode)) missing.push('Ledger account code');
  if (!filled(facts.billingAddressName)) missing.push('Billing address name');
  if (!filled(facts.billingAddressLineOne)) missing.push('Billing address line one');
  if (!filled(facts.billingAddressCity)) missing.push('Billing address city');
  if (!filled(facts.billingAddressCounty)) missing.push('Billing address county');
  if (!filled(facts.billingAddressPostcode)) missing.push('Billing address postcode');
  if (facts.billingContactCount < 1) missing.push('At least one billing contact');
  if (facts.salesRepId === null) missing.push('Sales rep');
  if (!filled(facts.vatNumber)) missing.push('VAT number');
  if (!filled(facts.surchargeNameOne)) missing.push('Nationwide overnight surcharge name');
  if (!filled(facts.surchargeNameTwo)) missing.push('International surcharge name');
  if (!filled(facts.surchargeNameThree)) missing.push('Ground surcharge name');
  if (!hasRate(facts.surchargeRateOne)) missing.push('Nationwide overnight surcharge rate');
  if (!hasRate(facts.surchargeRateTwo)) missing.push('International surcharge rate');
  if (!hasRate(facts.surchargeRateThree)) missing.push('Ground surcharge rate');
  return missing;
}

export const MISSING_INFORMATION_TITLE = 'Missing Information';
export const CHANGE_TO_ACCOUNT_QUESTION = 'Are you sure you want to change the billing basis to Account?';
