import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatDay } from '@courier/domain/common/calendar-days';
import { PAY_PERIOD_STATUS_TEXT } from '@courier/domain/driver-pay/documents';
import type { PayPeriod } from '@courier/domain/driver-pay/schemas';
import type { Db } from '../../db/client.ts';
import { bookingTasks, payPeriods } from '../../db/schema/index.ts';
import { conflict } from '../../http/errors.ts';
import { writeAudit } from '../../platform/audit.ts';
import { listPeriods, lockPeriods, payPeriodNotFound, tasksOfWeek } from './queries.ts';

/**
 * POST /api/pay/period/paid (docs/decisions/013). Spec 2 §4 lists PAID after PENDING_PAYMENT but
 * shows no call that moves a period there: accounts mark finalised periods paid once the money has
 * gone out. Every period named must be PENDING_PAYMENT, else 409 and nothing changes. In one
 * transaction the periods become PAID and the tasks finalise locked (PENDING_PAYMENT) become PAID;
 * both statuses lock driver pay, so price editing answers the same refusal as before. The periods
 * are not worked out again: their amounts are those finalised.
 */
export async function markPayPeriodsPaid(db: Db, options: { userId: number; ids: number[] }): Promise<PayPeriod[]> {
  return db.transaction(async (tx) => {
    const locked = await lockPeriods(tx, inArray(payPeriods.id, options.ids));
    const byId = new Map(locked.map((period) => [period.id, period]));
    for (const id of options.ids) {
      const period = byId.get(id);
      if (!period) throw payPeriodNotFound(id);
      if (period.status !== 'PENDING_PAYMENT')
        throw conflict(
          `Only pay periods pending payment can be marked paid: pay period ${id} (week of ${formatDay(period.startDay)}) is ${PAY_PERIOD_STATUS_TEXT[period.status].toLowerCase()}. Nothing was marked paid.`,
        );
    }
    await tx
      .update(payPeriods)
      .set({
        status: 'PAID',
        version: sql`${payPeriods.version} + 1`,
        updatedBy: options.userId,
        updatedAt: new Date(),
      })
      .where(inArray(payPeriods.id, options.ids));
    // Tasks completed in the week after it was finalised stay ACTIVE: they are not in the total paid.
    for (const period of locked)
      await tx
        .update(bookingTasks)
        .set({ payStatus: 'PAID' })
        .where(
          and(
            tasksOfWeek(period.driverId, { start: period.startDay, end: period.endDay }),
            eq(bookingTasks.payStatus, 'PENDING_PAYMENT'),
          ),
        );
    await writeAudit(
      tx,
      locked.map((period) => ({
        userId: options.userId,
        action: 'mark-paid',
        entityType: 'pay_period',
        entityId: period.id,
        field: 'status',
        before: period.status,
        after: 'PAID',
      })),
    );
    return listPeriods(tx, inArray(payPeriods.id, options.ids));
  });
}
