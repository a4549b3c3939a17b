import type { FastifyInstance } from 'fastify';
import { findNulCharacter, NUL_CHARACTER_MESSAGE } from '@courier/domain/common/input-checks';
import { badRequest } from './errors.ts';
import { isWebPageRequest } from './web-pages.ts';

/**
 * Refuses a NUL character anywhere in the query, path or body with a 400 naming the field, on every
 * route: PostgreSQL cannot store it in text, so it would otherwise fail deep in a query as a 500.
 * preValidation runs after the body is parsed and before the route's schema and handler; the access
 * hook before it only hashes the session token, so a NUL there never reaches the database.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query], // named as the schema validator names it
      ['body', request.body],
    ] as const) {
      const field = findNulCharacter(value, part);
      if (!field) continue;
      // A page address typed with a NUL (/invoicing/invoices/%00) is no file: the web app's own page
      // says it is not found, rather than a JSON error in the browser's window.
      if (isWebPageRequest(request)) {
        reply.callNotFound();
        return reply;
      }
      throw badRequest(`Invalid ${field}: ${NUL_CHARACTER_MESSAGE}`, [{ field, message: NUL_CHARACTER_MESSAGE }]);
    }
  });
}
