import { inArray } from 'drizzle-orm';
import type { PayPeriod } from '@courier/domain/driver-pay/schemas';
import type { Db } from '../../db/client.ts';
import { payPeriods } from '../../db/schema/index.ts';
import { lockPeriodsToMove, movePayPeriods } from './move-pay-periods.ts';
import { listPeriods } from './queries.ts';

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
    const locked = await lockPeriodsToMove(tx, options.ids, 'PENDING_PAYMENT', {
      only: 'Only pay periods pending payment can be marked paid',
      nothing: 'Nothing was marked paid.',
    });
    // Tasks completed in the week after it was finalised stay ACTIVE: they are not in the total paid.
    await movePayPeriods(tx, locked, {
      userId: options.userId,
      action: 'mark-paid',
      to: 'PAID',
      tasks: { from: 'PENDING_PAYMENT', to: 'PAID' },
    });
    return listPeriods(tx, inArray(payPeriods.id, options.ids));
  });
}
