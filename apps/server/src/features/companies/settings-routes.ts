import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AREAS } from '@courier/domain/auth/roles';
import { apiErrorSchema, idParamSchema } from '@courier/domain/common/api';
import {
  settingsHistorySchema,
  settingsPutBodySchema,
  settingsResponseSchema,
} from '@courier/domain/companies/settings';
import type { AppContext } from '../../app-context.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { access, requireSignedIn } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { saveCompanySettings } from './save-company-settings.ts';
import { loadCompanySettings, settingsHistory } from './settings-queries.ts';

const companiesRoute = areaRoutes({ access: access.roles(AREAS.companies), tags: ['companies'] });

/** The company Settings tab (spec 1 §2, §7): read, save changed fields, and the change history. */
export function companySettingsRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    app.get(
      '/company/:id/settings',
      companiesRoute({
        summary: 'Company, settings, extended settings and billing contacts',
        params: idParamSchema,
        response: { 200: settingsResponseSchema, 404: apiErrorSchema },
      }),
      async (request) => {
        const settings = await loadCompanySettings(db, request.params.id);
        if (!settings) throw notFound(`Company ${request.params.id} does not exist.`);
        return settings;
      },
    );

    app.put(
      '/company/:id/settings',
      companiesRoute({
        summary: 'Saves changed settings (one transaction, one audit row per changed field)',
        description:
          'Body: changes (JSON text describing the change), and any of company, settings, extendedSettings, billingContacts with only the fields to change. Billing contacts replace the list; a contact with an empty e-mail is not saved.',
        params: idParamSchema,
        body: settingsPutBodySchema,
        response: { 200: settingsResponseSchema, 404: apiErrorSchema },
      }),
      async (request) =>
        saveCompanySettings(db, {
          companyId: request.params.id,
          userId: requireSignedIn(request).userId,
          body: request.body,
        }),
    );

    app.get(
      '/company/:id/settings/history',
      companiesRoute({
        summary: 'Audit history of the settings, newest first',
        params: idParamSchema,
        response: { 200: settingsHistorySchema, 404: apiErrorSchema },
      }),
      async (request) => settingsHistory(db, request.params.id),
    );
  };
}
