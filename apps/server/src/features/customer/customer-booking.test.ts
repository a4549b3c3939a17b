import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineMetres } from '@courier/domain/customer/distance';
import type { CustomerBooking, CustomerQuote } from '@courier/domain/customer/schemas';
import { priceForWeight } from '@courier/domain/pricing/tariff-engine';
import {
  bookingJobs,
  bookings,
  bookingTasks,
  companySettings,
  customerQuotes,
  jobStatusEvents,
  places,
  zones,
} from '../../db/schema/index.ts';
import { bearer } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { createCustomerWorld, SPECIAL_LEVELS, type CustomerWorld } from './customer-factories.ts';

describe.each(databaseKinds)('customer quotes and bookings on %s', (kind) => {
  let t: TestApp, world: CustomerWorld;
  beforeAll(async () => {
    t = await createTestApp(kind);
    world = await createCustomerWorld(t);
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: object, token = world.a.token) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const get = (url: string, token = world.a.token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const order = (values: object = {}) => ({
    companyId: world.a.companyId,
    collectionPlaceId: world.placeIds.a,
    deliveryPlaceId: world.placeIds.b,
    serviceId: world.catalogue.services.bikeStandard,
    numberOfPackages: 2,
    weightKg: 12.4,
    ...values,
  });
  const quote = async (values: object = {}): Promise<CustomerQuote> => {
    const response = await post('/api/customer/quote', order(values));
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const book = async (reference: string, payload: object = {}): Promise<CustomerBooking> => {
    const response = await post(`/api/customer/booking/${reference}`, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const setSettings = (companyId: number, values: Partial<typeof companySettings.$inferInsert>) =>
    t.db.update(companySettings).set(values).where(eq(companySettings.companyId, companyId));

  describe('POST /api/customer/quote', () => {
    it('prices the weight with the tariff engine on the company’s special tariff, and keeps the quote', async () => {
      const engine = priceForWeight(SPECIAL_LEVELS, 12.4);
      expect(engine.ok && engine.price).toBe(18.6);
      const body = await quote();
      expect(body.vehicle).toEqual({
        serviceId: world.catalogue.services.bikeStandard,
        name: 'Motorbike Standard',
        type: 'BIKE',
        service: 'STANDARD',
        pricing: { charge: 18.6, currency: 'EUR', vatIncluded: false },
      });
      expect(body.distance).toBe(
        haversineMetres({ latitude: 53.3498, longitude: -6.2603 }, { latitude: 53.3394, longitude: -6.2381 }),
      );
      expect(body.distance).toBeGreaterThan(1500);
      expect(body.distance).toBeLessThan(2000);
      expect(body.locations.collection.name).toBe('Liffey Pharmacy');
      expect(body.locations.delivery.name).toBe('Docklands Office');
      expect(body.company).toEqual({ id: world.a.companyId, name: world.a.companyName });
      expect(body.user).toEqual({
        uuid: world.a.user.uuid,
        name: `${world.a.user.firstName} ${world.a.user.lastName}`,
      });
      expect(Date.parse(body.expires) - Date.parse(body.createdAt)).toBe(30 * 60_000);
      expect(body.bookingReference).toBeNull();
      const [row] = await t.db.select().from(customerQuotes).where(eq(customerQuotes.uid, body.uid));
      expect(row).toMatchObject({
        charge: 18.6,
        companyId: world.a.companyId,
        userId: world.a.user.id,
        distance: body.distance,
      });
    });

    it('prices each weight as the engine does, at the level boundaries too', async () => {
      for (const weightKg of [0, 2, 2.01, 30, 30.5, 100]) {
        const engine = priceForWeight(SPECIAL_LEVELS, weightKg);
        const body = await quote({ weightKg });
        expect(body.vehicle.pricing.charge, `${weightKg} kg`).toBe(engine.ok ? engine.price : NaN);
      }
    });

    it('gives a company without a special tariff its base tariff’s price', async () => {
      const response = await post('/api/customer/quote', order({ companyId: world.b.companyId }), world.b.token);
      expect(response.json<CustomerQuote>().vehicle.pricing.charge).toBe(10); // the catalogue's flat base tariff
    });

    it('shows no charge to a company not shown prices, and never driver pay', async () => {
      await setSettings(world.a.companyId, { cycloneDisplayPrice: false });
      try {
        const body = await quote();
        expect(body.vehicle.pricing.charge).toBeNull();
        expect(JSON.stringify(body)).not.toMatch(/driver|carrier|margin/i);
      } finally {
        await setSettings(world.a.companyId, { cycloneDisplayPrice: true });
      }
    });

    it('refuses a company that may not book online (403), a missing place or service (400), no tariff (409)', async () => {
      await setSettings(world.a.companyId, { cycloneAllowBooking: false });
      try {
        const blocked = await post('/api/customer/quote', order());
        expect(blocked.statusCode).toBe(403);
        expect(blocked.json<{ message: string }>().message).toMatch(/Online booking is switched off/);
      } finally {
        await setSettings(world.a.companyId, { cycloneAllowBooking: true });
      }
      const noPlace = await post('/api/customer/quote', order({ deliveryPlaceId: 'pl_nowhere' }));
      expect(noPlace.statusCode).toBe(400);
      expect(noPlace.json()).toMatchObject({ details: [{ field: 'body.deliveryPlaceId' }] });
      const noService = await post('/api/customer/quote', order({ serviceId: 999_999 }));
      expect(noService.statusCode).toBe(400);
      // No tariff prices the zone of a Paris address: the office must price it.
      await t.db
        .insert(zones)
        .values({ name: 'EU ZONE 1', countries: ['FR'] })
        .onConflictDoNothing();
      await t.db
        .insert(places)
        .values({ placeId: 'pl_paris', name: 'Paris Office', countryCode: 'FR', country: 'FRANCE' });
      const noTariff = await post('/api/customer/quote', order({ deliveryPlaceId: 'pl_paris' }));
      expect(noTariff.statusCode).toBe(409);
      expect(noTariff.json<{ message: string }>().message).toBe(
        'We have no online price for this service to that address. Please call us to book it.',
      );
    });
  });

  describe('POST /api/customer/booking/{reference}', () => {
    it('books a quote: its places, service, packages and charge; the job and its created event name the customer', async () => {
      const priced = await quote();
      const booking = await book(priced.uid, {
        collection: { contactName: 'Niamh', contactPhone: '0851234567' },
        delivery: { contactName: 'Ciarán', contactPhone: '0867654321' },
        collectionTime: '2026-03-02T09:30:00Z',
        notes: 'Ring the bell',
        goodsDescription: 'Prescriptions',
        clientReference: 'PO-77',
      });
      expect(booking).toMatchObject({
        company: { id: world.a.companyId, name: world.a.companyName },
        status: 'confirmed',
        statusLabel: 'Confirmed',
        service: 'Motorbike Standard',
        numberOfPackages: 2,
        weightKg: 12.4,
        distance: priced.distance,
        charge: 18.6,
        clientReference: 'PO-77',
        collectionTime: '2026-03-02T09:30:00.000Z',
        cancellable: true,
      });
      expect(booking.reference).toMatch(/^CB[A-Z2-9]{8}$/);
      expect(booking.collection).toContain('Liffey Pharmacy');
      expect(booking.delivery).toContain('Docklands Office');
      expect(booking.jobs).toEqual([
        { reference: `${booking.reference}-1`, status: 'confirmed', statusLabel: 'Confirmed' },
      ]);

      const [row] = await t.db.select().from(bookings).where(eq(bookings.reference, booking.reference));
      expect(row).toMatchObject({
        exVatPrice: 18.6,
        driverPrice: 0,
        userId: world.a.user.id,
        type: 'same_day',
        vehicle: 'BIKE',
      });
      const [job] = await t.db
        .select()
        .from(bookingJobs)
        .where(eq(bookingJobs.bookingId, row?.id as number));
      expect(job).toMatchObject({ customerCharge: 18.6, collectionPlaceId: world.catalogue.places.a });
      const stops = await t.db
        .select()
        .from(bookingTasks)
        .where(eq(bookingTasks.jobId, job?.id as number));
      expect(stops.map((stop) => [stop.type, stop.contactName, stop.contactPhone])).toEqual([
        ['COLLECTION', 'Niamh', '0851234567'],
        ['DELIVERY', 'Ciarán', '0867654321'],
      ]);
      const events = await t.db
        .select()
        .from(jobStatusEvents)
        .where(eq(jobStatusEvents.jobId, job?.id as number));
      expect(events).toMatchObject([
        {
          status: 'created',
          causeKind: 'user',
          causedByUserId: world.a.user.id,
          causedBy: `${world.a.user.firstName} ${world.a.user.lastName}`,
        },
      ]);
      const [kept] = await t.db.select().from(customerQuotes).where(eq(customerQuotes.uid, priced.uid));
      expect(kept?.bookingId).toBe(row?.id);
    });

    it('books a quote once (409 naming the booking), and not after it expires (409)', async () => {
      const priced = await quote();
      const booking = await book(priced.uid);
      const again = await post(`/api/customer/booking/${priced.uid}`, {});
      expect(again.statusCode).toBe(409);
      expect(again.json<{ message: string }>().message).toBe(`This quote is already booked as ${booking.reference}.`);

      const stale = await quote();
      await t.db
        .update(customerQuotes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(customerQuotes.uid, stale.uid));
      const expired = await post(`/api/customer/booking/${stale.uid}`, {});
      expect(expired.statusCode).toBe(409);
      expect(expired.json<{ message: string }>().message).toBe('This quote has expired. Please ask for a new quote.');
      const unknown = await post('/api/customer/booking/7d2f3b8e-1c4a-4f57-9a0e-3b1c2d4e5f60', {});
      expect(unknown.statusCode).toBe(404);
    });

    it('books a full order with reference new (priced as a quote, which is kept)', async () => {
      const booking = await book('new', { order: order({ weightKg: 1 }) });
      expect(booking.charge).toBe(8.5);
      const [row] = await t.db.select().from(bookings).where(eq(bookings.reference, booking.reference));
      const kept = await t.db
        .select()
        .from(customerQuotes)
        .where(eq(customerQuotes.bookingId, row?.id as number));
      expect(kept).toMatchObject([{ charge: 8.5, weightOfPackages: 1, userId: world.a.user.id }]);
    });

    it('asks for an order with new, refuses one with a quote, and a client reference when the company requires one', async () => {
      const missing = await post('/api/customer/booking/new', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ details: [{ field: 'body.order' }] });
      const priced = await quote();
      const both = await post(`/api/customer/booking/${priced.uid}`, { order: order() });
      expect(both.statusCode).toBe(400);
      await setSettings(world.a.companyId, { referenceRequired: true });
      try {
        const noReference = await post(`/api/customer/booking/${priced.uid}`, {});
        expect(noReference.statusCode).toBe(400);
        expect(noReference.json()).toMatchObject({ details: [{ field: 'body.clientReference' }] });
      } finally {
        await setSettings(world.a.companyId, { referenceRequired: false });
      }
    });
  });

  describe('POST /api/customer/booking/{reference}/cancel', () => {
    it('cancels a booking not yet collected, writing a cancelled event per job', async () => {
      const booking = await book((await quote()).uid);
      const response = await post(`/api/customer/booking/${booking.reference}/cancel`, { userUUID: world.a.user.uuid });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'cancelled',
        statusLabel: 'Cancelled',
        cancellable: false,
        jobs: [{ status: 'cancelled' }],
      });
      const [job] = await t.db
        .select()
        .from(bookingJobs)
        .where(eq(bookingJobs.reference, `${booking.reference}-1`));
      expect(job?.status).toBe('cancelled');
      const events = await t.db
        .select()
        .from(jobStatusEvents)
        .where(eq(jobStatusEvents.jobId, job?.id as number))
        .orderBy(jobStatusEvents.id);
      expect(events.map((event) => [event.status, event.causeKind, event.causedByUserId, event.detail])).toEqual([
        ['created', 'user', world.a.user.id, ''],
        ['cancelled', 'user', world.a.user.id, 'Cancelled online by the customer'],
      ]);
      const again = await post(`/api/customer/booking/${booking.reference}/cancel`, { userUUID: world.a.user.uuid });
      expect(again.statusCode).toBe(409);
      expect(again.json<{ message: string }>().message).toBe(`Booking ${booking.reference} is already cancelled.`);
    });

    it('refuses once the goods are collected (409), and a userUUID not the customer’s own (403)', async () => {
      const booking = await book((await quote()).uid);
      const other = await post(`/api/customer/booking/${booking.reference}/cancel`, { userUUID: world.b.user.uuid });
      expect(other.statusCode).toBe(403);
      await t.db
        .update(bookingJobs)
        .set({ collectedAt: new Date() })
        .where(eq(bookingJobs.reference, `${booking.reference}-1`));
      const collected = await post(`/api/customer/booking/${booking.reference}/cancel`, {
        userUUID: world.a.user.uuid,
      });
      expect(collected.statusCode).toBe(409);
      expect(collected.json<{ message: string }>().message).toMatch(/can no longer be cancelled online/);
      const [row] = await t.db.select().from(bookings).where(eq(bookings.reference, booking.reference));
      expect(row?.status).toBe('confirmed');
    });
  });

  describe('GET /api/customer/bookings, /csv and /drivers', () => {
    let side: CustomerWorld['a'];
    const made: CustomerBooking[] = [];
    beforeAll(async () => {
      // A fresh company of A's customer-to-be, so counts are this block's own.
      const { createCustomerSide } = await import('./customer-factories.ts');
      side = await createCustomerSide(t);
      for (const [index, reference] of ['PO-1', 'PO-2', '=HYPERLINK("x")', 'PO-4', 'PO-5'].entries()) {
        const response = await post(
          '/api/customer/booking/new',
          { order: order({ companyId: side.companyId, weightKg: index + 1 }), clientReference: reference },
          side.token,
        );
        expect(response.statusCode, response.body).toBe(200);
        made.push(response.json());
      }
      await t.db
        .update(bookings)
        .set({ status: 'delivered' })
        .where(eq(bookings.reference, made[0]?.reference as string));
    });

    it('pages newest first with the count', async () => {
      const first = await get('/api/customer/bookings?size=2', side.token);
      expect(first.statusCode).toBe(200);
      const body = first.json<{ count: number; bookings: CustomerBooking[] }>();
      expect(body.count).toBe(5);
      expect(body.bookings.map((row) => row.clientReference)).toEqual(['PO-5', 'PO-4']);
      const last = await get('/api/customer/bookings?size=2&skip=4', side.token);
      expect(last.json<{ bookings: CustomerBooking[] }>().bookings.map((row) => row.clientReference)).toEqual(['PO-1']);
      expect(JSON.stringify(body)).not.toMatch(/driver|carrier|margin/i);
    });

    it('filters by status, search (booking or client reference) and creation time', async () => {
      const delivered = await get('/api/customer/bookings?status=delivered', side.token);
      expect(delivered.json<{ bookings: CustomerBooking[] }>().bookings.map((row) => row.clientReference)).toEqual([
        'PO-1',
      ]);
      const search = await get('/api/customer/bookings?search=po-4', side.token);
      expect(search.json<{ count: number }>().count).toBe(1);
      // A search pages and counts in one pass; past its last page the count still holds.
      const firstMatch = await get('/api/customer/bookings?search=PO-&size=1', side.token);
      const matched = firstMatch.json<{ count: number; bookings: CustomerBooking[] }>();
      expect([matched.count, matched.bookings.map((row) => row.clientReference)]).toEqual([4, ['PO-5']]);
      const pastEnd = await get('/api/customer/bookings?search=PO-&size=1&skip=10', side.token);
      expect(pastEnd.json()).toEqual({ count: 4, bookings: [] });
      const byReference = await get(`/api/customer/bookings?search=${made[1]?.reference.slice(2, 8)}`, side.token);
      expect(byReference.json<{ bookings: CustomerBooking[] }>().bookings[0]?.reference).toBe(made[1]?.reference);
      const future = await get('/api/customer/bookings?from=2999-01-01', side.token);
      expect(future.json()).toEqual({ count: 0, bookings: [] });
      const past = await get('/api/customer/bookings?to=2000-01-01', side.token);
      expect(past.json()).toEqual({ count: 0, bookings: [] });
      const now = await get(
        `/api/customer/bookings?from=2000-01-01&to=2999-01-01&companyId=${side.companyId}`,
        side.token,
      );
      expect(now.json<{ count: number }>().count).toBe(5);
    });

    it('downloads the CSV: labels, charges ex VAT, and a formula-looking reference made text', async () => {
      const response = await get('/api/customer/bookings/csv', side.token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = response.body.trim().split('\n');
      expect(lines[0]).toBe(
        'Reference,Created,Company,Client Reference,Status,Service,Collection,Delivery,Collection Time,Packages,Weight (kg),Distance (km),Charge ex VAT (EUR)',
      );
      expect(lines).toHaveLength(6);
      // Created as the office reads it: dd/MM/yy HH:mm, Dublin time.
      expect(lines.at(-1)?.split(',')[1]).toMatch(/^\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
      expect(lines.at(-1)).toContain(',PO-1,Delivered,Motorbike Standard,');
      // This company has no special tariff: the catalogue's flat base tariff of 10 euro.
      expect(lines.at(-1)).toMatch(/,ASAP,2,1\.00,1\.9,10\.00$/);
      expect(response.body).toContain(`"'=HYPERLINK(""x"")"`);
      expect(response.body).not.toMatch(/driver/i);
    });

    it('lists the drivers on active jobs with name and vehicle only', async () => {
      const active = made[4]?.reference as string;
      await t.db
        .update(bookingJobs)
        .set({ driverNumber: 102 })
        .where(eq(bookingJobs.reference, `${active}-1`));
      // A delivered booking's driver is no longer on an active job.
      await t.db
        .update(bookingJobs)
        .set({ driverNumber: 101, status: 'delivered' })
        .where(eq(bookingJobs.reference, `${made[0]?.reference}-1`));
      const response = await get('/api/customer/drivers', side.token);
      expect(response.json()).toEqual([{ name: 'Aoife Byrne', vehicle: 'Van', jobReferences: [`${active}-1`] }]);
    });
  });

  describe('GET /api/customer/user/companies and places', () => {
    it('lists the customer’s companies with what they may do online', async () => {
      const response = await get('/api/customer/user/companies');
      expect(response.json()).toEqual([
        {
          id: world.a.companyId,
          name: world.a.companyName,
          accountCode: expect.stringMatching(/^ACME/),
          isAdmin: true,
          cycloneAllowBooking: true,
          cycloneAllowTracking: true,
          cycloneDisplayPrice: true,
        },
      ]);
    });

    it('searches addresses from 3 characters and reads one by its place id', async () => {
      const found = await get('/api/customer/place/search?q=liffey%20abbey');
      expect(found.json()).toEqual([
        {
          placeId: world.placeIds.a,
          name: 'Liffey Pharmacy',
          eircode: 'D01 X2Y3',
          address: '12 Abbey Street, Dublin 1, D01 X2Y3',
        },
      ]);
      expect((await get('/api/customer/place/search?q=li')).json()).toEqual([]);
      const place = await get(`/api/customer/place/${world.placeIds.c}`);
      expect(place.json()).toMatchObject({ name: 'Cork Depot', latitude: 51.8979, longitude: -8.4706 });
      expect((await get('/api/customer/place/pl_nowhere')).statusCode).toBe(404);
    });
  });
});
