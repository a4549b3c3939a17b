import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { backgroundRuns } from '../../db/schema/index.ts';
import { writeRunLog, type RunLogEntry } from './run-log.ts';
import { fireDueSchedules } from './schedules.ts';

export type BackgroundRun = typeof backgroundRuns.$inferSelect;

export interface RunStep {
  /** The run's new state (its cursor), saved in the step's transaction. */
  state: Record<string, unknown>;
  /** Items handled by this step, and how many of them failed. */
  done: number;
  errors: number;
  finished: boolean;
}

/** How long a failed run waits before its next attempt: `firstMs`, doubled each attempt, at most `maxMs`. */
export interface Backoff {
  firstMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { firstMs: 5_000, maxMs: 15 * 60_000 };

/** The wait after failed attempt `attempt` (1, 2, …): 5 s, 10 s, 20 s, … up to the cap by default. */
export function backoffDelayMs(attempt: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  return Math.min(backoff.maxMs, backoff.firstMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * A kind of run. `step` does one bounded piece of work inside `tx`; the runner commits it together
 * with the run's new state and progress, so after a crash the run resumes after the last commit.
 * A step must be safe to repeat: a crash before the commit means it runs again, and a step that
 * throws is retried (from the last committed state) until the run's `max_attempts` (enqueueRun).
 */
export interface RunHandler {
  step(context: { tx: DbOrTx; run: BackgroundRun; log: (entries: RunLogEntry[]) => Promise<void> }): Promise<RunStep>;
  /** The wait between attempts of this kind (default: the runner's, else DEFAULT_BACKOFF). */
  backoff?: Backoff;
}

export interface BackgroundRunnerOptions {
  db: Db;
  handlers: Record<string, RunHandler>;
  /** How long a runner holds a run without a step before another runner may take it over. */
  leaseMs?: number;
  /** How often an idle runner looks for work. */
  pollMs?: number;
  /** The wait between attempts for handlers that do not declare their own. */
  backoff?: Backoff;
  onError?: (error: unknown, run: BackgroundRun | null) => void;
  /** The clock schedules are read against (tests move it; runs' leases and back-off use the database's). */
  now?: () => Date;
}

export interface BackgroundRunner {
  /** Starts polling for work in the background. */
  start(): void;
  /** Finishes the current step, hands a running run back to the queue and stops. */
  stop(): Promise<void>;
  /**
   * Runs queued work until none is left (tests, benchmarks). With `stepLimit` it stops after that
   * many steps without handing the run back, as a crashed process would.
   */
  runUntilIdle(options?: { stepLimit?: number }): Promise<void>;
  /** Queues a run for each due schedule of this runner's kinds (schedules.ts); the polling loop calls it. */
  fireSchedules(): Promise<number[]>;
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
 * The table-backed runner of background runs (docs/decisions/003 and 007). Runs are claimed with
 * FOR UPDATE SKIP LOCKED, so several servers can share one queue; each step commits with the run's
 * progress; a run whose runner died is taken over once its lease lapses.
 */
export function createBackgroundRunner(options: BackgroundRunnerOptions): BackgroundRunner {
  const { db, handlers } = options;
  const leaseSeconds = (options.leaseMs ?? 30_000) / 1000;
  const pollMs = options.pollMs ?? 500;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const owner = `runner-${randomBytes(6).toString('hex')}`;
  const kinds = Object.keys(handlers);
  const now = options.now ?? (() => new Date());
  let schedulesCheckedAt = Number.NEGATIVE_INFINITY;
  const onError = options.onError ?? ((error: unknown) => console.error('Background run failed:', error));
  const leaseUntil = sql`now() + make_interval(secs => ${leaseSeconds})`;
  let stopping = false;
  let loop: Promise<void> | null = null;
  const wake = new AbortController();

  async function claim(): Promise<BackgroundRun | null> {
    if (kinds.length === 0) return null;
    return db.transaction(async (tx) => {
      const [candidate] = await tx
        .select({ id: backgroundRuns.id })
        .from(backgroundRuns)
        .where(
          and(
            inArray(backgroundRuns.kind, kinds),
            or(
              and(eq(backgroundRuns.status, 'queued'), lte(backgroundRuns.runAfter, sql`now()`)),
              and(eq(backgroundRuns.status, 'running'), lt(backgroundRuns.leaseUntil, sql`now()`)),
            ),
          ),
        )
        .orderBy(asc(backgroundRuns.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!candidate) return null;
      const [run] = await tx
        .update(backgroundRuns)
        .set({
          status: 'running',
          leaseOwner: owner,
          leaseUntil,
          attempts: sql`${backgroundRuns.attempts} + 1`,
          startedAt: sql`coalesce(${backgroundRuns.startedAt}, now())`,
        })
        .where(eq(backgroundRuns.id, candidate.id))
        .returning();
      return run ?? null;
    });
  }

  /** One step in one transaction; false when the run is finished or no longer ours. */
  async function step(runId: number): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [run] = await tx
        .select()
        .from(backgroundRuns)
        .where(
          and(eq(backgroundRuns.id, runId), eq(backgroundRuns.status, 'running'), eq(backgroundRuns.leaseOwner, owner)),
        )
        .for('update');
      if (!run) return false;
      const handler = handlers[run.kind];
      if (!handler) throw new Error(`No handler for runs of kind ${run.kind}`);
      const result = await handler.step({ tx, run, log: (entries) => writeRunLog(tx, run.id, entries) });
      await tx
        .update(backgroundRuns)
        .set({
          state: result.state,
          done: run.done + result.done,
          errors: run.errors + result.errors,
          ...(result.finished
            ? { status: 'completed' as const, finishedAt: sql`now()`, leaseOwner: null, leaseUntil: null }
            : { leaseUntil }),
        })
        .where(eq(backgroundRuns.id, run.id));
      return !result.finished;
    });
  }

  /**
   * A step threw: its transaction rolled back, what earlier steps committed stays. Before the run's
   * last attempt it goes back to the queue until the back-off has passed; at the last it fails.
   */
  async function fail(run: BackgroundRun, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(backgroundRuns)
        .where(and(eq(backgroundRuns.id, run.id), eq(backgroundRuns.leaseOwner, owner)))
        .for('update');
      if (!current) return;
      if (current.attempts < current.maxAttempts) {
        const delayMs = backoffDelayMs(current.attempts, handlers[current.kind]?.backoff ?? backoff);
        await tx
          .update(backgroundRuns)
          .set({
            status: 'queued',
            leaseOwner: null,
            leaseUntil: null,
            runAfter: sql`now() + make_interval(secs => ${delayMs / 1000})`,
          })
          .where(eq(backgroundRuns.id, run.id));
        await writeRunLog(tx, run.id, [
          {
            level: 'error',
            message: `Attempt ${current.attempts} of ${current.maxAttempts} failed: ${message}. Trying again in ${delayMs / 1000} s; work committed before this point stays done.`,
          },
        ]);
        return;
      }
      await tx
        .update(backgroundRuns)
        .set({ status: 'failed', failure: message, finishedAt: sql`now()`, leaseOwner: null, leaseUntil: null })
        .where(eq(backgroundRuns.id, run.id));
      await writeRunLog(tx, run.id, [
        { level: 'error', message: `The run stopped: ${message}. Work committed before this point stays done.` },
      ]);
    });
  }

