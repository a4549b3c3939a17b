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
 */
export async function bookingMargins(db: DbOrTx, filter: BookingFilter): Promise<MarginsResponse> {
  const result = await db.execute(sql`
    with selected as materialized (${selectedBookings(filter)}),
    job as materialized (select j.* from booking_jobs j where j.booking_id in (select id from selected))
    select
      (select count(*) from selected)::int as booking_count,
      (select count(*) from job)::int as job_count,
      (select coalesce(sum(customer_charge), 0) from job)::text as total_charges,
      (select coalesce(sum(driver_price), 0) from job)::text as total_pay,
      ((select coalesce(sum(charge), 0) from job_price_adjustments where job_id in (select id from job))
        + (select coalesce(sum(extras_charge), 0) from job))::text as total_adj_charges,
      (select coalesce(sum(cost), 0) from job_price_adjustments where job_id in (select id from job))::text as total_adj_costs,
      (select coalesce(sum(driver_pay_extra), 0) from booking_tasks where job_id in (select id from job))::text as total_adj_pay,
      (select coalesce(sum(extras_cost), 0) from job)::text as total_bonus_pay,
      (select coalesce(sum(carrier_customs_charge), 0) from job)::text as total_customs,
      (select coalesce(sum(carrier_price), 0) from job)::text as carrier_costs,
      (select coalesce(sum(carrier_insurance_charge), 0) from job)::text as carrier_insurance_costs
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
  const result = await db.execute(sql`
    with selected as materialized (${selectedBookings(options.filter, { omitTags: options.omitTags })})
    select tag, count(distinct j.booking_id)::int as count
    from booking_jobs j cross join lateral unnest(j.tags) as tag
    where j.booking_id in (select id from selected)
    group by tag
    union all
    select '*total*', (select count(*) from selected)::int
  `);
  const rows = rowsOf<{ tag: string; count: number | string }>(result);
  const countOf = new Map(rows.map((row) => [row.tag, numberFromNumeric(row.count) ?? 0]));
  return {
    total: countOf.get('*total*') ?? 0,
    counts: JOB_TAGS.map((tag: JobTag) => ({ tag, count: countOf.get(tag) ?? 0 })),
  };
}
