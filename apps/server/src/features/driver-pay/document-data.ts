import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DriverDocumentFacts } from '@courier/domain/driver-pay/documents';
import { attendanceBonusPercent, defaultFuelPercent } from '@courier/domain/driver-pay/formulas';
import { EDITABLE_PAY_PERIOD_STATUSES } from '@courier/domain/driver-pay/schemas';
import { readTogether, type DbOrTx } from '../../db/client.ts';
import {
  bookingJobs,
  bookingTasks,
  driverPaySettings,
  driverProfiles,
  drivers,
  payAdjustments,
  payPeriods,
  places,
} from '../../db/schema/index.ts';
import {
  adjustmentsOfPeriods,
  lockPeriods,
  payPeriodNotFound,
  tasksOfWeek,
  type PayAdjustmentRow,
  type PayPeriodRow,
} from './queries.ts';
import { recomputePayPeriods } from './recompute-pay-periods.ts';

// What the timesheet and the driver documents print of a pay period, read in one place.

/** A period's facts for choosing its documents, and where its driver gets mail. */
export interface PeriodDocumentFacts extends DriverDocumentFacts {
  payPeriodId: number;
  driverId: number;
  /** The driver's tripsheet (correspondence) e-mail from the pay settings, else the register's e-mail; '' when neither. */
  recipient: string;
}

const signedAdjustments = sql`coalesce((select sum(case when ${payAdjustments.isDeduction} then -${payAdjustments.amount} else ${payAdjustments.amount} end) from ${payAdjustments} where ${payAdjustments.payPeriodId} = ${payPeriods.id}), 0)`;
const sumOfDeductions = (types?: ('CARGO_RENTAL' | 'EQUIPMENT_RENTAL')[]) =>
  sql`coalesce((select sum(${payAdjustments.amount}) from ${payAdjustments} where ${payAdjustments.payPeriodId} = ${payPeriods.id} and ${payAdjustments.isDeduction}${types ? sql` and ${inArray(payAdjustments.type, types)}` : sql``}), 0)`;

/**
 * The facts of these periods, summed in SQL: the total before the floor (components plus signed
 * adjustments), the rentals and all deductions, the driver's VAT status and mail address.
 */
export async function documentFactsOfPeriods(db: DbOrTx, ids: number[]): Promise<Map<number, PeriodDocumentFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      payPeriodId: payPeriods.id,
      driverId: drivers.id,
      firstName: drivers.firstName,
      lastName: drivers.lastName,
      driverEmail: drivers.email,
      tripsheetEmail: driverPaySettings.tripsheetEmail,
      paySettingsSaved: sql<boolean>`${driverPaySettings.driverId} is not null`,
      vatRegistered: sql<boolean>`coalesce(${driverPaySettings.vatRegistered}, false)`,
      unflooredTotal: sql<string>`(${payPeriods.basePay} + ${payPeriods.fuelSurcharge} + ${payPeriods.attendanceBonus} + ${payPeriods.cargoBonus} + ${payPeriods.helmetBonus} + ${payPeriods.backBoxBonus} + ${signedAdjustments})::numeric(12, 2)::text`,
      rentals: sql<string>`${sumOfDeductions(['CARGO_RENTAL', 'EQUIPMENT_RENTAL'])}::numeric(12, 2)::text`,
      deductions: sql<string>`${sumOfDeductions()}::numeric(12, 2)::text`,
    })
    .from(payPeriods)
    .innerJoin(drivers, eq(drivers.id, payPeriods.driverId))
    .leftJoin(driverPaySettings, eq(driverPaySettings.driverId, payPeriods.driverId))
    .where(inArray(payPeriods.id, ids));
  return new Map(
    rows.map((row) => [
      row.payPeriodId,
      {
        payPeriodId: row.payPeriodId,
        driverId: row.driverId,
        driverName: `${row.firstName} ${row.lastName}`.trim(),
        paySettingsSaved: Boolean(row.paySettingsSaved),
        vatRegistered: Boolean(row.vatRegistered),
        unflooredTotal: Number(row.unflooredTotal),
        rentals: Number(row.rentals),
        deductions: Number(row.deductions),
        recipient: (row.tripsheetEmail?.trim() || row.driverEmail.trim()).trim(),
      },
    ]),
  );
}

/**
 * Works the named periods out again when they are still active or in review (task pay may have
 * changed since the grid last loaded), so a document prints what the grid would show; locked periods
 * are printed as they were paid.
 */
export async function refreshEditablePeriods(tx: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const editable = await lockPeriods(
    tx,
    and(inArray(payPeriods.id, ids), inArray(payPeriods.status, [...EDITABLE_PAY_PERIOD_STATUSES]))!,
  );
  await recomputePayPeriods(tx, { periods: editable });
}

