import { z } from 'zod';

/** The error body every failed call returns (ARCHITECTURE 'errors'). */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  details: z
    .array(z.object({ field: z.string(), message: z.string() }))
    .optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  unauthorised: 'UNAUTHORISED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  internal: 'INTERNAL',
} as const;

export const idParamSchema = z.object({ id: z.coerce.number().int().min(1) });

/** ISO-8601 timestamps as the API sends them. */
export const isoDateTime = z.iso.datetime({ offset: true });

export const okSchema = z.object({ ok: z.literal(true) });
