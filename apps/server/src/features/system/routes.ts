import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicConfigSchema } from '@courier/domain/auth/schemas';
import { apiErrorSchema } from '@courier/domain/common/api';
import type { AppContext } from '../../app-context.ts';
import { access } from '../../http/access.ts';

export function systemRoutes({ database, config }: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { access: access.public },
        schema: {
          tags: ['system'],
          summary: 'Healthy when the database answers',
          response: {
            200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
            503: apiErrorSchema,
          },
        },
      },
      async (_request, reply) => {
        try {
          await database.db.execute(sql`select 1`);
          return { status: 'ok' as const, database: database.kind };
        } catch {
          return reply.status(503).send({ error: 'UNAVAILABLE', message: 'The database is not reachable.' });
        }
      },
    );

    app.get(
      '/config',
      {
        config: { access: access.public },
        schema: { tags: ['system'], summary: 'Configuration the web app needs', response: { 200: publicConfigSchema } },
      },
      async () => ({
        courierWebsiteUrl: config.courierWebsiteUrl,
        docketBaseUrl: config.docketBaseUrl,
        paymentProviderCustomerUrl: config.paymentProviderCustomerUrl,
        mapTileUrl: config.mapTileUrl,
        priceIncreasesEnabled: config.priceIncreaseSecret !== null,
      }),
    );

    app.get('/openapi.json', { config: { access: access.public }, schema: { hide: true } }, async () => app.swagger());
  };
}
