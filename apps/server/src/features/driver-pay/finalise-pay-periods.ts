import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { formatDay } from '@courier/domain/common/calendar-days';
import { PAY_PERIOD_STATUS_TEXT } from '@courier/domain/driver-pay/documents';
import type { PayPeriod } from '@courier/domain/driver-pay/schemas';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bookingJobs, bookingTasks, payPeriods } from '../../db/schema/index.ts';
import { conflict } from '../../http/errors.ts';
import { writeAudit } from '../../platform/audit.ts';
import { listPeriods, lockPeriods, payPeriodNotFound, tasksOfWeek, type PayPeriodRow } from './queries.ts';
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
    const locked = await lockPeriods(tx, inArray(payPeriods.id, options.ids));
    const byId = new Map(locked.map((period) => [period.id, period]));
    for (const id of options.ids) {
      const period = byId.get(id);
      if (!period) throw payPeriodNotFound(id);
      if (period.status !== 'IN_REVIEW')
        throw conflict(
          `Only pay periods in review can be finalised: pay period ${id} (week of ${formatDay(period.startDay)}) is ${PAY_PERIOD_STATUS_TEXT[period.status].toLowerCase()}. Nothing was finalised.`,
        );
    }
    await lockJobsOfPeriodTasks(tx, locked);
    await recomputePayPeriods(tx, { periods: locked });
    const now = new Date();
    await tx
      .update(payPeriods)
      .set({
        status: 'PENDING_PAYMENT',
        version: sql`${payPeriods.version} + 1`,
        updatedBy: options.userId,
        updatedAt: now,
      })
      .where(inArray(payPeriods.id, options.ids));
    for (const period of locked)
      await tx
        .update(bookingTasks)
        .set({ payStatus: 'PENDING_PAYMENT' })
        .where(
          and(
            tasksOfWeek(period.driverId, { start: period.startDay, end: period.endDay }),
            eq(bookingTasks.payStatus, 'ACTIVE'),
          ),
        );
    await writeAudit(
      tx,
      locked.map((period) => ({
        userId: options.userId,
        action: 'finalise',
        entityType: 'pay_period',
        entityId: period.id,
        field: 'status',
        before: period.status,
        after: 'PENDING_PAYMENT',
      })),
    );
    return listPeriods(tx, inArray(payPeriods.id, options.ids));
  });
}
