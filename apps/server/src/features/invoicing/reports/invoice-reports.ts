import { sql, type SQL } from 'drizzle-orm';
import { addMonthsToDay } from '@courier/domain/common/calendar-days';
import type { DbOrTx } from '../../../db/client.ts';
import {
  cells,
  dublinDay,
  dublinMinute,
  moneyText,
  monthFirst,
  monthLast,
  selectCells,
  reportTable,
  type ReportTable,
} from './report-sql.ts';

/** Periods whose invoices are issued: numbered (FINALISED) or sent (INVOICED). */
const ISSUED = sql`p.status in ('FINALISED', 'INVOICED')`;
const periodStatus = sql`case p.status when 'ACTIVE' then 'Active' when 'IN_REVIEW' then 'Ready to send'
  when 'FINALISED' then 'Finalised' when 'INVOICED' then 'Invoiced' else p.status end`;

/**
 * Invoice Summary (for the month of `endDate`): every period ending in that month, its jobs and
 * Additionals (price adjustments charged in it) with their totals and the period's status, and a
 * total row.
 */
export async function invoiceSummaryReport(tx: DbOrTx, { endDate }: { endDate: string }): Promise<ReportTable> {
  const columns: SQL[] = [
    sql`p.identifier`,
    sql`coalesce(c.account_code, '')`,
    sql`c.name`,
    sql`case e.invoice_interval when 'W' then 'Weekly' else 'Monthly' end`,
    periodStatus,
    sql`p.start::text`,
    sql`p."end"::text`,
    sql`coalesce(j.count, 0)::text`,
    moneyText(sql`j.total`),
    sql`coalesce(a.count, 0)::text`,
    moneyText(sql`a.total`),
    moneyText(sql`coalesce(j.total, 0) + coalesce(a.total, 0)`),
    sql`array_to_string(p.invoice_numbers, ' ')`,
    // The month's totals on every row (window sums in SQL); the total row is read from the first.
    sql`(sum(coalesce(j.count, 0)) over ())::text`,
    moneyText(sql`sum(j.total) over ()`),
    sql`(sum(coalesce(a.count, 0)) over ())::text`,
    moneyText(sql`sum(a.total) over ()`),
    moneyText(sql`sum(coalesce(j.total, 0) + coalesce(a.total, 0)) over ()`),
  ];
  const result = await selectCells(
    tx,
    sql`select ${cells(columns)}
      from invoice_periods p
      join companies c on c.id = p.company_id
      left join company_extended_settings e on e.company_id = c.id
      left join lateral (
        select count(*) as count, sum(customer_charge) as total from booking_jobs where invoice_period_id = p.id
      ) j on true
      left join lateral (
        select count(*) as count, sum(charge) as total from job_price_adjustments where invoice_period_id = p.id
      ) a on true
      where p."end" between ${monthFirst(endDate)} and ${monthLast(endDate)}
      order by lower(c.name), c.id, p.start, p.id`,
    columns.length,
  );
  const totals = result[0]?.slice(13) ?? ['0', '0.00', '0', '0.00', '0.00'];
  return reportTable(
    [
      'Identifier',
      'Account Code',
      'Company',
      'Interval',
      'Status',
      'Start',
      'End',
      'Jobs',
      'Jobs Total',
      'Additionals',
      'Additionals Total',
      'Total',
      'Invoice Numbers',
    ],
    result.map((row) => row.slice(0, 13)),
    [['Total', '', '', '', '', '', '', ...totals, '']],
  );
}

/**
 * Invoice Turnover Trends: what was invoiced (jobs plus Additionals of FINALISED and INVOICED periods,
 * ex VAT) per company in each of the 12 months up to and including the month of `asAt`, by the month
 * the period ends, with a total per company and a row for all companies.
 */
