import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingListQuerySchema, type BookingListResponse } from '@courier/domain/bookings/schemas';
import { bookings } from '../../db/schema/index.ts';
import { bearer } from '../../test/factories.ts';
import { createBookingFixtureApp, type BookingFixtureApp } from '../../test/bookings-fixture.ts';
import { databaseKinds } from '../../test/test-app.ts';
import { bookingFilterCondition } from './filters.ts';
import { orderOf } from './queries.ts';

// The list's queries are prepared once per filter shape (db/prepared.ts) and then run with each
// request's values. Two filters of one shape with other values share the prepared query: each must
// still answer with its own rows, the rows the same filter gives as a query built for it alone.
describe.each(databaseKinds)('booking list prepared per filter shape on %s', (kind) => {
  let fixtureApp: BookingFixtureApp;
  beforeAll(async () => {
    fixtureApp = await createBookingFixtureApp(kind);
  });
  afterAll(() => fixtureApp?.t.close());

  /** The references and count of a query built for this filter alone, unprepared, as before. */
  async function builtAlone(query: string) {
    const { size, skip, ...filter } = bookingListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
    const where = bookingFilterCondition(filter);
    const rows = await fixtureApp.t.db
      .select({ reference: bookings.reference })
      .from(bookings)
      .where(where)
      .orderBy(...orderOf(filter))
      .limit(size)
      .offset(skip);
    const all = await fixtureApp.t.db.select({ id: bookings.id }).from(bookings).where(where);
    return { count: all.length, references: rows.map((row) => row.reference) };
  }

  async function listed(query: string) {
    const response = await fixtureApp.t.app.inject({
      method: 'GET',
      url: `/api/bookings?${query}`,
      headers: bearer(fixtureApp.accounts),
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<BookingListResponse>();
    return { count: body.count, references: body.bookings.map((booking) => booking.reference) };
  }

  // Pairs of one shape with other values; each pair is asked in turn twice, so the second of a pair runs the prepared query the first made.
  const shapes = (fixture: BookingFixtureApp['fixture']): [string, string][] => [
    ['size=50', 'size=2&skip=3'],
    ['statuses=delivered', 'statuses=cancelled'],
    ['statuses=delivered,cancelled', 'statuses=failed,confirmed'],
    [`company=${fixture.companyA}`, `company=${fixture.companyB}`],
    [`company=${fixture.companyA}&statuses=delivered`, `company=${fixture.companyB}&statuses=cancelled`],
    ['searchQuery=b0003', 'searchQuery=b0005'],
    ['windowStart=2026-03-05&windowEnd=2026-03-15', 'windowStart=2026-03-01&windowEnd=2026-03-04'],
    ['tags=SPLIT', 'tags=WAITING_TIME'],
    ['chargeFrom=35.5', 'chargeFrom=10'],
    ['sortBy=customerCharge&sortDirection=desc', 'sortBy=customerCharge&sortDirection=desc&size=3&skip=1'],
    ['view=SAME_DAY&vehicle=BIKE', 'view=SAME_DAY&vehicle=SMALL-VAN'],
    [`invoicePeriod=${fixture.invoicePeriodId}`, 'invoicePeriod=999999'],
  ];

  it('answers each filter with its own rows, as a query built for it alone, whichever of its shape ran first', async () => {
    for (const [first, second] of shapes(fixtureApp.fixture)) {
      const expected = [await builtAlone(first), await builtAlone(second)];
      for (let round = 0; round < 2; round++) {
        expect(await listed(first), first).toEqual(expected[0]);
        expect(await listed(second), second).toEqual(expected[1]);
      }
    }
  });

  it('the pairs differ, so a stale value would show', async () => {
    const differing = [];
    for (const [first, second] of shapes(fixtureApp.fixture))
      differing.push((await builtAlone(first)).count !== (await builtAlone(second)).count);
    expect(differing.filter(Boolean).length).toBeGreaterThanOrEqual(8);
  });
});
