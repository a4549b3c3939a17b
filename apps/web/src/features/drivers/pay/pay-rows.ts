import { addMoney, toCents, toEuro, type Cents } from '@courier/domain/common/money';
import {
  computePayPeriod,
  defaultFuelPercent,
  isManualAdjustmentType,
  type ManualPayAdjustmentType,
  type PayAdjustmentType,
  type PayFormulaSettings,
} from '@courier/domain/driver-pay/formulas';
import {
  isEditablePayPeriod,
  MAX_PAY_DAYS,
  payDaysOverWeekMessage,
  type PayPeriod,
  type SavePayPeriodsBody,
} from '@courier/domain/driver-pay/schemas';
import { cellProblemId, PAY_CELL_COLUMNS, PAY_CELL_HEADERS, parseCell, type PayCellColumn } from './pay-cell-values.ts';

// The pay grid's rows (spec 2 §2 'Driver pay', §9): a period as loaded, the inputs typed over it, and
// the amounts worked out by the domain's computePayPeriod, the same function the server saves with.

/** A manual addition or deduction as the grid holds it; `id` when it is a saved one. */
export interface ManualAdjustmentDraft {
  /** Stable within the page: `saved-<id>` or `new-<n>`. */
  key: string;
  id?: number;
  type: ManualPayAdjustmentType;
  description: string;
  amount: number;
}

/** What accounts typed over one period; absent fields keep the period's own values. */
export interface PayRowEdit {
  /** The period's version the edit was made on: a reload with another version drops the edit. */
  version: number;
  daysWorked?: number;
  daysBookedOff?: number;
  daysMissed?: number;
  /** null: the automatic Min Pay Boost. */
  manualBoost?: number | null;
  adjustments?: ManualAdjustmentDraft[];
  /** Texts typed in cells that are not valid values: kept and shown until corrected, and nothing is saved meanwhile. */
  typed?: Partial<Record<PayCellColumn, string>>;
}

/** What is wrong with a typed cell, in the save schema's words. */
export interface PayCellProblem {
  column: PayCellColumn;
  message: string;
}

/** The page's two fuel percent inputs (spec 2 §9); null while untouched (each period keeps its own). */
export type FuelClass = 'van' | 'bike';
export type FuelPercents = Record<FuelClass, number | null>;
export const UNTOUCHED_FUEL: FuelPercents = { van: null, bike: null };
/** What is wrong with a fuel input's text (empty, out of range): no percent is taken from it. */
export type FuelProblems = Partial<Record<FuelClass, string>>;
export const NO_FUEL_PROBLEMS: FuelProblems = {};

/** Van and car share the van percent, bike and top-box bike the bike one; other vehicles burn no fuel. */
export function fuelClassOf(vehicle: string): FuelClass | null {
  if (vehicle === 'van' || vehicle === 'car') return 'van';
  if (vehicle === 'bike' || vehicle === 'top box bike') return 'bike';
  return null;
}

export const FUEL_CLASS_DEFAULTS: Record<FuelClass, number> = {
  van: defaultFuelPercent('van'),
  bike: defaultFuelPercent('bike'),
};

export interface PayRowInputs {
  daysWorked: number;
  daysBookedOff: number;
  daysMissed: number;
  fuelPercent: number | null;
  manualBoost: number | null;
  adjustments: ManualAdjustmentDraft[];
}

/** One adjustment as the panel lists it: manual ones may be removed while the period is editable. */
export interface ListedAdjustment {
  key: string;
  type: PayAdjustmentType;
  description: string;
  amount: number;
  isDeduction: boolean;
  automatic: boolean;
}

export interface PayAmounts {
  basePay: number;
  fuelSurcharge: number;
  attendanceBonus: number;
  cargoBonus: number;
  helmetBonus: number;
  backBoxBonus: number;
  /** The boost paid: automatic Min Pay Boost or the typed one. */
  boost: number;
  /** The automatic boost the formulas would pay: the Boost input's hint. */
  automaticBoost: number | null;
  /** Adjustments other than the boost (it has its own column): how many and their signed sum. */
  adjustmentCount: number;
  adjustmentTotal: number;
  total: number;
}

