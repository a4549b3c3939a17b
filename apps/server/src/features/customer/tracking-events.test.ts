import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerBooking } from '@courier/domain/customer/schemas';
import type { TrackingEventsResponse } from '@courier/domain/customer/tracking';
import { insertNewBookings } from '../../core/booking-writes.ts';
import { bookingJobs, companySettings, jobStatusEvents } from '../../db/schema/index.ts';
import { bearer, signInAs } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { createCustomerWorld, type CustomerWorld } from './customer-factories.ts';

describe.each(databaseKinds)('tracking events on %s', (kind) => {
  let t: TestApp, world: CustomerWorld, staff: string;
  const aBookings: CustomerBooking[] = [];
  let bBooking: CustomerBooking;
  let systemJobReference: string;

  const events = async (query: string, token: string): Promise<TrackingEventsResponse> => {
    const response = await t.app.inject({ method: 'GET', url: `/api/tracking/events${query}`, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    world = await createCustomerWorld(t);
    staff = await signInAs(t, ['ACCOUNTS']);
    const order = (companyId: number) => ({
      order: {
        companyId,
        collectionPlaceId: world.placeIds.a,
        deliveryPlaceId: world.placeIds.c,
        serviceId: world.catalogue.services.vanPriority,
        weightKg: 4,
      },
    });
    const book = async (side: CustomerWorld['a']) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/customer/booking/new',
        headers: bearer(side.token),
        payload: order(side.companyId),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CustomerBooking>();
    };
    for (let index = 0; index < 3; index += 1) aBookings.push(await book(world.a));
    bBooking = await book(world.b);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/customer/booking/${aBookings[0]?.reference}/cancel`,
      headers: bearer(world.a.token),
      payload: { userUUID: world.a.user.uuid },
    });
    expect(cancelled.statusCode).toBe(200);
    // A booking the system makes (as a set call's run does): its created event names the system.
    systemJobReference = 'SYS1-1';
    await t.db.transaction((tx) =>
      insertNewBookings(tx, [
        {
          booking: {
            reference: 'SYS1',
            companyId: world.a.companyId,
            serviceId: world.catalogue.services.bikeStandard,
            type: 'same_day',
            status: 'confirmed',
          },
          jobs: [
            { job: { status: 'confirmed', customerCharge: 12 }, tasks: [{ type: 'COLLECTION', status: 'PENDING' }] },
          ],
        },
      ]),
    );
    // A driver's updates, dated in January so the window filters have something to find.
    const [job] = await t.db
      .select({ id: bookingJobs.id })
      .from(bookingJobs)
      .where(eq(bookingJobs.reference, `${aBookings[1]?.reference}-1`));
    await t.db.insert(jobStatusEvents).values([
      {
        jobId: job?.id as number,
        status: 'in_progress',
        at: new Date('2026-01-05T09:00:00Z'),
        causeKind: 'driver',
        causedBy: 'Driver 102',
        detail: 'Collected 4 packages',
      },
      {
        jobId: job?.id as number,
        status: 'delivered',
        at: new Date('2026-01-05T11:30:00Z'),
        causeKind: 'driver',
        causedBy: 'Driver 102',
        detail: 'Signed for by M. Kelly',
      },
    ]);
  });
  afterAll(() => t?.close());

  it('shows staff every job’s events, newest first, with who or what caused them', async () => {
    const all = await events('?size=100', staff);
    // 4 bookings created, 1 cancelled, 1 made by the system, 2 driver updates.
    expect(all.count).toBe(8);
    const times = all.events.map((event) => Date.parse(event.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const cancelled = all.events.find((event) => event.status === 'cancelled');
    expect(cancelled).toMatchObject({
      jobReference: `${aBookings[0]?.reference}-1`,
      bookingReference: aBookings[0]?.reference,
      statusLabel: 'Cancelled',
      causedBy: { kind: 'user', name: `${world.a.user.firstName} ${world.a.user.lastName}` },
      detail: 'Cancelled online by the customer',
    });
    expect(all.events.find((event) => event.jobReference === systemJobReference)).toMatchObject({
      status: 'created',
      statusLabel: 'Booked',
      causedBy: { kind: 'system', name: 'System' },
    });
    expect(all.events.at(-1)).toMatchObject({
      status: 'in_progress',
      statusLabel: 'In progress',
      causedBy: { kind: 'driver', name: 'Driver 102' },
    });
  });

  it('pages with size and skip', async () => {
    const all = await events('?size=100', staff);
    const second = await events('?size=3&skip=3', staff);
    expect(second.count).toBe(8);
    expect(second.events.map((event) => event.id)).toEqual(all.events.slice(3, 6).map((event) => event.id));
    expect((await events('?size=3&skip=8', staff)).events).toEqual([]);
  });

  it('filters by job reference and by time (both ends inclusive)', async () => {
    const job = await events(`?jobReference=${aBookings[1]?.reference}-1`, staff);
    expect(job.events.map((event) => event.status)).toEqual(['created', 'delivered', 'in_progress']);
    const window = await events('?from=2026-01-05T09:00:00Z&to=2026-01-05T11:30:00Z', staff);
    expect(window.events.map((event) => event.detail)).toEqual(['Signed for by M. Kelly', 'Collected 4 packages']);
    const after = await events('?from=2026-01-05T09:00:01%2B00:00&to=2026-01-31T00:00:00Z', staff);
    expect(after.events.map((event) => event.status)).toEqual(['delivered']);
    expect((await events('?jobReference=NOPE-1', staff)).count).toBe(0);
  });

  it('shows a customer only the events of their companies’ jobs, and none when tracking is off', async () => {
    const own = await events('?size=100', world.a.token);
    expect(own.count).toBe(7);
    expect(own.events.every((event) => event.bookingReference !== bBooking.reference)).toBe(true);
    const b = await events('?size=100', world.b.token);
    expect(b.events.map((event) => event.bookingReference)).toEqual([bBooking.reference]);
    await t.db
      .update(companySettings)
      .set({ cycloneAllowTracking: false })
      .where(eq(companySettings.companyId, world.a.companyId));
    try {
      expect(await events('?size=100', world.a.token)).toEqual({ count: 0, events: [] });
    } finally {
      await t.db
        .update(companySettings)
        .set({ cycloneAllowTracking: true })
        .where(eq(companySettings.companyId, world.a.companyId));
    }
  });

  it('refuses roles that do not read bookings (a driver) and asks for a session', async () => {
    const driver = await signInAs(t, ['DRIVER']);
    const refused = await t.app.inject({ method: 'GET', url: '/api/tracking/events', headers: bearer(driver) });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/tracking/events' })).statusCode).toBe(401);
  });
});
