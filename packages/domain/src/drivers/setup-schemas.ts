// The driver setup's calls (spec 2 §3 'Dispatch setup', §5, §7 'Drivers'; issue 13): the
// registration notice and the dispatch user a staff user or driver is given.
import { z } from 'zod';
import { isoDateTime } from '../common/api.ts';
import { bodyId } from '../common/input.ts';
import { MAX_DB_ID } from '../common/input-checks.ts';
import { REGISTRATION_NOTIFY_METHODS, registrationNotifyProblem } from './dispatch-profile.ts';
import { DISPATCH_USER_ROLES, DRIVER_VEHICLES } from './enums.ts';

export const MAX_REGISTRATION_MESSAGE_LENGTH = 1000;

const text = (name: string, max: number) =>
  z.string(`${name} must be text.`).max(max, `${name} must be at most ${max} characters.`);

// --- Registration notify (spec 2 §4, §5) ---

/**
 * POST /api/drivers/send-registration-request. By SMS the phone needs 8 digits, by e-mail the
 * address must be one (spec 2 §5, with its messages, on the field that is wrong); the other may be
 * empty. The message is optional: without one the driver gets the standard invitation.
 */
export const registrationRequestBodySchema = z
  .strictObject({
    driverId: bodyId('driverId'),
    method: z.enum(REGISTRATION_NOTIFY_METHODS, "method must be 'sms' or 'email'."),
    // Named by the panel's labels: it shows these messages under its fields as text is typed.
    message: text('Message', MAX_REGISTRATION_MESSAGE_LENGTH).trim().default(''),
    phone: text('Phone', 40).trim().default(''),
    email: text('Email', 255).trim().default(''),
  })
  .superRefine((body, context) => {
    const problem = registrationNotifyProblem(body);
    if (problem)
      context.addIssue({ code: 'custom', path: [body.method === 'sms' ? 'phone' : 'email'], message: problem });
  });
export type RegistrationRequestBody = z.infer<typeof registrationRequestBodySchema>;

/** Answer of the registration request: where the notice went (the web then shows 'Driver notified', spec 2 §8). */
export const registrationRequestResponseSchema = z.object({
  notified: z.literal(true),
  method: z.enum(REGISTRATION_NOTIFY_METHODS),
  recipient: z.string(),
});

/** The notice a driver receives when staff send none of their own. */
export function standardRegistrationMessage(firstName: string): string {
  return `Hello ${firstName}, please complete your driver registration: send us your phone number, vehicle registration, licence and bank details so we can dispatch work to you.`;
}

// --- Dispatch user (spec 2 §3 'Dispatch setup', §5 'Dispatch profile') ---

/** POST /api/drivers/dispatch-user: the user picked in the setup search (spec 2 §7: body userId). */
export const createDispatchUserBodySchema = z.strictObject({ userId: bodyId('userId') });

/**
 * PUT /api/drivers/dispatch-user: the profile editor's fields (spec 2 §3). userRole, vehicle and
 * driverNumber may be null (not chosen yet): the dispatch profile rule then answers the spec's
 * message (§5). rooms are dispatch room names, comma-joined.
 */
export const updateDispatchUserBodySchema = z.strictObject({
  /** The user of the back office (the setup search's row). */
  clickUserId: bodyId('clickUserId'),
  /** The dispatch user POST /api/drivers/dispatch-user answered for that user. */
  dispatchUserId: bodyId('dispatchUserId'),
  userRole: text('userRole', 20).nullable(),
  vehicle: text('vehicle', 20).nullable().default(null),
  driverNumber: z
    .number('driverNumber must be a whole number.')
    .int('driverNumber must be a whole number.')
    .min(0, 'driverNumber must be a whole number.')
    .max(MAX_DB_ID, `Driver number must be a whole number from 1 to ${MAX_DB_ID}.`)
    .nullable()
    .default(null),
  rooms: text('rooms', 5000).default(''),
});
export type UpdateDispatchUserBody = z.infer<typeof updateDispatchUserBodySchema>;

/** A dispatch user as both calls answer it. */
export const dispatchUserSchema = z.object({
  dispatchUserId: z.number().int(),
  clickUserId: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Null until the profile editor saves a role. */
  userRole: z.enum(DISPATCH_USER_ROLES).nullable(),
  rooms: z.array(z.string()),
  /** The driver of the register this user drives as, when one is linked. */
  driverId: z.number().int().nullable(),
  driverNumber: z.number().int().nullable(),
  vehicle: z.enum(DRIVER_VEHICLES).nullable(),
  updatedAt: isoDateTime,
});
export type DispatchUser = z.infer<typeof dispatchUserSchema>;
