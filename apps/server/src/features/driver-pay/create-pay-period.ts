import { eq } from 'drizzle-orm';
import { dublinToday, formatDay } from '@courier/domain/common/calendar-days';
import { payWeekOf } from '@courier/domain/driver-pay/pay-weeks';
import type { CreatePayPeriodBody, PayPeriod } from '@courier/domain/driver-pay/schemas';
import type { Db } from '../../db/client.ts';
import { drivers, payPeriods } from '../../db/schema/index.ts';
import { alreadyExists, notFound } from '../../http/errors.ts';
import { writeAudit } from '../../platform/audit.ts';
import { listPeriods } from './queries.ts';
import { recomputePayPeriods } from './recompute-pay-periods.ts';

/**
 * POST /api/pay/period/create: an ACTIVE period for a driver, in the week `start` names (default
 * the current week, Europe/Dublin), worked out at once from the driver's tasks. A driver may have
 * one period a week: a second is refused with 409 ALREADY_EXISTS; 404 for no such driver.
 */
export async function createPayPeriod(
  db: Db,
  options: { userId: number; body: CreatePayPeriodBody; now?: Date },
): Promise<PayPeriod> {
  const { driverId } = options.body;
  const week = payWeekOf(options.body.start ?? dublinToday(options.now));
  return db.transaction(async (tx) => {
    const [driver] = await tx
      .select({ id: drivers.id, driverNumber: drivers.driverNumber })
      .from(drivers)
      .where(eq(drivers.id, driverId))
      .for('share');
    if (!driver) throw notFound(`Driver ${driverId} does not exist. Reload the drivers and try again.`);
    const [created] = await tx
      .insert(payPeriods)
      .values({ driverId, startDay: week.start, endDay: week.end, updatedBy: options.userId })
      .onConflictDoNothing()
      .returning();
    if (!created)
      throw alreadyExists(
        `Driver ${driver.driverNumber} already has a pay period for the week of ${formatDay(week.start)}.`,
      );
    await recomputePayPeriods(tx, { periods: [created] });
    await writeAudit(tx, {
      userId: options.userId,
      action: 'create',
      entityType: 'pay_period',
      entityId: created.id,
      after: created,
    });
    const [period] = await listPeriods(tx, eq(payPeriods.id, created.id));
    return period as PayPeriod;
  });
}
