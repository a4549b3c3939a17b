import { eq, sql } from 'drizzle-orm';
import {
  computePayPeriod,
  isManualAdjustmentType,
  NO_PAY_SETTINGS,
  type PayAdjustmentType,
} from '@courier/domain/driver-pay/formulas';
import type { SavePayPeriod } from '@courier/domain/driver-pay/schemas';
import { readTogether, type DbOrTx } from '../../db/client.ts';
import { payAdjustments, payPeriods } from '../../db/schema/index.ts';
import {
  adjustmentsOfPeriods,
  basePayOfDrivers,
  paySettingsOfDrivers,
  vehiclesOfDrivers,
  type PayAdjustmentRow,
  type PayPeriodRow,
} from './queries.ts';

/** A period's new inputs from a save (POST /api/pay/period). */
export type PeriodInputs = SavePayPeriod;

interface ManualAdjustment {
  type: PayAdjustmentType;
  description: string;
  amount: number;
  isDeduction: boolean;
  userId: number | null;
}

const inputColumns = (row: PayPeriodRow) => ({
  daysWorked: row.daysWorked,
  daysBookedOff: row.daysBookedOff,
  daysMissed: row.daysMissed,
  fuelPercent: row.fuelPercent,
  manualBoost: row.manualBoost,
  fuelSurchargeOverride: row.fuelSurchargeOverride,
  attendanceBonusOverride: row.attendanceBonusOverride,
  cargoBonusOverride: row.cargoBonusOverride,
  helmetBonusOverride: row.helmetBonusOverride,
  backBoxBonusOverride: row.backBoxBonusOverride,
});

const inputColumnsOf = (inputs: PeriodInputs) => ({
  daysWorked: inputs.daysWorked,
  daysBookedOff: inputs.daysBookedOff,
  daysMissed: inputs.daysMissed,
  fuelPercent: inputs.fuelPercent ?? null,
  manualBoost: inputs.manualBoost ?? null,
  fuelSurchargeOverride: inputs.fuelSurcharge ?? null,
  attendanceBonusOverride: inputs.attendanceBonus ?? null,
  cargoBonusOverride: inputs.cargoBonus ?? null,
  helmetBonusOverride: inputs.helmetBonus ?? null,
  backBoxBonusOverride: inputs.backBoxBonus ?? null,
});

/** The manual adjustments a save sends: one sent back with its id keeps who added it. */
function manualAdjustmentsOf(inputs: PeriodInputs, stored: PayAdjustmentRow[], userId: number | null) {
  const storedManual = new Map(stored.filter((row) => !row.automatic).map((row) => [row.id, row]));
  return inputs.adjustments
    .filter((adjustment) => isManualAdjustmentType(adjustment.type))
    .map((adjustment) => ({
      type: adjustment.type,
      description: adjustment.description,
      amount: adjustment.amount,
      isDeduction: adjustment.type === 'MANUAL_DEDUCTION',
      userId: (adjustment.id === undefined ? undefined : storedManual.get(adjustment.id)?.userId) ?? userId,
    }));
}

const sameAdjustments = (a: ManualAdjustment[], b: PayAdjustmentRow[]) =>
  a.length === b.length &&
  a.every(
    (adjustment, index) =>
      adjustment.type === b[index]?.type &&
      adjustment.description === b[index].description &&
      adjustment.amount === b[index].amount &&
      adjustment.isDeduction === b[index].isDeduction,
  );

/**
 * Works out locked periods again with the domain's computePayPeriod: base pay from the driver's
 * tasks completed in the week (summed in SQL), the driver's pay settings and vehicle, the period's
 * inputs (or the new ones a save sends), and its manual adjustments. Writes the columns and replaces
 * the adjustments of every period whose numbers or inputs changed; `bumpVersion` marks a user's
 * change (a read that only refreshes derived numbers leaves the version alone, so it never makes
 * another user's open page stale). Returns the ids of the periods written.
 */
