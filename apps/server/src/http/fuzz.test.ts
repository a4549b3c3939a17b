import type { HTTPMethods, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingFixture } from '../test/bookings-fixture.ts';
import { bearer, signInAs } from '../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../test/test-app.ts';

/**
 * Every API operation, sent malformed input as a superadmin (who may call every route): ids past
 * PostgreSQL integer, NUL characters, 5,000-character strings, wrong types, deep JSON, bad dates. Bad
 * input must be a 4xx with a message, never a 5xx. The operations come from the OpenAPI document,
 * and the test proves it walked every route of the route table, as the access test does.
 */

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
};
type Parameter = { in: 'path' | 'query'; name: string; required?: boolean; schema: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};

/**
 * Operations not fuzzed, each with the reason. Keep it empty unless a route truly cannot be sent
 * malformed input; POST /api/auth/logout ends the session, so the test signs in again after it.
 */
const SKIPPED: string[] = [];

const NUL = 'a\u0000b';
const SECRET = 'fuzz-increase-code';
const LONG = 'x'.repeat(5000);
/**
 * JSON nested 10,000 deep, as text (JSON.stringify itself would overflow the stack on it): deep
 * enough to overflow a recursive validator, small enough for the body limit. It stands in for the
 * DEEP marker when a body is written out.
 */
const DEEP = '\u0001deep';
const DEEP_JSON = `${'['.repeat(10_000)}1${']'.repeat(10_000)}`;
const toJson = (value: unknown) => JSON.stringify(value).replaceAll(JSON.stringify(DEEP), DEEP_JSON);

/** Values for a path or query parameter; each replaces one valid value at a time. */
const TEXT_INPUTS = [
  '2147483648',
  '99999999999999999999',
  '-1',
  '0',
  'abc',
  '1.5',
  '1e400',
  NUL,
  LONG,
  '0000-01-01',
  '99999-01-01',
  'yesterday',
  '',
  '%',
];

/** Values for a JSON body field; each replaces one field at a time. */
const JSON_INPUTS: unknown[] = [
  2147483648,
  1e20, // 99999999999999999999 as JSON numbers read it
  '2147483648',
  '99999999999999999999',
  '-1',
  -1,
  0,
  1.5,
  1e308,
  'abc',
  NUL,
  LONG,
  '0000-01-01',
  '99999-01-01',
  'yesterday',
  '',
  123,
  true,
  null,
  [],
  {},
  [NUL],
  { [NUL]: NUL },
];

/** Whole bodies that are not the object the route wants. */
const WHOLE_BODIES: unknown[] = [[], 'text', 5, null, {}, [{}], { a: { b: { c: NUL } } }];

/**
 * Valid values for fields a generic generator cannot guess, by field name, so that the
 * valid-looking request of an operation gets past its schema and each bad value reaches the handler.
 * Ids are 1 (the booking fixture's first company, service, tariff code...); references its B0001.
 */
const EXAMPLES: Record<string, unknown> = {
  countryCode: 'IE',
  billingAddressCountry: 'IE',
  changes: '{}',
  windowStart: '2026-01-05',
  windowEnd: '2026-01-31',
  phoneNumber: '+353 87 123 4567',
  reference: 'B0001',
  ref: 'B0001-1',
  account: 'ALC001',
  accountCode: 'ALC001',
  zone: 'IRELAND',
  periodId: 9,
  isPublic: false,
  header: 'Custom',
  billingBasis: 'stripeCompany',
  sharedSecret: SECRET,
};

/** A value the schema accepts, as far as a generic generator can tell: 'a', 1, true, the first enum value. */
function validValue(schema: JsonSchema | undefined, depth = 0, name = ''): unknown {
  if (name in EXAMPLES) return EXAMPLES[name];
  if (!schema || depth > 8) return undefined;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const union = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (union) return validValue(union.find((member) => member.type !== 'null') ?? union[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [key, validValue(property, depth + 1, key)]),
      );
    case 'array': {
      const item = validValue(schema.items, depth + 1);
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
    }
    case 'integer':
    case 'number':
      return Math.max(1, typeof schema.minimum === 'number' ? schema.minimum + (schema.exclusiveMinimum ? 1 : 0) : 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'date') return '2026-01-05';
      if (schema.format === 'date-time') return '2026-01-05T10:00:00Z';
      if (schema.format === 'email') return 'fuzz@test.ie';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.pattern === '^\\d{6}$') return '123456';
      return 'a';
    default:
      return 'a';
  }
}

/** Every path to a leaf (and to each object and array) in a valid body, e.g. ['setCall', 'schedule', 0, 'hour']. */
function fieldPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [prefix, ...value.slice(0, 1).flatMap((item) => fieldPaths(item, [...prefix, 0]))];
  if (typeof value === 'object' && value !== null)
    return [prefix, ...Object.entries(value).flatMap(([key, item]) => fieldPaths(item, [...prefix, key]))];
  return [prefix];
}

function withField(body: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1] as string | number] = replacement;
  return copy;
}

interface Case {
  method: HTTPMethods;
  url: string;
  /** The body as JSON text. */
  payload?: string;
  input: string;
}

