import { standardRegistrationMessage, type RegistrationRequestBody } from '@courier/domain/drivers/setup-schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { SmsSender } from '../../platform/sms.ts';
import { getDriver } from './queries.ts';

// POST /api/drivers/send-registration-request (spec 2 §4 'Registration notify', §5, §7): the
// driver is asked to complete its registration by SMS or e-mail. The schema has already applied the
// spec's phone and e-mail rules; with no provider configured the message is held in the outbox.

export const REGISTRATION_EMAIL_SUBJECT = 'Complete your driver registration';

/**
 * Sends the notice and audits it. The send is not inside a transaction with the audit: the outbox
 * row of a failed send must stay, for staff to see what did not go out.
 */
export async function sendRegistrationRequest(
  db: Db,
  options: { signedInUserId: number; body: RegistrationRequestBody; mailer: Mailer; sms: SmsSender },
): Promise<{ notified: true; method: RegistrationRequestBody['method']; recipient: string }> {
  const { body } = options;
  const driver = await getDriver(db, body.driverId);
  const text = body.message || standardRegistrationMessage(driver.firstName);
  const recipient = body.method === 'sms' ? body.phone : body.email;
  try {
    if (body.method === 'sms') await options.sms.send(db, { to: recipient, text });
    else await options.mailer.send(db, { to: recipient, subject: REGISTRATION_EMAIL_SUBJECT, text });
  } catch {
    // The provider refused or could not be reached; the outbox keeps the failed message and why.
    throw new AppError(
      'UNAVAILABLE',
      `The ${body.method === 'sms' ? 'SMS' : 'e-mail'} to ${recipient} could not be sent. Please try again later.`,
    );
  }
  await writeAudit(db, {
    userId: options.signedInUserId,
    action: 'send_registration_request',
    entityType: 'driver',
    entityId: driver.id,
    after: { method: body.method, recipient },
  });
  return { notified: true, method: body.method, recipient };
}