export async function recomputePayPeriods(
  tx: DbOrTx,
  options: {
    periods: PayPeriodRow[];
    inputs?: Map<number, PeriodInputs>;
    userId?: number | null;
    bumpVersion?: boolean;
    now?: Date;
  },
): Promise<number[]> {
  const { periods, inputs } = options;
  if (periods.length === 0) return [];
  const userId = options.userId ?? null;
  const driverIds = [...new Set(periods.map((period) => period.driverId))];
  const [settings, vehicles, adjustments] = await readTogether(tx, [
    () => paySettingsOfDrivers(tx, driverIds),
    () => vehiclesOfDrivers(tx, driverIds),
    () =>
      adjustmentsOfPeriods(
        tx,
        periods.map((period) => period.id),
      ),
  ]);
  const basePays = new Map<string, Map<number, number>>();
  for (const start of new Set(periods.map((period) => period.startDay))) {
    const week = periods.find((period) => period.startDay === start) as PayPeriodRow;
    const ids = periods.filter((period) => period.startDay === start).map((period) => period.driverId);
    basePays.set(start, await basePayOfDrivers(tx, ids, { start, end: week.endDay }));
  }

  const written: number[] = [];
  for (const period of periods) {
    const stored = adjustments.get(period.id) ?? [];
    const input = inputs?.get(period.id);
    const columns = input ? inputColumnsOf(input) : inputColumns(period);
    const manual: ManualAdjustment[] = input
      ? manualAdjustmentsOf(input, stored, userId)
      : stored.filter((row) => !row.automatic);
    const driverSettings = settings.get(period.driverId);
    const result = computePayPeriod({
      basePay: basePays.get(period.startDay)?.get(period.driverId) ?? 0,
      vehicle: vehicles.get(period.driverId) ?? '',
      settings: driverSettings ?? NO_PAY_SETTINGS,
      daysWorked: columns.daysWorked,
      daysBookedOff: columns.daysBookedOff,
      daysMissed: columns.daysMissed,
      fuelPercent: columns.fuelPercent,
      manualBoost: columns.manualBoost,
      overrides: {
        fuelSurcharge: columns.fuelSurchargeOverride,
        attendanceBonus: columns.attendanceBonusOverride,
        cargoBonus: columns.cargoBonusOverride,
        helmetBonus: columns.helmetBonusOverride,
        backBoxBonus: columns.backBoxBonusOverride,
      },
      adjustments: manual,
    });
    const values = {
      ...columns,
      basePay: result.basePay,
      fuelSurcharge: result.fuelSurcharge,
      attendanceBonus: result.attendanceBonus,
      cargoBonus: result.cargoBonus,
      helmetBonus: result.helmetBonus,
      backBoxBonus: result.backBoxBonus,
      total: result.total,
    };
    const allAdjustments = [
      ...manual,
      ...result.adjustments.filter((adjustment) => adjustment.automatic).map((row) => ({ ...row, userId: null })),
    ];
    const unchanged =
      !options.bumpVersion &&
      Object.entries(values).every(([key, value]) => period[key as keyof PayPeriodRow] === value) &&
      sameAdjustments(allAdjustments, stored);
    if (unchanged) continue;

    await tx
      .update(payPeriods)
      .set({
        ...values,
        ...(options.bumpVersion
          ? { version: sql`${payPeriods.version} + 1`, updatedBy: userId, updatedAt: options.now ?? new Date() }
          : {}),
      })
      .where(eq(payPeriods.id, period.id));
    await tx.delete(payAdjustments).where(eq(payAdjustments.payPeriodId, period.id));
    if (allAdjustments.length > 0)
      await tx.insert(payAdjustments).values(
        allAdjustments.map((adjustment) => ({
          payPeriodId: period.id,
          type: adjustment.type,
          description: adjustment.description,
          amount: adjustment.amount,
          isDeduction: adjustment.isDeduction,
          automatic: !isManualAdjustmentType(adjustment.type),
          userId: adjustment.userId,
        })),
      );
    written.push(period.id);
  }
  return written;
}
