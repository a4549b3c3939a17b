import { sql } from 'drizzle-orm';
import { JOB_TAGS, type JobTag } from '@courier/domain/bookings/enums';
import { summariseMargins, type MarginReportTotals } from '@courier/domain/bookings/margins';
import type { BookingFilter, MarginsResponse, TagCounts } from '@courier/domain/bookings/schemas';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { numberFromNumeric } from '../../db/columns.ts';
import { bookings } from '../../db/schema/index.ts';
import { bookingFilterCondition } from './filters.ts';

/** The ids of the bookings a filter selects, as a subquery. */
function selectedBookings(filter: BookingFilter, options: { omitTags?: boolean } = {}) {
  const where = bookingFilterCondition(filter, options);
  return sql`select ${bookings.id} from ${bookings}${where ? sql` where ${where}` : sql``}`;
}

/**
 * GET /api/bookings/margins: the margin report totals of spec 2 §3, every sum in SQL over the jobs
 * of the selected bookings, then the summary and percentages of spec 2 §9 (packages/domain).
 *
 * One pass over the selected jobs for all their sums, and one each over their adjustments and their
 * tasks with extra pay, every one a plain semi-join on the filter, which the planner sizes (a hash join
 * over all the jobs for a wide filter, index lookups for a narrow one). It had materialised the
 * selected bookings and every column of their jobs, then read that ten times over: 13-17 s for the
 * booking list's first open at 500,000 bookings, which its rows wait for (issue 10); now ~1.5 s.
 * Extra pay is never negative (a check), so the tasks without any are left out of its sum.
 */
export async function bookingMargins(db: DbOrTx, filter: BookingFilter): Promise<MarginsResponse> {
  const result = await db.execute(sql`
    select
      (select count(*) from (${selectedBookings(filter)}) as counted)::int as booking_count,
      job.job_count,
      job.total_charges::text,
      job.total_pay::text,
      (adjustment.charge + job.extras_charge)::text as total_adj_charges,
      adjustment.cost::text as total_adj_costs,
      task.pay_extra::text as total_adj_pay,
      job.total_bonus_pay::text,
      job.total_customs::text,
      job.carrier_costs::text,
      job.carrier_insurance_costs::text
    from (
      select count(*)::int as job_count,
        coalesce(sum(j.customer_charge), 0) as total_charges,
        coalesce(sum(j.driver_price), 0) as total_pay,
        coalesce(sum(j.extras_charge), 0) as extras_charge,
        coalesce(sum(j.extras_cost), 0) as total_bonus_pay,
        coalesce(sum(j.carrier_customs_charge), 0) as total_customs,
        coalesce(sum(j.carrier_price), 0) as carrier_costs,
        coalesce(sum(j.carrier_insurance_charge), 0) as carrier_insurance_costs
      from booking_jobs j
      where j.booking_id in (${selectedBookings(filter)})
    ) job,
    (
      select coalesce(sum(a.charge), 0) as charge, coalesce(sum(a.cost), 0) as cost
      from job_price_adjustments a
      join booking_jobs j on j.id = a.job_id
      where j.booking_id in (${selectedBookings(filter)})
    ) adjustment,
    (
      select coalesce(sum(t.driver_pay_extra), 0) as pay_extra
      from booking_tasks t
      join booking_jobs j on j.id = t.job_id
      where t.driver_pay_extra <> 0 and j.booking_id in (${selectedBookings(filter)})
    ) task
  `);
  const [row] = rowsOf<Record<string, string | number>>(result);
  const n = (key: string) => numberFromNumeric(row?.[key]) ?? 0;
  const totals: MarginReportTotals = {
    totalCharges: n('total_charges'),
    totalPay: n('total_pay'),
    totalAdjCharges: n('total_adj_charges'),
    totalAdjCosts: n('total_adj_costs'),
    totalAdjPay: n('total_adj_pay'),
    totalBonusPay: n('total_bonus_pay'),
    totalCustoms: n('total_customs'),
    carrierCosts: n('carrier_costs'),
    carrierInsuranceCosts: n('carrier_insurance_costs'),
  };
  return { bookingCount: n('booking_count'), jobCount: n('job_count'), totals, summary: summariseMargins(totals) };
}

/**
 * POST /api/bookings/tagged: how many of the selected bookings carry each job tag (a booking counts
 * once per tag however many of its jobs carry it). The tag picker asks without its own tag filter.
 */
export async function countBookingsByTag(
  db: DbOrTx,
  options: { filter: BookingFilter; omitTags: boolean },
): Promise<TagCounts> {
  // The filter twice, as plain subqueries the planner sizes: materialised once and shared, it had
  // hidden how many bookings it selects, and a wide filter was read through the jobs' index one
  // booking at a time (4-5 s at 500,000 bookings; ~1.5 s as a hash join).
  const selected = () => selectedBookings(options.filter, { omitTags: options.omitTags });
  const result = await db.execute(sql`
    select tag, count(distinct j.booking_id)::int as count
    from booking_jobs j cross join lateral unnest(j.tags) as tag
    where j.booking_id in (${selected()})
    group by tag
    union all
    select '*total*', (select count(*) from (${selected()}) as counted)::int
  `);
  const rows = rowsOf<{ tag: string; count: number | string }>(result);
  const countOf = new Map(rows.map((row) => [row.tag, numberFromNumeric(row.count) ?? 0]));
  return {
    total: countOf.get('*total*') ?? 0,
    counts: JOB_TAGS.map((tag: JobTag) => ({ tag, count: countOf.get(tag) ?? 0 })),
  };
}
