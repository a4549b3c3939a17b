import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AREAS } from '@courier/domain/auth/roles';
import { apiErrorSchema } from '@courier/domain/common/api';
import { DISPATCH_USER_ROLES, DRIVER_VEHICLES } from '@courier/domain/drivers/enums';
import { DRIVER_VEHICLE_LABELS } from '@courier/domain/drivers/labels';
import { INVALID_PHONE_MESSAGE } from '@courier/domain/drivers/rules';
import {
  createDriverBodySchema,
  driverEmailParamSchema,
  driverListQuerySchema,
  driverListSchema,
  driverSchema,
  driverSetupDataSchema,
  updateDriverBodySchema,
} from '@courier/domain/drivers/schemas';
import type { AppContext } from '../../app-context.ts';
import { access, requireSignedIn } from '../../http/access.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { getDriverByEmail, listDrivers, listRoomNames } from './queries.ts';
import { createDriver, updateDriver } from './save-driver.ts';

// Dispatchers and accounts keep the register (spec 2 §6 'Drivers list'); the setup screen is accounts only.
const registerRoute = areaRoutes({ access: access.roles(AREAS.driverList), tags: ['drivers'] });
const setupRoute = areaRoutes({ access: access.roles(AREAS.driverSetup), tags: ['drivers'] });

const bodyRules =
  'driverNumber required ("Please enter the driver number."), a whole number from 1 to 2147483647, unique (409 ALREADY_EXISTS naming the driver who has it); ' +
  'firstName and lastName required (trimmed); email an e-mail address, unique whatever its case (409); ' +
  `phone optional, else at least 8 digits ("${INVALID_PHONE_MESSAGE}"); vehicle one of ${DRIVER_VEHICLES.join(', ')} ('car' is taken and saved as van, spec 2 §3; a driver stored with car is answered as van); ` +
  'vehicleRegistration the plate (upper-cased, may be empty); rooms dispatch room names from GET /api/drivers/setup-data (400 for an unknown one); blocked. ' +
  'Audited.';

/** The driver register (spec 2 §7 'Drivers'; issue 13). */
export function driverRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    app.get(
      '/drivers',
      registerRoute({
        summary: 'The driver list',
        description:
          'Every driver by driver number, with the columns of the driver list (spec 2 §2): number, equipment on loan, registration (complete or the details missing), ' +
          'name, email, vehicle, online, last online. activeFrom (yyyy-MM-dd, a Europe/Dublin day) hides drivers last online before that day; ' +
          'a driver never online yet stays listed. The screen sends 14 days before today (spec 2 §9); without activeFrom every driver is listed. Not paged: the spec shows no paging.',
        querystring: driverListQuerySchema,
        response: { 200: driverListSchema },
      }),
      async (request) => listDrivers(db, { activeFrom: request.query.activeFrom }),
    );

    app.post(
      '/drivers/create',
      registerRoute({
        summary: 'Adds a driver to the register',
        description: `The spec does not show this body; ours: ${bodyRules} Answers the new driver.`,
        body: createDriverBodySchema,
        response: { 200: driverSchema, 409: apiErrorSchema },
      }),
      async (request) => createDriver(db, { userId: requireSignedIn(request).userId, input: request.body }),
    );

    app.put(
      '/drivers/update',
      registerRoute({
        summary: 'Saves a driver of the register',
        description: `The spec does not show this body; ours is the driver's id and every field as on create (a full save): ${bodyRules} 404 when the driver does not exist. Answers the driver.`,
        body: updateDriverBodySchema,
        response: { 200: driverSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      async (request) => updateDriver(db, { userId: requireSignedIn(request).userId, input: request.body }),
    );

    app.get(
      '/driver/:email',
      registerRoute({
        summary: 'One driver by e-mail address',
        description: 'The driver whose e-mail address this is, whatever its case; 404 when no driver has it.',
        params: driverEmailParamSchema,
        response: { 200: driverSchema, 404: apiErrorSchema },
      }),
      async (request) => getDriverByEmail(db, request.params.email),
    );

    app.get(
      '/drivers/setup-data',
      setupRoute({
        summary: 'What the driver setup needs',
        description:
          'The dispatch room names (A to Z), the vehicle types with their labels, the roles a dispatch user may be given (DRIVER, DISPATCHER; spec 2 §6) ' +
          'and each driver’s dispatch profile (the driver and its rooms), by driver number. Accounts only (spec 2 §6).',
        response: { 200: driverSetupDataSchema },
      }),
      async () => {
        const drivers = await listDrivers(db, {});
        return {
          roomNames: await listRoomNames(db),
          vehicleTypes: DRIVER_VEHICLES.map((value) => ({ value, label: DRIVER_VEHICLE_LABELS[value] })),
          userRoles: [...DISPATCH_USER_ROLES],
          profiles: drivers.map((driver) => ({
            driverId: driver.id,
            driverNumber: driver.driverNumber,
            name: `${driver.firstName} ${driver.lastName}`,
            vehicle: driver.vehicle,
            userId: driver.userId,
            rooms: driver.rooms,
          })),
        };
      },
    );
  };
}
