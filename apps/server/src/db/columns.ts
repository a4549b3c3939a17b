import { customType } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** Precision and scale of a numeric column, as in `numeric(12, 2)`. */
export interface NumericConfig {
  precision: number;
  scale: number;
}

/** A numeric column's driver value (text from node-postgres and PGlite) as a JS number, or null. */
export function numberFromNumeric(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'number' ? value : Number(value);
}

/**
 * The one column type for every `numeric(p, s)` column: rows come out as JS numbers, values go in as
 * numbers. The SQL type is exactly `numeric(p, s)` (the migrations are unchanged).
 *
 * Exact to the cent: a numeric(12,2) value has at most 12 significant digits and a double keeps 15,
 * so Number('0.30') is the double nearest 0.30 and String() of it gives back '0.3'. Sums still
 * happen in SQL or through the integer-cents helper in `@courier/domain/common/money` — never
 * `a + b` on these numbers. A value written is sent as its shortest decimal text and PostgreSQL
 * rounds it to the column's scale (0.1 + 0.2 = 0.30000000000000004 is stored as 0.30).
 * NaN and Infinity are refused here: PostgreSQL's numeric would store 'NaN'.
 */
export const numericNumber = customType<{
  data: number;
  driverData: string;
  config: NumericConfig;
  configRequired: true;
}>({
  dataType: (config) => `numeric(${config.precision}, ${config.scale})`,
  fromDriver: (value) => numberFromNumeric(value) ?? 0, // a null never reaches fromDriver
  toDriver: (value) => {
    if (!Number.isFinite(value)) throw new RangeError(`Not a finite number for a numeric column: ${String(value)}`);
    return String(value);
  },
});

/**
 * The default `'0'` of the numeric columns, written as the migrations already have it (a number
 * default would make drizzle-kit see a change and write an ALTER that changes nothing).
 */
export const numericZero = sql`'0'`;

/** A timestamp column's value as the API sends it: ISO 8601 text in UTC, or null. */
export function isoOrNull(value: Date | null): string | null {
  return value === null ? null : value.toISOString();
}

/** A file's bytes: PostgreSQL bytea, a Buffer in TypeScript (PGlite hands back a Uint8Array). */
export const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
  toDriver: (value) => value,
});
