import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const toJsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(schema, { io, unrepresentable: 'throw', target: 'draft-7' }) as JsonSchema;

/** A JSON schema without `additionalProperties: false`, which zod writes for objects' output only. */
function withoutClosedObjects(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutClosedObjects);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, child]) => !(key === 'additionalProperties' && child === false))
      .map(([key, child]) => [key, withoutClosedObjects(child)]),
  );
}

/**
 * The JSON schema of a zod response schema for fast-json-stringify, or null when the JSON written is
 * not simply the value checked: zod cannot express the schema (a transform, a date) or its input and
 * output differ (a default, a codec, a pipe), so only zod itself writes it right.
 */
export function responseJsonSchema(schema: z.ZodType): JsonSchema | null {
  try {
    const output = toJsonSchema(schema, 'output');
    const input = toJsonSchema(schema, 'input');
    return isDeepStrictEqual(withoutClosedObjects(output), input) ? output : null;
  } catch {
    return null;
  }
}

/**
 * Response serialisation from each route's response schema: fast-json-stringify compiles the zod
 * schema's JSON schema once, at start-up, instead of zod checking every response and JSON.stringify
 * walking it again (12% of the CPU of a mixed read load, with the garbage it made). Like zod's parse
 * it writes only the properties the schema declares, so nothing a handler holds beyond the schema
 * leaves the server; price fields a role may not see are taken out before, by withVisiblePrices.
 * A schema fast-json-stringify cannot take (see responseJsonSchema) keeps zod's serializer.
 *
 * `check` (the tests) also runs zod's check on every response and proves the fast text holds the same
 * JSON as zod's, so a wrong response, or a schema the two read differently, fails the test with a 500.
 */
export function createResponseSerializerCompiler(options: { check: boolean }): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const schema = route.schema;
    const jsonSchema = schema instanceof z.ZodType ? responseJsonSchema(schema) : null;
    if (!jsonSchema || !(schema instanceof z.ZodType)) return zodSerializerCompiler(route);
    const stringify = fastJson(jsonSchema);
    if (!options.check) return (data) => stringify(data);
    return (data) => {
      const checked = z.safeEncode(schema, data);
      if (!checked.success) throw new ResponseSerializationError(route.method, route.url, { cause: checked.error });
      const text = stringify(data);
      if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(checked.data)))) {
        throw new Error(`${route.method} ${route.url}: the fast serializer wrote other JSON than zod (${text})`);
      }
      return text;
    };
  };
}
