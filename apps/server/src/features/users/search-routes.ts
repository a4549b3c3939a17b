import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AREAS } from '@courier/domain/auth/roles';
import { apiErrorSchema, idParamSchema } from '@courier/domain/common/api';
import {
  userDetailsSchema,
  userListBodySchema,
  userListResponseSchema,
  userSearchQuerySchema,
  userSearchResultSchema,
} from '@courier/domain/users/schemas';
import type { AppContext } from '../../app-context.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { access } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { findUserDetails, listUsers, searchUsers } from './search-users.ts';

const companiesRoute = areaRoutes({ access: access.roles(AREAS.companies), tags: ['users'] });

/** Staff look-ups of users (spec 1 §7 'User'): type-ahead search, a page of users, one user. */
export function userSearchRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    app.get(
      '/user/search',
      companiesRoute({
        summary: 'Type-ahead user search (from 3 characters); staffOnly=true for staff users only',
        querystring: userSearchQuerySchema,
        response: { 200: userSearchResultSchema },
      }),
      async (request) => searchUsers(db, { query: request.query.query, staffOnly: request.query.staffOnly === 'true' }),
    );

    app.post(
      '/users',
      companiesRoute({
        summary: 'A page of users, searched by name or e-mail',
        body: userListBodySchema,
        response: { 200: userListResponseSchema },
      }),
      async (request) => listUsers(db, request.body),
    );

    app.get(
      '/user/:id',
      companiesRoute({
        summary: 'One user',
        params: idParamSchema,
        response: { 200: userDetailsSchema, 404: apiErrorSchema },
      }),
      async (request) => {
        const user = await findUserDetails(db, request.params.id);
        if (!user) throw notFound(`User ${request.params.id} does not exist.`);
        return user;
      },
    );
  };
}
