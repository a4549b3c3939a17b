import type { FastifyInstance } from 'fastify';
import { findNulCharacters, NUL_CHARACTER_MESSAGE } from '@courier/domain/common/input-checks';
import { badRequest } from './errors.ts';
import { isWebPageRequest } from './web-pages.ts';

/** 'body.a', 'body.a and body.b', 'body.a, body.b and body.c'. */
const fieldList = (fields: readonly string[]) =>
  fields.length === 1 ? fields[0] : `${fields.slice(0, -1).join(', ')} and ${fields.at(-1)}`;

/**
 * Refuses a NUL character anywhere in the query, path or body with a 400 naming every field that holds
 * one, on every route: PostgreSQL cannot store it in text, so it would otherwise fail deep in a query as
 * a 500. Every field, not the first: a form marks them all at once, rather than one refusal per field.
 * preValidation runs after the body is parsed and before the route's schema and handler; the access
 * hook before it only hashes the session token, so a NUL there never reaches the database.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    let fields: string[] | null = null;
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query], // named as the schema validator names it
      ['body', request.body],
    ] as const) {
      const found = findNulCharacters(value, part);
      if (found) fields = fields ? [...fields, ...found] : found;
    }
    if (!fields) return;
    // A page address typed with a NUL (/invoicing/invoices/%00) is no file: the web app's own page
    // says it is not found, rather than a JSON error in the browser's window.
    if (isWebPageRequest(request)) {
      reply.callNotFound();
      return reply;
    }
    throw badRequest(
      `Invalid ${fieldList(fields)}: ${NUL_CHARACTER_MESSAGE}`,
      fields.map((field) => ({ field, message: NUL_CHARACTER_MESSAGE })),
    );
  });
}
