import type { SwaggerTransform } from '@fastify/swagger';
import { z } from 'zod';
import { apiErrorSchema } from '@courier/domain/common/api';
import { API_ERRORS, errorCodesWithStatus } from '@courier/domain/common/errors';

const apiErrorJsonSchema = z.toJSONSchema(apiErrorSchema, { target: 'openapi-3.0' });

/** The error body as an OpenAPI component, for clients that generate types from the document. */
export const apiErrorComponent: Record<string, object> = { ApiError: apiErrorJsonSchema };

const describe = (status: number) =>
  errorCodesWithStatus(status)
    .map((code) => `\`${code}\`: ${API_ERRORS[code].description}`)
    .join(' ');

// Always JSON, even on a route that produces CSV. (@fastify/swagger would inline a $ref anyway.)
const errorResponse = (status: number) => ({
  description: describe(status),
  content: { 'application/json': { schema: apiErrorJsonSchema } },
});

/**
 * Wraps the zod transform so every documented operation lists the error responses it can give, with
 * the codes of each status, unless the route documents that status itself: 400 for any input, 401 and
 * 403 when a session is needed, 404 when the path names something, 409 for a change, 500 always.
 * Only the document changes; the error handler already answers these at run time.
 */
export function withErrorResponses(transform: SwaggerTransform): SwaggerTransform {
  return (document) => {
    const result = transform(document);
    const schema = result.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
    if (!schema || schema.hide) return result;
    const methods = [document.route.method].flat();
    const statuses = [400, 500];
    if (document.route.config?.access?.kind !== 'public') statuses.push(401, 403);
    if (document.url.includes(':') || document.url.includes('{')) statuses.push(404);
    if (methods.some((method) => method !== 'GET' && method !== 'HEAD')) statuses.push(409);
    const response = { ...schema.response };
    for (const status of statuses) response[status] ??= errorResponse(status);
    // A route's own error responses (apiErrorSchema) get the codes of their status as description.
    for (const [status, entry] of Object.entries(response)) {
      const codes = describe(Number(status));
      if (codes && typeof entry === 'object' && entry !== null && !('description' in entry))
        response[status] = { ...entry, 'x-response-description': codes };
    }
    return { ...result, schema: { ...schema, response } };
  };
}
