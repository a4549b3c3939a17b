// The driver pay formulas of spec 2 §9 (issue 13), written once: the server stores what
// computePayPeriod answers and the web grid shows the same numbers while accounts type. Every amount
// goes through the integer-cents helper; amounts come in and go out as euro numbers of 2 decimals.
import { addMoney, multiplyMoney, subtractMoney, toCents, toEuro, type Cents } from '../common/money.ts';
import type { DriverVehicle } from '../drivers/enums.ts';

/** Adjustment types (spec 2 §3 'Adjustment'). */
export const PAY_ADJUSTMENT_TYPES = [
  'MANUAL_ADDITION',
  'MANUAL_DEDUCTION',
  'AUTO_BOOST',
  'CARGO_RENTAL',
  'EQUIPMENT_RENTAL',
] as const;
export type PayAdjustmentType = (typeof PAY_ADJUSTMENT_TYPES)[number];

/** The types accounts add by hand; the others are written by computePayPeriod each time it runs. */
export const MANUAL_PAY_ADJUSTMENT_TYPES = ['MANUAL_ADDITION', 'MANUAL_DEDUCTION'] as const;
export type ManualPayAdjustmentType = (typeof MANUAL_PAY_ADJUSTMENT_TYPES)[number];

export const isManualAdjustmentType = (type: PayAdjustmentType): type is ManualPayAdjustmentType =>
  (MANUAL_PAY_ADJUSTMENT_TYPES as readonly string[]).includes(type);

/** The automatic boost's description (spec 2 §9). */
export const MIN_PAY_BOOST_DESCRIPTION = 'Min Pay Boost';
/** The boost's description when accounts typed it over the automatic one. */
export const MANUAL_BOOST_DESCRIPTION = 'Manual Boost';
export const CARGO_RENTAL_DESCRIPTION = 'Cargo Rental';
export const EQUIPMENT_RENTAL_DESCRIPTION = 'Equipment Rental';

/** Default fuel surcharge percents (spec 2 §9): van (car counts as a van) 8.5, bike and top-box bike 6.5. */
export const FUEL_PERCENT_VAN = 8.5;
export const FUEL_PERCENT_BIKE = 6.5;

/**
 * The fuel surcharge percent a vehicle starts with. The spec names van/car and bike/top-box only;
 * push bikes and cargo bikes burn no fuel, so theirs is 0 unless accounts type a percent.
 */
export function defaultFuelPercent(vehicle: DriverVehicle | string): number {
  if (vehicle === 'van' || vehicle === 'car') return FUEL_PERCENT_VAN;
  if (vehicle === 'bike' || vehicle === 'top box bike') return FUEL_PERCENT_BIKE;
  return 0;
}

/** The driver pay settings the formulas read (spec 2 §3 'Driver pay settings'): euro amounts and percents. */
export interface PayFormulaSettings {
  applyFuelSurcharge: boolean;
  minPay: number;
  maxBoost: number;
  attendanceBonusOneDay: number;
  attendanceBonusTwoDay: number;
  attendanceBonusThreeDay: number;
  attendanceBonusFourDay: number;
  attendanceBonusFiveDay: number;
  cargoBonusRate: number;
  helmetBonusRate: number;
  backBoxBonusRate: number;
  cargoRentalDeduction: number;
  equipmentRentalDeduction: number;
}

/** What a driver without saved settings is paid by: nothing but the base pay. */
export const NO_PAY_SETTINGS: PayFormulaSettings = {
  applyFuelSurcharge: false,
  minPay: 0,
  maxBoost: 0,
  attendanceBonusOneDay: 0,
  attendanceBonusTwoDay: 0,
  attendanceBonusThreeDay: 0,
  attendanceBonusFourDay: 0,
  attendanceBonusFiveDay: 0,
  cargoBonusRate: 0,
  helmetBonusRate: 0,
  backBoxBonusRate: 0,
  cargoRentalDeduction: 0,
  equipmentRentalDeduction: 0,
};

export interface PayAdjustmentAmount {
  type: PayAdjustmentType;
  description: string;
  /** Above 0; isDeduction gives the sign. */
  amount: number;
  isDeduction: boolean;
}

/** A computed adjustment: `automatic` ones are written by computePayPeriod and replaced on every run. */
export interface ComputedPayAdjustment extends PayAdjustmentAmount {
  automatic: boolean;
}

/** Amounts accounts may type over the computed ones; null or absent: computed. */
export interface PayComponentOverrides {
  fuelSurcharge?: number | null;
  attendanceBonus?: number | null;
  cargoBonus?: number | null;
  helmetBonus?: number | null;
  backBoxBonus?: number | null;
}

