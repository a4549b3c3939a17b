import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@courier/domain/auth/roles';
import type { CustomerBooking, CustomerQuote } from '@courier/domain/customer/schemas';
import { bearer, signInAs } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { createCustomerWorld, type CustomerWorld } from './customer-factories.ts';

type Call = { method: 'GET' | 'POST'; url: string; payload?: object };
type RouteCall = Call & { route: string };

describe.each(databaseKinds)('customer routes keep companies apart on %s', (kind) => {
  let t: TestApp, world: CustomerWorld;
  let bQuote: CustomerQuote, bOpenQuote: CustomerQuote, bBooking: CustomerBooking;

  beforeAll(async () => {
    t = await createTestApp(kind);
    world = await createCustomerWorld(t);
    const order = {
      companyId: world.b.companyId,
      collectionPlaceId: world.placeIds.a,
      deliveryPlaceId: world.placeIds.b,
      serviceId: world.catalogue.services.bikeStandard,
      weightKg: 3,
    };
    const asB = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(world.b.token), payload });
    bQuote = (await asB('/api/customer/quote', order)).json();
    bOpenQuote = (await asB('/api/customer/quote', order)).json();
    const booked = await asB(`/api/customer/booking/${bQuote.uid}`, { clientReference: 'PO-B-SECRET' });
    expect(booked.statusCode).toBe(200);
    bBooking = booked.json();
  });
  afterAll(() => t?.close());

  /** Every customer route, called with company B's ids and references. */
  const callsWithB = (): [string, Call][] => {
    const b = world.b.companyId;
    const order = {
      companyId: b,
      collectionPlaceId: world.placeIds.a,
      deliveryPlaceId: world.placeIds.b,
      serviceId: world.catalogue.services.bikeStandard,
      weightKg: 3,
    };
    return [
      ['quote for B', { method: 'POST', url: '/api/customer/quote', payload: order }],
      ['book B’s open quote', { method: 'POST', url: `/api/customer/booking/${bOpenQuote.uid}`, payload: {} }],
      ['book B’s booked quote', { method: 'POST', url: `/api/customer/booking/${bQuote.uid}`, payload: {} }],
      ['book a new order for B', { method: 'POST', url: '/api/customer/booking/new', payload: { order } }],
      [
        'cancel B’s booking',
        {
          method: 'POST',
          url: `/api/customer/booking/${bBooking.reference}/cancel`,
          payload: { userUUID: world.a.user.uuid },
        },
      ],
      [
        'cancel B’s factory booking',
        {
          method: 'POST',
          url: `/api/customer/booking/${world.bBookingReference}/cancel`,
          payload: { userUUID: world.a.user.uuid },
        },
      ],
      ['list B’s bookings', { method: 'GET', url: `/api/customer/bookings?companyId=${b}` }],
      ['B’s bookings CSV', { method: 'GET', url: `/api/customer/bookings/csv?companyId=${b}` }],
      ['B’s drivers', { method: 'GET', url: `/api/customer/drivers?companyId=${b}` }],
    ];
  };

  it('refuses A’s customer every route with B’s ids or references (403 or 404), with none of B’s data', async () => {
    const secrets = () => [
      world.b.companyName,
      bQuote.uid,
      bBooking.reference,
      world.bBookingReference,
      'PO-B-SECRET',
      'Murphy',
    ];
    for (const [name, call] of callsWithB()) {
      const response = await t.app.inject({ ...call, headers: bearer(world.a.token) });
      // Not a 400: the refusal is about whose data it is, not about the input.
      expect([403, 404], `${name}: ${response.body}`).toContain(response.statusCode);
      for (const secret of secrets().filter((text) => !call.url.includes(text)))
        expect(response.body, `${name} leaks ${secret}`).not.toContain(secret);
    }
    // Nothing changed on B's side: the open quote is still open, the booking still confirmed.
    const list = await t.app.inject({ method: 'GET', url: '/api/customer/bookings', headers: bearer(world.b.token) });
    const bookings = list.json<{ bookings: CustomerBooking[] }>().bookings;
    expect(bookings.map((row) => [row.reference, row.status]).sort()).toEqual(
      [
        [bBooking.reference, 'confirmed'],
        [world.bBookingReference, 'confirmed'],
      ].sort(),
    );
    const second = await t.app.inject({
      method: 'POST',
      url: `/api/customer/booking/${bOpenQuote.uid}`,
      headers: bearer(world.b.token),
      payload: {},
    });
    expect(second.statusCode).toBe(200);
  });

  it('lists none of B’s bookings, drivers or events to A when no company is named', async () => {
    const headers = bearer(world.a.token);
    const list = await t.app.inject({ method: 'GET', url: '/api/customer/bookings', headers });
    expect(list.json()).toEqual({ count: 0, bookings: [] });
    const csv = await t.app.inject({ method: 'GET', url: '/api/customer/bookings/csv', headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')).toHaveLength(1); // the header only
    expect((await t.app.inject({ method: 'GET', url: '/api/customer/drivers', headers })).json()).toEqual([]);
    const events = await t.app.inject({ method: 'GET', url: '/api/tracking/events', headers });
    expect(events.json()).toEqual({ count: 0, events: [] });
    const byJob = await t.app.inject({
      method: 'GET',
      url: `/api/tracking/events?jobReference=${bBooking.jobs[0]?.reference}`,
      headers,
    });
    expect(byJob.json()).toEqual({ count: 0, events: [] });
    const companies = await t.app.inject({ method: 'GET', url: '/api/customer/user/companies', headers });
    expect(companies.json<{ id: number }[]>().map((company) => company.id)).toEqual([world.a.companyId]);
  });

  const everyRoute = (): RouteCall[] => [
    { route: 'get /api/customer/user/companies', method: 'GET', url: '/api/customer/user/companies' },
    { route: 'post /api/customer/quote', method: 'POST', url: '/api/customer/quote', payload: {} },
    {
      route: 'post /api/customer/booking/{reference}',
      method: 'POST',
      url: '/api/customer/booking/new',
      payload: {},
    },
    {
      route: 'post /api/customer/booking/{reference}/cancel',
      method: 'POST',
      url: `/api/customer/booking/${world.bBookingReference}/cancel`,
      payload: {},
    },
    { route: 'get /api/customer/bookings', method: 'GET', url: '/api/customer/bookings' },
    { route: 'get /api/customer/bookings/csv', method: 'GET', url: '/api/customer/bookings/csv' },
    { route: 'get /api/customer/drivers', method: 'GET', url: '/api/customer/drivers' },
    { route: 'get /api/customer/place/search', method: 'GET', url: '/api/customer/place/search?q=liffey' },
    { route: 'get /api/customer/place/{placeId}', method: 'GET', url: `/api/customer/place/${world.placeIds.a}` },
  ];

  it('lists every customer route the API documents, so the tables here miss none', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths: Record<string, Record<string, unknown>> = docs.json<{
      paths: Record<string, Record<string, unknown>>;
    }>().paths;
    const documented = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/customer/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
    expect(documented.sort()).toEqual(
      everyRoute()
        .map((call) => call.route)
        .sort(),
    );
  });

  it.each<Role>(['ACCOUNTS', 'DISPATCHER', 'TELEPHONIST', 'PRICING', 'DRIVER', 'MANAGER', 'SUPERADMIN'])(
    'refuses %s on every customer route (403), whatever the rank',
    async (role) => {
      const token = await signInAs(t, [role]);
      for (const call of everyRoute()) {
        const { route: _route, ...request } = call;
        const response = await t.app.inject({ ...request, headers: bearer(token) });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(response.json<{ error: string }>().error).toBe('FORBIDDEN');
      }
    },
  );

  it('asks for a session on every customer route (401)', async () => {
    for (const { route: _route, ...call } of everyRoute()) {
      const response = await t.app.inject(call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
  });
});
