import { and, asc, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { addDays, instantOfDublinTime } from '@courier/domain/common/calendar-days';
import type { PayWeek } from '@courier/domain/driver-pay/pay-weeks';
import { NO_PAY_SETTINGS, type PayFormulaSettings } from '@courier/domain/driver-pay/formulas';
import type { PayPeriod } from '@courier/domain/driver-pay/schemas';
import type { DbOrTx } from '../../db/client.ts';
import { bookingTasks, driverPaySettings, drivers, payAdjustments, payPeriods } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';

// Reads of the driver-pay area (Drizzle only): periods with their driver and adjustments, the task
// pay a period is computed from, and the drivers' pay settings.

export type PayPeriodRow = typeof payPeriods.$inferSelect;
export type PayAdjustmentRow = typeof payAdjustments.$inferSelect;
export type PaySettingsRow = typeof driverPaySettings.$inferSelect;

export const payPeriodNotFound = (id: number) =>
  notFound(`Pay period ${id} does not exist. Reload the pay periods and try again.`);

/** The instants a pay week covers: from Monday 00:00 to the next Monday 00:00, Europe/Dublin. */
export function weekInstants(week: PayWeek): { from: Date; to: Date } {
  return {
    from: instantOfDublinTime({ day: week.start, hour: 0, minute: 0 }),
    to: instantOfDublinTime({ day: addDays(week.end, 1), hour: 0, minute: 0 }),
  };
}

/** Tasks of a driver completed within a week: the tasks its pay period is paid for. */
export function tasksOfWeek(driverId: number | SQL, week: PayWeek): SQL {
  const { from, to } = weekInstants(week);
  return and(
    eq(bookingTasks.driverId, driverId),
    gte(bookingTasks.completedAt, from),
    lt(bookingTasks.completedAt, to),
  ) as SQL;
}

/**
 * Creates the ACTIVE period of every driver with a task completed in the week who has none yet
 * (a period already there, in whatever state, is left alone).
 */
export async function createPeriodsForDriversWithTasks(tx: DbOrTx, week: PayWeek): Promise<void> {
  const { from, to } = weekInstants(week);
  await tx.execute(sql`
    insert into ${payPeriods} (driver_id, start_day, end_day)
    select distinct ${bookingTasks.driverId}, ${week.start}::date, ${week.end}::date
    from ${bookingTasks}
    where ${bookingTasks.driverId} is not null
      and ${bookingTasks.completedAt} >= ${from.toISOString()}::timestamptz
      and ${bookingTasks.completedAt} < ${to.toISOString()}::timestamptz
    on conflict (driver_id, start_day) do nothing`);
}

/** Base pay of each driver for the week: their completed tasks' driver pay plus extras, summed in SQL. */
export async function basePayOfDrivers(tx: DbOrTx, driverIds: number[], week: PayWeek): Promise<Map<number, number>> {
  if (driverIds.length === 0) return new Map();
  const { from, to } = weekInstants(week);
  const rows = await tx
    .select({
      driverId: bookingTasks.driverId,
      basePay: sql<string>`coalesce(sum(${bookingTasks.driverPay} + ${bookingTasks.driverPayExtra}), 0)`,
    })
    .from(bookingTasks)
    .where(
      and(
        inArray(bookingTasks.driverId, driverIds),
        gte(bookingTasks.completedAt, from),
        lt(bookingTasks.completedAt, to),
      ),
    )
    .groupBy(bookingTasks.driverId);
  return new Map(rows.map((row) => [row.driverId as number, Number(row.basePay)]));
}

/** What the formulas read of a driver's saved pay settings. */
export function formulaSettingsOf(row: PaySettingsRow): PayFormulaSettings {
  return {
    applyFuelSurcharge: row.applyFuelSurcharge,
    minPay: row.minPay,
    maxBoost: row.maxBoost,
    attendanceBonusOneDay: row.attendanceBonusOneDay,
    attendanceBonusTwoDay: row.attendanceBonusTwoDay,
    attendanceBonusThreeDay: row.attendanceBonusThreeDay,
    attendanceBonusFourDay: row.attendanceBonusFourDay,
    attendanceBonusFiveDay: row.attendanceBonusFiveDay,
    cargoBonusRate: row.cargoBonusRate,
    helmetBonusRate: row.helmetBonusRate,
    backBoxBonusRate: row.backBoxBonusRate,
    cargoRentalDeduction: row.cargoRentalDeduction,
    equipmentRentalDeduction: row.equipmentRentalDeduction,
  };
}

/** The saved pay settings of these drivers, by driver id (drivers without settings are absent). */
export async function paySettingsOfDrivers(tx: DbOrTx, driverIds: number[]): Promise<Map<number, PaySettingsRow>> {
  if (driverIds.length === 0) return new Map();
  const rows = await tx.select().from(driverPaySettings).where(inArray(driverPaySettings.driverId, driverIds));
  return new Map(rows.map((row) => [row.driverId, row]));
}

/** The vehicles of these drivers, by id. */
export async function vehiclesOfDrivers(tx: DbOrTx, driverIds: number[]): Promise<Map<number, string>> {
  if (driverIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: drivers.id, vehicle: drivers.vehicle })
    .from(drivers)
    .where(inArray(drivers.id, driverIds));
  return new Map(rows.map((row) => [row.id, row.vehicle]));
}

