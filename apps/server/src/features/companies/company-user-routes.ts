import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AREAS } from '@courier/domain/auth/roles';
import { apiErrorSchema, idParamSchema } from '@courier/domain/common/api';
import { addCompanyUserBodySchema, companyUsersResponseSchema } from '@courier/domain/users/schemas';
import type { AppContext } from '../../app-context.ts';
import { access, requireSignedIn } from '../../http/access.ts';
import { addOrToggleCompanyUser, listCompanyUsers } from './company-users.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The company Users tab (spec 1 §2, §7): admins and staff; add a user or make them admin or staff. */
export function companyUserRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    app.get(
      '/company/:id/users',
      {
        config: { access: access.roles(AREAS.companies) },
        schema: {
          tags: ['companies'],
          summary: 'Admins and staff of a company',
          params: idParamSchema,
          response: { 200: companyUsersResponseSchema, ...errors },
        },
      },
      async (request) => listCompanyUsers(db, request.params.id),
    );

    app.post(
      '/company/:id/users',
      {
        config: { access: access.roles(AREAS.companies) },
        schema: {
          tags: ['companies'],
          summary: 'Adds a user to the company, or makes them admin (asAdmin true) or staff (false)',
          params: idParamSchema,
          body: addCompanyUserBodySchema,
          response: { 200: companyUsersResponseSchema, ...errors },
        },
      },
      async (request) =>
        addOrToggleCompanyUser(db, {
          companyId: request.params.id,
          ...request.body,
          by: requireSignedIn(request).userId,
        }),
    );
  };
}
