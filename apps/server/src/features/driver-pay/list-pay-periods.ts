import { and, eq, inArray } from 'drizzle-orm';
import type { PayWeek } from '@courier/domain/driver-pay/pay-weeks';
import { EDITABLE_PAY_PERIOD_STATUSES, type PayPeriod } from '@courier/domain/driver-pay/schemas';
import type { Db } from '../../db/client.ts';
import { payPeriods } from '../../db/schema/index.ts';
import { createPeriodsForDriversWithTasks, listPeriods, lockPeriods } from './queries.ts';
import { recomputePayPeriods } from './recompute-pay-periods.ts';

/**
 * GET /api/pay/period: every driver's period of the week. Drivers with a task completed in the week
 * get an ACTIVE period when they have none; active and in-review periods are worked out again from
 * the tasks as they are now (task pay may have been edited since), the others are shown as locked.
 * One transaction, so two pages loading the same week never create a period twice.
 */
export async function listPayPeriods(db: Db, week: PayWeek): Promise<PayPeriod[]> {
  return db.transaction(async (tx) => {
    await createPeriodsForDriversWithTasks(tx, week);
    const editable = await lockPeriods(
      tx,
      and(eq(payPeriods.startDay, week.start), inArray(payPeriods.status, [...EDITABLE_PAY_PERIOD_STATUSES]))!,
    );
    await recomputePayPeriods(tx, { periods: editable });
    return listPeriods(tx, eq(payPeriods.startDay, week.start));
  });
}