  /** Runs a claimed run step by step; returns the steps taken. */
  async function runSteps(run: BackgroundRun, stepLimit: number): Promise<number> {
    let steps = 0;
    try {
      while (!stopping && steps < stepLimit) {
        steps++;
        if (!(await step(run.id))) return steps;
      }
      if (stopping) {
        // A clean stop hands the run back at once instead of waiting for the lease to lapse, and
        // gives back its attempt: stopping is not a failure.
        await db
          .update(backgroundRuns)
          .set({
            status: 'queued',
            leaseOwner: null,
            leaseUntil: null,
            attempts: sql`greatest(${backgroundRuns.attempts} - 1, 0)`,
          })
          .where(and(eq(backgroundRuns.id, run.id), eq(backgroundRuns.leaseOwner, owner)));
      }
    } catch (error) {
      onError(error, run);
      await fail(run, error).catch((failure: unknown) => onError(failure, run));
    }
    return steps;
  }

  const fireSchedules = () => fireDueSchedules(db, { kinds, now: now(), onError: (error) => onError(error, null) });

  return {
    fireSchedules,
    start() {
      if (loop) return;
      loop = (async () => {
        while (!stopping) {
          try {
            // Due schedules are looked at between runs, at most once a poll interval (a long run
            // delays them on this server only; another server fires them meanwhile).
            if (Date.now() - schedulesCheckedAt >= pollMs) {
              schedulesCheckedAt = Date.now();
              await fireSchedules();
            }
            const run = await claim();
            if (run) await runSteps(run, Number.POSITIVE_INFINITY);
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
      await fireSchedules();
      while (remaining > 0) {
        const run = await claim();
        if (!run) return;
        remaining -= await runSteps(run, remaining);
      }
    },
  };
}

/**
 * One runner per lane of kinds, and one for every other kind. A runner works one run at a time, to
 * its end: kinds that must not wait behind long work (messages: a sign-in code behind a finalise of
 * a thousand periods) get a lane of their own.
 */
export function createRunnerLanes(
  options: BackgroundRunnerOptions & { lanes: readonly (readonly string[])[] },
): BackgroundRunner[] {
  const { lanes, handlers, ...shared } = options;
  const laned = new Set(lanes.flat());
  const entries = Object.entries(handlers);
  return [
    ...lanes.map((lane) => entries.filter(([kind]) => lane.includes(kind))),
    entries.filter(([kind]) => !laned.has(kind)),
  ]
    .filter((lane) => lane.length > 0)
    .map((lane) => createBackgroundRunner({ ...shared, handlers: Object.fromEntries(lane) }));
}
