import { Readable } from 'node:stream';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { INCREASE_KINDS, type IncreaseKind, type IncreaseRun } from '@courier/domain/pricing/schemas';
import type { Db } from '../../db/client.ts';
import { jobLog, jobs } from '../../db/schema/index.ts';
import type { IncreaseParams } from './increase-scope.ts';

type JobRow = typeof jobs.$inferSelect;

export const increaseLogUrl = (id: number) => `/api/pricing/increases/${id}/log`;

export function increaseRun(job: JobRow): IncreaseRun {
  return {
    id: job.id,
    kind: job.kind as IncreaseKind,
    status: job.status,
    total: job.total,
    done: job.done,
    errors: job.errors,
    percentIncrease: (job.params as IncreaseParams).percentIncrease,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
    failure: job.failure,
    logUrl: { logs: increaseLogUrl(job.id) },
  };
}

export async function findIncreaseJob(db: Db, id: number): Promise<JobRow | undefined> {
  const [job] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), inArray(jobs.kind, [...INCREASE_KINDS])));
  return job;
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

/** RFC 4180 quoting: a field with a comma, quote or line break is quoted, quotes doubled. */
function csvField(value: unknown): string {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const PAGE = 2000;

/** The run's log as CSV, read page by page so a 50,000-tariff run streams in flat memory. */
export function increaseLogCsv(db: Db, jobId: number): Readable {
  async function* lines() {
    yield 'time,level,tariff,message,before,after\r\n';
    let after = 0;
    for (;;) {
      const rows = await db
        .select()
        .from(jobLog)
        .where(and(eq(jobLog.jobId, jobId), gt(jobLog.id, after)))
        .orderBy(asc(jobLog.id))
        .limit(PAGE);
      if (rows.length === 0) return;
      yield rows.map((row) => [row.at.toISOString(), row.level, row.entityId, row.message, readable(row.before), readable(row.after)].map(csvField).join(',')).join('\r\n') + '\r\n';
      after = rows.at(-1)?.id ?? after;
      if (rows.length < PAGE) return;
    }
  }
  return Readable.from(lines());
}