export interface PayPeriodInput {
  /** The driver's task pay plus extras for the week. */
  basePay: number;
  vehicle: DriverVehicle | string;
  settings: PayFormulaSettings;
  daysWorked: number;
  daysBookedOff: number;
  daysMissed: number;
  /** The percent accounts typed; null or absent: the vehicle's default. */
  fuelPercent?: number | null;
  /** A boost accounts typed, replacing the automatic one; null or absent: automatic. */
  manualBoost?: number | null;
  overrides?: PayComponentOverrides;
  /** The period's adjustments; only the manual ones are kept, the automatic ones are worked out again. */
  adjustments?: readonly PayAdjustmentAmount[];
}

export interface PayPeriodResult {
  basePay: number;
  /** The percent applied (the typed one or the vehicle's default), whether or not the driver gets fuel. */
  fuelPercent: number;
  fuelSurcharge: number;
  attendanceBonusPercent: number;
  attendanceBonus: number;
  cargoBonus: number;
  helmetBonus: number;
  backBoxBonus: number;
  /** The prorated minimum pay and maximum boost; both 0 when a day was missed. */
  minPay: number;
  maxBoost: number;
  /** The boost paid (automatic or manual); also listed in adjustments while above 0. */
  boost: number;
  /** Manual adjustments first (as given), then rental deductions, then the boost. */
  adjustments: ComputedPayAdjustment[];
  /** The sum of every component and signed adjustment, rounded to the cent; may be below 0. */
  unflooredTotal: number;
  /** What is sent and paid: unflooredTotal floored at 0 (spec 2 §5). */
  total: number;
}

/** Working days the prorating counts at most: a week's minimum is reached at 5 days (spec 2 §9). */
export const FULL_WEEK_DAYS = 5;

/**
 * The attendance bonus percent for days worked plus booked off (spec 2 §9): under 2 the one-day
 * percent, under 3 the two-day, under 4 the three-day, under 5 the four-day, 5 or more the five-day.
 */
export function attendanceBonusPercent(
  settings: Pick<
    PayFormulaSettings,
    | 'attendanceBonusOneDay'
    | 'attendanceBonusTwoDay'
    | 'attendanceBonusThreeDay'
    | 'attendanceBonusFourDay'
    | 'attendanceBonusFiveDay'
  >,
  attendedDays: number,
): number {
  if (attendedDays < 2) return settings.attendanceBonusOneDay;
  if (attendedDays < 3) return settings.attendanceBonusTwoDay;
  if (attendedDays < 4) return settings.attendanceBonusThreeDay;
  if (attendedDays < 5) return settings.attendanceBonusFourDay;
  return settings.attendanceBonusFiveDay;
}

/** A percent of an amount, to the cent. */
const percentOf = (amount: Cents, percent: number): Cents => multiplyMoney(amount, percent / 100);

/** A per-day rate times days, to the cent. */
export function perDay(rate: number, days: number): number {
  return toEuro(multiplyMoney(toCents(rate), days));
}

/** A weekly amount prorated over the days worked (spec 2 §9): amount / 5 × min(daysWorked, 5), to the cent. */
export function prorated(weeklyAmount: number, daysWorked: number): number {
  const days = Math.min(Math.max(daysWorked, 0), FULL_WEEK_DAYS);
  return toEuro(multiplyMoney(toCents(weeklyAmount), days / FULL_WEEK_DAYS));
}

/** The fuel surcharge: base pay × percent for drivers with fuel surcharge on, else 0 (spec 2 §9). */
export function fuelSurchargeOf(basePay: number, percent: number, applyFuelSurcharge: boolean): number {
  return applyFuelSurcharge ? toEuro(percentOf(toCents(basePay), percent)) : 0;
}

/**
 * The automatic 'Min Pay Boost' (spec 2 §9): when the pay excluding fuel is below the prorated
 * minimum, the difference, at most the prorated maximum boost; otherwise 0.
 */
export function minPayBoost(options: { payExcludingFuel: number; minPay: number; maxBoost: number }): number {
  const shortfall = subtractMoney(toCents(options.minPay), toCents(options.payExcludingFuel));
  if (shortfall <= 0) return 0;
  return toEuro(Math.min(shortfall, toCents(options.maxBoost)) as Cents);
}

const signed = (adjustment: PayAdjustmentAmount): Cents =>
  (adjustment.isDeduction ? -toCents(adjustment.amount) : toCents(adjustment.amount)) as Cents;

