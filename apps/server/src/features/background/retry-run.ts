import { eq, sql } from 'drizzle-orm';
import type { BackgroundRun } from '@courier/domain/background/schemas';
import type { Db } from '../../db/client.ts';
import { backgroundRuns } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { writeAudit } from '../../platform/audit.ts';
import { toRunView } from '../../platform/background/queries.ts';
import { writeRunLog } from '../../platform/background/run-log.ts';

/**
 * Queues a failed run again (POST /api/background/runs/{id}/retry). It keeps its state, progress and
 * log, so the next runner carries on after the last committed step: work already done is not done
 * twice. Its attempts start again from nought, or it would fail at once for having used them all.
 * Only a failed run: a queued or running one is already on its way, a completed one has nothing left.
 */
export async function retryRun(db: Db, { runId, userId }: { runId: number; userId: number }): Promise<BackgroundRun> {
  return db.transaction(async (tx) => {
    const [run] = await tx.select().from(backgroundRuns).where(eq(backgroundRuns.id, runId)).for('update');
    if (!run) throw notFound(`Background run ${runId} does not exist.`);
    if (run.status !== 'failed') throw conflict(`Run ${runId} is ${run.status}: only a failed run can be retried.`);
    const [queued] = await tx
      .update(backgroundRuns)
      .set({
        status: 'queued',
        attempts: 0,
        failure: null,
        finishedAt: null,
        leaseOwner: null,
        leaseUntil: null,
        runAfter: sql`now()`,
      })
      .where(eq(backgroundRuns.id, runId))
      .returning();
    await writeRunLog(tx, runId, [
      {
        level: 'info',
        message: `Retried after it failed (${run.failure ?? 'no reason recorded'}): queued again from where it stopped, ${run.done} of ${run.total} done.`,
      },
    ]);
    await writeAudit(tx, {
      userId,
      action: 'retry',
      entityType: 'background_run',
      entityId: runId,
      field: 'status',
      before: { status: run.status, failure: run.failure, attempts: run.attempts },
      after: { status: 'queued' },
    });
    if (!queued) throw new Error(`Run ${runId} was not queued again.`);
    return toRunView(queued);
  });
}
