import { sql, type SQL } from 'drizzle-orm';
import { CREDIT_CONTROL_CODES, EXTENDED_SETTINGS_DEFAULTS } from '@courier/domain/companies/billing';
import { INACTIVE_COMPANY_DAYS } from '@courier/domain/invoicing/reports';
import type { DbOrTx } from '../../../db/client.ts';
import { cells, dayAfter, dublinDay, selectCells, yesNo, reportTable, type ReportTable } from './report-sql.ts';

const billingBasis = sql`case c.billing_basis when 'account' then 'ACCOUNT' when 'stripeCompany' then 'PAYG' else 'CARD' end`;

/**
 * Inactive Companies (as at `end`): active companies that existed by then and took no booking in the
 * INACTIVE_COMPANY_DAYS days up to and including it, longest idle first, with their last booking
 * before the date (none: never booked).
 */
export async function inactiveCompaniesReport(tx: DbOrTx, { end }: { end: string }): Promise<ReportTable> {
  // The first instant of the window: INACTIVE_COMPANY_DAYS Dublin days, `end` the last of them.
  const windowStart = sql`((${end}::date - ${INACTIVE_COMPANY_DAYS - 1}::int)::timestamp at time zone 'Europe/Dublin')`;
  const columns: SQL[] = [
    sql`coalesce(c.account_code, '')`,
    sql`c.name`,
    billingBasis,
    dublinDay(sql`c.created_at`),
    dublinDay(sql`lb.last_booking`),
    sql`coalesce(((${end}::date) - (lb.last_booking at time zone 'Europe/Dublin')::date)::text, '')`,
  ];
  const rows = await selectCells(
    tx,
    sql`select ${cells(columns)}
      from companies c
      left join lateral (
        select max(b.created_at) as last_booking from bookings b
        where b.company_id = c.id and b.created_at < ${dayAfter(end)}
      ) lb on true
      where c.active and c.created_at < ${dayAfter(end)}
        and (lb.last_booking is null or lb.last_booking < ${windowStart})
      order by lb.last_booking asc nulls first, lower(c.name), c.id`,
    columns.length,
  );
  return reportTable(
    [
      'Account Code',
      'Company',
      'Billing Basis',
      'Company Created',
      `Last Booking (none in the ${INACTIVE_COMPANY_DAYS} days to ${end})`,
      'Days Since Last Booking',
    ],
    rows,
  );
}

/** An invoice setting, how it reads, and when it differs from the default (an exception). */
interface SettingColumn {
  label: string;
  value: SQL;
  exception?: SQL;
}

const D = EXTENDED_SETTINGS_DEFAULTS;
const SETTING_COLUMNS: SettingColumn[] = [
  {
    label: 'Invoice Interval',
    value: sql`case e.invoice_interval when 'W' then 'Weekly' else 'Monthly' end`,
    exception: sql`e.invoice_interval <> ${D.invoiceInterval}`,
  },
  { label: 'Invoice Format', value: sql`e.invoice_format`, exception: sql`e.invoice_format <> ${D.invoiceFormat}` },
  {
    label: 'Overnight Invoice Format',
    value: sql`e.on_invoice_format`,
    exception: sql`e.on_invoice_format <> ${D.onInvoiceFormat}`,
  },
  { label: 'VAT Code', value: sql`e.default_vat_code`, exception: sql`e.default_vat_code <> ${D.defaultVatCode}` },
  { label: 'Discount %', value: sql`e.discount_percent::text`, exception: sql`e.discount_percent <> 0` },
  { label: 'Discount Two %', value: sql`e.discount_two_percent::text`, exception: sql`e.discount_two_percent <> 0` },
  { label: 'Single Invoice', value: yesNo(sql`e.single_invoice`), exception: sql`not e.single_invoice` },
  { label: 'Digital Copy', value: yesNo(sql`e.invoice_digital_copy`), exception: sql`not e.invoice_digital_copy` },
  {
    label: 'Invoice Billing Contacts',
    value: yesNo(sql`e.invoice_billing_contacts`),
    exception: sql`e.invoice_billing_contacts`,
  },
  { label: 'Allow View Invoices', value: yesNo(sql`e.allow_view_invoices`), exception: sql`not e.allow_view_invoices` },
  {
    label: 'Block Green Surcharge',
    value: yesNo(sql`e.block_green_surcharge`),
    exception: sql`e.block_green_surcharge`,
  },
  {
    label: 'Credit Control Code',
    value: sql`e.credit_control_code`,
    exception: sql`e.credit_control_code <> ${CREDIT_CONTROL_CODES[0]}`,
  },
  { label: 'Ledger Account Code', value: sql`coalesce(e.ledger_account_code, '')` },
  { label: 'Nationwide Overnight Surcharge', value: sql`coalesce(e.surcharge_name_one, '')` },
  { label: 'Nationwide Overnight Rate', value: sql`coalesce(e.surcharge_rate_one::text, '')` },
  { label: 'International Surcharge', value: sql`coalesce(e.surcharge_name_two, '')` },
  { label: 'International Rate', value: sql`coalesce(e.surcharge_rate_two::text, '')` },
  { label: 'Ground Surcharge', value: sql`coalesce(e.surcharge_name_three, '')` },
  { label: 'Ground Rate', value: sql`coalesce(e.surcharge_rate_three::text, '')` },
  { label: 'Purchase Order Number', value: sql`coalesce(e.purchase_order_number, '')` },
  { label: 'VAT Number', value: sql`coalesce(e.vat_number, '')` },
  { label: 'Billing Email', value: sql`coalesce(c.billing_email, '')` },
];

