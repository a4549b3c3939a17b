import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AREAS } from '@courier/domain/auth/roles';
import { apiErrorSchema } from '@courier/domain/common/api';
import { INVALID_PAY_SETTINGS_MESSAGE } from '@courier/domain/drivers/rules';
import { driverIdParamSchema, paySettingsBodySchema, paySettingsSchema } from '@courier/domain/drivers/schemas';
import type { AppContext } from '../../app-context.ts';
import { access, requireSignedIn } from '../../http/access.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { getPaySettings, savePaySettings } from './pay-settings.ts';

// Pay settings in the profile show only to accounts (spec 2 §6).
const paySettingsRoute = areaRoutes({ access: access.roles(AREAS.driverPay), tags: ['drivers'] });

/** A driver's pay settings (spec 2 §7 'Drivers'; issue 13). */
export function paySettingsRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    app.get(
      '/drivers/:id/pay-settings',
      paySettingsRoute({
        summary: "A driver's pay settings",
        description:
          'The saved settings, or (saved: false) what a driver without settings starts with: no pay frequency or address, every amount 0, fuel surcharge off. ' +
          '404 when the driver does not exist. Accounts only.',
        params: driverIdParamSchema,
        response: { 200: paySettingsSchema, 404: apiErrorSchema },
      }),
      async (request) => getPaySettings(db, request.params.id),
    );

    app.put(
      '/drivers/:id/pay-settings',
      paySettingsRoute({
        summary: "Saves a driver's pay settings",
        description:
          `Every field of spec 2 §3 'Driver pay settings'. Pay frequency, address (a place of the address book), correspondence email (tripsheetEmail) and tax number are required: ` +
          `else 400 VALIDATION with the message "${INVALID_PAY_SETTINGS_MESSAGE}" (spec 2 §5) and a detail per field. ` +
          'Amounts are euro of 0 or more in cents; attendance bonuses percents from 0 to 100. Audited. 404 when the driver does not exist. Accounts only. Answers the settings saved.',
        params: driverIdParamSchema,
        body: paySettingsBodySchema,
        response: { 200: paySettingsSchema, 404: apiErrorSchema },
      }),
      async (request) =>
        savePaySettings(db, {
          userId: requireSignedIn(request).userId,
          driverId: request.params.id,
          input: request.body,
        }),
    );
  };
}
