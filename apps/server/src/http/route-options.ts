import type { FastifySchema } from 'fastify';
import { apiErrorSchema } from '@courier/domain/common/api';
import type { Access } from './access.ts';

/** What every guarded route may answer besides its own statuses: bad input, no session, a role that may not. */
const guardedErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * The options of an area's routes: the area's access rule (`config.access`, checked by
 * http/access.ts), its OpenAPI tags, and the 400/401/403 answers added to the route's own response
 * schemas. The route passes the rest of its schema as it is: summary, params, body, 200 and others.
 */
export function areaRoutes(area: { access: Access; tags: string[] }) {
  return <const S extends FastifySchema & { response: object }>(schema: S) => ({
    config: { access: area.access },
    schema: { tags: area.tags, ...schema, response: { ...schema.response, ...guardedErrors } },
  });
}
