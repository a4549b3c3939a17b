import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import { companyRoutes } from './features/companies/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { systemRoutes } from './features/system/routes.ts';
import { userRoutes } from './features/users/routes.ts';
import { registerAccessControl } from './http/access.ts';
import { registerErrorHandler } from './http/errors.ts';

export interface BuildAppOptions {
  logger?: boolean;
}

/** Builds the HTTP app: /api routes, OpenAPI docs and, when built, the web app on the same port. */
export async function buildApp(context: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { level: 'info' } : false,
    trustProxy: true,
    bodyLimit: 5 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // The cookie parser's hook must run before the access hook reads the session cookie.
  await app.register(fastifyCookie);
  registerAccessControl(app, context.database.db);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Courier Back Office API', description: 'Staff back-office for a courier and delivery operator.', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, cookie: { type: 'apiKey', in: 'cookie', name: 'courier_session' } } },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      for (const routes of [systemRoutes, authRoutes, userRoutes, companyRoutes]) {
        await api.register(routes(context));
      }
    },
    { prefix: '/api' },
  );

  const webDist = context.config.webDist;
  if (webDist && existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, { root: webDist, wildcard: true, preCompressed: true, serve: true, index: false });
    // The SPA owns every other path: send index.html, except for API paths and missing assets (a
    // missing asset must 404, not return HTML, or the page goes blank).
    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (request.method !== 'GET' || url.startsWith('/api/') || url.startsWith('/assets/') || path.extname(url) !== '') {
        return reply.status(404).send({ error: 'NOT_FOUND', message: `No such route: ${request.method} ${url}` });
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }
  return app;
}
