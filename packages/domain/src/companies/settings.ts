import { z } from 'zod';
import { bodyId } from '../common/input.ts';
import { isCountryCode } from '../common/countries.ts';
import { hasAtMostDecimals } from '../common/typed-number.ts';
import {
  BILLING_BASES,
  CREDIT_CONTROL_CODES,
  INVOICE_FORMATS,
  INVOICE_INTERVALS,
  SURCHARGE_TIERS,
  VAT_CODES,
} from './billing.ts';
import { companySchema } from './schemas.ts';

// Company settings tab (spec 1 §2, §3, §5): what GET returns and what PUT accepts, with every limit.

const text = (label: string, max: number) =>
  z.string().max(max, `${label} can be at most ${max} characters.`).nullable();
const short = (label: string) => text(label, 100);
const address = (label: string) => text(label, 255);
const long = (label: string) => text(label, 1000);
// A value that is not a number (typed text, or nothing where a number is needed) is named in office words.
// Percents and rates are stored to 2 decimal places: more is refused, not silently rounded by the column.
const twoPlaces = (value: number) => hasAtMostDecimals(value, 2);
const percent = (label: string) =>
  z
    .number(`${label} must be a number.`)
    .min(0, `${label} cannot be below 0.`)
    .max(100, `${label} cannot be above 100.`)
    .refine(twoPlaces, `${label} has at most 2 decimal places.`);
const rate = (label: string) =>
  z
    .number(`${label} must be a number.`)
    .min(0, `${label} cannot be below 0.`)
    .max(1000, `${label} cannot be above 1000.`)
    .refine(twoPlaces, `${label} has at most 2 decimal places.`)
    .nullable();

