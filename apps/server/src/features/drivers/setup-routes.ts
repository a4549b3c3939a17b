import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AREAS } from '@courier/domain/auth/roles';
import { apiErrorSchema } from '@courier/domain/common/api';
import {
  DRIVER_NUMBER_REQUIRED_MESSAGE,
  DRIVER_ROOMS_NOT_SELECTED_MESSAGE,
  DRIVER_VEHICLE_NOT_SELECTED_MESSAGE,
  INVALID_NOTIFY_EMAIL_MESSAGE,
  USER_ROLE_NOT_SELECTED_MESSAGE,
} from '@courier/domain/drivers/dispatch-profile';
import { DRIVER_TEXTS } from '@courier/domain/drivers/labels';
import { INVALID_PHONE_MESSAGE } from '@courier/domain/drivers/rules';
import {
  createDispatchUserBodySchema,
  dispatchUserSchema,
  registrationRequestBodySchema,
  registrationRequestResponseSchema,
  updateDispatchUserBodySchema,
} from '@courier/domain/drivers/setup-schemas';
import type { AppContext } from '../../app-context.ts';
import { access, requireSignedIn } from '../../http/access.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { createSmsSender } from '../../platform/sms.ts';
import { createDispatchUser, updateDispatchUser } from './dispatch-user.ts';
import { sendRegistrationRequest } from './send-registration-request.ts';

// The registration notify panel opens from the driver list (its readers send it); the dispatch
// user belongs to the setup screen, accounts only (spec 2 §2, §6).
const registerRoute = areaRoutes({ access: access.roles(AREAS.driverList), tags: ['drivers'] });
const setupRoute = areaRoutes({ access: access.roles(AREAS.driverSetup), tags: ['drivers'] });

/** The registration notice and the dispatch user (spec 2 §7 'Drivers'; issue 13). */
export function driverSetupRoutes({ database, mailer }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  const sms = createSmsSender();
  return async (app) => {
    app.post(
      '/drivers/send-registration-request',
      registerRoute({
        summary: 'Asks a driver to complete its registration, by SMS or e-mail',
        description:
          'Body driverId, method (sms or email), message (optional: without one the standard invitation is sent), phone, email (spec 2 §7). ' +
          `By SMS the phone needs at least 8 digits once characters other than digits and plus are removed ("${INVALID_PHONE_MESSAGE}" on body.phone); ` +
          `by e-mail the address must be one ("${INVALID_NOTIFY_EMAIL_MESSAGE}" on body.email) (spec 2 §5). ` +
          'The message is queued as a background run (kind sms or email, on the Admin queue log) that delivers it, or holds it in the outbox while no SMS provider or SMTP server is configured; a refusal is retried there and shows with its error. Audited. ' +
          `The web shows "${DRIVER_TEXTS.driverNotified}" on 200 and "${DRIVER_TEXTS.failedToNotifyDriver}" otherwise (spec 2 §8); ` +
          '404 when the driver does not exist.',
        body: registrationRequestBodySchema,
        response: { 200: registrationRequestResponseSchema, 404: apiErrorSchema },
      }),
      async (request) =>
        sendRegistrationRequest(db, {
          signedInUserId: requireSignedIn(request).userId,
          body: request.body,
          mailer,
          sms,
        }),
    );

    app.post(
      '/drivers/dispatch-user',
      setupRoute({
        summary: 'Opens (or makes) the dispatch user of a user',
        description:
          'Body userId: a user of the setup search (POST /api/users). Answers the user’s dispatch user, made when the user has none: ' +
          'role DRIVER (with the rooms of a driver already linked to the user), DISPATCHER for a user with that role, else no role yet. ' +
          `404 when the user does not exist. Audited when made. Accounts only (spec 2 §6); the web shows "${DRIVER_TEXTS.failedToCreateDispatchUser}" on failure (spec 2 §8).`,
        body: createDispatchUserBodySchema,
        response: { 200: dispatchUserSchema, 404: apiErrorSchema },
      }),
      async (request) =>
        createDispatchUser(db, { signedInUserId: requireSignedIn(request).userId, userId: request.body.userId }),
    );

    app.put(
      '/drivers/dispatch-user',
      setupRoute({
        summary: 'Saves a dispatch user: role, rooms and, for a driver, number and vehicle',
        description:
          'Body clickUserId, dispatchUserId, vehicle, driverNumber, userRole, rooms (comma-joined dispatch room names) (spec 2 §3, §7). ' +
          `userRole must be DRIVER or DISPATCHER ("${USER_ROLE_NOT_SELECTED_MESSAGE}"); a DRIVER also needs a vehicle ("${DRIVER_VEHICLE_NOT_SELECTED_MESSAGE}"), ` +
          `rooms ("${DRIVER_ROOMS_NOT_SELECTED_MESSAGE}") and a driver number ("${DRIVER_NUMBER_REQUIRED_MESSAGE}") (spec 2 §5): 400 with the first as message, each on its field. ` +
          'Rooms must be dispatch rooms (400). The user gets the chosen role in place of the other dispatch role; a DRIVER gets its driver of the register ' +
          '(the one linked to the user, else the unlinked one with the user’s e-mail, else a new one), with the number, vehicle and rooms: 409 when another driver has the number or e-mail. ' +
          `403 for a user who outranks the signed-in user. One transaction, audited. The web shows "${DRIVER_TEXTS.userRoleUpdated}" or "${DRIVER_TEXTS.userRoleUpdateFailed}" (spec 2 §8).`,
        body: updateDispatchUserBodySchema,
        response: { 200: dispatchUserSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      async (request) => {
        const signedIn = requireSignedIn(request);
        return updateDispatchUser(db, {
          signedInUserId: signedIn.userId,
          signedInRoles: signedIn.roles,
          body: request.body,
        });
      },
    );
  };
}
