import type { DbOrTx } from '../../db/client.ts';
import { backgroundRuns } from '../../db/schema/index.ts';
import type { BackgroundRun } from './runner.ts';

export interface EnqueueRun {
  kind: string;
  params: Record<string, unknown>;
  /** Items the run expects to handle, for its progress. */
  total?: number;
  createdBy?: number | null;
  /** After this many attempts a failing step fails the run (default 3: two retries with back-off). */
  maxAttempts?: number;
  /** No runner takes the run before this instant (default: at once). */
  runAfter?: Date;
}

/** Queues a background run inside the caller's transaction: it becomes visible to runners when that commits. */
export async function enqueueRun(tx: DbOrTx, run: EnqueueRun): Promise<BackgroundRun> {
  const [queued] = await tx
    .insert(backgroundRuns)
    .values({
      kind: run.kind,
      params: run.params,
      total: run.total ?? 0,
      createdBy: run.createdBy ?? null,
      ...(run.maxAttempts === undefined ? {} : { maxAttempts: run.maxAttempts }),
      ...(run.runAfter === undefined ? {} : { runAfter: run.runAfter }),
    })
    .returning();
  if (!queued) throw new Error(`The ${run.kind} run was not queued.`);
  return queued;
}
