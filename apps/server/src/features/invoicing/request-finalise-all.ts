import type { FinaliseAllBody } from '@courier/domain/invoicing/list-schemas';
import type { DbOrTx } from '../../db/client.ts';
import { conflict } from '../../http/errors.ts';
import { enqueueRun } from '../../platform/background/enqueue.ts';
import { FINALISE_RUN_KIND } from './finalise.ts';
import { inReviewPeriodIdsMatching } from './queries.ts';

const periodsText = (count: number) => (count === 1 ? '1 invoice period is' : `${count} invoice periods are`);

/**
 * POST /api/invoice/finalise-all: 'Finalise All N Invoices' (spec 1 §2). Every period in review
 * that the list's filters match, however many (no page or id-list limit), and only when they are
 * still the N the screen showed: a period that came or went in between would be finalised, or
 * left out, unseen. The ids are fixed when the run is queued, so a period reaching review while it
 * runs is not taken either.
 */
export async function requestFinaliseAll(
  db: DbOrTx,
  body: FinaliseAllBody,
  userId: number | null,
): Promise<{ runId: number; count: number }> {
  const { count: shown, ...filters } = body;
  const ids = await inReviewPeriodIdsMatching(db, filters);
  if (ids.length === 0) throw conflict('No invoice periods in this list are ready to send any more.');
  if (ids.length !== shown)
    throw conflict(
      `The list has changed: ${periodsText(ids.length)} ready to send now, not ${shown}. Check the list and finalise again.`,
    );
  const run = await enqueueRun(db, {
    kind: FINALISE_RUN_KIND,
    params: { ids },
    total: ids.length,
    createdBy: userId,
  });
  return { runId: run.id, count: ids.length };
}
