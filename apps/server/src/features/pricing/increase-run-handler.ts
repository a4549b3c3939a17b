import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { pricingSchema } from '@courier/domain/pricing/schemas';
import { increaseLevels, type PriceLevel } from '@courier/domain/pricing/tariff-engine';
import { tariffs } from '../../db/schema/index.ts';
import type { RunHandler } from '../../platform/background/runner.ts';
import type { RunLogEntry } from '../../platform/background/run-log.ts';
import { increaseScope, type IncreaseParams } from './increase-scope.ts';

export const DEFAULT_INCREASE_BATCH = 250;

const label = (row: typeof tariffs.$inferSelect) =>
  `Tariff ${row.id} (${[row.account ?? 'base', row.service, row.zone, row.carrierId ? `carrier ${row.carrierId}` : null].filter(Boolean).join(', ')})`;

/**
 * One batch of a price or carrier increase per step: the next tariffs in scope (by id) that are not
 * yet increased, locked, raised by the percentage, marked priceIncreaseRan and logged, all in the
 * step's transaction. The update is guarded by `price_increase_ran = false`, so a batch repeated
 * after a crash, or a tariff another run reached first, is never increased twice.
 */
export function increaseRunHandler({ batchSize = DEFAULT_INCREASE_BATCH }: { batchSize?: number } = {}): RunHandler {
  return {
    async step({ tx, run, log }) {
      const params = run.params as IncreaseParams;
      const cursor = Number(run.state.cursor ?? 0);
      const rows = await tx
        .select()
        .from(tariffs)
        .where(and(increaseScope(params), eq(tariffs.priceIncreaseRan, false), gt(tariffs.id, cursor)))
        .orderBy(asc(tariffs.id))
        .limit(batchSize)
        .for('update');

      const entries: RunLogEntry[] = [];
      const updates: { id: number; pricing: PriceLevel[] }[] = [];
      for (const row of rows) {
        const levels = pricingSchema.safeParse(row.pricing);
        if (!levels.success) {
          entries.push({
            level: 'error',
            entityId: String(row.id),
            message: `${label(row)}: not increased, its price levels are not valid (${levels.error.issues[0]?.message ?? 'unknown problem'}). Fix them in the Tariff Editor.`,
            before: row.pricing,
          });
          continue;
        }
        const after = increaseLevels(levels.data, params.percentIncrease);
        updates.push({ id: row.id, pricing: after });
        entries.push({
          level: 'change',
          entityId: String(row.id),
          message: `${label(row)}: increased by ${params.percentIncrease} %`,
          before: row.pricing,
          after,
        });
      }

      let changed = 0;
      if (updates.length > 0) {
        // One JSON parameter for the whole batch (a VALUES list of 500 parameters cost more to build than to run).
        const result = (await tx.execute(sql`
          update ${tariffs} set pricing = v.pricing, price_increase_ran = true, updated_at = now()
          from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as v(id integer, pricing jsonb)
          where ${tariffs.id} = v.id and ${tariffs.priceIncreaseRan} = false
          returning ${tariffs.id}`)) as unknown as { rows: { id: number }[] }; // the same shape from PGlite and node-postgres
        changed = result.rows.length;
      }
      if (changed !== updates.length)
        throw new Error(`expected to increase ${updates.length} tariffs, increased ${changed}`);

      const finished = rows.length < batchSize;
      const errors = rows.length - updates.length;
      if (finished) {
        const done = run.done + rows.length;
        const totalErrors = run.errors + errors;
        entries.push({
          level: 'info',
          message: `Finished: ${done - totalErrors} tariffs increased by ${params.percentIncrease} %${totalErrors > 0 ? `, ${totalErrors} could not be increased (see the errors above)` : ', no errors'}.`,
        });
      }
      await log(entries);
      return { state: { cursor: rows.at(-1)?.id ?? cursor }, done: rows.length, errors, finished };
    },
  };
}

/** The background-run handlers of the pricing area, for the server's runner. */
export function pricingRunHandlers(options: { batchSize?: number } = {}): Record<string, RunHandler> {
  const handler = increaseRunHandler(options);
  return { 'price-increase': handler, 'carrier-increase': handler };
}