/** Adjustments of these periods, by period, in the order they were written. */
export async function adjustmentsOfPeriods(tx: DbOrTx, periodIds: number[]): Promise<Map<number, PayAdjustmentRow[]>> {
  const byPeriod = new Map<number, PayAdjustmentRow[]>();
  if (periodIds.length === 0) return byPeriod;
  const rows = await tx
    .select()
    .from(payAdjustments)
    .where(inArray(payAdjustments.payPeriodId, periodIds))
    .orderBy(asc(payAdjustments.id));
  for (const row of rows) {
    const list = byPeriod.get(row.payPeriodId);
    if (list) list.push(row);
    else byPeriod.set(row.payPeriodId, [row]);
  }
  return byPeriod;
}

/** Periods locked for update, in id order (so two writers never wait on each other in a circle). */
export async function lockPeriods(tx: DbOrTx, where: SQL): Promise<PayPeriodRow[]> {
  return tx.select().from(payPeriods).where(where).orderBy(asc(payPeriods.id)).for('update');
}

/** Periods as the API answers them, by driver number within each week, newest week first. */
export async function listPeriods(db: DbOrTx, where: SQL): Promise<PayPeriod[]> {
  const rows = await db
    .select({
      period: payPeriods,
      driver: {
        id: drivers.id,
        driverNumber: drivers.driverNumber,
        firstName: drivers.firstName,
        lastName: drivers.lastName,
        vehicle: drivers.vehicle,
      },
      paySettingsSaved: isNotNull(driverPaySettings.driverId),
      settings: driverPaySettings,
    })
    .from(payPeriods)
    .innerJoin(drivers, eq(drivers.id, payPeriods.driverId))
    .leftJoin(driverPaySettings, eq(driverPaySettings.driverId, payPeriods.driverId))
    .where(where)
    .orderBy(desc(payPeriods.startDay), asc(drivers.driverNumber), asc(payPeriods.id));
  const adjustments = await adjustmentsOfPeriods(
    db,
    rows.map((row) => row.period.id),
  );
  return rows.map(({ period, driver, paySettingsSaved, settings }) => ({
    id: period.id,
    status: period.status,
    driver,
    paySettingsSaved: Boolean(paySettingsSaved),
    settings: settings ? formulaSettingsOf(settings) : NO_PAY_SETTINGS,
    start: period.startDay,
    end: period.endDay,
    daysWorked: period.daysWorked,
    daysBookedOff: period.daysBookedOff,
    daysMissed: period.daysMissed,
    fuelPercent: period.fuelPercent,
    manualBoost: period.manualBoost,
    overrides: {
      fuelSurcharge: period.fuelSurchargeOverride,
      attendanceBonus: period.attendanceBonusOverride,
      cargoBonus: period.cargoBonusOverride,
      helmetBonus: period.helmetBonusOverride,
      backBoxBonus: period.backBoxBonusOverride,
    },
    basePay: period.basePay,
    fuelSurcharge: period.fuelSurcharge,
    attendanceBonus: period.attendanceBonus,
    cargoBonus: period.cargoBonus,
    helmetBonus: period.helmetBonus,
    backBoxBonus: period.backBoxBonus,
    total: period.total,
    adjustments: (adjustments.get(period.id) ?? []).map((adjustment) => ({
      id: adjustment.id,
      type: adjustment.type,
      description: adjustment.description,
      amount: adjustment.amount,
      isDeduction: adjustment.isDeduction,
      automatic: adjustment.automatic,
      userId: adjustment.userId,
    })),
    version: period.version,
    updatedAt: period.updatedAt.toISOString(),
  }));
}

export const periodsOfWeeks = (starts: string[]): SQL => inArray(payPeriods.startDay, starts);
