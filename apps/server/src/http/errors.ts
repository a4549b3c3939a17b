import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '@courier/domain/common/api';
import { rolesText, type Role } from '@courier/domain/auth/roles';
import { statusOfErrorCode, type ApiErrorCode } from '@courier/domain/common/errors';
import { SERVER_FAILURE_MESSAGE } from '@courier/domain/common/failure-texts';
import { clientErrorFromPostgres, postgresFailureOf } from './postgres-errors.ts';
import { isWebPageRequest, sendWebPage } from './web-pages.ts';

type Detail = { field: string; message: string };

/** A failure a use case reports; the error handler turns it into the JSON error body. Its status comes from the code. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: Detail[],
  ) {
    super(message);
    this.status = statusOfErrorCode(code);
  }
}

export const badRequest = (message: string, details?: Detail[]) => new AppError('VALIDATION', message, details);
export const unauthorised = (message = 'Please sign in to continue.') => new AppError('UNAUTHORISED', message);
export const forbidden = (message = 'Your role does not allow this.') => new AppError('FORBIDDEN', message);
/** A role lacking, named as staff read roles ('Accounts, Dispatcher'), never the stored codes. */
export const roleRequired = (roles: readonly Role[]) => forbidden(`This needs one of the roles ${rolesText(roles)}.`);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
/**
 * The current state forbids the change (a run in progress, a record deleted meanwhile); `details`
 * name the records in the way, when the message is a fixed text that cannot.
 */
export const conflict = (message: string, details?: Detail[]) => new AppError('STATE_CONFLICT', message, details);
export const tooManyRequests = (message: string) => new AppError('RATE_LIMITED', message);
/** A second record with the same unique key. */
export const alreadyExists = (message: string, details?: Detail[]) => new AppError('ALREADY_EXISTS', message, details);
/** The record changed since the client loaded it. */
export const staleEdit = (message: string, details?: Detail[]) => new AppError('STALE_EDIT', message, details);
/** The record is part of an invoiced period. */
export const lockedInvoiced = (message: string) => new AppError('LOCKED_INVOICED', message);
/** The record is part of a paid driver-pay period. */
export const lockedPaid = (message: string) => new AppError('LOCKED_PAID', message);
/** A feature the server's configuration leaves disabled. */
export const switchedOff = (message: string) => new AppError('SWITCHED_OFF', message);

const CLIENT_ERROR_CODES: Partial<Record<number, ApiErrorCode>> = {
  401: 'UNAUTHORISED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};
const clientErrorCode = (status: number): ApiErrorCode => CLIENT_ERROR_CODES[status] ?? 'VALIDATION';

/**
 * The longest part of an address between two slashes the router matches against a route's parameter
 * (Fastify's maxParamLength, set from this in app.ts): no id or reference is near it.
 */
export const MAX_PATH_PART = 100;
const PATH_PART_TOO_LONG = `A part of this address is longer than ${MAX_PATH_PART} characters, more than any id or reference. Check the address.`;

/** A path echoed in a message is cut, so a 5,000-character address does not come back whole. */
const shortPath = (url: string) => (url.length > 120 ? `${url.slice(0, 120)}…` : url);

/**
 * Fastify's router refuses some addresses before any route runs: a malformed %-escape, or a part
 * longer than a route parameter may be (where no wildcard route catches it). Answered with the API's
 * error body instead of Fastify's own ({ error: 'Bad Request', code: 'FST_ERR_…' }).
 */
export function answerRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? PATH_PART_TOO_LONG
      : `This address is not valid: ${shortPath(request.url)}. Check its %-escapes.`;
  void reply.status(400).send({ error: 'VALIDATION', message } satisfies ApiError);
}

/** 'body.email' from context 'body' and path '/email'; the context alone when the whole input is wrong (path '/'). */
function fieldOf(context: string, instancePath: string): string {
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path ? `${context}.${path}` : context;
}

/**
 * Drizzle's DrizzleQueryError puts the statement and its parameters (user data: names, e-mails) in
 * its message; logged at error level that would copy them into the logs. Its cause, the driver's
 * error, says what failed without them.
 */
function withoutQueryParameters(error: Error): Error {
  if (!('query' in error && 'params' in error)) return error;
  return error.cause instanceof Error ? error.cause : new Error('A database statement failed.');
}

/**
 * One error handler: typed errors keep their status, bad input is a 400 with field details, a
 * PostgreSQL data or integrity error a 400 or 409, the rest a bare 500.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  options: {
    spa: boolean;
    /** The build wrote app.html: index.html with the shell's chunks preloaded (apps/web/vite.config.ts). */
    shellPage?: boolean;
  },
): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiError = {
        error: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      };
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const all = error.validation.map((issue) => ({
        field: fieldOf(error.validationContext ?? 'body', issue.instancePath ?? ''),
        message: issue.message ?? 'Invalid value.',
      }));
      // One line per field and message: a schema whose checks share a message (an id past int4 fails
      // both 'whole number' and 'at most') would say the same thing twice.
      const details = all.filter(
        (detail, index) =>
          all.findIndex((other) => other.field === detail.field && other.message === detail.message) === index,
      );
      const first = details[0];
      const body: ApiError = {
        error: 'VALIDATION',
        message: first ? `Invalid ${first.field}: ${first.message}` : 'The request is not valid.',
        details,
      };
      return reply.status(400).send(body);
    }
    const failure = postgresFailureOf(error);
    if (failure) {
      // The statement only, at debug: its parameters are user data and stay out of the logs.
      request.log.debug({ sql: failure.sql, sqlState: failure.code }, 'the database refused a statement');
      const mapped = clientErrorFromPostgres(failure);
      if (mapped) {
        return reply
          .status(statusOfErrorCode(mapped.code))
          .send({ error: mapped.code, message: mapped.message } satisfies ApiError);
      }
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large. A status
      // without a code of its own is answered as bad input, so the code and status always agree.
      const code = clientErrorCode(status);
      return reply.status(statusOfErrorCode(code)).send({ error: code, message: error.message } satisfies ApiError);
    }
    request.log.error({ err: withoutQueryParameters(error) }, 'request failed');
    return reply.status(500).send({
      error: 'INTERNAL',
      message: SERVER_FAILURE_MESSAGE,
    } satisfies ApiError);
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // The SPA owns every other GET path: send index.html, but never for API paths or missing
    // assets (a missing asset must 404, not return HTML, or the page goes blank).
    if (options.spa && isWebPageRequest(request)) {
      return sendWebPage(reply, url, { shellPage: options.shellPage ?? false });
    }
    // An API address with a part too long for any parameter: the route it was meant for refused it.
    if (url.startsWith('/api/') && url.split('/').some((part) => part.length > MAX_PATH_PART)) {
      return reply.status(400).send({ error: 'VALIDATION', message: PATH_PART_TOO_LONG } satisfies ApiError);
    }
    return reply
      .status(404)
      .send({ error: 'NOT_FOUND', message: `No such route: ${request.method} ${shortPath(url)}` } satisfies ApiError);
  });
}
