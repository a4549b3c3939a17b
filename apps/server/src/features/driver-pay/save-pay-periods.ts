import { inArray } from 'drizzle-orm';
import { formatDay } from '@courier/domain/common/calendar-days';
import { isEditablePayPeriod, type PayPeriod, type SavePayPeriodsBody } from '@courier/domain/driver-pay/schemas';
import type { Db } from '../../db/client.ts';
import { payPeriods } from '../../db/schema/index.ts';
import { lockedPaid, staleEdit } from '../../http/errors.ts';
import { writeAudit } from '../../platform/audit.ts';
import { listPeriods, lockPeriods, payPeriodNotFound, periodsOfWeeks } from './queries.ts';
import { recomputePayPeriods } from './recompute-pay-periods.ts';

const STATUS_TEXT = { PENDING_PAYMENT: 'pending payment', PAID: 'paid' } as const;

/**
 * POST /api/pay/period. Spec 2 §4: only active and in-review periods change. All or nothing, in one
 * transaction: a period that does not exist (404), is pending payment or paid (409 LOCKED_PAID) or
 * changed since it was loaded (409 STALE_EDIT, when the version is sent) stops the whole save.
 * The totals are worked out by the domain's computePayPeriod, whatever the client sent. Answers
 * every period of the weeks saved, as the grid replaces its list with them (spec 2 §7).
 */
export async function savePayPeriods(
  db: Db,
  options: { userId: number; body: SavePayPeriodsBody },
): Promise<PayPeriod[]> {
  const ids = options.body.map((period) => period.id);
  return db.transaction(async (tx) => {
    const locked = await lockPeriods(tx, inArray(payPeriods.id, ids));
    const byId = new Map(locked.map((period) => [period.id, period]));
    for (const input of options.body) {
      const period = byId.get(input.id);
      if (!period) throw payPeriodNotFound(input.id);
      if (!isEditablePayPeriod(period.status))
        throw lockedPaid(
          `Pay period ${period.id} (week of ${formatDay(period.startDay)}) is ${STATUS_TEXT[period.status as keyof typeof STATUS_TEXT]} and can no longer be changed. Nothing was saved.`,
        );
      if (input.version !== undefined && input.version !== period.version)
        throw staleEdit(
          `Pay period ${period.id} was changed by someone else since it was loaded. Reload the pay periods, then save again. Nothing was saved.`,
        );
    }
    const inputs = new Map(options.body.map((input) => [input.id, input]));
    await recomputePayPeriods(tx, { periods: locked, inputs, userId: options.userId, bumpVersion: true });
    await writeAudit(
      tx,
      options.body.map((input) => ({
        userId: options.userId,
        action: 'update',
        entityType: 'pay_period',
        entityId: input.id,
        before: byId.get(input.id) ?? null,
        after: input,
      })),
    );
    return listPeriods(tx, periodsOfWeeks([...new Set(locked.map((period) => period.startDay))]));
  });
}
