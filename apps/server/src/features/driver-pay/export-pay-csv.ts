import { asc, eq, sql } from 'drizzle-orm';
import { formatDay } from '@courier/domain/common/calendar-days';
import { PAY_PERIOD_STATUS_LABELS } from '@courier/domain/driver-pay/labels';
import type { PayWeek } from '@courier/domain/driver-pay/pay-weeks';
import type { DriverVehicle } from '@courier/domain/drivers/enums';
import { DRIVER_VEHICLE_LABELS } from '@courier/domain/drivers/labels';
import type { DbOrTx } from '../../db/client.ts';
import { drivers, payAdjustments, payPeriods } from '../../db/schema/index.ts';
import { csvLine } from '../../platform/csv.ts';

export const PAY_CSV_COLUMNS = [
  'Driver Number',
  'First Name',
  'Last Name',
  'Vehicle',
  'Week Start',
  'Week End',
  'Status',
  'Days Worked',
  'Days Booked Off',
  'Days Missed',
  'Base Pay',
  'Fuel Surcharge',
  'Attendance Bonus',
  'Cargo Bonus',
  'Helmet Bonus',
  'Back Box Bonus',
  'Additions',
  'Deductions',
  'Total',
] as const;

/** Money as the column holds it ('12.50'), never re-rounded in JavaScript. */
const text = (column: unknown) => sql<string>`${column}::text`;

/**
 * GET /api/pay/period/csv: the week's periods as they were last worked out (the page loads, and so
 * refreshes, them before exporting), one row a driver by driver number. Additions and deductions
 * (the boost and rentals among them) are summed in SQL. A week holds one row per driver, so the
 * file is built at once rather than streamed. Vehicle and status are written in the words the pay
 * screen shows ('Van', 'Pending payment'), not as stored: the spec (2 §7) does not fix the file's
 * values, and the people who open it read the screen's words.
 */
export async function exportPayPeriodsCsv(db: DbOrTx, week: PayWeek): Promise<string> {
  const additions = sql<string>`coalesce((select sum(${payAdjustments.amount}) from ${payAdjustments} where ${payAdjustments.payPeriodId} = ${payPeriods.id} and not ${payAdjustments.isDeduction}), 0)::numeric(12, 2)::text`;
  const deductions = sql<string>`coalesce((select sum(${payAdjustments.amount}) from ${payAdjustments} where ${payAdjustments.payPeriodId} = ${payPeriods.id} and ${payAdjustments.isDeduction}), 0)::numeric(12, 2)::text`;
  const rows = await db
    .select({
      driverNumber: drivers.driverNumber,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      vehicle: drivers.vehicle,
      start: payPeriods.startDay,
      end: payPeriods.endDay,
      status: payPeriods.status,
      daysWorked: payPeriods.daysWorked,
      daysBookedOff: payPeriods.daysBookedOff,
      daysMissed: payPeriods.daysMissed,
      basePay: text(payPeriods.basePay),
      fuelSurcharge: text(payPeriods.fuelSurcharge),
      attendanceBonus: text(payPeriods.attendanceBonus),
      cargoBonus: text(payPeriods.cargoBonus),
      helmetBonus: text(payPeriods.helmetBonus),
      backBoxBonus: text(payPeriods.backBoxBonus),
      additions,
      deductions,
      total: text(payPeriods.total),
    })
    .from(payPeriods)
    .innerJoin(drivers, eq(drivers.id, payPeriods.driverId))
    .where(eq(payPeriods.startDay, week.start))
    .orderBy(asc(drivers.driverNumber), asc(payPeriods.id));
  return [
    csvLine(PAY_CSV_COLUMNS),
    ...rows.map((row) =>
      csvLine([
        String(row.driverNumber),
        row.firstName,
        row.lastName,
        DRIVER_VEHICLE_LABELS[row.vehicle as DriverVehicle] ?? row.vehicle,
        formatDay(row.start),
        formatDay(row.end),
        PAY_PERIOD_STATUS_LABELS[row.status],
        String(row.daysWorked),
        String(row.daysBookedOff),
        String(row.daysMissed),
        row.basePay,
        row.fuelSurcharge,
        row.attendanceBonus,
        row.cargoBonus,
        row.helmetBonus,
        row.backBoxBonus,
        row.additions,
        row.deductions,
        row.total,
      ]),
    ),
  ].join('');
}
