import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { numericNumber, numericZero } from '../columns.ts';
import { users } from './auth.ts';
import { tariffCodes } from './catalogue.ts';

/** Customer companies: every Company field of spec 1 §3. */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    accountCode: text('account_code'),
    quantumAccountCode: text('quantum_account_code'),
    tariffCode: integer('tariff_code').references(() => tariffCodes.id, { onDelete: 'set null' }),
    defaultPlaceId: text('default_place_id'),
    billingBasis: text('billing_basis', { enum: ['stripe', 'stripeCompany', 'account'] })
      .notNull()
      .default('stripeCompany'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastBooking: timestamp('last_booking', { withTimezone: true }),
    phone: text('phone'),
    accountBillingStarted: timestamp('account_billing_started', { withTimezone: true }),
    pricer: text('pricer'),
    stripeId: text('stripe_id'),
    active: boolean('active').notNull().default(true),
    billingEmail: text('billing_email'),
  },
  (t) => [
    index('companies_name_lower_idx').on(sql`lower(${t.name})`),
    index('companies_account_code_lower_idx').on(sql`lower(${t.accountCode})`),
    index('companies_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('companies_account_code_trgm_idx').using('gin', sql`lower(${t.accountCode}) gin_trgm_ops`),
  ],
);

/** Company settings of spec 1 §3 (one row per company). */
export const companySettings = pgTable('company_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  cycloneAllowBooking: boolean('cyclone_allow_booking').notNull().default(true),
  cycloneAllowTracking: boolean('cyclone_allow_tracking').notNull().default(true),
  referenceRequired: boolean('reference_required').notNull().default(false),
  cycloneDisplayPrice: boolean('cyclone_display_price').notNull().default(true),
  loyaltyDiscount: boolean('loyalty_discount').notNull().default(false),
  disableWaitingTime: boolean('disable_waiting_time').notNull().default(false),
  reviewAllBookings: boolean('review_all_bookings').notNull().default(false),
  salesRepId: integer('sales_rep_id').references(() => users.id, { onDelete: 'set null' }),
  cycloneSurchargeTier: text('cyclone_surcharge_tier').notNull().default('TIER_ZERO'),
  adminSurchargeTier: text('admin_surcharge_tier').notNull().default('TIER_ZERO'),
  parentBillingCompany: integer('parent_billing_company').references(() => companies.id, { onDelete: 'set null' }),
});

/** Extended settings of spec 1 §3, with the defaults of spec 1 §9. */
export const companyExtendedSettings = pgTable('company_extended_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  isDefault: boolean('is_default').notNull().default(true),
  smsUpdates: boolean('sms_updates').notNull().default(false),
  displayDropTime: boolean('display_drop_time').notNull().default(false),
  allowAddReference: boolean('allow_add_reference').notNull().default(true),
  internationalCutOff: text('international_cut_off'),
  specialCutOff: text('special_cut_off'),
  saturdayBookings: boolean('saturday_bookings').notNull().default(false),
  sundayBookings: boolean('sunday_bookings').notNull().default(false),
  ledgerAccountCode: text('ledger_account_code'),
  invoiceInterval: text('invoice_interval', { enum: ['W', 'M'] })
    .notNull()
    .default('M'),
  invoiceFormat: text('invoice_format').notNull().default('legacy'),
  onInvoiceFormat: text('on_invoice_format').notNull().default('new'),
  defaultVatCode: text('default_vat_code', { enum: ['STD', 'ZER'] })
    .notNull()
    .default('STD'),
  discountPercent: numericNumber('discount_percent', { precision: 5, scale: 2 }).notNull().default(numericZero),
  discountTwoPercent: numericNumber('discount_two_percent', { precision: 5, scale: 2 }).notNull().default(numericZero),
  surchargeNameOne: text('surcharge_name_one'),
  surchargeRateOne: numericNumber('surcharge_rate_one', { precision: 6, scale: 2 }),
  surchargeNameTwo: text('surcharge_name_two'),
  surchargeRateTwo: numericNumber('surcharge_rate_two', { precision: 6, scale: 2 }),
  surchargeNameThree: text('surcharge_name_three'),
  surchargeRateThree: numericNumber('surcharge_rate_three', { precision: 6, scale: 2 }),
  allowViewInvoices: boolean('allow_view_invoices').notNull().default(true),
  holdMessage: text('hold_message'),
  telephonistMessage: text('telephonist_message'),
  purchaseOrderNumber: text('purchase_order_number'),
  scratchPad: text('scratch_pad'),
  scratchPadAdminPanel: text('scratch_pad_admin_panel'),
  billingAddressName: text('billing_address_name'),
  billingAddressLineOne: text('billing_address_line_one'),
  billingAddressLineTwo: text('billing_address_line_two'),
  billingAddressLineThree: text('billing_address_line_three'),
  billingAddressCity: text('billing_address_city'),
  billingAddressCounty: text('billing_address_county'),
  billingAddressPostcode: text('billing_address_postcode'),
  billingAddressRegion: text('billing_address_region'),
  billingAddressCountry: text('billing_address_country').notNull().default('IE'),
  blockGreenSurcharge: boolean('block_green_surcharge').notNull().default(false),
  singleInvoice: boolean('single_invoice').notNull().default(true),
  invoiceDigitalCopy: boolean('invoice_digital_copy').notNull().default(true),
  invoiceBillingContacts: boolean('invoice_billing_contacts').notNull().default(false),
  creditControlCode: text('credit_control_code').notNull().default('AOIFE'),
  vatNumber: text('vat_number'),
});

export const billingContacts = pgTable(
  'billing_contacts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    groundInvoices: boolean('ground_invoices').notNull().default(true),
    overnightInvoices: boolean('overnight_invoices').notNull().default(true),
  },
  (t) => [index('billing_contacts_company_idx').on(t.companyId)],
);

/** Users of a customer company, as admin or staff. */
export const companyUsers = pgTable(
  'company_users',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] }), index('company_users_user_idx').on(t.userId)],
);
