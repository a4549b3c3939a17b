import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { jobLog, jobs } from '../db/schema/index.ts';

export type JobRow = typeof jobs.$inferSelect;
export type JobLogEntry = Omit<typeof jobLog.$inferInsert, 'id' | 'jobId' | 'at'>;

/**
 * Writes log lines of a job inside the caller's transaction, so a change and its line land together.
 * The lines travel as one JSON parameter: building a multi-row insert with thousands of parameters
 * cost more than the database work itself (bench/price-increase.ts).
 */
export async function writeJobLog(tx: DbOrTx, jobId: number, entries: JobLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = JSON.stringify(
    entries.map((entry) => ({ level: entry.level, entity_id: entry.entityId ?? null, message: entry.message, before: entry.before ?? null, after: entry.after ?? null })),
  );
  await tx.execute(sql`
    insert into ${jobLog} (job_id, level, entity_id, message, before, after)
    select ${jobId}::integer, x.level, x.entity_id, x.message, x.before, x.after
    from rows from (jsonb_to_recordset(${rows}::jsonb) as (level text, entity_id text, message text, before jsonb, after jsonb))
      with ordinality as x(level, entity_id, message, before, after, n)
    order by x.n`);
}

export interface JobStep {
  /** The job's new state (its cursor), saved in the step's transaction. */
  state: Record<string, unknown>;
  /** Items handled by this step, and how many of them failed. */
  done: number;
  errors: number;
  finished: boolean;
}

/**
 * A kind of job. `step` does one bounded piece of work inside `tx`; the runner commits it together
 * with the job's new state and progress, so after a crash the job resumes after the last commit.
 * A step must be safe to repeat: a crash before the commit means it runs again.
 */
export interface JobHandler {
  step(context: { tx: DbOrTx; job: JobRow; log: (entries: JobLogEntry[]) => Promise<void> }): Promise<JobStep>;
}

export interface JobRunnerOptions {
  db: Db;
  handlers: Record<string, JobHandler>;
  /** How long a runner holds a job without a step before another runner may take it over. */
  leaseMs?: number;
  /** How often an idle runner looks for work. */
  pollMs?: number;
  onError?: (error: unknown, job: JobRow | null) => void;
}

export interface JobRunner {
  /** Starts polling for work in the background. */
  start(): void;
  /** Finishes the current step, hands a running job back to the queue and stops. */
  stop(): Promise<void>;
  /**
   * Runs queued work until none is left (tests, benchmarks). With `stepLimit` it stops after that
   * many steps without handing the job back, as a crashed process would.
   */
  runUntilIdle(options?: { stepLimit?: number }): Promise<void>;
}

/** Waits `ms`, or until the runner is stopped; removes its listener either way. */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });

/**
 * A small table-backed job runner (docs/decisions/003-background-jobs.md). Jobs are claimed with
 * FOR UPDATE SKIP LOCKED, so several servers can share one queue; each step commits with the job's
 * progress; a job whose runner died is taken over once its lease lapses.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, handlers } = options;
  const leaseSeconds = (options.leaseMs ?? 30_000) / 1000;
  const pollMs = options.pollMs ?? 500;
  const owner = `runner-${randomBytes(6).toString('hex')}`;
  const kinds = Object.keys(handlers);
  const onError = options.onError ?? ((error: unknown) => console.error('Background job failed:', error));
  const leaseUntil = sql`now() + make_interval(secs => ${leaseSeconds})`;
  let stopping = false;
  let loop: Promise<void> | null = null;
  const wake = new AbortController();

  async function claim(): Promise<JobRow | null> {
    if (kinds.length === 0) return null;
    return db.transaction(async (tx) => {
      const [candidate] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(inArray(jobs.kind, kinds), or(eq(jobs.status, 'queued'), and(eq(jobs.status, 'running'), lt(jobs.leaseUntil, sql`now()`)))))
        .orderBy(asc(jobs.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!candidate) return null;
      const [job] = await tx
        .update(jobs)
        .set({ status: 'running', leaseOwner: owner, leaseUntil, attempts: sql`${jobs.attempts} + 1`, startedAt: sql`coalesce(${jobs.startedAt}, now())` })
        .where(eq(jobs.id, candidate.id))
        .returning();
      return job ?? null;
    });
  }

  /** One step in one transaction; false when the job is finished or no longer ours. */
  async function step(jobId: number): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, jobId), eq(jobs.status, 'running'), eq(jobs.leaseOwner, owner)))
        .for('update');
      if (!job) return false;
      const handler = handlers[job.kind];
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
      const result = await handler.step({ tx, job, log: (entries) => writeJobLog(tx, job.id, entries) });
      await tx
        .update(jobs)
        .set({
          state: result.state,
          done: job.done + result.done,
          errors: job.errors + result.errors,
          ...(result.finished ? { status: 'completed' as const, finishedAt: sql`now()`, leaseOwner: null, leaseUntil: null } : { leaseUntil }),
        })
        .where(eq(jobs.id, job.id));
      return !result.finished;
    });
  }

  async function fail(job: JobRow, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(jobs)
        .set({ status: 'failed', failure: message, finishedAt: sql`now()`, leaseOwner: null, leaseUntil: null })
        .where(and(eq(jobs.id, job.id), eq(jobs.leaseOwner, owner)))
        .returning({ id: jobs.id });
      if (updated) await writeJobLog(tx, job.id, [{ level: 'error', message: `The run stopped: ${message}. Work committed before this point stays done.` }]);
    });
  }

  /** Runs a claimed job step by step; returns the steps taken. */
  async function run(job: JobRow, stepLimit: number): Promise<number> {
    let steps = 0;
    try {
      while (!stopping && steps < stepLimit) {
        steps++;
        if (!(await step(job.id))) return steps;
      }
      if (stopping) {
        // A clean stop hands the job back at once instead of waiting for the lease to lapse.
        await db.update(jobs).set({ status: 'queued', leaseOwner: null, leaseUntil: null }).where(and(eq(jobs.id, job.id), eq(jobs.leaseOwner, owner)));
      }
    } catch (error) {
      onError(error, job);
      await fail(job, error).catch((failure: unknown) => onError(failure, job));
    }
    return steps;
  }

  return {
    start() {
      if (loop) return;
      loop = (async () => {
        while (!stopping) {
          try {
            const job = await claim();
            if (job) await run(job, Number.POSITIVE_INFINITY);
            else await sleep(pollMs, wake.signal);
          } catch (error) {
            onError(error, null);
            await sleep(pollMs, wake.signal);
          }
        }
      })();
    },
    async stop() {
      stopping = true;
      wake.abort();
      await loop;
    },
    async runUntilIdle({ stepLimit = Number.POSITIVE_INFINITY } = {}) {
      let remaining = stepLimit;
      while (remaining > 0) {
        const job = await claim();
        if (!job) return;
        remaining -= await run(job, remaining);
      }
    },
  };
}
