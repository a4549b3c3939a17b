import { Readable } from 'node:stream';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { INCREASE_KINDS, type IncreaseKind, type IncreaseRun } from '@courier/domain/pricing/schemas';
import type { Db } from '../../db/client.ts';
import { backgroundRunLog, backgroundRuns } from '../../db/schema/index.ts';
import type { BackgroundRun } from '../../platform/background/runner.ts';
import { csvLine } from '../../platform/csv.ts';
import type { IncreaseParams } from './increase-scope.ts';

export const increaseLogUrl = (id: number) => `/api/pricing/increases/${id}/log`;

export function increaseRun(run: BackgroundRun): IncreaseRun {
  return {
    id: run.id,
    kind: run.kind as IncreaseKind,
    status: run.status,
    total: run.total,
    done: run.done,
    errors: run.errors,
    percentIncrease: (run.params as IncreaseParams).percentIncrease,
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
    failure: run.failure,
    logUrl: { logs: increaseLogUrl(run.id) },
  };
}

export async function findIncreaseRun(db: Db, id: number): Promise<BackgroundRun | undefined> {
  const [run] = await db
    .select()
    .from(backgroundRuns)
    .where(and(eq(backgroundRuns.id, id), inArray(backgroundRuns.kind, [...INCREASE_KINDS])));
  return run;
}

/** Price levels read in the order the editor shows them (jsonb stores keys in its own order). */
function readable(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((item: unknown) => {
    if (typeof item !== 'object' || item === null) return item;
    const { upTo, basic, basicPer, then, thenPer, ...rest } = item as Record<string, unknown>;
    return { upTo, basic, basicPer, then, thenPer, ...rest };
  });
}

/** A log value as cell text: JSON for price levels and other structured values. */
function cellText(value: unknown): string {
  return value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
}

const PAGE = 2000;

/** The run's log as CSV, read page by page so a 50,000-tariff run streams in flat memory. */
export function increaseLogCsv(db: Db, runId: number): Readable {
  async function* lines() {
    yield 'time,level,tariff,message,before,after\r\n';
    let after = 0;
    for (;;) {
      const rows = await db
        .select()
        .from(backgroundRunLog)
        .where(and(eq(backgroundRunLog.runId, runId), gt(backgroundRunLog.id, after)))
        .orderBy(asc(backgroundRunLog.id))
        .limit(PAGE);
      if (rows.length === 0) return;
      yield rows
        .map((row) =>
          csvLine(
            [row.at.toISOString(), row.level, row.entityId, row.message, readable(row.before), readable(row.after)].map(
              cellText,
            ),
            '\r\n',
          ),
        )
        .join('');
      after = rows.at(-1)?.id ?? after;
      if (rows.length < PAGE) return;
    }
  }
  return Readable.from(lines());
}
