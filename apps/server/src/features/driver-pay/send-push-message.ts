import { eq } from 'drizzle-orm';
import type { PushMessageBody } from '@courier/domain/driver-pay/documents';
import type { DbOrTx } from '../../db/client.ts';
import { drivers } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { queuePushMessage } from '../../platform/push.ts';

/** Where a push message to a driver is addressed: the driver app knows drivers by number. */
export const pushRecipientOf = (driverNumber: number) => `driver:${driverNumber}`;

/**
 * PUT /api/pay/period/push-message: a message for the driver's app, queued as a push-message run
 * (the Dispatch queue log). No push provider exists yet, so the run holds it in the outbox (channel
 * 'push', addressed driver:{number}) where staff can read it and a provider adapter can later deliver
 * it. 404 for an unknown driver.
 */
export async function sendPushMessage(db: DbOrTx, body: PushMessageBody): Promise<{ message: string }> {
  const [driver] = await db
    .select({ driverNumber: drivers.driverNumber, firstName: drivers.firstName, lastName: drivers.lastName })
    .from(drivers)
    .where(eq(drivers.id, body.driverId));
  if (!driver) throw notFound(`Driver ${body.driverId} does not exist.`);
  await queuePushMessage(db, { to: pushRecipientOf(driver.driverNumber), title: body.title, text: body.message });
  return {
    message: `Message for ${driver.firstName} ${driver.lastName} (driver ${driver.driverNumber}) queued for the driver app.`,
  };
}
