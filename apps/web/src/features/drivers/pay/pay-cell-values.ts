import type { ZodType } from 'zod';
import { typedDecimal } from '@courier/domain/common/input-checks';
import { readTypedNumber } from '@courier/domain/common/typed-number';
import { FUEL_PERCENT_EMPTY_MESSAGE, fuelPercentSchema, savePayPeriodSchema } from '@courier/domain/driver-pay/schemas';

// What the grid's inputs accept, checked with the save's own schema, so a cell says what the server
// would say ('Days worked must be a whole number from 0 to 7.', 'Manual boost must be at most €999,999.00.').

export type ParsedCell<T> = { ok: true; value: T } | { ok: false; message: string };

/** The grid's typed columns: the day counts and the boost. */
export const PAY_CELL_COLUMNS = ['daysWorked', 'daysBookedOff', 'daysMissed', 'manualBoost'] as const;
export type PayCellColumn = (typeof PAY_CELL_COLUMNS)[number];
export type PayDaysColumn = Exclude<PayCellColumn, 'manualBoost'>;

/** The columns' headers, as a problem names them. */
export const PAY_CELL_HEADERS: Record<PayCellColumn, string> = {
  daysWorked: 'Days Worked',
  daysBookedOff: 'Days Booked Off',
  daysMissed: 'Days Missed',
  manualBoost: 'Boost',
};

/** A typed number as written ('7', '2.5', '-1', '12.'); anything else is not a number (NaN), never 0 as Number('') would be. */
const numberOf = (text: string) => typedDecimal(text) ?? Number.NaN;

function checked<T>(schema: ZodType, value: T): ParsedCell<T> {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value };
  return { ok: false, message: result.error.issues[0]?.message ?? 'This value is not allowed.' };
}

/** Days worked, booked off or missed: a whole number from 0 to 7 (the save's rule and message). */
export const parseDays =
  (column: PayDaysColumn) =>
  (text: string): ParsedCell<number> =>
    checked(savePayPeriodSchema.shape[column], numberOf(text.trim()));

/** A boost typed over the automatic one: euro with at most 2 decimals up to the save's maximum; empty means automatic. */
export function parseBoost(text: string): ParsedCell<number | null> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null };
  return checked<number | null>(savePayPeriodSchema.shape.manualBoost, numberOf(trimmed));
}

/**
 * A fuel percent input's value as the NumberInput gives it (a number, or its text until it reads as
 * one). Kept as typed and checked with the save's own schema, so -5 is refused as 'Fuel percent must
 * be 0 or more.' rather than losing its minus; empty or no number asks for a percent from 0 to 100.
 */
export function parseFuelPercent(typed: number | string): ParsedCell<number> {
  const read = readTypedNumber(typeof typed === 'string' ? typed.replace(/\s*%\s*$/, '') : typed, {
    schema: fuelPercentSchema,
    notANumber: FUEL_PERCENT_EMPTY_MESSAGE,
  });
  if (!read.ok) return read;
  return read.value === null ? { ok: false, message: FUEL_PERCENT_EMPTY_MESSAGE } : { ok: true, value: read.value };
}

export const parseCell = (column: PayCellColumn, text: string): ParsedCell<number | null> =>
  column === 'manualBoost' ? parseBoost(text) : parseDays(column)(text);

/**
 * What a keystroke in a cell hands the row: a valid text its value; a refused one is kept as typed and
 * the row goes on with `before`, the value the cell held when this typing began. Not the last valid
 * prefix passed on the way ('2' of '2.5', '999999' of '9999999'): the pay figures never follow a
 * value the cell refuses.
 */
export function cellAfterKeystroke<T>({
  text,
  before,
  parse,
}: {
  text: string;
  before: T;
  parse: (text: string) => ParsedCell<T>;
}): { value: T; refusedText: string | null } {
  const parsed = parse(text);
  return parsed.ok ? { value: parsed.value, refusedText: null } : { value: before, refusedText: text };
}

/** The id of the line that says what is wrong with a cell: its input is described by it. */
export const cellProblemId = (periodId: number, column: PayCellColumn) => `pay-cell-problem-${periodId}-${column}`;
