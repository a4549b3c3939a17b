import { eq } from 'drizzle-orm';
import type { PushMessageBody } from '@courier/domain/driver-pay/documents';
import type { DbOrTx } from '../../db/client.ts';
import { drivers, outbox } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';

/** Where a push message to a driver is addressed: the driver app knows drivers by number. */
export const pushRecipientOf = (driverNumber: number) => `driver:${driverNumber}`;

/**
 * PUT /api/pay/period/push-message: a message for the driver's app. No push provider exists yet, so
 * it is held in the outbox (channel 'push', addressed driver:{number}) where staff can read it and a
 * provider adapter can later deliver it. 404 for an unknown driver.
 */
export async function sendPushMessage(db: DbOrTx, body: PushMessageBody): Promise<{ message: string }> {
  const [driver] = await db
    .select({ driverNumber: drivers.driverNumber, firstName: drivers.firstName, lastName: drivers.lastName })
    .from(drivers)
    .where(eq(drivers.id, body.driverId));
  if (!driver) throw notFound(`Driver ${body.driverId} does not exist.`);
  await db.insert(outbox).values({
    channel: 'push',
    recipient: pushRecipientOf(driver.driverNumber),
    subject: body.title,
    body: body.message,
    status: 'held',
  });
  return {
    message: `Message for ${driver.firstName} ${driver.lastName} (driver ${driver.driverNumber}) queued for the driver app.`,
  };
}
