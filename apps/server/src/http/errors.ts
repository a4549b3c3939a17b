import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ApiError } from '@courier/domain/common/api';

type Detail = { field: string; message: string };

/** A failure a use case reports; the error handler turns it into the JSON error body. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Detail[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: Detail[]) => new AppError(400, ERROR_CODES.badRequest, message, details);
export const unauthorised = (message = 'Please sign in to continue.') => new AppError(401, ERROR_CODES.unauthorised, message);
export const forbidden = (message = 'Your role does not allow this.') => new AppError(403, ERROR_CODES.forbidden, message);
export const notFound = (message: string) => new AppError(404, ERROR_CODES.notFound, message);
export const conflict = (message: string) => new AppError(409, ERROR_CODES.conflict, message);
export const tooManyRequests = (message: string) => new AppError(429, ERROR_CODES.tooManyRequests, message);

/** 'body.email' from context 'body' and path '/email'; the context alone when the whole input is wrong (path '/'). */
function fieldOf(context: string, instancePath: string): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path ? `${context}.${path}` : context;
}

/** One error handler: typed errors keep their status, bad input is a 400 with field details, the rest a bare 500. */
export function registerErrorHandler(app: FastifyInstance, options: { spa: boolean }): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiError = { error: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) };
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        field: fieldOf(error.validationContext ?? 'body', issue.instancePath ?? ''),
        message: issue.message ?? 'Invalid value.',
      }));
      const first = details[0];
      const body: ApiError = {
        error: ERROR_CODES.badRequest,
        message: first ? `Invalid ${first.field}: ${first.message}` : 'The request is not valid.',
        details,
      };
      return reply.status(400).send(body);
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      const code = status === 429 ? ERROR_CODES.tooManyRequests : status === 404 ? ERROR_CODES.notFound : ERROR_CODES.badRequest;
      return reply.status(status).send({ error: code, message: error.message } satisfies ApiError);
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ error: ERROR_CODES.internal, message: 'Something went wrong on our side. Please try again later.' } satisfies ApiError);
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // The SPA owns every other GET path: send index.html, but never for API paths or missing
    // assets (a missing asset must 404, not return HTML, or the page goes blank).
    if (options.spa && request.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/assets/') && !/\.[a-z0-9]+$/i.test(url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: ERROR_CODES.notFound, message: `No such route: ${request.method} ${url}` } satisfies ApiError);
  });
}