/**
 * A driver's pay for one week (spec 2 §9). Components: base pay, fuel surcharge, attendance bonus,
 * cargo, helmet and back-box bonuses, then adjustments: the manual ones given, the cargo and
 * equipment rental deductions (days worked × rate) and the boost. The boost tops "pay excluding
 * fuel" (base pay plus the bonuses; adjustments are not pay, so a rental deduction is never topped
 * up) to the prorated minimum, capped at the prorated maximum boost; a manual boost replaces it;
 * a missed day makes minimum and maximum 0, so the automatic boost goes. Total = the sum, to the
 * cent, floored at 0.
 */
export function computePayPeriod(input: PayPeriodInput): PayPeriodResult {
  const { settings, overrides = {} } = input;
  const basePay = toCents(input.basePay);
  const given = (value: number | null | undefined, computed: Cents): Cents =>
    value === null || value === undefined ? computed : toCents(value);

  const fuelPercent = input.fuelPercent ?? defaultFuelPercent(input.vehicle);
  const fuelSurcharge = given(
    overrides.fuelSurcharge,
    toCents(fuelSurchargeOf(toEuro(basePay), fuelPercent, settings.applyFuelSurcharge)),
  );
  const bonusPercent = attendanceBonusPercent(settings, input.daysWorked + input.daysBookedOff);
  const attendanceBonus = given(overrides.attendanceBonus, percentOf(basePay, bonusPercent));
  const cargoBonus = given(overrides.cargoBonus, toCents(perDay(settings.cargoBonusRate, input.daysWorked)));
  const helmetBonus = given(overrides.helmetBonus, toCents(perDay(settings.helmetBonusRate, input.daysWorked)));
  const backBoxBonus = given(overrides.backBoxBonus, toCents(perDay(settings.backBoxBonusRate, input.daysWorked)));

  const adjustments: ComputedPayAdjustment[] = (input.adjustments ?? [])
    .filter((adjustment) => isManualAdjustmentType(adjustment.type))
    .map((adjustment) => ({
      type: adjustment.type,
      description: adjustment.description,
      amount: toEuro(toCents(adjustment.amount)),
      isDeduction: adjustment.type === 'MANUAL_DEDUCTION',
      automatic: false,
    }));
  const rentals = [
    { type: 'CARGO_RENTAL', description: CARGO_RENTAL_DESCRIPTION, rate: settings.cargoRentalDeduction },
    { type: 'EQUIPMENT_RENTAL', description: EQUIPMENT_RENTAL_DESCRIPTION, rate: settings.equipmentRentalDeduction },
  ] as const;
  for (const rental of rentals) {
    const amount = perDay(rental.rate, input.daysWorked);
    if (amount > 0)
      adjustments.push({
        type: rental.type,
        description: rental.description,
        amount,
        isDeduction: true,
        automatic: true,
      });
  }

  const missedADay = input.daysMissed > 0;
  const minPay = missedADay ? 0 : prorated(settings.minPay, input.daysWorked);
  const maxBoost = missedADay ? 0 : prorated(settings.maxBoost, input.daysWorked);
  const payExcludingFuel = addMoney(basePay, attendanceBonus, cargoBonus, helmetBonus, backBoxBonus);
  const manualBoost = input.manualBoost ?? null;
  const boost =
    manualBoost === null
      ? minPayBoost({ payExcludingFuel: toEuro(payExcludingFuel), minPay, maxBoost })
      : toEuro(toCents(manualBoost));
  if (boost > 0)
    adjustments.push({
      type: 'AUTO_BOOST',
      description: manualBoost === null ? MIN_PAY_BOOST_DESCRIPTION : MANUAL_BOOST_DESCRIPTION,
      amount: boost,
      isDeduction: false,
      automatic: true,
    });

  const total = addMoney(payExcludingFuel, fuelSurcharge, ...adjustments.map(signed));
  return {
    basePay: toEuro(basePay),
    fuelPercent,
    fuelSurcharge: toEuro(fuelSurcharge),
    attendanceBonusPercent: bonusPercent,
    attendanceBonus: toEuro(attendanceBonus),
    cargoBonus: toEuro(cargoBonus),
    helmetBonus: toEuro(helmetBonus),
    backBoxBonus: toEuro(backBoxBonus),
    minPay,
    maxBoost,
    boost,
    adjustments,
    unflooredTotal: toEuro(total),
    total: toEuro(Math.max(0, total) as Cents),
  };
}
