// The billing-basis change to Account (spec 1 §4): refused while any of these is missing.
import { settingsFieldLabel } from './settings-labels.ts';

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

const text = (value: string | null) => !filled(value);
const rate = (value: number | string | null) => !hasRate(value);

/**
 * What account billing needs, in the order the message lists it: the settings field each is entered
 * in (its label from settings-labels.ts) and when it is missing.
 */
const ACCOUNT_REQUIREMENTS: [field: string, missing: (facts: AccountBillingFacts) => boolean][] = [
  ['company.accountCode', (f) => text(f.accountCode)],
  ['company.quantumAccountCode', (f) => text(f.quantumAccountCode)],
  ['extendedSettings.ledgerAccountCode', (f) => text(f.ledgerAccountCode)],
  ['extendedSettings.billingAddressName', (f) => text(f.billingAddressName)],
  ['extendedSettings.billingAddressLineOne', (f) => text(f.billingAddressLineOne)],
  ['extendedSettings.billingAddressCity', (f) => text(f.billingAddressCity)],
  ['extendedSettings.billingAddressCounty', (f) => text(f.billingAddressCounty)],
  ['extendedSettings.billingAddressPostcode', (f) => text(f.billingAddressPostcode)],
  ['billingContacts', (f) => f.billingContactCount < 1],
  ['settings.salesRepId', (f) => f.salesRepId === null],
  ['extendedSettings.vatNumber', (f) => text(f.vatNumber)],
  ['extendedSettings.surchargeNameOne', (f) => text(f.surchargeNameOne)],
  ['extendedSettings.surchargeNameTwo', (f) => text(f.surchargeNameTwo)],
  ['extendedSettings.surchargeNameThree', (f) => text(f.surchargeNameThree)],
  ['extendedSettings.surchargeRateOne', (f) => rate(f.surchargeRateOne)],
  ['extendedSettings.surchargeRateTwo', (f) => rate(f.surchargeRateTwo)],
  ['extendedSettings.surchargeRateThree', (f) => rate(f.surchargeRateThree)],
];
const requirementLabel = (field: string) =>
  field === 'billingContacts' ? 'At least one billing contact' : settingsFieldLabel(field);

/** What account billing lacks, each with the settings field ('company.accountCode', 'billingContacts', ...) it is entered in. */
export function missingAccountFields(facts: AccountBillingFacts): { label: string; field: string }[] {
  return ACCOUNT_REQUIREMENTS.filter(([, missing]) => missing(facts)).map(([field]) => ({
    label: requirementLabel(field),
    field,
  }));
}

/** The names of what account billing lacks, for the Missing Information message. */
export function missingAccountInformation(facts: AccountBillingFacts): string[] {
  return missingAccountFields(facts).map((missing) => missing.label);
}

/** The message beside one field that account billing needs. */
export const accountFieldNeeded = (label: string) => `${label} is needed for account billing.`;

export const MISSING_INFORMATION_TITLE = 'Missing Information';
export const CHANGE_TO_ACCOUNT_QUESTION = 'Are you sure you want to change the billing basis to Account?';