export interface PayRow {
  period: PayPeriod;
  editable: boolean;
  inputs: PayRowInputs;
  /** Inputs differ from the period as saved, or a cell holds a typed text not saved yet. */
  changed: boolean;
  /** Texts typed in cells that are not valid values (the cells show them). */
  typed: Partial<Record<PayCellColumn, string>>;
  /** Why each typed text is not valid: while any row has one, nothing is saved. */
  problems: PayCellProblem[];
  /** False while an edited period's pay settings are still loading: the amounts are the saved ones. */
  live: boolean;
  /**
   * Why the fuel input of the period's vehicle holds no percent (emptied, out of range): its fuel
   * surcharge and total are not worked out, and nothing is saved, until it does.
   */
  fuelProblem: string | undefined;
  amounts: PayAmounts;
  adjustments: ListedAdjustment[];
}

export const savedManualAdjustments = (period: PayPeriod): ManualAdjustmentDraft[] =>
  period.adjustments.flatMap((adjustment) =>
    !adjustment.automatic && isManualAdjustmentType(adjustment.type)
      ? [
          {
            key: `saved-${adjustment.id}`,
            id: adjustment.id,
            type: adjustment.type,
            description: adjustment.description,
            amount: adjustment.amount,
          },
        ]
      : [],
  );

/** The fuel percent an editable period gets from the page's inputs; null: its vehicle's default. */
function fuelPercentOf(period: PayPeriod, fuel: FuelPercents): number | null {
  const fuelClass = fuelClassOf(period.driver.vehicle);
  const typed = fuelClass ? fuel[fuelClass] : null;
  if (typed === null) return period.fuelPercent;
  return typed === FUEL_CLASS_DEFAULTS[fuelClass as FuelClass] ? null : typed;
}

function inputsOf(period: PayPeriod, edit: PayRowEdit | undefined, fuel: FuelPercents): PayRowInputs {
  return {
    daysWorked: edit?.daysWorked ?? period.daysWorked,
    daysBookedOff: edit?.daysBookedOff ?? period.daysBookedOff,
    daysMissed: edit?.daysMissed ?? period.daysMissed,
    fuelPercent: fuelPercentOf(period, fuel),
    manualBoost: edit?.manualBoost === undefined ? period.manualBoost : edit.manualBoost,
    adjustments: edit?.adjustments ?? savedManualAdjustments(period),
  };
}

function sameAdjustments(a: readonly ManualAdjustmentDraft[], b: readonly ManualAdjustmentDraft[]): boolean {
  return (
    a.length === b.length &&
    a.every((left, index) => {
      const right = b[index];
      return (
        right !== undefined &&
        left.id === right.id &&
        left.type === right.type &&
        left.description === right.description &&
        toCents(left.amount) === toCents(right.amount)
      );
    })
  );
}

function isChanged(period: PayPeriod, inputs: PayRowInputs): boolean {
  return (
    inputs.daysWorked !== period.daysWorked ||
    inputs.daysBookedOff !== period.daysBookedOff ||
    inputs.daysMissed !== period.daysMissed ||
    inputs.fuelPercent !== period.fuelPercent ||
    inputs.manualBoost !== period.manualBoost ||
    !sameAdjustments(inputs.adjustments, savedManualAdjustments(period))
  );
}

const NOTHING_TYPED: Partial<Record<PayCellColumn, string>> = {};

/**
 * The cells' problems: each typed text its own, then a week of more than 7 days (worked, booked off
 * and missed together), marked at Days Worked as the server marks it.
 */
function problemsOf(typed: Partial<Record<PayCellColumn, string>>, inputs: PayRowInputs): PayCellProblem[] {
  const problems: PayCellProblem[] = PAY_CELL_COLUMNS.flatMap((column) => {
    const text = typed[column];
    if (text === undefined) return [];
    const parsed = parseCell(column, text);
    return parsed.ok ? [] : [{ column, message: parsed.message }];
  });
  const days = inputs.daysWorked + inputs.daysBookedOff + inputs.daysMissed;
  if (problems.length === 0 && days > MAX_PAY_DAYS)
    problems.push({ column: 'daysWorked', message: payDaysOverWeekMessage(days) });
  return problems;
}

const signedCents = (adjustment: { amount: number; isDeduction: boolean }): Cents =>
  (adjustment.isDeduction ? -toCents(adjustment.amount) : toCents(adjustment.amount)) as Cents;

/** Boost and the other adjustments, split as the grid's columns show them. */
function splitAdjustments(adjustments: readonly ListedAdjustment[]) {
  const boosts = adjustments.filter((adjustment) => adjustment.type === 'AUTO_BOOST');
  const others = adjustments.filter((adjustment) => adjustment.type !== 'AUTO_BOOST');
  return {
    boost: toEuro(addMoney(...boosts.map(signedCents))),
    adjustmentCount: others.length,
    adjustmentTotal: toEuro(addMoney(...others.map(signedCents))),
  };
}

