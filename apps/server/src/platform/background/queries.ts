import { and, asc, count, desc, eq, gte, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type {
  BackgroundRun as BackgroundRunView,
  BackgroundRunListQuery,
  BackgroundRunLogPage,
} from '@courier/domain/background/schemas';
import { BACKGROUND_RUN_KINDS, DISPATCH_KINDS } from '@courier/domain/background/queue-groups';
import { instantOfWallTime } from '@courier/domain/common/schedule-rule';
import type { Db } from '../../db/client.ts';
import { backgroundRunLog, backgroundRuns } from '../../db/schema/index.ts';
import type { BackgroundRun } from './runner.ts';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The start of a Dublin day (`next` for the day after), or the instant itself. */
function instantOf(text: string, next = false): Date {
  const day = DAY.exec(text);
  if (!day) return new Date(text);
  const date = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]) + (next ? 1 : 0)));
  return instantOfWallTime({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

export function toRunView(run: BackgroundRun): BackgroundRunView {
  return {
    id: run.id,
    kind: run.kind,
    status: run.status,
    params: run.params,
    state: run.state,
    total: run.total,
    done: run.done,
    errors: run.errors,
    attempts: run.attempts,
    maxAttempts: run.maxAttempts,
    runAfter: run.runAfter.toISOString(),
    createdBy: run.createdBy,
    createdAt: run.createdAt.toISOString(),
    startedAt: run.startedAt?.toISOString() ?? null,
    finishedAt: run.finishedAt?.toISOString() ?? null,
    failure: run.failure,
    scheduleName: run.scheduleName,
    slot: run.slot?.toISOString() ?? null,
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every word of `text` found in the run's number, kind, failure or parameters, or naming its kind as
 * staff read it ('set call' finds set-call-run runs).
 */
function textCondition(text: string): SQL | undefined {
  const haystack = sql`concat_ws(' ', ${backgroundRuns.id}::text, ${backgroundRuns.kind}, ${backgroundRuns.failure}, ${backgroundRuns.params}::text)`;
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return and(
    ...words.map((word) => {
      const kinds = BACKGROUND_RUN_KINDS.filter((info) => info.label.toLowerCase().includes(word)).map(
        (info) => info.kind,
      );
      const found = sql`${haystack} ilike ${`%${escapeLike(word)}%`}`;
      return kinds.length > 0 ? (or(found, inArray(backgroundRuns.kind, kinds)) as SQL) : found;
    }),
  );
}

/**
 * GET /api/background/runs: runs newest first, filtered by kind, status, queue group (the Dispatch
 * kinds, or every other kind for Admin), text and when they were queued.
 */
export async function listRuns(
  db: Db,
  query: BackgroundRunListQuery,
): Promise<{ count: number; runs: BackgroundRunView[] }> {
  const conditions: SQL[] = [];
  if (query.kind) conditions.push(eq(backgroundRuns.kind, query.kind));
  if (query.status) conditions.push(eq(backgroundRuns.status, query.status));
  if (query.group === 'dispatch') conditions.push(inArray(backgroundRuns.kind, [...DISPATCH_KINDS]));
  if (query.group === 'admin') conditions.push(notInArray(backgroundRuns.kind, [...DISPATCH_KINDS]));
  const text = query.text ? textCondition(query.text) : undefined;
  if (text) conditions.push(text);
  if (query.from) conditions.push(gte(backgroundRuns.createdAt, instantOf(query.from)));
  if (query.to) {
    // `to` is inclusive: a day runs to the start of the next; an instant includes itself.
    const end = DAY.test(query.to) ? instantOf(query.to, true) : new Date(new Date(query.to).getTime() + 1);
    conditions.push(lt(backgroundRuns.createdAt, end));
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(backgroundRuns).where(where).orderBy(desc(backgroundRuns.id)).limit(query.size).offset(query.skip),
    db.select({ value: count() }).from(backgroundRuns).where(where),
  ]);
  return { count: total?.value ?? 0, runs: rows.map(toRunView) };
}

export async function findRun(db: Db, id: number): Promise<BackgroundRun | undefined> {
  const [run] = await db.select().from(backgroundRuns).where(eq(backgroundRuns.id, id));
  return run;
}

/** A page of a run's log, oldest line first. */
export async function runLogPage(
  db: Db,
  runId: number,
  page: { size: number; skip: number },
): Promise<BackgroundRunLogPage> {
  const where = eq(backgroundRunLog.runId, runId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(backgroundRunLog)
      .where(where)
      .orderBy(asc(backgroundRunLog.id))
      .limit(page.size)
      .offset(page.skip),
    db.select({ value: count() }).from(backgroundRunLog).where(where),
  ]);
  return {
    count: total?.value ?? 0,
    lines: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      level: row.level,
      entityId: row.entityId,
      message: row.message,
      before: row.before ?? null,
      after: row.after ?? null,
    })),
  };
}
