import { z } from 'zod';

/**
 * The longest text a field's schema accepts, looking through default, nullable, optional and pipe
 * wrappers; undefined when it sets none or is not text. Forms put it on their inputs, so a limit is
 * known before the server refuses it.
 */
export function maxLengthOf(schema: z.ZodType): number | undefined {
  let current: z.ZodType = schema;
  for (let depth = 0; depth < 8; depth++) {
    // An e-mail or URL (z.email(), z.url()) is a string format, not a ZodString, with the same limit.
    if (current instanceof z.ZodString || current instanceof z.ZodStringFormat) return current.maxLength ?? undefined;
    if (current instanceof z.ZodDefault || current instanceof z.ZodNullable || current instanceof z.ZodOptional)
      current = current.unwrap() as z.ZodType;
    else if (current instanceof z.ZodPipe) current = current.in as z.ZodType;
    else return undefined;
  }
  return undefined;
}

/** The text limit of every field of an object schema that has one. */
export function textLimits<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>): { [K in keyof Shape]?: number } {
  const limits: { [K in keyof Shape]?: number } = {};
  for (const key of Object.keys(schema.shape) as (keyof Shape & string)[]) {
    const limit = maxLengthOf(schema.shape[key] as z.ZodType);
    if (limit !== undefined) limits[key] = limit;
  }
  return limits;
}
