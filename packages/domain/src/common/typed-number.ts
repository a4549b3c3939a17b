// A number field as typed. Mantine's NumberInput gives a number once its text reads as one, and the
// text until then ('', '2.', '-'). Forms read it here and check it with the server's own field schema,
// so a value the field cannot take is refused in the server's words instead of being changed as it is
// typed ('-5' kept as 5, '7.5' as 75, '2.345' as 2.34). No zod import at run time: the schema is passed in.
import { typedDecimal } from './input-checks.ts';

/** Any schema of a number field: only its first message is read. */
export interface NumberFieldSchema {
  safeParse(value: number): { success: boolean; error?: { issues: readonly { message: string }[] } };
}

/**
 * The number a field's value reads as: null when it is empty, undefined when its text reads as no
 * number ('-', '1e3'). Never 0 for an empty field: empty is no value, and the form says if one is needed.
 */
export function typedNumber(typed: number | string): number | null | undefined {
  if (typeof typed === 'number') return Number.isFinite(typed) ? typed : undefined;
  if (typed.trim() === '') return null;
  return typedDecimal(typed);
}

/** True when `value` has at most `places` decimal places (allowing for float representation). */
export function hasAtMostDecimals(value: number, places: number): boolean {
  // A whole number has no decimals, however large: 1e308 scaled is Infinity, which read as a fraction
  // and added 'at most 3 decimal places' to the message that it is too large.
  if (Number.isInteger(value)) return true;
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

export type TypedNumber = { ok: true; value: number | null } | { ok: false; message: string };

/**
 * A number field read as the server reads it: empty is null; text that reads as no number is refused
 * with `notANumber`; a number is checked by `schema` (the server's field schema, so its words).
 */
export function readTypedNumber(
  typed: number | string,
  { schema, notANumber }: { schema: NumberFieldSchema; notANumber: string },
): TypedNumber {
  const value = typedNumber(typed);
  if (value === null) return { ok: true, value: null };
  if (value === undefined) return { ok: false, message: notANumber };
  const checked = schema.safeParse(value);
  if (!checked.success) return { ok: false, message: checked.error?.issues[0]?.message ?? notANumber };
  return { ok: true, value };
}
