import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingListResponse } from '@courier/domain/bookings/schemas';
import { bearer } from '../../test/factories.ts';
import { databaseKinds, type TestApp } from '../../test/test-app.ts';
import { createBookingFixtureApp } from '../../test/bookings-fixture.ts';

// The From and To dates of the booking list (spec 2 §2): the web's date input refuses a From after
// To at the field, and every call that takes the booking filter refuses it too (the server decides);
// so with a min above its max (charge, driver pay, weight, packages, carrier cost).
describe.each(databaseKinds)('booking From and To dates on %s', (kind) => {
  let t: TestApp, accounts: string;

  beforeAll(async () => {
    ({ t, accounts } = await createBookingFixtureApp(kind));
  });
  afterAll(() => t?.close());

  const filterCalls = (query: string) => [
    { method: 'GET' as const, url: `/api/bookings?${query}` },
    { method: 'GET' as const, url: `/api/bookings/csv?${query}` },
    { method: 'GET' as const, url: `/api/bookings/margins?${query}` },
    {
      method: 'POST' as const,
      url: '/api/bookings/tagged',
      payload: Object.fromEntries(new URLSearchParams(query)),
    },
  ];

  it.each([
    ['a day after', 'windowStart=2026-03-11&windowEnd=2026-03-10'],
    ['a year after', 'windowStart=2027-03-10&windowEnd=2026-03-10'],
    ['a date-time after a day', 'windowStart=2026-03-11T00:00:00Z&windowEnd=2026-03-10'],
  ])('refuses From %s To with 400 naming windowEnd, on every call taking the filter', async (_label, query) => {
    for (const call of filterCalls(query)) {
      const response = await t.app.inject({ ...call, headers: bearer(accounts) });
      expect(response.statusCode, `${call.url} ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'VALIDATION',
        details: [
          {
            field: call.method === 'GET' ? 'querystring.windowEnd' : 'body.windowEnd',
            message: 'windowEnd must not be before windowStart.',
          },
        ],
      });
    }
  });

  it.each([
    ['chargeFrom=50&chargeTo=10', 'chargeTo', 'chargeFrom'],
    ['weightFrom=2.5&weightTo=2', 'weightTo', 'weightFrom'],
    ['packageCountFrom=3&packageCountTo=1', 'packageCountTo', 'packageCountFrom'],
  ])(
    'refuses a min above its max (%s) with 400 naming the max, on every call taking the filter',
    async (query, max, min) => {
      for (const call of filterCalls(query)) {
        const payload =
          call.payload && Object.fromEntries(Object.entries(call.payload).map(([k, v]) => [k, Number(v)]));
        const response = await t.app.inject({ ...call, payload, headers: bearer(accounts) });
        expect(response.statusCode, `${call.url} ${response.body}`).toBe(400);
        expect(response.json()).toMatchObject({
          error: 'VALIDATION',
          details: [
            {
              field: call.method === 'GET' ? `querystring.${max}` : `body.${max}`,
              message: `${max} must not be below ${min}.`,
            },
          ],
        });
      }
    },
  );

  it('takes a min equal to its max, and a max of 0 as no bound', async () => {
    for (const query of ['chargeFrom=10&chargeTo=10', 'chargeFrom=10&chargeTo=0']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/bookings?${query}`, headers: bearer(accounts) });
      expect(response.statusCode, `${query} ${response.body}`).toBe(200);
    }
  });

  it('takes From equal to To as that one Dublin day, on every call taking the filter', async () => {
    for (const call of filterCalls('windowStart=2026-03-10&windowEnd=2026-03-10')) {
      const response = await t.app.inject({ ...call, headers: bearer(accounts) });
      expect(response.statusCode, `${call.url} ${response.body}`).toBe(200);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/bookings?windowStart=2026-03-10&windowEnd=2026-03-10',
      headers: bearer(accounts),
    });
    expect(list.json<BookingListResponse>().bookings.map((booking) => booking.reference)).toEqual(['B0003']);
  });
});