export interface PayTaskLine {
  completedAt: Date;
  jobReference: string;
  type: 'COLLECTION' | 'DELIVERY' | 'STOP' | 'RETURN_TO_BASE';
  driverPay: number;
  driverPayExtra: number;
}

export interface PayDocumentData {
  period: PayPeriodRow;
  driver: { id: number; driverNumber: number; name: string; email: string; vehicle: string };
  /** Null when the driver has no pay settings saved. */
  settings: {
    taxNumber: string;
    vatRegistered: boolean;
    payFrequency: string;
    creditorsLedger: string;
    debtorsLedger: string;
  } | null;
  /** Address lines: the pay settings' address, else the profile's contact address; empty when neither. */
  address: string[];
  /** The fuel and attendance percents the amounts were worked out with; null where typed over or not paid. */
  fuelPercent: number | null;
  attendancePercent: number | null;
  tasks: PayTaskLine[];
  adjustments: PayAdjustmentRow[];
  facts: PeriodDocumentFacts;
}

const nonEmpty = (lines: (string | null | undefined)[]) =>
  lines.map((line) => line?.trim() ?? '').filter((line) => line.length > 0);

/** Everything a document of one period prints; 404 when the period does not exist. */
export async function loadPayDocumentData(db: DbOrTx, payPeriodId: number): Promise<PayDocumentData> {
  const [row] = await db
    .select({
      period: payPeriods,
      driver: {
        id: drivers.id,
        driverNumber: drivers.driverNumber,
        firstName: drivers.firstName,
        lastName: drivers.lastName,
        email: drivers.email,
        vehicle: drivers.vehicle,
      },
      settings: driverPaySettings,
      place: places,
      contact: driverProfiles.contact,
    })
    .from(payPeriods)
    .innerJoin(drivers, eq(drivers.id, payPeriods.driverId))
    .leftJoin(driverPaySettings, eq(driverPaySettings.driverId, payPeriods.driverId))
    .leftJoin(places, eq(places.id, driverPaySettings.addressId))
    .leftJoin(driverProfiles, eq(driverProfiles.driverId, payPeriods.driverId))
    .where(eq(payPeriods.id, payPeriodId));
  if (!row) throw payPeriodNotFound(payPeriodId);
  const { period, driver, settings, place } = row;
  const week = { start: period.startDay, end: period.endDay };

  const [tasks, adjustments, facts] = await readTogether(db, [
    () =>
      db
        .select({
          completedAt: bookingTasks.completedAt,
          jobReference: bookingJobs.reference,
          type: bookingTasks.type,
          driverPay: bookingTasks.driverPay,
          driverPayExtra: bookingTasks.driverPayExtra,
        })
        .from(bookingTasks)
        .innerJoin(bookingJobs, eq(bookingJobs.id, bookingTasks.jobId))
        .where(tasksOfWeek(driver.id, week))
        .orderBy(asc(bookingTasks.completedAt), asc(bookingTasks.id)),
    () => adjustmentsOfPeriods(db, [period.id]),
    () => documentFactsOfPeriods(db, [period.id]),
  ]);

  const contact = (row.contact ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof contact[key] === 'string' ? (contact[key] as string) : '');
  const address = place
    ? nonEmpty([place.addressLineOne || place.name, place.addressLineTwo, place.city, place.county, place.postCode])
    : nonEmpty([text('addressLineOne'), text('addressLineTwo'), text('city'), text('county'), text('eircode')]);

  const fuelApplied = Boolean(settings?.applyFuelSurcharge) && period.fuelSurchargeOverride === null;
  return {
    period,
    driver: {
      id: driver.id,
      driverNumber: driver.driverNumber,
      name: `${driver.firstName} ${driver.lastName}`.trim(),
      email: driver.email,
      vehicle: driver.vehicle,
    },
    settings: settings
      ? {
          taxNumber: settings.taxNumber,
          vatRegistered: settings.vatRegistered,
          payFrequency: settings.payFrequency,
          creditorsLedger: settings.creditorsLedger,
          debtorsLedger: settings.debtorsLedger,
        }
      : null,
    address,
    fuelPercent: fuelApplied ? (period.fuelPercent ?? defaultFuelPercent(driver.vehicle)) : null,
    attendancePercent:
      settings && period.attendanceBonusOverride === null
        ? attendanceBonusPercent(settings, period.daysWorked + period.daysBookedOff)
        : null,
    tasks: tasks.map((task) => ({ ...task, completedAt: task.completedAt as Date })),
    adjustments: adjustments.get(period.id) ?? [],
    facts: facts.get(period.id)!,
  };
}
