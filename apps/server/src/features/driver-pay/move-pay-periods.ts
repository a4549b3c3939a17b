import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatDay } from '@courier/domain/common/calendar-days';
import { PAY_PERIOD_STATUS_TEXT } from '@courier/domain/driver-pay/documents';
import type { PayPeriodStatus } from '@courier/domain/driver-pay/schemas';
import type { DriverPayStatus } from '@courier/domain/pricing/price-edits';
import type { DbOrTx } from '../../db/client.ts';
import { bookingTasks, payPeriods } from '../../db/schema/index.ts';
import { conflict } from '../../http/errors.ts';
import { writeAudit } from '../../platform/audit.ts';
import { lockPeriods, payPeriodNotFound, tasksOfWeek, type PayPeriodRow } from './queries.ts';

// The one way a pay period moves on (finalise, mark paid): all the periods named or none, their
// tasks' driver pay status with them, and an audit row each.

/**
 * Locks the periods named; every one must be in `from`, else 409 (`refusal` says what, the state it
 * is in follows in words staff use) and nothing changes; an unknown id is 404.
 */
export async function lockPeriodsToMove(
  tx: DbOrTx,
  ids: readonly number[],
  from: PayPeriodStatus,
  refusal: { only: string; nothing: string },
): Promise<PayPeriodRow[]> {
  const locked = await lockPeriods(tx, inArray(payPeriods.id, [...ids]));
  const byId = new Map(locked.map((period) => [period.id, period]));
  for (const id of ids) {
    const period = byId.get(id);
    if (!period) throw payPeriodNotFound(id);
    if (period.status !== from)
      throw conflict(
        `${refusal.only}: pay period ${id} (week of ${formatDay(period.startDay)}) is ${PAY_PERIOD_STATUS_TEXT[period.status].toLowerCase()}. ${refusal.nothing}`,
      );
  }
  return locked;
}

/** Moves locked periods to `to`, and the tasks of their weeks whose pay status is `tasks.from` to `tasks.to`. */
export async function movePayPeriods(
  tx: DbOrTx,
  periods: readonly PayPeriodRow[],
  move: { userId: number; action: string; to: PayPeriodStatus; tasks: { from: DriverPayStatus; to: DriverPayStatus } },
): Promise<void> {
  await tx
    .update(payPeriods)
    .set({
      status: move.to,
      version: sql`${payPeriods.version} + 1`,
      updatedBy: move.userId,
      updatedAt: new Date(),
    })
    .where(
      inArray(
        payPeriods.id,
        periods.map((period) => period.id),
      ),
    );
  for (const period of periods)
    await tx
      .update(bookingTasks)
      .set({ payStatus: move.tasks.to })
      .where(
        and(
          tasksOfWeek(period.driverId, { start: period.startDay, end: period.endDay }),
          eq(bookingTasks.payStatus, move.tasks.from),
        ),
      );
  await writeAudit(
    tx,
    periods.map((period) => ({
      userId: move.userId,
      action: move.action,
      entityType: 'pay_period',
      entityId: period.id,
      field: 'status',
      before: period.status,
      after: move.to,
    })),
  );
}
