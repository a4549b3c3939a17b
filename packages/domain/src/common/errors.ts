import { z } from 'zod';

/**
 * Every error code the API answers with, listed once, each with its HTTP status (ARCHITECTURE
 * 'errors'). The server's AppError takes its status from here, OpenAPI documents the list and the
 * web app maps the codes to the spec's texts in one place.
 */
export const API_ERRORS = {
  VALIDATION: { status: 400, description: 'The input is not valid; `details` names each field and what is wrong.' },
  UNAUTHORISED: { status: 401, description: 'No session, or the session has expired: sign in again.' },
  FORBIDDEN: {
    status: 403,
    description: 'The signed-in role does not allow this, or the authorisation code is wrong.',
  },
  SWITCHED_OFF: {
    status: 403,
    description: 'The feature is switched off by the server configuration; an administrator must enable it.',
  },
  NOT_FOUND: { status: 404, description: 'The thing named in the path or body does not exist (any more).' },
  ALREADY_EXISTS: { status: 409, description: 'Another record with the same unique key already exists.' },
  STALE_EDIT: { status: 409, description: 'Someone else changed the record since it was loaded: reload, then edit.' },
  LOCKED_INVOICED: { status: 409, description: 'The record belongs to an invoiced period, so it cannot change.' },
  LOCKED_PAID: { status: 409, description: 'The record belongs to a paid driver-pay period, so it cannot change.' },
  STATE_CONFLICT: {
    status: 409,
    description: 'The current state forbids this change (e.g. a run already in progress, a deleted record).',
  },
  PAYLOAD_TOO_LARGE: { status: 413, description: 'The request body is larger than the server accepts.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, description: 'The request body is not in a content type the route accepts.' },
  RATE_LIMITED: { status: 429, description: 'Too many attempts: wait for the time the message names, then retry.' },
  INTERNAL: { status: 500, description: 'An unexpected failure on the server; nothing about it is disclosed.' },
  UNAVAILABLE: { status: 503, description: 'A service the server depends on (the database) is not reachable.' },
} as const satisfies Record<string, { status: number; description: string }>;

export type ApiErrorCode = keyof typeof API_ERRORS;

export const API_ERROR_CODES = Object.keys(API_ERRORS) as [ApiErrorCode, ...ApiErrorCode[]];

export const apiErrorCodeSchema = z.enum(API_ERROR_CODES);

/** The HTTP status a code is answered with. */
export const statusOfErrorCode = (code: ApiErrorCode): number => API_ERRORS[code].status;

/** The codes answered with one HTTP status, e.g. 409 → STALE_EDIT, ALREADY_EXISTS, ... */
export const errorCodesWithStatus = (status: number): ApiErrorCode[] =>
  API_ERROR_CODES.filter((code) => API_ERRORS[code].status === status);

export const isApiErrorCode = (value: unknown): value is ApiErrorCode =>
  typeof value === 'string' && Object.hasOwn(API_ERRORS, value);