/** accountCode and quantumAccountCode: 1 to 100 characters when set (spec 1 §5). */
const code = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} must be 1 to 100 characters.`)
    .max(100, `${label} must be 1 to 100 characters.`)
    .nullable();

export const companyEditSchema = z
  .object({
    name: z
      .string('Please enter the company name.')
      .trim()
      .min(1, 'Please enter the company name.')
      .max(255, 'The company name can be at most 255 characters.'),
    accountCode: code('The account code'),
    quantumAccountCode: code('The accounting system account code'),
    billingBasis: z.enum(BILLING_BASES),
    phone: text('The phone number', 100),
    pricer: short('The pricer'),
    active: z.boolean(),
    billingEmail: z
      .email('Please enter a valid billing email address.')
      .max(255, 'The billing email can be at most 255 characters.')
      .nullable(),
    tariffCode: bodyId('tariffCode', { min: 'Please choose a tariff code from the list.' }).nullable(),
    defaultPlaceId: z.string().min(1).max(64).nullable(),
  })
  .partial()
  .strict();
export type CompanyEdit = z.infer<typeof companyEditSchema>;

export const companySettingsSchema = z.object({
  cycloneAllowBooking: z.boolean(),
  cycloneAllowTracking: z.boolean(),
  referenceRequired: z.boolean(),
  cycloneDisplayPrice: z.boolean(),
  loyaltyDiscount: z.boolean(),
  disableWaitingTime: z.boolean(),
  reviewAllBookings: z.boolean(),
  salesRepId: bodyId('salesRepId', { min: 'Please choose a sales rep from the search.' }).nullable(),
  cycloneSurchargeTier: z.enum(SURCHARGE_TIERS),
  adminSurchargeTier: z.enum(SURCHARGE_TIERS),
  parentBillingCompany: bodyId('parentBillingCompany', {
    min: 'Please choose a parent billing company from the search.',
  }).nullable(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;
export const companySettingsEditSchema = companySettingsSchema.partial().strict();

export const extendedSettingsSchema = z.object({
  isDefault: z.boolean(),
  smsUpdates: z.boolean(),
  displayDropTime: z.boolean(),
  allowAddReference: z.boolean(),
  internationalCutOff: short('The international cut-off'),
  specialCutOff: short('The special cut-off'),
  saturdayBookings: z.boolean(),
  sundayBookings: z.boolean(),
  ledgerAccountCode: short('The ledger account code'),
  invoiceInterval: z.enum(INVOICE_INTERVALS),
  invoiceFormat: z.enum(INVOICE_FORMATS),
  onInvoiceFormat: z.enum(INVOICE_FORMATS),
  defaultVatCode: z.enum(VAT_CODES),
  discountPercent: percent('The discount'),
  discountTwoPercent: percent('The second discount'),
  surchargeNameOne: short('The nationwide overnight surcharge name'),
  surchargeRateOne: rate('The nationwide overnight surcharge rate'),
  surchargeNameTwo: short('The international surcharge name'),
  surchargeRateTwo: rate('The international surcharge rate'),
  surchargeNameThree: short('The ground surcharge name'),
  surchargeRateThree: rate('The ground surcharge rate'),
  allowViewInvoices: z.boolean(),
  holdMessage: long('The hold message'),
  telephonistMessage: long('The telephonist message'),
  purchaseOrderNumber: short('The purchase order number'),
  scratchPad: long('The scratch pad'),
  scratchPadAdminPanel: long('The internal notes'),
  billingAddressName: address('The billing address name'),
  billingAddressLineOne: address('Billing address line one'),
  billingAddressLineTwo: address('Billing address line two'),
  billingAddressLineThree: address('Billing address line three'),
  billingAddressCity: address('The billing city'),
  billingAddressCounty: address('The billing county'),
  billingAddressPostcode: address('The billing postcode'),
  billingAddressRegion: address('The billing region'),
  billingAddressCountry: z.string().max(255).refine(isCountryCode, 'Please choose a country from the list.'),
  blockGreenSurcharge: z.boolean(),
  singleInvoice: z.boolean(),
  invoiceDigitalCopy: z.boolean(),
  invoiceBillingContacts: z.boolean(),
  creditControlCode: z.enum(CREDIT_CONTROL_CODES),
  vatNumber: short('The VAT number'),
});
export type ExtendedSettings = z.infer<typeof extendedSettingsSchema>;
export const extendedSettingsEditSchema = extendedSettingsSchema.partial().strict();

export const billingContactSchema = z.object({
  name: z.string().max(100, 'A contact name can be at most 100 characters.').default(''),
  // An empty e-mail is allowed here: such a contact is simply not saved (spec 1 §5).
  email: z.union([z.literal(''), z.email('Please enter a valid email address for the billing contact.').max(255)]),
  phone: z.string().max(100, 'A contact phone can be at most 100 characters.').default(''),
  groundInvoices: z.boolean().default(true),
  overnightInvoices: z.boolean().default(true),
});
export type BillingContact = z.output<typeof billingContactSchema>;

export const MAX_BILLING_CONTACTS = 20;

/** PUT /api/company/{id}/settings. `changes` is the client's JSON text of what changed (spec 1 §7). */
export const settingsPutBodySchema = z
  .object({
    changes: z
      .string()
      .max(20_000, 'The changes text is too long.')
      .refine((value) => {
        try {
          JSON.parse(value);
          return true;
        } catch {
          return false;
        }
      }, 'changes must be JSON text.'),
    company: companyEditSchema.optional(),
    settings: companySettingsEditSchema.optional(),
    extendedSettings: extendedSettingsEditSchema.optional(),
    billingContacts: z
      .array(billingContactSchema)
      .max(MAX_BILLING_CONTACTS, `A company can have at most ${MAX_BILLING_CONTACTS} billing contacts.`)
      .optional(),
  })
  .strict();
export type SettingsPutBody = z.input<typeof settingsPutBodySchema>;

export const settingsResponseSchema = z.object({
  company: companySchema,
  settings: companySettingsSchema,
  extendedSettings: extendedSettingsSchema,
  billingContacts: z.array(
    billingContactSchema.extend({
      name: z.string(),
      phone: z.string(),
      groundInvoices: z.boolean(),
      overnightInvoices: z.boolean(),
    }),
  ),
  /** Names for the ids above, so the tab shows them without more calls. */
  salesRep: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  parentCompany: z.object({ id: z.number().int(), name: z.string(), accountCode: z.string().nullable() }).nullable(),
  defaultPlace: z.object({ placeId: z.string(), name: z.string(), address: z.string() }).nullable(),
  /** The tariff codes the company may be given. */
  tariffCodes: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

export const settingsHistorySchema = z.array(
  z.object({
    id: z.number().int(),
    field: z.string(),
    before: z.unknown(),
    after: z.unknown(),
    createdAt: z.string(),
    userName: z.string().nullable(),
  }),
);
export type SettingsHistory = z.infer<typeof settingsHistorySchema>;

/**
 * Billing contacts as saved (spec 1 §5): a contact with an empty e-mail is dropped; a missing name or
 * phone is an empty string.
 */
export function contactsToSave(contacts: readonly z.input<typeof billingContactSchema>[]): BillingContact[] {
  return contacts
    .filter((contact) => contact.email.trim() !== '')
    .map((contact) => ({
      name: contact.name?.trim() ?? '',
      email: contact.email.trim(),
      phone: contact.phone?.trim() ?? '',
      groundInvoices: contact.groundInvoices ?? true,
      overnightInvoices: contact.overnightInvoices ?? true,
    }));
}
