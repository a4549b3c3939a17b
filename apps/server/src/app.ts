import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { plainZodMessage } from '@courier/domain/common/plain-messages';
import type { AppContext } from './app-context.ts';
import { serverAreas } from './features/index.ts';
import { access, registerAccessControl, type Access } from './http/access.ts';
import { registerCompression } from './http/compression.ts';
import { answerRouterError, MAX_PATH_PART, registerErrorHandler } from './http/errors.ts';
import { cacheBuiltAssets, sendWebPage } from './http/web-pages.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { createResponseSerializerCompiler } from './http/response-serializer.ts';
import { apiErrorComponent, withErrorResponses } from './http/openapi-errors.ts';

/** One registered route with the access rule it ended up with (after the access hook's defaults). */
export interface RouteTableEntry {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, so a test can walk the whole table and prove default deny. */
    routeTable: readonly RouteTableEntry[];
  }
}

export interface BuildAppOptions {
  logger?: boolean;
  /** Tests: zod also checks every response, and the fast serializer's JSON must equal zod's (http/response-serializer.ts). */
  checkResponses?: boolean;
}

/** Builds the HTTP app: /api routes, OpenAPI docs and, when built, the web app on the same port. */
export async function buildApp(context: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { level: 'info' } : false,
    trustProxy: context.config.trustProxy,
    bodyLimit: 5 * 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PATH_PART },
    frameworkErrors: answerRouterError,
  }).withTypeProvider<ZodTypeProvider>();
  // A request part that breaks a schema without a message of its own is answered in words ('Must be at
  // least 0.'), not zod's ('Too small: expected number to be >=0'); the web app words its forms the same.
  z.config({ customError: plainZodMessage });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ check: options.checkResponses ?? false }));
  const webDist = context.config.webDist;
  const spa = webDist !== null && existsSync(path.join(webDist, 'index.html'));
  const shellPage = spa && existsSync(path.join(webDist, 'app.html'));
  registerErrorHandler(app, { spa, shellPage });
  await registerSecurityHeaders(app, context.config);
  // The cookie parser's hook must run before the access hook reads the session cookie.
  await app.register(fastifyCookie);
  registerAccessControl(app, context.database.db, { sessionIdleMinutes: context.config.sessionIdleMinutes });
  registerInputGuard(app);
  registerCompression(app);
  const routeTable: RouteTableEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeTable.push({ method, url: route.url, access: route.config?.access });
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Courier Back Office API',
        description: 'Staff back-office for a courier and delivery operator.',
        version: '1.0.0',
      },
      components: {
        schemas: apiErrorComponent,
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'courier_session' },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: withErrorResponses(jsonSchemaTransform),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      for (const routes of serverAreas.flatMap((area) => area.routes)) {
        await api.register(routes(context));
      }
    },
    { prefix: '/api' },
  );

  if (spa && webDist) {
    // An /api address no route takes is the not-found handler's, never a file's: without this, one
    // whose part is too long for its route's parameter fell to the files' wildcard below (a 403 or a
    // 404 echoing the address) instead of the 400 that names the fault.
    app.all('/api/*', { schema: { hide: true }, config: { access: access.public } }, (_request, reply) =>
      reply.callNotFound(),
    );
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      preCompressed: true,
      index: false,
      setHeaders: cacheBuiltAssets(webDist),
    });
    // The site's address itself: the static files' wildcard would answer it 403 (a folder, no index).
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendWebPage(reply, '/', { shellPage }));
  }
  return app;
}
