import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingDetailsSchema,
  bookingFilterOptionsSchema,
  marginsResponseSchema,
  type BookingDetails,
} from '@courier/domain/bookings/schemas';
import { auditLog, bookingJobs, bookings, outbox } from '../../db/schema/index.ts';
import { bearer, signInAs } from '../../test/factories.ts';
import { deliverQueuedMessages } from '../../test/messages.ts';
import { databaseKinds, type TestApp } from '../../test/test-app.ts';
import { createBookingFixtureApp, type BookingFixture } from '../../test/bookings-fixture.ts';

describe.each(databaseKinds)('booking details, margins, tags and edits on %s', (kind) => {
  let t: TestApp, fixture: BookingFixture, accounts: string, telephonist: string;

  beforeAll(async () => {
    ({ t, fixture, accounts, telephonist } = await createBookingFixtureApp(kind));
  });
  afterAll(() => t?.close());

  const get = (url: string, token = accounts) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const send = (method: 'PUT' | 'POST', url: string, payload: object, token = accounts) =>
    t.app.inject({ method, url, headers: bearer(token), payload });

  describe('GET /api/booking/:reference', () => {
    it('answers the booking with every field and its jobs', async () => {
      const response = await get('/api/booking/B0003');
      expect(response.statusCode).toBe(200);
      const booking = bookingDetailsSchema.parse(response.json());
      expect(booking).toMatchObject({
        reference: 'B0003',
        company: { accountCode: 'BVF002' },
        exVatPrice: 35.5,
        driverPrice: 12.25,
        numberOfPackages: 3,
        notes: '',
        goodsDescription: '',
      });
      expect(booking.jobs.map((job) => job.reference)).toEqual(['B0003-1', 'B0003-2']);
      expect(booking.jobs[0]).toMatchObject({
        needsSameDayReview: true,
        needsSameDayReviewReason: 'Waiting time claimed by driver',
        extrasBreakdown: [{ name: 'Tail lift', cost: 10, charge: 25 }],
      });
      expect(booking.jobs[1]?.chargeRefs).toEqual(['B0003-1']);
    });

    it('finds the booking by one of its job references', async () => {
      const response = await get('/api/booking/B0003-2');
      expect(response.json<BookingDetails>().reference).toBe('B0003');
    });

    it('checks the windows only for delivered jobs', async () => {
      const delivered = (await get('/api/booking/B0001')).json<BookingDetails>();
      // Collected at 10:30 inside 10:00-11:00; delivered 12:30 after the 12:00 end.
      expect(delivered.jobs[0]).toMatchObject({
        collectionInWindow: true,
        deliveryInWindow: false,
        signedBy: 'Mary Kelly',
      });
      const cancelled = (await get('/api/booking/B0002')).json<BookingDetails>();
      expect(cancelled.jobs[0]).toMatchObject({ collectionInWindow: null, deliveryInWindow: null });
    });

    it('gives a telephonist no price fields', async () => {
      const response = await get('/api/booking/B0003', telephonist);
      expect(response.statusCode).toBe(200);
      for (const key of [
        'exVatPrice',
        'driverPrice',
        'customerCharge',
        'carrierPrice',
        'extrasBreakdown',
        'priceDetails',
        'extrasCharge',
      ]) {
        expect(response.body, key).not.toContain(`"${key}"`);
      }
    });

    it('answers 404 for an unknown reference and 400 for an overlong one', async () => {
      const missing = await get('/api/booking/B9999');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'NOT_FOUND', message: 'Failed to find related booking B9999' });
      expect((await get(`/api/booking/${'B'.repeat(41)}`)).statusCode).toBe(400);
    });
  });

  describe('tasks and driver pay', () => {
    it('lists the tasks of a job in order, with pay for accounts only', async () => {
      const tasks = (await get('/api/bookings/job/B0003-2/tasks')).json<
        { type: string; driver: { driverNumber: number }; driverPay?: number }[]
      >();
      expect(tasks.map((task) => [task.type, task.driver.driverNumber, task.driverPay])).toEqual([
        ['COLLECTION', 102, 2.63],
        ['DELIVERY', 101, 2.62],
      ]);
      const hidden = await get('/api/bookings/job/B0003-2/tasks', telephonist);
      expect(hidden.statusCode).toBe(200);
      expect(hidden.body).not.toContain('driverPay');
      expect((await get('/api/bookings/job/B0404-1/tasks')).statusCode).toBe(404);
    });

    it('gives the driver pay breakdown with its total, to price roles only', async () => {
      const response = await get('/api/bookings/job/B0001-1/driver-pay-breakdown');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        jobReference: 'B0001-1',
        total: 13,
        rows: [
          { driverPay: 4, driverExtras: 5, newDriver: false },
          { driverPay: 4, driverExtras: 0 },
        ],
      });
      const second = (await get('/api/bookings/job/B0003-2/driver-pay-breakdown')).json<{
        rows: { newDriver: boolean }[];
      }>();
      expect(second.rows.map((row) => row.newDriver)).toEqual([false, true]);
      expect((await get('/api/bookings/job/B0001-1/driver-pay-breakdown', telephonist)).statusCode).toBe(403);
      const missing = await get('/api/bookings/job/NOPE/driver-pay-breakdown');
      expect(missing.json()).toEqual({ error: 'NOT_FOUND', message: 'Failed to find NOPE related driver pay' });
    });

    it('lists related charge dockets of jobs', async () => {
      const [first, second] = fixture.jobIds.B0003 ?? [];
      const response = await get(`/api/bookings/jobs/bookings-breakdown?jobIds=${first},${second}`);
      // In the order asked for.
      expect(response.json()).toEqual([
        {
          jobId: first,
          jobReference: 'B0003-1',
          bookings: [{ reference: 'B0003', jobReference: 'B0003-2', customerCharge: 15 }],
        },
        {
          jobId: second,
          jobReference: 'B0003-2',
          bookings: [{ reference: 'B0003', jobReference: 'B0003-1', customerCharge: 20.5 }],
        },
      ]);
      const hidden = await get(`/api/bookings/jobs/bookings-breakdown?jobIds=${first}`, telephonist);
      expect(hidden.body).not.toContain('customerCharge');
      expect((await get('/api/bookings/jobs/bookings-breakdown')).statusCode).toBe(400);
      expect((await get('/api/bookings/jobs/bookings-breakdown?jobIds=x')).statusCode).toBe(400);
    });
  });

  describe('GET /api/bookings/margins', () => {
    it('equals the hand-computed totals of the fixture to the cent', async () => {
      const response = await get('/api/bookings/margins');
      expect(response.statusCode).toBe(200);
      expect(marginsResponseSchema.parse(response.json())).toEqual({
        bookingCount: 7,
        jobCount: 8,
        totals: {
          totalCharges: 197.9,
          totalPay: 40.25,
          totalAdjCharges: 31.5, // adjustment 6.50 + extras 25.00
          totalAdjCosts: 3,
          totalAdjPay: 5, // waiting time on B0001's collection
          totalBonusPay: 10, // the tail lift's cost
          totalCustoms: 14,
          carrierCosts: 39.1,
          carrierInsuranceCosts: 3.2,
        },
        summary: {
          driverPay: 40.25,
          driverAdjPay: 5,
          driverBonusPay: 10,
          driverPayTotal: 55.25,
          adjCosts: 3,
          carrierCosts: 39.1,
          carrierInsuranceCosts: 3.2,
          totalCosts: 100.55,
          charge: 197.9,
          totalCustoms: 14,
          chargeLessCustoms: 215.4,
          adjCharge: 31.5,
          totalCharges: 229.4,
          driverPayPercent: 25.65, // 55.25 / 215.40
          marginPercent: 53.32, // (215.40 − 100.55) / 215.40
        },
      });
    });

    it('follows the filter', async () => {
      const body = marginsResponseSchema.parse((await get(`/api/bookings/margins?company=${fixture.companyA}`)).json());
      expect(body).toMatchObject({
        bookingCount: 4,
        jobCount: 4,
        totals: { totalCharges: 48.4, totalPay: 8, totalAdjPay: 5, carrierCosts: 9.1 },
      });
      expect(body.summary).toMatchObject({
        driverPayTotal: 13,
        totalCosts: 23.3,
        chargeLessCustoms: 48.4,
        driverPayPercent: 26.86,
        marginPercent: 51.86,
      });
    });

    it('answers zeros for a filter matching nothing', async () => {
      const body = marginsResponseSchema.parse((await get('/api/bookings/margins?searchQuery=nothing')).json());
      expect(body.bookingCount).toBe(0);
      expect(body.summary).toMatchObject({ totalCharges: 0, totalCosts: 0, driverPayPercent: 0, marginPercent: 0 });
    });

    it('is refused to a telephonist and validates its query', async () => {
      expect((await get('/api/bookings/margins', telephonist)).statusCode).toBe(403);
      expect((await get('/api/bookings/margins?statuses=nope')).statusCode).toBe(400);
    });
  });

  describe('tags', () => {
    it('counts bookings per tag for the filter, with the total', async () => {
      const response = await send('POST', '/api/bookings/tagged', { view: 'SAME_DAY' }, telephonist);
      expect(response.statusCode).toBe(200);
      const body = response.json<{ total: number; counts: { tag: string; count: number }[] }>();
      expect(body.total).toBe(5);
      expect(body.counts.filter((c) => c.count > 0)).toEqual([
        { tag: 'SPLIT', count: 1 },
        { tag: 'WAITING_TIME', count: 1 },
        { tag: 'SECOND_LEG', count: 1 },
      ]);
      expect(body.counts).toHaveLength(17);
    });

    it('omitTags counts as if no tag were chosen (the tag picker)', async () => {
      const narrowed = (await send('POST', '/api/bookings/tagged', { tags: ['SPLIT'] })).json<{
        total: number;
        counts: { tag: string; count: number }[];
      }>();
      expect(narrowed.total).toBe(1);
      expect(narrowed.counts.find((c) => c.tag === 'WAITING_TIME')?.count).toBe(0);
      const picker = (await send('POST', '/api/bookings/tagged', { tags: ['SPLIT'], omitTags: true })).json<{
        total: number;
        counts: { tag: string; count: number }[];
      }>();
      expect(picker.total).toBe(7);
      expect(picker.counts.find((c) => c.tag === 'WAITING_TIME')?.count).toBe(1);
    });

    it('refuses a bad filter body and price filters for a telephonist', async () => {
      expect((await send('POST', '/api/bookings/tagged', { tags: ['NOPE'] })).statusCode).toBe(400);
      expect((await send('POST', '/api/bookings/tagged', { chargeFrom: 5 }, telephonist)).statusCode).toBe(403);
    });

    it("replaces a job's tags, audited", async () => {
      const jobId = fixture.jobIds.B0006?.[0] as number;
      const response = await send('PUT', '/api/bookings/tag', { jobId, tags: ['TAIL_LIFT', 'BATCH', 'TAIL_LIFT'] });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ jobId, tags: ['TAIL_LIFT', 'BATCH'] });
      const [job] = await t.db.select({ tags: bookingJobs.tags }).from(bookingJobs).where(eq(bookingJobs.id, jobId));
      expect(job?.tags).toEqual(['TAIL_LIFT', 'BATCH']);
      const audit = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'job'), eq(auditLog.entityId, String(jobId))));
      expect(audit).toHaveLength(1);
      expect((await send('PUT', '/api/bookings/tag', { jobId, tags: ['NOPE'] })).statusCode).toBe(400);
      expect((await send('PUT', '/api/bookings/tag', { jobId: 999999, tags: [] })).statusCode).toBe(404);
    });
  });

  describe('PUT /api/bookings/reference', () => {
    const referencesOf = async (bookingId: number) =>
      (await t.db.select({ refs: bookings.companyReferences }).from(bookings).where(eq(bookings.id, bookingId)))[0]
        ?.refs;

    it('saves references checked against the company definitions', async () => {
      const bookingId = fixture.bookingIds.B0001 as number;
      const response = await send(
        'PUT',
        '/api/bookings/reference',
        {
          bookingId,
          companyReferences: [
            { id: fixture.poReference, value: ' PO-1234 ' },
            { id: fixture.costCentreReference, value: 'CC-2' },
          ],
        },
        telephonist,
      );
      expect(response.statusCode, response.body).toBe(200);
      const saved = [
        { id: fixture.poReference, name: 'Purchase order', header: 'Reference', value: 'PO-1234' },
        { id: fixture.costCentreReference, name: 'Cost centre', header: 'CostCentre', value: 'CC-2' },
      ];
      expect(response.json()).toEqual({ bookingId, reference: 'B0001', companyReferences: saved });
      expect(await referencesOf(bookingId)).toEqual(saved);
    });

    it.each([
      [
        'an empty value',
        (f: BookingFixture) => [{ id: f.poReference, value: '   ' }],
        'Please enter a value for every reference.',
      ],
      [
        'a value outside the options',
        (f: BookingFixture) => [{ id: f.costCentreReference, value: 'CC-9' }],
        'Cost centre must be one of: CC-1, CC-2.',
      ],
      [
        'another company’s reference',
        () => [{ id: 999999, value: 'X' }],
        "Reference 999999 is not one of this company's references.",
      ],
      [
        'the same reference twice',
        (f: BookingFixture) => [
          { id: f.poReference, value: 'A' },
          { id: f.poReference, value: 'B' },
        ],
        `is given twice.`,
      ],
    ])('refuses %s with 400 and changes nothing', async (_label, build, message) => {
      const bookingId = fixture.bookingIds.B0007 as number;
      const before = await referencesOf(bookingId);
      const response = await send('PUT', '/api/bookings/reference', {
        bookingId,
        companyReferences: [{ id: fixture.poReference, value: 'PO-OK' }, ...build(fixture)],
      });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
      expect(await referencesOf(bookingId)).toEqual(before);
    });

    it('answers 404 for an unknown booking and 403 for a driver', async () => {
      expect(
        (
          await send('PUT', '/api/bookings/reference', {
            bookingId: 999999,
            companyReferences: [{ id: 1, value: 'x' }],
          })
        ).statusCode,
      ).toBe(404);
      const driver = await signInAs(t, ['DRIVER']);
      expect(
        (
          await send(
            'PUT',
            '/api/bookings/reference',
            { bookingId: 1, companyReferences: [{ id: 1, value: 'x' }] },
            driver,
          )
        ).statusCode,
      ).toBe(403);
      expect((await send('PUT', '/api/bookings/reference', { bookingId: 1, companyReferences: [] })).statusCode).toBe(
        400,
      );
    });
  });

  it('lists the carriers for the ON / OS filter', async () => {
    const response = await get('/api/bookings/filter-options', telephonist);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ carriers: { name: string }[] }>().carriers.map((carrier) => carrier.name)).toEqual([
      'DPD Ireland',
      'UPS',
    ]);
  });

  it('names the tariff codes for the list, so it never shows a bare code', async () => {
    const response = await get('/api/bookings/filter-options', telephonist);
    expect(response.statusCode).toBe(200);
    const { tariffCodes } = bookingFilterOptionsSchema.parse(response.json());
    expect(tariffCodes.map(({ code, name }) => [code, name])).toEqual(
      expect.arrayContaining([
        ['DOM', expect.any(String)],
        ['INT', expect.any(String)],
      ]),
    );
    for (const { code, name } of tariffCodes) expect(name, code).not.toBe('');
  });

  describe('PUT /api/bookings/tag: who may tag', () => {
    const tagAs = (token: string, tags: string[]) =>
      send('PUT', '/api/bookings/tag', { jobId: fixture.jobIds.B0005?.[0] as number, tags }, token);
    const tagsInDb = async () =>
      (
        await t.db
          .select({ tags: bookingJobs.tags })
          .from(bookingJobs)
          .where(eq(bookingJobs.id, fixture.jobIds.B0005?.[0] as number))
      )[0]?.tags;

    it('lets the booking list staff add and remove a tag', async () => {
      const [dispatcher, manager] = await Promise.all([signInAs(t, ['DISPATCHER']), signInAs(t, ['MANAGER'])]);
      expect((await tagAs(dispatcher, ['SET_CALL'])).json()).toMatchObject({ tags: ['SET_CALL'] });
      expect((await tagAs(telephonist, ['SET_CALL', 'TAIL_LIFT'])).statusCode).toBe(200);
      expect(await tagsInDb()).toEqual(['TAIL_LIFT', 'SET_CALL']);
      expect((await tagAs(manager, ['TAIL_LIFT'])).statusCode).toBe(200);
      expect(await tagsInDb()).toEqual(['TAIL_LIFT']);
    });

    it('refuses pricing, driver and customer staff with a message, changing nothing', async () => {
      const before = await tagsInDb();
      for (const roles of [['PRICING'], ['DRIVER'], ['CUSTOMER']]) {
        const response = await tagAs(await signInAs(t, roles), ['FAILURE']);
        expect(response.statusCode, roles[0]).toBe(403);
        expect(response.json<{ message: string }>().message).not.toBe('');
      }
      expect(await tagsInDb()).toEqual(before);
    });
  });

  describe('POST /api/bookings/status/sms', () => {
    it('queues a status-sms run that holds the message in the outbox while no SMS provider is configured', async () => {
      const response = await send(
        'POST',
        '/api/bookings/status/sms',
        { phoneNumber: '+353 87 123 4567', statusMessage: 'Your parcel is out for delivery.' },
        telephonist,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id: expect.any(Number), status: 'queued' });
      await deliverQueuedMessages(t.db);
      const rows = await t.db.select().from(outbox).where(eq(outbox.channel, 'sms'));
      expect(rows.map((row) => [row.recipient, row.body, row.status])).toEqual([
        ['+353 87 123 4567', 'Your parcel is out for delivery.', 'held'],
      ]);
    });

    it.each([['123-4567'], ['phone me'], ['+1 234 56'], ['87+12345678']])(
      'refuses the phone number %j',
      async (phoneNumber) => {
        const response = await send('POST', '/api/bookings/status/sms', { phoneNumber, statusMessage: 'Hello' });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          details: [{ field: 'body.phoneNumber', message: 'Enter a valid phone number.' }],
        });
      },
    );

    it('refuses an empty message', async () => {
      expect(
        (await send('POST', '/api/bookings/status/sms', { phoneNumber: '0871234567', statusMessage: ' ' })).statusCode,
      ).toBe(400);
    });
  });
});