/**
 * Company Settings (spec 1 §2): every account company's invoice settings, with the settings that
 * differ from the defaults (spec 1 §9) named under Exceptions; `exceptionsOnly` keeps only the
 * companies with at least one.
 */
export async function companySettingsReport(
  tx: DbOrTx,
  { exceptionsOnly }: { exceptionsOnly: boolean },
): Promise<ReportTable> {
  const exceptions = sql`concat_ws('; ', ${sql.join(
    SETTING_COLUMNS.filter((column) => column.exception).map(
      (column) => sql`case when ${column.exception} then ${column.label}::text end`,
    ),
    sql`, `,
  )})`;
  const columns: SQL[] = [
    sql`coalesce(c.account_code, '')`,
    sql`c.name`,
    sql`s.exceptions`,
    ...SETTING_COLUMNS.map((column) => column.value),
  ];
  const rows = await selectCells(
    tx,
    sql`select ${cells(columns)}
      from companies c
      join company_extended_settings e on e.company_id = c.id
      cross join lateral (select ${exceptions} as exceptions) s
      where c.billing_basis = 'account' ${exceptionsOnly ? sql`and s.exceptions <> ''` : sql``}
      order by lower(c.name), c.id`,
    columns.length,
  );
  return reportTable(['Account Code', 'Company', 'Exceptions', ...SETTING_COLUMNS.map((column) => column.label)], rows);
}

/**
 * Companies Blocked: companies that may not book (bookings blocked in their settings) or are
 * inactive, with the hold message staff see.
 */
export async function companiesBlockedReport(tx: DbOrTx): Promise<ReportTable> {
  const columns: SQL[] = [
    sql`coalesce(c.account_code, '')`,
    sql`c.name`,
    billingBasis,
    sql`case when s.cyclone_allow_booking then 'Allowed' else 'Blocked' end`,
    sql`case when c.active then 'Active' else 'Inactive' end`,
    sql`coalesce(e.hold_message, '')`,
    sql`coalesce(e.telephonist_message, '')`,
    dublinDay(sql`c.last_booking`),
    sql`coalesce(c.billing_email, '')`,
  ];
  const rows = await selectCells(
    tx,
    sql`select ${cells(columns)}
      from companies c
      join company_settings s on s.company_id = c.id
      left join company_extended_settings e on e.company_id = c.id
      where not s.cyclone_allow_booking or not c.active
      order by lower(c.name), c.id`,
    columns.length,
  );
  return reportTable(
    [
      'Account Code',
      'Company',
      'Billing Basis',
      'Bookings',
      'Company Status',
      'Hold Message',
      'Telephonist Message',
      'Last Booking',
      'Billing Email',
    ],
    rows,
  );
}
