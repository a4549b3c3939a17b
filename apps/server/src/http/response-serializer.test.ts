import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { redactPrices } from '@courier/domain/bookings/price-visibility';
import { bookingListResponseSchema, type BookingListResponse } from '@courier/domain/bookings/schemas';
import { createBookingFixtureApp, type BookingFixtureApp } from '../test/bookings-fixture.ts';
import { bearer, signInAs } from '../test/factories.ts';
import { databaseKinds } from '../test/test-app.ts';
import { createResponseSerializerCompiler, responseJsonSchema } from './response-serializer.ts';

const listResponse = (): BookingListResponse & { bookings: { internalNote?: string }[] } => ({
  count: 1,
  bookings: [
    {
      id: 7,
      reference: 'B0007',
      companyId: 3,
      company: { id: 3, accountCode: null, name: 'Liffey "Quays" Ltd' },
      companyReferences: [{ id: 1, name: 'PO', header: 'PO number', value: 'PO-77' }],
      createdAt: '2026-03-05T10:00:00.000Z',
      collectionTime: null,
      status: 'delivered',
      type: 'same_day',
      service: { id: 1, name: 'Bike Standard', service: 'STANDARD', type: 'BIKE', serviceCode: 'BS' },
      vehicle: 'BIKE',
      numberOfPackages: 2,
      weightOfPackages: 1.5,
      return: false,
      jobs: [],
      exVatPrice: 18.4,
      driverPrice: 9.1,
      // Not in the schema: must never be written.
      internalNote: 'kept on the server',
    },
  ],
});

/** An app with one route answering `answer` through the given response schema and the serializer under test. */
async function appAnswering(schema: z.ZodType, answer: unknown, check: boolean) {
  const app = Fastify();
  app.setSerializerCompiler(createResponseSerializerCompiler({ check }));
  app.get('/answer', { schema: { response: { 200: schema } } }, async () => answer);
  await app.ready();
  return app;
}

describe('response serialisation from the response schema', () => {
  it('compiles the booking list schema, and writes the same JSON as zod, without properties the schema lacks', async () => {
    expect(responseJsonSchema(bookingListResponseSchema)).not.toBeNull();
    const app = await appAnswering(bookingListResponseSchema, listResponse(), false);
    const response = await app.inject({ method: 'GET', url: '/answer' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(bookingListResponseSchema.parse(listResponse()));
    expect(response.body).not.toContain('internalNote');
    await app.close();
  });

  it('leaves out price fields that were redacted for a role that may not see prices', async () => {
    const app = await appAnswering(bookingListResponseSchema, redactPrices(listResponse()), false);
    const body = (await app.inject({ method: 'GET', url: '/answer' })).json<BookingListResponse>();
    expect(body.bookings[0]).not.toHaveProperty('exVatPrice');
    expect(body.bookings[0]).not.toHaveProperty('driverPrice');
    expect(body.bookings[0]?.reference).toBe('B0007');
    await app.close();
  });

  it("keeps zod's serializer for a schema whose written JSON is not the value checked (a transform, a default)", async () => {
    const transformed = z.object({ name: z.string().transform((name) => name.toUpperCase()) });
    const defaulted = z.object({ size: z.number().default(10) });
    expect(responseJsonSchema(transformed)).toBeNull();
    expect(responseJsonSchema(defaulted)).toBeNull();
    const app = await appAnswering(defaulted, { size: 3 }, false);
    expect((await app.inject({ method: 'GET', url: '/answer' })).json()).toEqual({ size: 3 });
    await app.close();
  });

  it('in the tests, refuses (500) a response the schema does not allow, which the fast writer alone would coerce', async () => {
    const schema = z.object({ count: z.number().int(), name: z.string() });
    const unchecked = await appAnswering(schema, { count: '12', name: 'x' }, false);
    expect((await unchecked.inject({ method: 'GET', url: '/answer' })).statusCode).toBe(200);
    await unchecked.close();
    const checked = await appAnswering(schema, { count: '12', name: 'x' }, true);
    expect((await checked.inject({ method: 'GET', url: '/answer' })).statusCode).toBe(500);
    await checked.close();
  });
});

describe.each(databaseKinds)('the booking list through HTTP with the fast serializer on %s', (kind) => {
  let fixtureApp: BookingFixtureApp;
  beforeAll(async () => {
    fixtureApp = await createBookingFixtureApp(kind);
  });
  afterAll(() => fixtureApp?.t.close());

  it('shows prices to accounts and none to a telephonist or a dispatcher, the rest of each row alike', async () => {
    const { t, accounts, telephonist } = fixtureApp;
    const list = async (token: string) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/bookings?size=50', headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    const seen = await list(accounts);
    const hidden = await list(telephonist);
    expect(seen).toMatch(/"exVatPrice":/);
    expect(seen).toMatch(/"customerCharge":/);
    for (const field of ['exVatPrice', 'driverPrice', 'customerCharge', 'carrierPrice', 'extrasCharge'])
      expect(hidden).not.toContain(`"${field}"`);
    expect(JSON.parse(hidden)).toEqual(redactPrices(JSON.parse(seen)));
    expect(await list(await signInAs(t, ['DISPATCHER']))).toBe(hidden);
  });
});
