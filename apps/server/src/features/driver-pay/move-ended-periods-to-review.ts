import { and, eq, lt } from 'drizzle-orm';
import { dublinToday } from '@courier/domain/common/calendar-days';
import type { DbOrTx } from '../../db/client.ts';
import { payPeriods } from '../../db/schema/index.ts';
import type { RunHandler } from '../../platform/background/runner.ts';
import { defineSchedule } from '../../platform/background/schedules.ts';

/** The background run kind that moves ended weeks' periods to review. */
export const PAY_PERIOD_REVIEW_KIND = 'pay-period-review';

/**
 * Every Monday just after midnight (Europe/Dublin): the week that ended on Sunday goes to review.
 * A missed slot collapses into the next one, and the run moves every ended week, so none is skipped.
 */
export const payPeriodReviewSchedule = defineSchedule({
  name: 'pay-periods-to-review',
  kind: PAY_PERIOD_REVIEW_KIND,
  rule: '5 0 * * 1',
});

/**
 * Moves ACTIVE periods whose week has ended (its Sunday is before today in Dublin) to IN_REVIEW;
 * returns how many. The version stays: both states are editable, so a page open on the week can
 * still save.
 */
export async function moveEndedPeriodsToReview(tx: DbOrTx, now: Date = new Date()): Promise<number> {
  const moved = await tx
    .update(payPeriods)
    .set({ status: 'IN_REVIEW', updatedAt: now })
    .where(and(eq(payPeriods.status, 'ACTIVE'), lt(payPeriods.endDay, dublinToday(now))))
    .returning({ id: payPeriods.id });
  return moved.length;
}

/** One step: the update above is one statement and safe to repeat (a second run finds nothing ACTIVE and ended). */
export function payPeriodReviewHandler(options: { now?: () => Date } = {}): RunHandler {
  return {
    async step({ tx, log }) {
      const moved = await moveEndedPeriodsToReview(tx, options.now?.() ?? new Date());
      await log([{ level: 'info', message: `${moved} pay period(s) whose week has ended moved to review.` }]);
      return { state: {}, done: moved, errors: 0, finished: true };
    },
  };
}
