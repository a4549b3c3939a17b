import { BILLING_BASES, billingBasisLabel, type BillingBasis } from './billing.ts';
import { pricerLabel } from './pricer.ts';
import type { CompanyEdit, CompanySettings, ExtendedSettings } from './settings.ts';

/**
 * What office staff call each company setting: the settings history names a change by these, never
 * by its key ('extendedSettings.smsUpdates'). The settings tab's own labels are shorter where a
 * column heading gives the context ('City' under Billing address); here each stands alone.
 */
export const SETTINGS_FIELD_LABELS: {
  company: Record<keyof CompanyEdit, string>;
  settings: Record<keyof CompanySettings, string>;
  extendedSettings: Record<keyof ExtendedSettings, string>;
} = {
  company: {
    name: 'Company name',
    accountCode: 'Account code',
    quantumAccountCode: 'Accounting system (Quantum) account code',
    billingBasis: 'Billing basis',
    phone: 'Phone',
    pricer: 'Pricer',
    active: 'Active',
    billingEmail: 'Billing email',
    tariffCode: 'Tariff code',
    defaultPlaceId: 'Default address',
  },
  settings: {
    cycloneAllowBooking: 'Allow booking',
    cycloneAllowTracking: 'Allow tracking',
    referenceRequired: 'Reference required',
    cycloneDisplayPrice: 'Display price to customer',
    loyaltyDiscount: 'Loyalty discount',
    disableWaitingTime: 'Disable waiting time',
    reviewAllBookings: 'Review all bookings',
    salesRepId: 'Sales rep',
    cycloneSurchargeTier: 'Telephone surcharge tier',
    adminSurchargeTier: 'Admin surcharge tier',
    parentBillingCompany: 'Parent billing company',
  },
  extendedSettings: {
    isDefault: 'Default settings',
    smsUpdates: 'SMS updates',
    displayDropTime: 'Display drop time',
    allowAddReference: 'Customer may add references',
    internationalCutOff: 'International cut-off',
    specialCutOff: 'Special cut-off',
    saturdayBookings: 'Saturday bookings',
    sundayBookings: 'Sunday bookings',
    ledgerAccountCode: 'Ledger account code',
    invoiceInterval: 'Invoice interval',
    invoiceFormat: 'Invoice format',
    onInvoiceFormat: 'Overnight invoice format',
    defaultVatCode: 'Default VAT code',
    discountPercent: 'Discount',
    discountTwoPercent: 'Second discount',
    surchargeNameOne: 'Nationwide overnight surcharge name',
    surchargeRateOne: 'Nationwide overnight surcharge rate',
    surchargeNameTwo: 'International surcharge name',
    surchargeRateTwo: 'International surcharge rate',
    surchargeNameThree: 'Ground surcharge name',
    surchargeRateThree: 'Ground surcharge rate',
    allowViewInvoices: 'Customer may view invoices',
    holdMessage: 'Hold message',
    telephonistMessage: 'Telephonist message',
    purchaseOrderNumber: 'Purchase order number',
    scratchPad: 'Scratch pad',
    scratchPadAdminPanel: 'Internal notes',
    billingAddressName: 'Billing address name',
    billingAddressLineOne: 'Billing address line one',
    billingAddressLineTwo: 'Billing address line two',
    billingAddressLineThree: 'Billing address line three',
    billingAddressCity: 'Billing address city',
    billingAddressCounty: 'Billing address county',
    billingAddressPostcode: 'Billing address postcode',
    billingAddressRegion: 'Billing address region',
    billingAddressCountry: 'Billing address country',
    blockGreenSurcharge: 'Block green surcharge',
    singleInvoice: 'Single invoice (ground and overnight together)',
    invoiceDigitalCopy: 'Digital copy of invoices',
    invoiceBillingContacts: 'Send invoices to billing contacts',
    creditControlCode: 'Credit control code',
    vatNumber: 'VAT number',
  },
};

/** The label of a settings history field ('extendedSettings.smsUpdates' → 'SMS updates'). */
export function settingsFieldLabel(field: string): string {
  if (field === 'billingContacts') return 'Billing contacts';
  const [section, key] = field.split('.', 2) as [string, string | undefined];
  const labels = (SETTINGS_FIELD_LABELS as Record<string, Record<string, string> | undefined>)[section];
  return (key !== undefined && labels?.[key]) || field;
}

/** A settings value as a person reads it: Yes/No, '–' for nothing, billing contacts by name or email. */
export function settingsValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value))
    return (
      value
        .map((item: unknown) =>
          item && typeof item === 'object' && 'email' in item
            ? String((item as { name?: unknown }).name || (item as { email: unknown }).email)
            : settingsValueText(item),
        )
        .join(', ') || '–'
    );
  return JSON.stringify(value);
}

/** The words of coded values, by field: billing basis as in lists (PAYG, ACCOUNT), pricers, intervals and formats spelt out. */
const VALUE_WORDS: Record<string, (value: string) => string | undefined> = {
  'company.billingBasis': (value) =>
    (BILLING_BASES as readonly string[]).includes(value) ? billingBasisLabel(value as BillingBasis) : undefined,
  'company.pricer': pricerLabel,
  'extendedSettings.invoiceInterval': (value) => ({ W: 'Weekly', M: 'Monthly' })[value],
  'extendedSettings.invoiceFormat': (value) => ({ legacy: 'Legacy', new: 'New' })[value],
  'extendedSettings.onInvoiceFormat': (value) => ({ legacy: 'Legacy', new: 'New' })[value],
};

/** One side (before or after) of a settings history row, as a person reads it. */
export function settingsChangeText(field: string, value: unknown): string {
  const words = typeof value === 'string' ? VALUE_WORDS[field]?.(value) : undefined;
  return words ?? settingsValueText(value);
}