/** The amounts as the server saved them: locked periods, and edited ones whose settings are not here yet. */
function savedAmounts(period: PayPeriod): { amounts: PayAmounts; adjustments: ListedAdjustment[] } {
  const adjustments = period.adjustments.map((adjustment) => ({
    key: `saved-${adjustment.id}`,
    type: adjustment.type,
    description: adjustment.description,
    amount: adjustment.amount,
    isDeduction: adjustment.isDeduction,
    automatic: adjustment.automatic,
  }));
  return {
    adjustments,
    amounts: {
      basePay: period.basePay,
      fuelSurcharge: period.fuelSurcharge,
      attendanceBonus: period.attendanceBonus,
      cargoBonus: period.cargoBonus,
      helmetBonus: period.helmetBonus,
      backBoxBonus: period.backBoxBonus,
      automaticBoost: null,
      ...splitAdjustments(adjustments),
      total: period.total,
    },
  };
}

/** One row: the period, the inputs over it and, for an editable period, the pay worked out live. */
export function payRowOf({
  period,
  edit,
  fuel,
  fuelProblems = NO_FUEL_PROBLEMS,
  settings,
}: {
  period: PayPeriod;
  edit: PayRowEdit | undefined;
  fuel: FuelPercents;
  fuelProblems?: FuelProblems;
  /** The driver's formula settings; undefined while they load. */
  settings: PayFormulaSettings | undefined;
}): PayRow {
  const editable = isEditablePayPeriod(period.status);
  if (!editable) {
    const saved = savedAmounts(period);
    return {
      period,
      editable,
      inputs: inputsOf(period, undefined, UNTOUCHED_FUEL),
      changed: false,
      typed: NOTHING_TYPED,
      problems: [],
      live: true,
      fuelProblem: undefined,
      ...saved,
    };
  }
  const inputs = inputsOf(period, edit, fuel);
  const typed = edit?.typed ?? NOTHING_TYPED;
  const problems = problemsOf(typed, inputs);
  const fuelClass = fuelClassOf(period.driver.vehicle);
  const fuelProblem = fuelClass ? fuelProblems[fuelClass] : undefined;
  const changed = isChanged(period, inputs) || problems.length > 0 || fuelProblem !== undefined;
  if (!settings)
    return { period, editable, inputs, changed, typed, problems, live: !changed, fuelProblem, ...savedAmounts(period) };

  const computeWith = (manualBoost: number | null) =>
    computePayPeriod({
      basePay: period.basePay,
      vehicle: period.driver.vehicle,
      settings,
      daysWorked: inputs.daysWorked,
      daysBookedOff: inputs.daysBookedOff,
      daysMissed: inputs.daysMissed,
      fuelPercent: inputs.fuelPercent,
      manualBoost,
      overrides: period.overrides,
      adjustments: inputs.adjustments.map((adjustment) => ({
        ...adjustment,
        isDeduction: adjustment.type === 'MANUAL_DEDUCTION',
      })),
    });
  const result = computeWith(inputs.manualBoost);
  const automaticBoost = inputs.manualBoost === null ? result.boost : computeWith(null).boost;
  let manualIndex = 0;
  const adjustments = result.adjustments.map((adjustment, index) => ({
    ...adjustment,
    // Manual ones come first, in the order given (computePayPeriod keeps it): they keep their keys.
    key: adjustment.automatic
      ? `auto-${adjustment.type}-${index}`
      : (inputs.adjustments[manualIndex++]?.key ?? `manual-${index}`),
  }));
  return {
    period,
    editable,
    inputs,
    changed,
    typed,
    problems,
    live: true,
    fuelProblem,
    adjustments,
    amounts: {
      basePay: result.basePay,
      fuelSurcharge: result.fuelSurcharge,
      attendanceBonus: result.attendanceBonus,
      cargoBonus: result.cargoBonus,
      helmetBonus: result.helmetBonus,
      backBoxBonus: result.backBoxBonus,
      automaticBoost,
      ...splitAdjustments(adjustments),
      total: result.total,
    },
  };
}

