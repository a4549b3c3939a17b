import { asc, inArray } from 'drizzle-orm';
import type { PayPeriod } from '@courier/domain/driver-pay/schemas';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bookingJobs, bookingTasks, payPeriods } from '../../db/schema/index.ts';
import { lockPeriodsToMove, movePayPeriods } from './move-pay-periods.ts';
import { listPeriods, tasksOfWeek, type PayPeriodRow } from './queries.ts';
import { recomputePayPeriods } from './recompute-pay-periods.ts';

/**
 * Locks the jobs of the periods' tasks, in id order as the pricing area does, so a price edit of
 * one of these tasks either commits before the pay is summed or finds the task pending payment.
 */
async function lockJobsOfPeriodTasks(tx: DbOrTx, periods: PayPeriodRow[]): Promise<void> {
  const jobIds = new Set<number>();
  for (const period of periods) {
    const rows = await tx
      .select({ jobId: bookingTasks.jobId })
      .from(bookingTasks)
      .where(tasksOfWeek(period.driverId, { start: period.startDay, end: period.endDay }));
    for (const row of rows) jobIds.add(row.jobId);
  }
  if (jobIds.size === 0) return;
  await tx
    .select({ id: bookingJobs.id })
    .from(bookingJobs)
    .where(inArray(bookingJobs.id, [...jobIds]))
    .orderBy(asc(bookingJobs.id))
    .for('update');
}

/**
 * POST /api/pay/period/finalise. Spec 2 §4: finalise moves only in-review periods on. Every period
 * named must be IN_REVIEW, else 409 and nothing changes. In one transaction each is worked out a
 * last time from its tasks, moved to PENDING_PAYMENT, and its tasks' driver pay status set to
 * PENDING_PAYMENT, which locks their driver pay in price editing (spec 2 §5 edit guards).
 */
export async function finalisePayPeriods(db: Db, options: { userId: number; ids: number[] }): Promise<PayPeriod[]> {
  return db.transaction(async (tx) => {
    const locked = await lockPeriodsToMove(tx, options.ids, 'IN_REVIEW', {
      only: 'Only pay periods in review can be finalised',
      nothing: 'Nothing was finalised.',
    });
    await lockJobsOfPeriodTasks(tx, locked);
    await recomputePayPeriods(tx, { periods: locked });
    await movePayPeriods(tx, locked, {
      userId: options.userId,
      action: 'finalise',
      to: 'PENDING_PAYMENT',
      tasks: { from: 'ACTIVE', to: 'PENDING_PAYMENT' },
    });
    return listPeriods(tx, inArray(payPeriods.id, options.ids));
  });
}
