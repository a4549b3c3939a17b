import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/client.ts';

/**
 * A built report before it becomes CSV: the header and its lines, records and total rows, in the
 * order they are written; rowCount counts the records only. Every cell is text as SQL gave it:
 * money to the cent (summed in SQL), days as yyyy-MM-dd and times as yyyy-MM-dd HH:mm in
 * Europe/Dublin, which spreadsheets sort.
 */
export interface ReportTable {
  header: string[];
  lines: string[][];
  rowCount: number;
}

/** A report of records followed by its total rows. */
export function reportTable(header: string[], rows: string[][], totals: string[][] = []): ReportTable {
  return { header, lines: [...rows, ...totals], rowCount: rows.length };
}

/** The instant a Dublin calendar day starts. */
export const dayStart = (day: string | SQL): SQL => sql`((${day}::date)::timestamp at time zone 'Europe/Dublin')`;
/** The instant after a Dublin calendar day ends (the next day's start), for half-open ranges. */
export const dayAfter = (day: string | SQL): SQL => sql`((${day}::date + 1)::timestamp at time zone 'Europe/Dublin')`;
/** First and last day of the month a day falls in. */
export const monthFirst = (day: string): SQL => sql`(date_trunc('month', ${day}::date)::date)`;
export const monthLast = (day: string): SQL =>
  sql`((date_trunc('month', ${day}::date) + interval '1 month' - interval '1 day')::date)`;

/** A numeric sum or amount as text to the cent; nothing counts as 0.00. */
export const moneyText = (amount: SQL): SQL => sql`coalesce(${amount}, 0)::numeric(14, 2)::text`;
/** A timestamp as yyyy-MM-dd HH:mm in Europe/Dublin, '' when null. */
export const dublinMinute = (instant: SQL): SQL =>
  sql`coalesce(to_char(${instant} at time zone 'Europe/Dublin', 'YYYY-MM-DD HH24:MI'), '')`;
export const dublinDay = (instant: SQL): SQL =>
  sql`coalesce(to_char(${instant} at time zone 'Europe/Dublin', 'YYYY-MM-DD'), '')`;
export const yesNo = (flag: SQL): SQL => sql`case when ${flag} then 'Yes' else 'No' end`;

/** Runs a report query whose columns are named c0, c1, …; returns each row's cells in order. */
export async function selectCells(tx: DbOrTx, query: SQL, width: number): Promise<string[][]> {
  const rows = rowsOf<Record<string, string | number | null>>(await tx.execute(query));
  return rows.map((row) => Array.from({ length: width }, (_, index) => String(row[`c${index}`] ?? '')));
}

/** `expr as cN` for each expression, so selectCells reads them back in order. */
export function cells(expressions: readonly SQL[]): SQL {
  return sql.join(
    expressions.map((expression, index) => sql`${expression} as ${sql.raw(`c${index}`)}`),
    sql`, `,
  );
}
