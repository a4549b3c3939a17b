import { sql, type SQL } from 'drizzle-orm';
import { bookingStatusLabel } from '@courier/domain/bookings/enums';
import type { DbOrTx } from '../../../db/client.ts';
import {
  cells,
  dayAfter,
  dayStart,
  dublinMinute,
  moneyText,
  monthFirst,
  reportTable,
  selectCells,
  type ReportTable,
} from './report-sql.ts';

/** Jobs that count as work done for a customer: not quotes, not cancelled. */
const CHARGEABLE_JOB = sql`j.status not in ('quote', 'cancelled')`;
/** A user's full name, or their e-mail when the name is blank. */
const userName = (alias: string) => {
  const user = sql.raw(alias);
  return sql`coalesce(nullif(trim(${user}.first_name || ' ' || ${user}.last_name), ''), ${user}.email)`;
};

/**
 * Minimum Charge (to `end`): chargeable jobs booked from the first of the month of `end` up to and
 * including `end` whose customer charge is below `minimumCharge`, with the shortfall.
 */
/** Where the minimum charge report's columns hold the job's status. */
const STATUS_COLUMN = 4;

export async function minimumChargeReport(
  tx: DbOrTx,
  { end, minimumCharge }: { end: string; minimumCharge: number },
): Promise<ReportTable> {
  const minimum = sql`${String(minimumCharge)}::numeric(12, 2)`;
  const columns: SQL[] = [
    dublinMinute(sql`b.created_at`),
    sql`j.reference`,
    sql`coalesce(c.account_code, '')`,
    sql`c.name`,
    sql`j.status`, // STATUS_COLUMN
    moneyText(sql`j.customer_charge`),
    moneyText(minimum),
    moneyText(sql`${minimum} - j.customer_charge`),
  ];
  const rows = await selectCells(
    tx,
    sql`select ${cells(columns)}
      from booking_jobs j
      join bookings b on b.id = j.booking_id
      join companies c on c.id = b.company_id
      where b.created_at >= ${dayStart(monthFirst(end))} and b.created_at < ${dayAfter(end)}
        and ${CHARGEABLE_JOB} and j.customer_charge < ${minimum}
      order by b.created_at, j.reference`,
    columns.length,
  );
  // The status as the booking list shows it (Delivered), not its stored name.
  const labelled = rows.map((row) =>
    row.map((cell, index) => (index === STATUS_COLUMN ? bookingStatusLabel(cell) : cell)),
  );
  return reportTable(
    [
      'Booked',
      'Job Reference',
      'Account Code',
      'Company',
      'Job Status',
      'Customer Charge',
      'Minimum Charge',
      'Shortfall',
    ],
    labelled,
  );
}

/**
 * Sales Rep (`start` to `end`, booking days): per sales rep (the company setting) and company, the
 * bookings and chargeable jobs booked, their job charges and price adjustments, and revenue (both).
 * Each rep's companies are followed by the rep's total, and the last row totals all reps. Companies
 * without a rep are under '(no sales rep)'.
 */
export async function salesRepReport(tx: DbOrTx, { start, end }: { start: string; end: string }): Promise<ReportTable> {
  const columns: SQL[] = [
    sql`case when grouping(r.rep_id) = 1 then 'All sales reps' else r.rep end`,
    sql`case when grouping(r.company_id) = 1 then '' else coalesce(r.account_code, '') end`,
    sql`case when grouping(r.rep_id) = 1 then '' when grouping(r.company_id) = 1 then 'Total for ' || r.rep else r.company end`,
    sql`count(distinct r.booking_id)::text`,
    sql`count(r.job_id)::text`,
    moneyText(sql`sum(r.charge)`),
    moneyText(sql`sum(r.adjustments)`),
    moneyText(sql`sum(r.charge + r.adjustments)`),
    sql`(grouping(r.rep_id) + grouping(r.company_id))::text`,
  ];
  const result = await selectCells(
    tx,
    sql`with rows as (
        select coalesce(u.id, 0) as rep_id, coalesce(${userName('u')}, '(no sales rep)') as rep,
          c.id as company_id, c.account_code, c.name as company,
          b.id as booking_id, j.id as job_id, j.customer_charge as charge, coalesce(a.total, 0) as adjustments
        from bookings b
        join booking_jobs j on j.booking_id = b.id
        join companies c on c.id = b.company_id
        left join company_settings s on s.company_id = c.id
        left join users u on u.id = s.sales_rep_id
        left join lateral (select sum(charge) as total from job_price_adjustments where job_id = j.id) a on true
        where b.created_at >= ${dayStart(start)} and b.created_at < ${dayAfter(end)} and ${CHARGEABLE_JOB}
      )
      select ${cells(columns)}
      from rows r
      group by grouping sets ((r.rep_id, r.rep, r.company_id, r.account_code, r.company), (r.rep_id, r.rep), ())
      order by grouping(r.rep_id), lower(r.rep), r.rep_id, grouping(r.company_id), lower(r.company), r.company_id`,
    columns.length,
  );
  const width = columns.length - 1;
  return {
    header: ['Sales Rep', 'Account Code', 'Company', 'Bookings', 'Jobs', 'Job Charges', 'Adjustments', 'Revenue'],
    lines: result.map((row) => row.slice(0, width)),
    rowCount: result.filter((row) => row[width] === '0').length,
  };
}

/**
 * A to Z Approval (`start` to `end`, approval days): every price review approved (spec 2 §4, the
 * audit row POST /api/pricing/review/approve writes), with who approved it, the review and its reason,
 * and the job's prices as they are now.
 */
export async function aToZApprovalReport(
  tx: DbOrTx,
  { start, end }: { start: string; end: string },
): Promise<ReportTable> {
  const columns: SQL[] = [
    dublinMinute(sql`l.created_at`),
    sql`coalesce(${userName('u')}, '')`,
    sql`case l.field when 'needsSameDayReview' then 'Same day' when 'needsCarrierReview' then 'Carrier' else coalesce(l.field, '') end`,
    sql`coalesce(l.before ->> 'reason', '')`,
    sql`j.reference`,
    sql`coalesce(c.account_code, '')`,
    sql`c.name`,
    moneyText(sql`j.customer_charge`),
    moneyText(sql`j.driver_price`),
    moneyText(sql`j.carrier_price`),
    sql`coalesce(p.identifier, '')`,
  ];
  const rows = await selectCells(
    tx,
    sql`select ${cells(columns)}
      from audit_log l
      join booking_jobs j on j.id::text = l.entity_id
      join bookings b on b.id = j.booking_id
      join companies c on c.id = b.company_id
      left join users u on u.id = l.user_id
      left join invoice_periods p on p.id = j.invoice_period_id
      where l.entity_type = 'job' and l.action = 'approve'
        and l.created_at >= ${dayStart(start)} and l.created_at < ${dayAfter(end)}
      order by l.created_at, l.id`,
    columns.length,
  );
  return reportTable(
    [
      'Approved',
      'Approved By',
      'Review',
      'Reason',
      'Job Reference',
      'Account Code',
      'Company',
      'Customer Charge',
      'Driver Price',
      'Carrier Price',
      'Invoice Period',
    ],
    rows,
  );
}
