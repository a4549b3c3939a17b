import { asc, eq, sql } from 'drizzle-orm';
import { dublinToday } from '@courier/domain/common/calendar-days';
import { computePayPeriod, NO_PAY_SETTINGS, type PayAdjustmentAmount } from '@courier/domain/driver-pay/formulas';
import { PAY_WEEKS_LISTED, recentPayWeeks } from '@courier/domain/driver-pay/pay-weeks';
import type { PayPeriodStatus } from '@courier/domain/driver-pay/schemas';
import type { DbOrTx } from '../client.ts';
import { driverPaySettings, drivers, payAdjustments, payPeriods } from '../schema/index.ts';
import { Random } from './random.ts';

// Demo driver pay (issue 13): the six weeks the pay screen lists, built from the demo drivers'
// completed tasks: this week ACTIVE, last week IN_REVIEW, the week before PENDING_PAYMENT and the
// three before PAID. Base pay and days worked are summed in SQL; every other amount is the domain's
// computePayPeriod over the drivers' pay settings, with a few manual additions and deductions (one
// week of deductions larger than the pay, so a credit note shows). The tasks' pay status follows
// their week's period, as finalising would have left it. Its own random stream.

const statusOfWeek = (index: number): PayPeriodStatus =>
  index === 0 ? 'ACTIVE' : index === 1 ? 'IN_REVIEW' : index === 2 ? 'PENDING_PAYMENT' : 'PAID';

const ADDITIONS = ['Sunday cover', 'Training day', 'Long-distance run to Galway', 'Referral bonus'] as const;
const DEDUCTIONS = ['Fuel card top-up', 'Lost docket scanner', 'Uniform replacement', 'Parking fine'] as const;

export async function seedDriverPay(db: DbOrTx, options: { now: Date; seed: number }): Promise<void> {
  const random = new Random(options.seed);
  const weeks = recentPayWeeks(dublinToday(options.now), PAY_WEEKS_LISTED);
  const windows = weeks.map(
    (week, index) => sql`(${week.start}::date, ${week.end}::date, ${statusOfWeek(index)}::text)`,
  );

  // One period per driver and week with a completed task: base pay = task pay plus extras; days
  // worked = the Dublin days with a completed task.
  await db.execute(sql`
    insert into ${payPeriods} (driver_id, start_day, end_day, status, days_worked, base_pay, created_at, updated_at)
    select t.driver_id, w.start_day, w.end_day, w.status,
      least(count(distinct (t.completed_at at time zone 'Europe/Dublin')::date), 7)::int,
      sum(t.driver_pay + t.driver_pay_extra),
      ${options.now.toISOString()}::timestamptz, ${options.now.toISOString()}::timestamptz
    from booking_tasks t
    join (values ${sql.join(windows, sql`, `)}) as w(start_day, end_day, status)
      on t.completed_at >= (w.start_day::timestamp at time zone 'Europe/Dublin')
     and t.completed_at < ((w.end_day + 1)::timestamp at time zone 'Europe/Dublin')
    where t.driver_id is not null
    group by t.driver_id, w.start_day, w.end_day, w.status`);

  const rows = await db
    .select({ period: payPeriods, vehicle: drivers.vehicle, settings: driverPaySettings })
    .from(payPeriods)
    .innerJoin(drivers, eq(drivers.id, payPeriods.driverId))
    .leftJoin(driverPaySettings, eq(driverPaySettings.driverId, payPeriods.driverId))
    .orderBy(asc(payPeriods.startDay), asc(payPeriods.driverId));
  if (rows.length === 0) return;

  // The oldest paid week's first driver with settings has a deduction larger than the pay.
  const creditPeriodId = rows.find((row) => row.settings && row.period.status === 'PAID')?.period.id;
  const updates: ReturnType<typeof sql>[] = [];
  const adjustmentRows: (typeof payAdjustments.$inferInsert)[] = [];
  for (const { period, vehicle, settings } of rows) {
    const daysWorked = period.daysWorked;
    const daysBookedOff = daysWorked < 5 && random.chance(0.15) ? 1 : 0;
    const daysMissed = daysWorked < 5 && random.chance(0.08) ? 1 : 0;
    const manual: PayAdjustmentAmount[] = [];
    if (random.chance(0.12))
      manual.push({
        type: 'MANUAL_ADDITION',
        description: random.pick(ADDITIONS),
        amount: random.pick([15, 20, 25, 40]),
        isDeduction: false,
      });
    if (random.chance(0.1))
      manual.push({
        type: 'MANUAL_DEDUCTION',
        description: random.pick(DEDUCTIONS),
        amount: random.pick([10, 12.5, 30, 45]),
        isDeduction: true,
      });
    if (period.id === creditPeriodId)
      manual.push({
        type: 'MANUAL_DEDUCTION',
        description: 'Van damage excess',
        amount: Math.ceil(Number(period.basePay) + 250),
        isDeduction: true,
      });
    const result = computePayPeriod({
      basePay: period.basePay,
      vehicle,
      settings: settings ?? NO_PAY_SETTINGS,
      daysWorked,
      daysBookedOff,
      daysMissed,
      adjustments: manual,
    });
    updates.push(
      sql`(${period.id}::int, ${daysBookedOff}::int, ${daysMissed}::int, ${result.fuelSurcharge}::numeric, ${result.attendanceBonus}::numeric, ${result.cargoBonus}::numeric, ${result.helmetBonus}::numeric, ${result.backBoxBonus}::numeric, ${result.total}::numeric)`,
    );
    for (const adjustment of result.adjustments)
      adjustmentRows.push({
        payPeriodId: period.id,
        type: adjustment.type,
        description: adjustment.description,
        amount: adjustment.amount,
        isDeduction: adjustment.isDeduction,
        automatic: adjustment.automatic,
        createdAt: options.now,
      });
  }
  await db.execute(sql`
    update ${payPeriods} set
      days_booked_off = v.booked_off, days_missed = v.missed, fuel_surcharge = v.fuel,
      attendance_bonus = v.attendance, cargo_bonus = v.cargo, helmet_bonus = v.helmet,
      back_box_bonus = v.back_box, total = v.total
    from (values ${sql.join(updates, sql`, `)}) as v(id, booked_off, missed, fuel, attendance, cargo, helmet, back_box, total)
    where ${payPeriods.id} = v.id`);
  if (adjustmentRows.length > 0) await db.insert(payAdjustments).values(adjustmentRows);

  // The tasks' pay status follows their week's period (finalise sets PENDING_PAYMENT; paid weeks are PAID).
  const oldest = weeks.at(-1)!;
  await db.execute(sql`
    update booking_tasks t set pay_status = case p.status when 'PAID' then 'PAID' when 'PENDING_PAYMENT' then 'PENDING_PAYMENT' else 'ACTIVE' end
    from ${payPeriods} p
    where p.driver_id = t.driver_id
      and t.completed_at >= (p.start_day::timestamp at time zone 'Europe/Dublin')
      and t.completed_at < ((p.end_day + 1)::timestamp at time zone 'Europe/Dublin')
      and p.start_day >= ${oldest.start}::date and p.start_day <= ${weeks[0]!.start}::date`);
}
