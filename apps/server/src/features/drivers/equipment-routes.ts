import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AREAS } from '@courier/domain/auth/roles';
import { apiErrorSchema } from '@courier/domain/common/api';
import { EQUIPMENT_SUGGESTIONS } from '@courier/domain/drivers/enums';
import { driverIdParamSchema, equipmentBodySchema, equipmentListSchema } from '@courier/domain/drivers/schemas';
import type { AppContext } from '../../app-context.ts';
import { access, requireSignedIn } from '../../http/access.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { getEquipment, saveEquipment } from './equipment.ts';

// The equipment register opens from the driver list: its readers keep it (spec 2 §2, §6).
const equipmentRoute = areaRoutes({ access: access.roles(AREAS.driverList), tags: ['drivers'] });

/** A driver's equipment register (spec 2 §7 'Drivers'; issue 13). */
export function equipmentRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    app.get(
      '/drivers/:id/equipment',
      equipmentRoute({
        summary: "A driver's equipment register",
        description:
          'Entries still on loan (no returned date) first, then returned ones; the latest given first. 404 when the driver does not exist.',
        params: driverIdParamSchema,
        response: { 200: equipmentListSchema, 404: apiErrorSchema },
      }),
      async (request) => getEquipment(db, request.params.id),
    );

    app.put(
      '/drivers/:id/equipment',
      equipmentRoute({
        summary: "Saves a driver's equipment register",
        description:
          'The body is the whole register (spec 2 §7 "body equipment list"): an entry with an id keeps that entry with these values (it must be this driver’s: 400 otherwise), ' +
          'one without an id is added, and entries left out are deleted. Type (suggestions: ' +
          `${EQUIPMENT_SUGGESTIONS.join(', ')}), serial number, date given (yyyy-MM-dd) and given by are required once trimmed; notes and the returned date are optional; ` +
          'a returned date before the date given is refused (spec 2 §5). An entry is on loan until its returned date is set (spec 2 §4). ' +
          'A 400 names the first problem ("Equipment entry 2: Please enter the serial number.") with a detail per field (body.<index>.<field>). ' +
          'One transaction; every change audited. 404 when the driver does not exist. Answers the register after the save.',
        params: driverIdParamSchema,
        body: equipmentBodySchema,
        response: { 200: equipmentListSchema, 404: apiErrorSchema },
      }),
      async (request) =>
        saveEquipment(db, {
          userId: requireSignedIn(request).userId,
          driverId: request.params.id,
          input: request.body,
        }),
    );
  };
}
