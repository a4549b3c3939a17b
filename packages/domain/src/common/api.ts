import { z } from 'zod';
import { paramId } from './input.ts';
import { apiErrorCodeSchema } from './errors.ts';

/** The error body every failed call returns (ARCHITECTURE 'errors'); the codes are listed in ./errors.ts. */
export const apiErrorSchema = z.object({
  error: apiErrorCodeSchema,
  message: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const idParamSchema = z.object({ id: paramId('id') });

/** ISO-8601 timestamps as the API sends them. */
export const isoDateTime = z.iso.datetime({ offset: true });

export const okSchema = z.object({ ok: z.literal(true) });
