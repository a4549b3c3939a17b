import { standardRegistrationMessage, type RegistrationRequestBody } from '@courier/domain/drivers/setup-schemas';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { SmsSender } from '../../platform/sms.ts';
import { getDriver } from './queries.ts';

// POST /api/drivers/send-registration-request (spec 2 §4 'Registration notify', §5, §7): the
// driver is asked to complete its registration by SMS or e-mail. The schema has already applied the
// spec's phone and e-mail rules. The message goes out in the background (an sms or email run on the
// Admin queue log: with no provider configured it is held in the outbox); a provider refusing it
// shows there with its error and a retry, not in this answer.

export const REGISTRATION_EMAIL_SUBJECT = 'Complete your driver registration';

/** Queues the notice and audits it, in one transaction: the message goes out once both are saved. */
export async function sendRegistrationRequest(
  db: Db,
  options: { signedInUserId: number; body: RegistrationRequestBody; mailer: Mailer; sms: SmsSender },
): Promise<{ notified: true; method: RegistrationRequestBody['method']; recipient: string }> {
  const { body } = options;
  const driver = await getDriver(db, body.driverId);
  const text = body.message || standardRegistrationMessage(driver.firstName);
  const recipient = body.method === 'sms' ? body.phone : body.email;
  await db.transaction(async (tx) => {
    if (body.method === 'sms') await options.sms.send(tx, { to: recipient, text });
    else await options.mailer.send(tx, { to: recipient, subject: REGISTRATION_EMAIL_SUBJECT, text });
    await writeAudit(tx, {
      userId: options.signedInUserId,
      action: 'send_registration_request',
      entityType: 'driver',
      entityId: driver.id,
      after: { method: body.method, recipient },
    });
  });
  return { notified: true, method: body.method, recipient };
}
