import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserSchema } from '@courier/domain/auth/schemas';
import { apiErrorSchema } from '@courier/domain/common/api';
import type { AppContext } from '../../app-context.ts';
import { access, requireSignedIn } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { findUserProfile } from './queries.ts';

export function userRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user',
      {
        config: { access: access.signedIn },
        schema: {
          tags: ['users'],
          summary: 'The signed-in user (roles as a JSON string)',
          response: { 200: currentUserSchema, 401: apiErrorSchema },
        },
      },
      async (request) => {
        const profile = await findUserProfile(database.db, requireSignedIn(request).userId);
        if (!profile) throw notFound('Your user account no longer exists.');
        return { ...profile, roles: JSON.stringify(profile.roles) };
      },
    );
  };
}
