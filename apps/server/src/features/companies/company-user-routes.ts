import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AREAS } from '@courier/domain/auth/roles';
import { apiErrorSchema, idParamSchema } from '@courier/domain/common/api';
import { addCompanyUserBodySchema, companyUsersResponseSchema } from '@courier/domain/users/schemas';
import type { AppContext } from '../../app-context.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { access, requireSignedIn } from '../../http/access.ts';
import { addOrToggleCompanyUser, listCompanyUsers } from './company-users.ts';

const companiesRoute = areaRoutes({ access: access.roles(AREAS.companies), tags: ['companies'] });

/** The company Users tab (spec 1 §2, §7): admins and staff; add a user or make them admin or staff. */
export function companyUserRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    app.get(
      '/company/:id/users',
      companiesRoute({
        summary: 'Admins and staff of a company',
        params: idParamSchema,
        response: { 200: companyUsersResponseSchema, 404: apiErrorSchema },
      }),
      async (request) => listCompanyUsers(db, request.params.id),
    );

    app.post(
      '/company/:id/users',
      companiesRoute({
        summary: 'Adds a user to the company, or makes them admin (asAdmin true) or staff (false)',
        params: idParamSchema,
        body: addCompanyUserBodySchema,
        response: { 200: companyUsersResponseSchema, 404: apiErrorSchema },
      }),
      async (request) =>
        addOrToggleCompanyUser(db, {
          companyId: request.params.id,
          ...request.body,
          by: requireSignedIn(request).userId,
        }),
    );
  };
}