/** The malformed requests for one operation: one bad value at a time, everything else valid. */
function casesOf(method: HTTPMethods, path: string, operation: Operation): Case[] {
  const parameters = operation.parameters ?? [];
  const pathParameters = parameters.filter((p) => p.in === 'path');
  const queryParameters = parameters.filter((p) => p.in === 'query');
  const validPath = Object.fromEntries(pathParameters.map((p) => [p.name, String(validValue(p.schema, 0, p.name))]));
  const validQuery = Object.fromEntries(
    queryParameters
      .filter((p) => p.required)
      .map((p) => [p.name, [validValue(p.schema, 0, p.name)].flat().map(String)]),
  );
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const validBody = bodySchema ? validValue(bodySchema) : undefined;

  const urlOf = (pathValues: Record<string, string>, query: Record<string, string[]>) => {
    const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name] ?? '1'));
    const search = new URLSearchParams();
    for (const [name, values] of Object.entries(query)) for (const value of values) search.append(name, value);
    const text = search.toString();
    return text ? `${url}?${text}` : url;
  };
  const request = (pathValues: Record<string, string>, query: Record<string, string[]>, payload: unknown) => ({
    method,
    url: urlOf(pathValues, query),
    ...(payload === undefined ? {} : { payload: toJson(payload) }),
  });

  const cases: Case[] = [{ ...request(validPath, validQuery, validBody), input: 'valid-looking input' }];
  for (const parameter of pathParameters)
    for (const value of TEXT_INPUTS)
      cases.push({
        ...request({ ...validPath, [parameter.name]: value }, validQuery, validBody),
        input: `path ${parameter.name}=${JSON.stringify(value.slice(0, 40))}`,
      });
  for (const parameter of queryParameters) {
    for (const value of TEXT_INPUTS)
      cases.push({
        ...request(validPath, { ...validQuery, [parameter.name]: [value] }, validBody),
        input: `query ${parameter.name}=${JSON.stringify(value.slice(0, 40))}`,
      });
    cases.push({
      ...request(validPath, { ...validQuery, [parameter.name]: ['1', 'a', NUL] }, validBody),
      input: `query ${parameter.name} repeated`,
    });
  }
  cases.push({ ...request(validPath, { ...validQuery, unexpected: [NUL] }, validBody), input: 'unexpected query' });
  if (method !== 'GET' && method !== 'DELETE') {
    for (const body of [...WHOLE_BODIES, DEEP])
      cases.push({ ...request(validPath, validQuery, body), input: `body ${JSON.stringify(body).slice(0, 40)}` });
    for (const field of validBody === undefined ? [] : fieldPaths(validBody).filter((p) => p.length > 0))
      for (const value of [...JSON_INPUTS, DEEP])
        cases.push({
          ...request(validPath, validQuery, withField(validBody, field, value)),
          input: `body.${field.join('.')}=${JSON.stringify(value)?.slice(0, 40)}`,
        });
  }
  return cases;
}

describe.each(databaseKinds)('no 5xx on malformed input, on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    // With the increase code configured, the increases get past the code check into their queries.
    t = await createTestApp(kind, { env: { PRICE_INCREASE_SECRET: SECRET } });
    await t.app.ready();
    // Companies, bookings, services, tariff codes and the IRELAND zone for id 1 to name, so
    // valid-looking requests reach past the not-found checks into the queries.
    await createBookingFixture(t.db);
    token = await signInAs(t, ['SUPERADMIN']);
  });
  afterAll(() => t?.close());

  it('every API operation answers every malformed input below 500', { timeout: 240_000 }, async () => {
    const document = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    const operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({
        method: method.toUpperCase() as HTTPMethods,
        path,
        operation,
      })),
    );
    const served = new Set(
      t.app.routeTable
        .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD')
        .filter((route) => !route.url.startsWith('/api/docs') && route.url !== '/api/openapi.json')
        .map((route) => `${route.method} ${route.url}`),
    );

    const failures: string[] = [];
    const exercised = new Set<string>();
    let requests = 0;
    for (const { method, path, operation } of operations) {
      const key = `${method} ${path.replace(/\{([^}]+)\}/g, ':$1')}`;
      if (SKIPPED.includes(key)) continue;
      exercised.add(key);
      for (const testCase of casesOf(method, path, operation)) {
        const options: InjectOptions = {
          method: testCase.method,
          url: testCase.url,
          headers: bearer(token),
          // Its own address, so the sign-in rate limits this trips never refuse the test's own sign-in.
          remoteAddress: '198.51.100.7',
          ...(testCase.payload === undefined ? {} : { payload: testCase.payload }),
        };
        if (testCase.payload !== undefined)
          options.headers = { ...options.headers, 'content-type': 'application/json' };
        const response = await t.app.inject(options);
        requests += 1;
        if (response.statusCode >= 500) {
          failures.push(
            `${testCase.method} ${testCase.url.slice(0, 200)} [${testCase.input}] → ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        } else if (response.statusCode >= 400) {
          const body: unknown = response.json();
          expect(body, `${testCase.method} ${testCase.url.slice(0, 200)} [${testCase.input}]`).toMatchObject({
            error: expect.any(String),
            message: expect.any(String),
          });
        }
        // Signing out (or a support grant) may end the superadmin's session: sign in again.
        if (path === '/api/auth/logout' || path === '/api/auth/grant') token = await signInAs(t, ['SUPERADMIN']);
      }
    }

    expect(failures, failures.join('\n')).toEqual([]);
    expect([...exercised].sort()).toEqual([...served].filter((key) => !SKIPPED.includes(key)).sort());
    expect(exercised.size).toBeGreaterThan(60);
    console.info(`fuzz on ${kind}: ${exercised.size} operations, ${requests} requests`);
  });
});