export async function invoiceTurnoverReport(tx: DbOrTx, { asAt }: { asAt: string }): Promise<ReportTable> {
  const lastMonth = `${asAt.slice(0, 7)}-01`;
  const months = Array.from({ length: 12 }, (_, index) => addMonthsToDay(lastMonth, index - 11));
  const columns: SQL[] = [
    sql`case when grouping(c.id) = 1 then 'All companies' else coalesce(c.account_code, '') end`,
    sql`case when grouping(c.id) = 1 then '' else c.name end`,
    ...months.map((month) => moneyText(sql`sum(t.total) filter (where t.month = ${month}::date)`)),
    moneyText(sql`sum(t.total)`),
    sql`grouping(c.id)::text`,
  ];
  const result = await selectCells(
    tx,
    sql`with period_totals as (
        select p.company_id, date_trunc('month', p."end")::date as month,
          coalesce((select sum(customer_charge) from booking_jobs where invoice_period_id = p.id), 0)
          + coalesce((select sum(charge) from job_price_adjustments where invoice_period_id = p.id), 0) as total
        from invoice_periods p
        where ${ISSUED} and p."end" between ${months[0]}::date and ${monthLast(lastMonth)}
      )
      select ${cells(columns)}
      from period_totals t join companies c on c.id = t.company_id
      group by grouping sets ((c.id, c.account_code, c.name), ())
      order by grouping(c.id), lower(c.name), c.id`,
    columns.length,
  );
  const width = columns.length - 1;
  return reportTable(
    ['Account Code', 'Company', ...months.map((month) => month.slice(0, 7)), 'Total'],
    result.filter((row) => row[width] === '0').map((row) => row.slice(0, width)),
    result.filter((row) => row[width] === '1').map((row) => row.slice(0, width)),
  );
}

/**
 * Invoiced Customs (for the month of `end`): jobs with customs charges (the carrier's customs charge,
 * or CUSTOMS_ADMIN_FEE / CUSTOMS_EXCISE_DUTIES adjustments charged in the same period) in periods
 * invoiced that month: by their invoice date (finalised), or their end when that is not recorded.
 */
export async function invoicedCustomsReport(tx: DbOrTx, { end }: { end: string }): Promise<ReportTable> {
  const columns: SQL[] = [
    sql`p.identifier`,
    sql`array_to_string(p.invoice_numbers, ' ')`,
    dublinDay(sql`p.finalised_at`),
    sql`coalesce(c.account_code, '')`,
    sql`c.name`,
    sql`j.reference`,
    dublinMinute(sql`b.created_at`),
    sql`coalesce(cr.name, '')`,
    moneyText(sql`j.carrier_customs_charge`),
    moneyText(sql`ca.total`),
    moneyText(sql`j.carrier_customs_charge + coalesce(ca.total, 0)`),
    moneyText(sql`j.customer_charge`),
    moneyText(sql`sum(j.carrier_customs_charge) over ()`),
    moneyText(sql`sum(ca.total) over ()`),
    moneyText(sql`sum(j.carrier_customs_charge + coalesce(ca.total, 0)) over ()`),
    moneyText(sql`sum(j.customer_charge) over ()`),
  ];
  const result = await selectCells(
    tx,
    sql`select ${cells(columns)}
      from invoice_periods p
      join companies c on c.id = p.company_id
      join booking_jobs j on j.invoice_period_id = p.id
      join bookings b on b.id = j.booking_id
      left join carriers cr on cr.id = j.carrier_id
      left join lateral (
        select sum(a.charge) as total from job_price_adjustments a
        where a.job_id = j.id and a.invoice_period_id = p.id
          and a.type in ('CUSTOMS_ADMIN_FEE', 'CUSTOMS_EXCISE_DUTIES')
      ) ca on true
      where ${ISSUED}
        and coalesce((p.finalised_at at time zone 'Europe/Dublin')::date, p."end")
          between ${monthFirst(end)} and ${monthLast(end)}
        and (j.carrier_customs_charge > 0 or ca.total > 0)
      order by lower(c.name), c.id, p.identifier, j.reference`,
    columns.length,
  );
  const totals = result[0]?.slice(12) ?? ['0.00', '0.00', '0.00', '0.00'];
  return reportTable(
    [
      'Period',
      'Invoice Numbers',
      'Invoice Date',
      'Account Code',
      'Company',
      'Job Reference',
      'Booked',
      'Carrier',
      'Carrier Customs Charge',
      'Customs Adjustments',
      'Customs Total',
      'Customer Charge',
    ],
    result.map((row) => row.slice(0, 12)),
    [['Total', '', '', '', '', '', '', '', ...totals]],
  );
}
