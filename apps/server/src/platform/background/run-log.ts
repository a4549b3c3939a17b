import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { backgroundRunLog } from '../../db/schema/index.ts';

/** One log line of a background run, as a handler writes it (the id, run and time are filled in). */
export type RunLogEntry = Omit<typeof backgroundRunLog.$inferInsert, 'id' | 'runId' | 'at'>;

/**
 * Writes log lines of a run inside the caller's transaction, so a change and its line land together.
 * The lines travel as one JSON parameter: building a multi-row insert with thousands of parameters
 * cost more than the database work itself (bench/price-increase.ts).
 */
export async function writeRunLog(tx: DbOrTx, runId: number, entries: RunLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = JSON.stringify(
    entries.map((entry) => ({
      level: entry.level,
      entity_id: entry.entityId ?? null,
      message: entry.message,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  );
  await tx.execute(sql`
    insert into ${backgroundRunLog} (run_id, level, entity_id, message, before, after)
    select ${runId}::integer, x.level, x.entity_id, x.message, x.before, x.after
    from rows from (jsonb_to_recordset(${rows}::jsonb) as (level text, entity_id text, message text, before jsonb, after jsonb))
      with ordinality as x(level, entity_id, message, before, after, n)
    order by x.n`);
}
