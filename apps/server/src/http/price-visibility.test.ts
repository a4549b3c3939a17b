import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasAccess, ROLES, type Role } from '@courier/domain/auth/roles';
import { canSeePrices, isPriceField, PRICE_FIELDS } from '@courier/domain/bookings/price-visibility';
import type { RouteTableEntry } from '../app.ts';
import { createBookingFixture, type BookingFixture } from '../test/bookings-fixture.ts';
import { bearer, signInAs } from '../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../test/test-app.ts';

// Spec 2 §6: roles that may not see prices never receive a price field. The routes to check are found
// from the OpenAPI document (every route's response schema), not listed by hand: a price field added
// to any response shows up here, and the test then demands that the route either refuses every role
// that may not see prices, or is called with real data (a sample below) and proven to leave it out.

type JsonSchema = {
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema | JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
interface OpenApi {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }> }>
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Every property name a schema can hold, at any depth; a price field's insides go with it, so are not walked. */
function propertyNames(schema: JsonSchema | undefined, document: OpenApi, seen = new Set<JsonSchema>()): Set<string> {
  const names = new Set<string>();
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return names;
  seen.add(schema);
  const children: (JsonSchema | undefined)[] = [
    ...Object.entries(schema.properties ?? {})
      .filter(([name]) => !isPriceField(name))
      .map(([, child]) => child),
    ...[schema.items ?? []].flat(),
    typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined,
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ];
  if (schema.$ref) children.push(document.components?.schemas?.[schema.$ref.split('/').pop() ?? '']);
  for (const name of Object.keys(schema.properties ?? {})) names.add(name);
  for (const child of children) for (const name of propertyNames(child, document, seen)) names.add(name);
  return names;
}