/** POST /pay/period's body: every changed editable period, its component overrides sent back as they were. */
export function saveBodyOf(rows: readonly PayRow[]): SavePayPeriodsBody {
  return rows
    .filter((row) => row.editable && row.changed)
    .map(({ period, inputs }) => ({
      id: period.id,
      version: period.version,
      daysWorked: inputs.daysWorked,
      daysBookedOff: inputs.daysBookedOff,
      daysMissed: inputs.daysMissed,
      fuelPercent: inputs.fuelPercent,
      manualBoost: inputs.manualBoost,
      ...period.overrides,
      adjustments: inputs.adjustments.map(({ id, type, description, amount }) =>
        id === undefined ? { type, description, amount } : { id, type, description, amount },
      ),
    }));
}

/**
 * Every typed cell that is not a valid value, in the grid's words ('Driver 100, Days Worked: Days
 * worked must be a whole number from 0 to 7.'), with the id its input is described by.
 */
export function cellProblemLines(rows: readonly PayRow[]): { id: string; text: string }[] {
  return rows.flatMap((row) =>
    row.problems.map(({ column, message }) => ({
      id: cellProblemId(row.period.id, column),
      text: `Driver ${row.period.driver.driverNumber}, ${PAY_CELL_HEADERS[column]}: ${message}`,
    })),
  );
}

export const TOTALLED_AMOUNTS = [
  'basePay',
  'fuelSurcharge',
  'attendanceBonus',
  'cargoBonus',
  'helmetBonus',
  'backBoxBonus',
  'boost',
  'adjustmentTotal',
  'total',
] as const satisfies readonly (keyof PayAmounts)[];
export type TotalledAmount = (typeof TOTALLED_AMOUNTS)[number];

/** The amounts a row cannot work out while its fuel input holds no percent. */
export const FUEL_DEPENDENT_AMOUNTS: readonly TotalledAmount[] = ['fuelSurcharge', 'total'];

/** Whether a row's amount is worked out (not while its fuel input holds no percent). */
export const isAmountKnown = (row: PayRow, key: TotalledAmount) =>
  row.fuelProblem === undefined || !FUEL_DEPENDENT_AMOUNTS.includes(key);

/**
 * The footer: each amount column summed over the rows shown, in cents; null for a column one of
 * whose rows is not worked out (a fuel input holds no percent): a sum without it would pretend.
 */
export function columnTotals(rows: readonly PayRow[]): Record<TotalledAmount, number | null> {
  const totals = {} as Record<TotalledAmount, number | null>;
  for (const key of TOTALLED_AMOUNTS)
    totals[key] = rows.every((row) => isAmountKnown(row, key))
      ? toEuro(addMoney(...rows.map((row) => toCents(row.amounts[key]))))
      : null;
  return totals;
}

/**
 * The value a fuel input shows: what was typed, else the percent every editable period of the class
 * shares, else the default.
 */
export function shownFuelPercent(periods: readonly PayPeriod[], fuel: FuelPercents, fuelClass: FuelClass): number {
  const typed = fuel[fuelClass];
  if (typed !== null) return typed;
  const stored = new Set(
    periods
      .filter((period) => isEditablePayPeriod(period.status) && fuelClassOf(period.driver.vehicle) === fuelClass)
      .map((period) => period.fuelPercent ?? FUEL_CLASS_DEFAULTS[fuelClass]),
  );
  const [only] = stored;
  return stored.size === 1 && only !== undefined ? only : FUEL_CLASS_DEFAULTS[fuelClass];
}

/** The grid's words for the fields of a pay period's save (the columns' headers). */
const SAVE_FIELD_LABELS: Record<string, string> = {
  ...PAY_CELL_HEADERS,
  fuelPercent: 'Fuel surcharge',
  adjustments: 'Adjustments',
};

/**
 * A refused save in the grid's words: each field the server named ('body.0.manualBoost',
 * 'body.1.adjustments.2.description') as its driver and column, with the server's message
 * ('Driver 100, Boost: Manual boost must be at most €999,999.00.'); undefined when it named none.
 */
export function refusedSaveText(
  details: readonly { field: string; message: string }[] | undefined,
  body: SavePayPeriodsBody,
  rows: readonly PayRow[],
): string | undefined {
  const lines = (details ?? []).flatMap(({ field, message }) => {
    const named = /^body\.(\d+)\.([^.]+)/.exec(field);
    if (!named) return [];
    const periodId = body[Number(named[1])]?.id;
    const driver = rows.find((row) => row.period.id === periodId)?.period.driver.driverNumber;
    const column = SAVE_FIELD_LABELS[named[2] ?? ''] ?? 'Pay period';
    return [`${driver === undefined ? '' : `Driver ${driver}, `}${column}: ${message}`];
  });
  return lines.length > 0 ? lines.join('\n') : undefined;
}