/** Price fields present (not undefined) anywhere in a JSON value, by path. */
function pricesIn(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => pricesIn(item, `${path}[${index}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => [
    ...(isPriceField(key) && item !== undefined ? [`${path}.${key}`] : []),
    ...pricesIn(item, `${path}.${key}`),
  ]);
}

/**
 * Names that look like money but are not prices a role is kept from: a field here is shown to every
 * role that reaches its route. Anything else matching MONEY_LIKE in a response reachable by a role that
 * may not see prices fails the test until it joins the domain's price fields or this list.
 */
const NOT_PRICES = new Set<string>([
  // Names of things, not amounts: the company's pricer (a person), a job's charge references, a link.
  'pricer',
  'chargeRefs',
  'paymentProviderCustomerUrl',
  // The public config's switch saying whether price increases can run on this server: a yes/no, no amount.
  'priceIncreasesEnabled',
  // A company's terms on its settings tab (spec 1 §3), shown to every companies role: flags, tiers, rates.
  'cycloneDisplayPrice',
  'loyaltyDiscount',
  'cycloneSurchargeTier',
  'adminSurchargeTier',
  'discountPercent',
  'discountTwoPercent',
  'surchargeNameOne',
  'surchargeRateOne',
  'surchargeNameTwo',
  'surchargeRateTwo',
  'surchargeNameThree',
  'surchargeRateThree',
  'blockGreenSurcharge',
  // A set call's agreed charge (spec 1 §3, §5): typed in by the dispatchers who keep the set calls tab.
  'charge',
  // A job's tasks' pay status (ACTIVE, PENDING_PAYMENT, PAID; spec 2 §4): whether pay is locked, no amount.
  'taskPayStatuses',
  // A driver profile's bank details section (spec 2 §3 'Driver profile'): no amount; null to all but accounts.
  'payment',
]);
const MONEY_LIKE = /charge|price|pay|cost|margin|surcharge|discount/i;

/** Real requests for the routes that roles without price visibility reach, with the fixture's data. */
const samples = (fixture: BookingFixture): Record<string, string> => ({
  'GET /api/bookings': '/api/bookings?size=50',
  'GET /api/booking/:reference': '/api/booking/B0003',
  'GET /api/bookings/job/:ref/tasks': '/api/bookings/job/B0003-2/tasks',
  'GET /api/bookings/jobs/bookings-breakdown': `/api/bookings/jobs/bookings-breakdown?jobIds=${(fixture.jobIds.B0003 ?? []).join(',')}`,
});

const BLIND_ROLES: Role[] = ROLES.filter((role) => !canSeePrices([role]));
const reaches = (route: RouteTableEntry | undefined, role: Role) =>
  route?.access?.kind === 'public' ||
  route?.access?.kind === 'signedIn' ||
  (route?.access?.kind === 'roles' && hasAccess([role], route.access.roles));
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1');

describe.each(databaseKinds)('price visibility over every route on %s', (kind) => {
  let t: TestApp;
  let fixture: BookingFixture;
  let document: OpenApi;
  const tokens = new Map<Role, string>();

  beforeAll(async () => {
    t = await createTestApp(kind);
    fixture = await createBookingFixture(t.db);
    for (const role of ROLES) tokens.set(role, await signInAs(t, [role]));
    document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(() => t?.close());

  /** Every documented operation with the property names of its success responses. */
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => {
        const key = `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`;
        const names = new Set<string>();
        for (const [status, response] of Object.entries(operation.responses ?? {}))
          if (status.startsWith('2'))
            for (const content of Object.values(response.content ?? {}))
              for (const name of propertyNames(content.schema, document)) names.add(name);
        const route = t.app.routeTable.find((entry) => `${entry.method} ${entry.url}` === key);
        return { key, method: method.toUpperCase(), url: route?.url ?? '', route, names };
      }),
    );
  const priceOperations = () => operations().filter((operation) => [...operation.names].some(isPriceField));

  it('finds the bookings responses that carry prices', () => {
    const keys = priceOperations().map((operation) => operation.key);
    expect(keys).toEqual(expect.arrayContaining(Object.keys(samples(fixture))));
    expect(BLIND_ROLES).toEqual(expect.arrayContaining(['DISPATCHER', 'TELEPHONIST', 'DRIVER', 'CUSTOMER']));
    expect(BLIND_ROLES).not.toContain('ACCOUNTS');
    expect(BLIND_ROLES).not.toContain('PRICING');
  });

  it('a money-like field in a response that a role without price visibility reaches is a listed price field', () => {
    const unlisted = operations()
      .filter((operation) => BLIND_ROLES.some((role) => reaches(operation.route, role)))
      .flatMap((operation) =>
        [...operation.names]
          .filter((name) => MONEY_LIKE.test(name) && !isPriceField(name) && !NOT_PRICES.has(name))
          .map((name) => `${operation.key}: ${name}`),
      );
    expect(unlisted).toEqual([]);
  });

  it('every route answering with prices refuses the roles that may not see them, or leaves the prices out', async () => {
    const found = priceOperations();
    expect(found.length).toBeGreaterThanOrEqual(4);
    const sampleOf = samples(fixture);
    for (const { key, method, url, route } of found) {
      expect(route, `${key} is documented but not in the route table`).toBeDefined();
      const blindReaching = BLIND_ROLES.filter((role) => reaches(route, role));
      if (blindReaching.length === 0) {
        // Closed to every such role by its access rule: proven by a call, before any data is read.
        for (const role of BLIND_ROLES) {
          const response = await t.app.inject({
            method: method as HTTPMethods,
            url: concrete(url),
            headers: bearer(tokens.get(role) ?? ''),
          });
          expect(response.statusCode, `${key} as ${role}`).toBe(403);
        }
        continue;
      }
      expect(method, `${key}: a change answering with prices to ${blindReaching.join(', ')}`).toBe('GET');
      const sample = sampleOf[key];
      expect(sample, `${key} answers with prices to ${blindReaching.join(', ')}: add a sample request`).toBeDefined();
      if (!sample) continue;

      const seen = await t.app.inject({ method: 'GET', url: sample, headers: bearer(tokens.get('ACCOUNTS') ?? '') });
      expect(seen.statusCode, `${key} as ACCOUNTS`).toBe(200);
      expect(pricesIn(seen.json()).length, `${key} as ACCOUNTS shows prices`).toBeGreaterThan(0);
      for (const role of blindReaching) {
        const hidden = await t.app.inject({ method: 'GET', url: sample, headers: bearer(tokens.get(role) ?? '') });
        expect(hidden.statusCode, `${key} as ${role}`).toBe(200);
        expect(pricesIn(hidden.json()), `${key} as ${role}`).toEqual([]);
        expect(hidden.body.length, `${key} as ${role} still answers the rest`).toBeGreaterThan(2);
      }
    }
  });

  it('pricing staff, who edit prices, see them too (spec 2 §6)', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/bookings/job/B0003-2/driver-pay-breakdown',
      headers: bearer(tokens.get('PRICING') ?? ''),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ jobReference: 'B0003-2' });
  });

  it('the domain list names only fields some response carries', () => {
    const carried = new Set(operations().flatMap((operation) => [...operation.names]));
    expect(PRICE_FIELDS.filter((field) => !carried.has(field))).toEqual([]);
  });
});
