import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CUSTOMER_CHARGE_LOCKED_MESSAGE,
  DRIVER_PAY_PAID_MESSAGE,
  DRIVER_PAY_PARTLY_PAID_MESSAGE,
} from '@courier/domain/pricing/price-edits';
import {
  pricedJobListSchema,
  priceHistorySchema,
  type PricedJob,
  type PriceHistoryEntry,
} from '@courier/domain/pricing/price-review-schemas';
import { priceForWeight } from '@courier/domain/pricing/tariff-engine';
import type { TrackingEventsResponse } from '@courier/domain/customer/tracking';
import {
  bookingJobs,
  bookings,
  bookingTasks,
  invoicePeriods,
  jobPriceHistory,
  tariffs,
  zones,
} from '../../db/schema/index.ts';
import { createBooking, createBookingCatalogue, type BookingCatalogue } from '../../test/booking-factories.ts';
import { bearer, createCompany, createUser, signIn, signInAs } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';

// Issue 11: PUT /api/pricing/update and the price review calls, on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
describe.each(databaseKinds)('price editing and review on %s', (kind) => {
  let t: TestApp;
  let pricing: string;
  let pricingName: { firstName: string; lastName: string };
  let catalogue: BookingCatalogue;
  let companyA: number;
  let companyB: number;
  let weightTariff: number;
  let carrierTariff: number;
  let invoicedPeriod: number;
  let openPeriod: number;
  let sequence = 0;

  // Up to 30 kg: €8 for the first 5 kg, then €1.50 per started kg.
  const LEVELS = [{ upTo: 30, basic: 8, basicPer: 5, then: 1.5, thenPer: 1 }];

  beforeAll(async () => {
    t = await createTestApp(kind);
    catalogue = await createBookingCatalogue(t.db);
    companyA = (await createCompany(t.db, { company: { name: 'Anna Liffey Couriers', accountCode: 'ALC001' } })).id;
    companyB = (await createCompany(t.db, { company: { name: 'Boyne Valley Foods', accountCode: 'BVF002' } })).id;
    const user = await createUser(t.db, { roles: ['PRICING'] });
    pricingName = { firstName: user.firstName, lastName: user.lastName };
    pricing = await signIn(t, user);
    const [weighted] = await t.db
      .insert(tariffs)
      .values({ service: 'RAPC', zone: 'IRELAND', tariffCodeId: catalogue.tariffCodes.DOM, pricing: LEVELS })
      .returning({ id: tariffs.id });
    const [carrier] = await t.db
      .insert(tariffs)
      .values({
        service: 'DOM',
        zone: 'IRELAND',
        tariffCodeId: catalogue.tariffCodes.DOM,
        carrierId: catalogue.carriers.dpd,
        pricing: LEVELS,
      })
      .returning({ id: tariffs.id });
    weightTariff = weighted!.id;
    carrierTariff = carrier!.id;
    const periods = await t.db
      .insert(invoicePeriods)
      .values([
        {
          companyId: companyA,
          identifier: 'ALC001-2026-03',
          status: 'INVOICED',
          start: '2026-03-01',
          end: '2026-03-31',
        },
        { companyId: companyA, identifier: 'ALC001-2026-04', status: 'ACTIVE', start: '2026-04-01', end: '2026-04-30' },
      ])
      .returning({ id: invoicePeriods.id });
    invoicedPeriod = periods[0]!.id;
    openPeriod = periods[1]!.id;
  });
  afterAll(() => t?.close());

  /** A delivered same-day booking of one job with `tasks` tasks, €30 charged and €12 paid (split over the tasks). */
  async function job(
    options: {
      tasks?: ('ACTIVE' | 'PENDING_PAYMENT' | 'PAID')[];
      invoicePeriodId?: number | null;
      tariffId?: number | null;
      customs?: number;
      review?: 'SAME_DAY' | 'CARRIER';
      type?: 'same_day' | 'other';
    } = {},
  ): Promise<{ jobId: number; bookingId: number; reference: string; taskIds: number[] }> {
    sequence += 1;
    const reference = `PR${String(sequence).padStart(4, '0')}`;
    const statuses = options.tasks ?? ['ACTIVE', 'ACTIVE'];
    const share = 12 / statuses.length;
    const created = await createBooking(t.db, {
      booking: {
        reference,
        companyId: companyA,
        serviceId: catalogue.services.bikeStandard,
        type: options.type ?? 'same_day',
        status: 'delivered',
        exVatPrice: 30,
        driverPrice: 12,
        weightOfPackages: 2,
        numberOfPackages: 1,
      },
      jobs: [
        {
          customerCharge: 30,
          driverPrice: 12,
          carrierCustomsCharge: options.customs ?? 0,
          tariffId: options.tariffId ?? null,
          invoicePeriodId: options.invoicePeriodId === undefined ? openPeriod : options.invoicePeriodId,
          needsSameDayReview: options.review === 'SAME_DAY',
          needsSameDayReviewReason: options.review === 'SAME_DAY' ? 'Waiting time claimed by driver' : null,
          needsCarrierReview: options.review === 'CARRIER',
          tasks: statuses.map((payStatus, position) => ({
            type: position === 0 ? ('COLLECTION' as const) : ('DELIVERY' as const),
            driverPay: Math.round(share * 100) / 100,
            payStatus,
          })),
        },
      ],
    });
    const taskIds = (
      await t.db
        .select({ id: bookingTasks.id })
        .from(bookingTasks)
        .where(eq(bookingTasks.jobId, created.jobIds[0]!))
        .orderBy(asc(bookingTasks.position))
    ).map((row) => row.id);
    return { jobId: created.jobIds[0]!, bookingId: created.id, reference: `${reference}-1`, taskIds };
  }

  const update = (payload: unknown, token = pricing) =>
    t.app.inject({ method: 'PUT', url: '/api/pricing/update', headers: bearer(token), payload: payload as object });
  const stored = async (jobId: number) => {
    const [row] = await t.db
      .select({
        customerCharge: bookingJobs.customerCharge,
        driverPrice: bookingJobs.driverPrice,
        version: bookingJobs.version,
        tariffId: bookingJobs.tariffId,
        internalNotes: bookingJobs.internalNotes,
      })
      .from(bookingJobs)
      .where(eq(bookingJobs.id, jobId));
    const pays = await t.db
      .select({ pay: bookingTasks.driverPay })
      .from(bookingTasks)
      .where(eq(bookingTasks.jobId, jobId))
      .orderBy(asc(bookingTasks.position));
    const history = await t.db.select().from(jobPriceHistory).where(eq(jobPriceHistory.jobId, jobId));
    return { ...row!, pays: pays.map((task) => task.pay), historyRows: history.length };
  };

  describe('PUT /api/pricing/update', () => {
    it('saves a charge and a driver pay split equally to the cent, raises the version and keeps the booking totals', async () => {
      const a = await job({ tasks: ['ACTIVE', 'ACTIVE', 'ACTIVE'] });
      const response = await update([
        { jobId: a.jobId, version: 1, customerCharge: 42.5, driverPay: 10, note: 'Agreed with the customer' },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      const [saved] = pricedJobListSchema.parse(response.json());
      expect(saved).toMatchObject({ id: a.jobId, version: 2, customerCharge: 42.5, driverPrice: 10 });
      // The odd cent goes to the first task; the shares sum to the whole.
      expect(saved?.tasks.map((task) => task.driverPay)).toEqual([3.34, 3.33, 3.33]);
      const after = await stored(a.jobId);
      expect(after).toMatchObject({ customerCharge: 42.5, driverPrice: 10, version: 2, pays: [3.34, 3.33, 3.33] });
      expect(after.internalNotes).toBe('Agreed with the customer');
      const [booking] = await t.db
        .select({ exVatPrice: bookings.exVatPrice, driverPrice: bookings.driverPrice })
        .from(bookings)
        .where(eq(bookings.id, a.bookingId));
      expect(booking).toEqual({ exVatPrice: 42.5, driverPrice: 10 });
    });

    it('keeps every change in the price history: who, field, before, after, note and the call', async () => {
      const a = await job();
      await update([{ jobId: a.jobId, version: 1, customerCharge: 35, note: 'First correction' }]);
      await update([{ jobId: a.jobId, version: 2, customerCharge: 33, carrierPrice: 4.2 }]);
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/pricing/jobs/${a.jobId}/price-history`,
        headers: bearer(pricing),
      });
      expect(response.statusCode).toBe(200);
      const history = priceHistorySchema.parse(response.json());
      const summary = (entry: PriceHistoryEntry) => [entry.field, entry.before, entry.after, entry.note];
      // Newest first; the replaced €35.00 charge is still there.
      expect(history.map(summary)).toEqual(
        expect.arrayContaining([
          ['customerCharge', '30.00', '35.00', 'First correction'],
          ['customerCharge', '35.00', '33.00', ''],
          ['carrierPrice', '0.00', '4.20', ''],
        ]),
      );
      expect(history).toHaveLength(3);
      expect(history.at(-1)).toMatchObject({ field: 'customerCharge', after: '35.00' });
      for (const entry of history) {
        expect(entry.user).toMatchObject(pricingName);
        expect(entry.source).toBe('PUT /api/pricing/update');
      }
    });

    it('records each task whose pay a breakdown changes, and leaves the others', async () => {
      const a = await job();
      const response = await update([
        { jobId: a.jobId, version: 1, driverPayBreakdown: [{ taskId: a.taskIds[1], pay: 7.5 }] },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      expect(await stored(a.jobId)).toMatchObject({ driverPrice: 13.5, pays: [6, 7.5], historyRows: 2 });
      const rows = await t.db.select().from(jobPriceHistory).where(eq(jobPriceHistory.jobId, a.jobId));
      expect(rows.map((row) => [row.field, row.taskId, row.before, row.after]).sort()).toEqual(
        [
          ['driverPay', a.taskIds[1], '6.00', '7.50'],
          ['driverPrice', null, '12.00', '13.50'],
        ].sort(),
      );
    });

    it('refuses a change made on an older version with 409 STALE_EDIT, writing nothing', async () => {
      const a = await job();
      expect((await update([{ jobId: a.jobId, version: 1, customerCharge: 31 }])).statusCode).toBe(200);
      const before = await stored(a.jobId);
      const response = await update([{ jobId: a.jobId, version: 1, customerCharge: 99 }]);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'STALE_EDIT' });
      expect(response.json<{ message: string }>().message).toContain(a.reference);
      expect(await stored(a.jobId)).toEqual(before);
    });

    it('names every stale job of a batch by its place in the body, so a page can drop just those changes', async () => {
      const [a, b, c] = [await job(), await job(), await job()];
      await update([{ jobId: a.jobId, version: 1, customerCharge: 31 }]);
      await update([{ jobId: c.jobId, version: 1, customerCharge: 33 }]);
      const response = await update([
        { jobId: a.jobId, version: 1, customerCharge: 41 },
        { jobId: b.jobId, version: 1, customerCharge: 42 },
        { jobId: c.jobId, version: 1, customerCharge: 43 },
      ]);
      expect(response.statusCode).toBe(409);
      const body = response.json<{ error: string; message: string; details: { field: string; message: string }[] }>();
      expect(body.error).toBe('STALE_EDIT');
      expect(body.details.map((detail) => detail.field)).toEqual(['body.0.version', 'body.2.version']);
      expect(body.details[0]?.message).toContain(a.reference);
      expect(body.message).toContain(a.reference);
      expect(body.message).toContain(c.reference);
      expect(body.message).not.toContain(b.reference);
      expect(await stored(b.jobId)).toMatchObject({ customerCharge: 30, version: 1 });
    });

    it('writes nothing when one job of the batch is refused, naming that job and the rule', async () => {
      const fine = await job();
      const invoiced = await job({ invoicePeriodId: invoicedPeriod });
      const response = await update([
        { jobId: fine.jobId, version: 1, customerCharge: 40, driverPay: 14 },
        { jobId: invoiced.jobId, version: 1, customerCharge: 40 },
      ]);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: 'LOCKED_INVOICED',
        message: `Job ${invoiced.reference}: ${CUSTOMER_CHARGE_LOCKED_MESSAGE}`,
      });
      expect(await stored(fine.jobId)).toMatchObject({
        customerCharge: 30,
        driverPrice: 12,
        version: 1,
        historyRows: 0,
      });
      expect(await stored(invoiced.jobId)).toMatchObject({ customerCharge: 30, version: 1, historyRows: 0 });
    });

    it('lets an invoiced job keep its charge while its driver pay and carrier costs change', async () => {
      const invoiced = await job({ invoicePeriodId: invoicedPeriod });
      const response = await update([{ jobId: invoiced.jobId, version: 1, driverPay: 11, carrierPrice: 3 }]);
      expect(response.statusCode, response.body).toBe(200);
      expect(await stored(invoiced.jobId)).toMatchObject({ customerCharge: 30, driverPrice: 11, version: 2 });
    });

    it('refuses a pay change of a paid job, and of a partly paid one, with the spec texts', async () => {
      const paid = await job({ tasks: ['PAID', 'PENDING_PAYMENT'] });
      const partly = await job({ tasks: ['PAID', 'ACTIVE'] });
      const paidResponse = await update([{ jobId: paid.jobId, version: 1, driverPay: 20 }]);
      expect(paidResponse.statusCode).toBe(409);
      expect(paidResponse.json()).toEqual({
        error: 'LOCKED_PAID',
        message: `Job ${paid.reference}: ${DRIVER_PAY_PAID_MESSAGE}`,
      });
      const partlyResponse = await update([{ jobId: partly.jobId, version: 1, driverPay: 20 }]);
      expect(partlyResponse.json()).toEqual({
        error: 'LOCKED_PAID',
        message: `Job ${partly.reference}: ${DRIVER_PAY_PARTLY_PAID_MESSAGE}`,
      });
      // The unpaid task of a partly paid job may still change; the paid one may not.
      const unpaid = await update([
        { jobId: partly.jobId, version: 1, driverPayBreakdown: [{ taskId: partly.taskIds[1], pay: 9 }] },
      ]);
      expect(unpaid.statusCode, unpaid.body).toBe(200);
      expect(await stored(partly.jobId)).toMatchObject({ pays: [6, 9], driverPrice: 15, version: 2 });
      const paidTask = await update([
        { jobId: partly.jobId, version: 2, driverPayBreakdown: [{ taskId: partly.taskIds[0], pay: 1 }] },
      ]);
      expect(paidTask.statusCode).toBe(409);
      expect(await stored(paid.jobId)).toMatchObject({ driverPrice: 12, version: 1, historyRows: 0 });
    });

    it('re-prices a weight change from the job tariff through the tariff engine, plus the customs passed on', async () => {
      const a = await job({ tariffId: weightTariff, customs: 2.25 });
      const response = await update([{ jobId: a.jobId, version: 1, weight: 12.4 }]);
      expect(response.statusCode, response.body).toBe(200);
      const engine = priceForWeight(LEVELS, 12.4);
      if (!engine.ok) throw new Error(engine.error);
      // 8 + 8 started kg × 1.50 = 20.00, + 2.25 customs.
      expect(engine.price).toBe(20);
      const [saved] = response.json<PricedJob[]>();
      expect(saved).toMatchObject({ customerCharge: 22.25, weight: 12.4, version: 2 });
      // A package count change re-prices too; a charge sent with the change wins over the engine.
      const both = await update([{ jobId: a.jobId, version: 2, weight: 3, customerCharge: 50 }]);
      expect(both.json<PricedJob[]>()[0]).toMatchObject({ customerCharge: 50, weight: 3 });
    });

    it('previews a weight change (POST /update/preview) with the price a save would give, keeping nothing', async () => {
      const a = await job({ tariffId: weightTariff, customs: 2.25 });
      const preview = (payload: unknown) =>
        t.app.inject({
          method: 'POST',
          url: '/api/pricing/update/preview',
          headers: bearer(pricing),
          payload: payload as object,
        });
      const response = await preview([{ jobId: a.jobId, version: 1, weight: 12.4 }]);
      expect(response.statusCode, response.body).toBe(200);
      expect(pricedJobListSchema.parse(response.json())[0]).toMatchObject({ customerCharge: 22.25, weight: 12.4 });
      // Nothing kept: the charge, the version, the booking's weight and the history are as they were.
      expect(await stored(a.jobId)).toMatchObject({ customerCharge: 30, version: 1, historyRows: 0 });
      const [booking] = await t.db
        .select({ weight: bookings.weightOfPackages })
        .from(bookings)
        .where(eq(bookings.id, a.bookingId));
      expect(booking?.weight).toBe(2);
      // What a save would refuse, the preview refuses with the same answer.
      const stale = await preview([{ jobId: a.jobId, version: 7, weight: 3 }]);
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ error: 'STALE_EDIT' });
      const tooHeavy = await preview([{ jobId: a.jobId, version: 1, weight: 31 }]);
      expect(tooHeavy.statusCode).toBe(400);
      const dispatcher = await signInAs(t, ['DISPATCHER']);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/pricing/update/preview',
        headers: bearer(dispatcher),
        payload: [{ jobId: a.jobId, version: 1, weight: 3 }],
      });
      expect(refused.statusCode).toBe(403);
    });

    it("gives the booking list each job's version, tariff, invoice status and task pay statuses for the edit guards", async () => {
      const invoiced = await job({
        invoicePeriodId: invoicedPeriod,
        tasks: ['PAID', 'ACTIVE'],
        tariffId: weightTariff,
      });
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/bookings?searchQuery=${invoiced.reference.slice(0, -2)}&statuses=delivered`,
        headers: bearer(pricing),
      });
      expect(response.statusCode, response.body).toBe(200);
      const listed = response.json<{ bookings: { jobs: Record<string, unknown>[] }[] }>().bookings[0]?.jobs[0];
      expect(listed).toMatchObject({
        id: invoiced.jobId,
        version: 1,
        tariffId: weightTariff,
        invoiceStatus: 'INVOICED',
        taskPayStatuses: ['PAID', 'ACTIVE'],
      });
    });

    it('re-prices from a newly chosen tariff, and refuses a carrier tariff or a weight the tariff cannot price', async () => {
      const a = await job({ tariffId: catalogue.tariffs.DOM });
      const switched = await update([{ jobId: a.jobId, version: 1, tariffId: weightTariff }]);
      expect(switched.statusCode, switched.body).toBe(200);
      expect(switched.json<PricedJob[]>()[0]).toMatchObject({
        tariffId: weightTariff,
        customerCharge: 8,
        tariffService: 'RAPC',
      });
      const carrier = await update([{ jobId: a.jobId, version: 2, tariffId: carrierTariff }]);
      expect(carrier.statusCode).toBe(400);
      expect(carrier.json<{ message: string }>().message).toContain('is not a customer tariff');
      const heavy = await update([{ jobId: a.jobId, version: 2, weight: 31 }]);
      expect(heavy.statusCode).toBe(400);
      expect(heavy.json<{ message: string }>().message).toBe(
        `Job ${a.reference}: Could not find a price level higher than the passed weight (31 kg on tariff ${weightTariff}).`,
      );
      expect(await stored(a.jobId)).toMatchObject({ version: 2, tariffId: weightTariff });
    });

    it('moves the booking to another company, and not a booking whose invoice is out', async () => {
      const a = await job();
      const moved = await update([{ jobId: a.jobId, version: 1, companyId: companyB }]);
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json<PricedJob[]>()[0]).toMatchObject({ companyId: companyB, version: 2 });
      const invoiced = await job({ invoicePeriodId: invoicedPeriod });
      const refused = await update([{ jobId: invoiced.jobId, version: 1, companyId: companyB }]);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: 'LOCKED_INVOICED' });
      const unknown = await update([{ jobId: a.jobId, version: 2, companyId: 2_000_000 }]);
      expect(unknown.statusCode).toBe(400);
    });

    it('answers 404 for a job that does not exist, writing nothing', async () => {
      const a = await job();
      const response = await update([
        { jobId: a.jobId, version: 1, customerCharge: 45 },
        { jobId: 2_147_483_647, version: 1, customerCharge: 45 },
      ]);
      expect(response.statusCode).toBe(404);
      expect(await stored(a.jobId)).toMatchObject({ customerCharge: 30, version: 1 });
    });

    it.each([
      ['an empty list', []],
      ['not a list', { jobId: 1 }],
      ['a negative charge', [{ jobId: 1, version: 1, customerCharge: -1 }]],
      ['letters for a charge', [{ jobId: 1, version: 1, customerCharge: 'ten' }]],
      ['fractions of a cent', [{ jobId: 1, version: 1, driverPay: 1.005 }]],
      ['an id beyond int4', [{ jobId: 2_147_483_648, version: 1, customerCharge: 1 }]],
      ['no version', [{ jobId: 1, customerCharge: 1 }]],
      ['a NUL in the note', [{ jobId: 1, version: 1, note: 'a\u0000b' }]],
      ['a 5,000-character note', [{ jobId: 1, version: 1, note: 'n'.repeat(5000) }]],
      ['an unknown field', [{ jobId: 1, version: 1, discount: 5 }]],
      [
        'a job named twice',
        [
          { jobId: 1, version: 1 },
          { jobId: 1, version: 1 },
        ],
      ],
      [
        'both driverPay and a breakdown',
        [{ jobId: 1, version: 1, driverPay: 1, driverPayBreakdown: [{ taskId: 1, pay: 1 }] }],
      ],
      ['a package count of 0', [{ jobId: 1, version: 1, numberOfPackages: 0 }]],
    ])('answers 400 with a message for %s', async (_, payload) => {
      const response = await update(payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION', message: expect.any(String) });
    });

    it('refuses a task of another job in a breakdown', async () => {
      const a = await job();
      const b = await job();
      const response = await update([
        { jobId: a.jobId, version: 1, driverPayBreakdown: [{ taskId: b.taskIds[0], pay: 1 }] },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(
        `Job ${a.reference}: task ${b.taskIds[0]} is not one of its tasks.`,
      );
    });

    it('does not raise the version or keep history for a change to the same values', async () => {
      const a = await job();
      const response = await update([{ jobId: a.jobId, version: 1, customerCharge: 30, driverPay: 12 }]);
      expect(response.statusCode, response.body).toBe(200);
      expect(await stored(a.jobId)).toMatchObject({ version: 1, historyRows: 0 });
    });
  });

  describe('PUT /api/pricing/update/tasks', () => {
    const saveTasks = (payload: unknown, token = pricing) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/pricing/update/tasks',
        headers: bearer(token),
        payload: payload as object,
      });

    it("sets tasks' pay and extras, the job's pay following the sum, with a history row per changed value", async () => {
      const a = await job();
      const response = await saveTasks([
        { jobId: a.jobId, version: 1, taskId: a.taskIds[0], driverPay: 6, driverExtras: 2.5, newDriver: false },
        { jobId: a.jobId, version: 1, taskId: a.taskIds[1], driverPay: 7.25, driverExtras: 0 },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      const [saved] = pricedJobListSchema.parse(response.json());
      expect(saved).toMatchObject({ driverPrice: 13.25, version: 2 });
      expect(saved?.tasks.map((task) => [task.driverPay, task.driverPayExtra])).toEqual([
        [6, 2.5],
        [7.25, 0],
      ]);
      const rows = await t.db.select().from(jobPriceHistory).where(eq(jobPriceHistory.jobId, a.jobId));
      expect(rows.map((row) => [row.field, row.before, row.after, row.source]).sort()).toEqual(
        [
          ['driverExtras', '0.00', '2.50', 'PUT /api/pricing/update/tasks'],
          ['driverPay', '6.00', '7.25', 'PUT /api/pricing/update/tasks'],
          ['driverPrice', '12.00', '13.25', 'PUT /api/pricing/update/tasks'],
        ].sort(),
      );
    });

    it('refuses a paid task, a stale version, a task of another job and a negative amount, writing nothing', async () => {
      const partly = await job({ tasks: ['PAID', 'ACTIVE'] });
      const other = await job();
      const paid = await saveTasks([
        { jobId: partly.jobId, version: 1, taskId: partly.taskIds[1], driverPay: 8, driverExtras: 0 },
        { jobId: partly.jobId, version: 1, taskId: partly.taskIds[0], driverPay: 1, driverExtras: 0 },
      ]);
      expect(paid.statusCode).toBe(409);
      expect(paid.json()).toEqual({
        error: 'LOCKED_PAID',
        message: `Job ${partly.reference}: ${DRIVER_PAY_PAID_MESSAGE}`,
      });
      const stale = await saveTasks([
        { jobId: partly.jobId, version: 7, taskId: partly.taskIds[1], driverPay: 8, driverExtras: 0 },
      ]);
      expect(stale.json()).toMatchObject({ error: 'STALE_EDIT' });
      const foreign = await saveTasks([
        { jobId: partly.jobId, version: 1, taskId: other.taskIds[0], driverPay: 8, driverExtras: 0 },
      ]);
      expect(foreign.statusCode).toBe(400);
      const negative = await saveTasks([
        { jobId: partly.jobId, version: 1, taskId: partly.taskIds[1], driverPay: 8, driverExtras: -1 },
      ]);
      expect(negative.statusCode).toBe(400);
      expect(await stored(partly.jobId)).toMatchObject({ pays: [6, 6], version: 1, historyRows: 0 });
    });
  });

  describe('POST /api/pricing/{ref}/waiting-time', () => {
    it('pays the minutes beyond the free ten at the rate, per task and in total, saving nothing', async () => {
      const a = await job();
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/pricing/${a.reference}/waiting-time`,
        headers: bearer(pricing),
        payload: {
          waitingTimePerTask: [
            { taskId: a.taskIds[0], waitingTime: 10, driverNumber: 101 },
            { taskId: a.taskIds[1], waitingTime: 25, driverNumber: null },
          ],
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        totalWaitingTimePay: 3.75,
        waitingTimePerTask: [
          { taskId: a.taskIds[0], pay: 0, waitingTime: 10 },
          { taskId: a.taskIds[1], pay: 3.75, waitingTime: 25 },
        ],
      });
      expect(await stored(a.jobId)).toMatchObject({ version: 1, historyRows: 0 });
      const other = await job();
      const foreign = await t.app.inject({
        method: 'POST',
        url: `/api/pricing/${a.reference}/waiting-time`,
        headers: bearer(pricing),
        payload: { waitingTimePerTask: [{ taskId: other.taskIds[0], waitingTime: 30 }] },
      });
      expect(foreign.statusCode).toBe(400);
      const tooLong = await t.app.inject({
        method: 'POST',
        url: `/api/pricing/${a.reference}/waiting-time`,
        headers: bearer(pricing),
        payload: { waitingTimePerTask: [{ taskId: a.taskIds[0], waitingTime: 1441 }] },
      });
      expect(tooLong.statusCode).toBe(400);
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/pricing/NOPE-1/waiting-time',
        headers: bearer(pricing),
        payload: { waitingTimePerTask: [{ taskId: a.taskIds[0], waitingTime: 30 }] },
      });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('tariffs and companies of a review', () => {
    // BVF002's special RAPC tariff: €6 for the first 5 kg, then €1 a started kg.
    const SPECIAL = [{ upTo: 30, basic: 6, basicPer: 5, then: 1, thenPer: 1 }];
    let specialTariff: number;
    beforeAll(async () => {
      const [special] = await t.db
        .insert(tariffs)
        .values({
          service: 'RAPC',
          zone: 'IRELAND',
          account: 'BVF002',
          tariffCodeId: catalogue.tariffCodes.DOM,
          pricing: SPECIAL,
        })
        .returning({ id: tariffs.id });
      specialTariff = special!.id;
    });
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(pricing), payload });

    it("answers the alternative tariff (the account's special one, else the base one) and changes nothing", async () => {
      const a = await job({ tariffId: weightTariff, type: 'other' });
      const special = await post('/api/pricing/review/alternative-tariff', {
        jobId: a.jobId,
        tariff: 'RAPC',
        account: 'bvf002',
      });
      expect(special.statusCode, special.body).toBe(200);
      expect(special.json()).toMatchObject({ id: specialTariff, account: 'BVF002', service: 'RAPC' });
      const base = await post('/api/pricing/review/alternative-tariff', {
        jobId: a.jobId,
        tariff: 'RAPC',
        account: null,
      });
      expect(base.json()).toMatchObject({ id: weightTariff, account: null });
      // ALC001 has no special RAPC tariff: the base one.
      const fallback = await post('/api/pricing/review/alternative-tariff', {
        jobId: a.jobId,
        tariff: 'RAPC',
        account: 'ALC001',
      });
      expect(fallback.json()).toMatchObject({ id: weightTariff });
      expect(
        (await post('/api/pricing/review/alternative-tariff', { jobId: a.jobId, tariff: 'UKM9' })).statusCode,
      ).toBe(404);
      expect(
        (await post('/api/pricing/review/alternative-tariff', { jobId: a.jobId, tariff: 'RAPC', account: 'NOPE99' }))
          .statusCode,
      ).toBe(400);
      expect((await post('/api/pricing/review/alternative-tariff', { jobId: a.jobId, tariff: 'XYZ' })).statusCode).toBe(
        400,
      );
      expect(await stored(a.jobId)).toMatchObject({ version: 1, historyRows: 0 });
    });

    it('sets an ON/OS job cancelled (CANC), re-pricing it and keeping the history; a same day job may not', async () => {
      const onos = await job({ tariffId: weightTariff, type: 'other', customs: 1.5 });
      const response = await post('/api/pricing/review/set-tariff', { jobId: onos.jobId, tariff: 'CANC' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ id: catalogue.tariffs.CANC, service: 'CANC' });
      // The catalogue's CANC charge is a flat €10, plus the customs passed on.
      expect(await stored(onos.jobId)).toMatchObject({
        tariffId: catalogue.tariffs.CANC,
        customerCharge: 11.5,
        version: 2,
      });
      const rows = await t.db.select().from(jobPriceHistory).where(eq(jobPriceHistory.jobId, onos.jobId));
      expect(rows.map((row) => [row.field, row.source]).sort()).toEqual([
        ['customerCharge', 'POST /api/pricing/review/set-tariff'],
        ['tariffId', 'POST /api/pricing/review/set-tariff'],
      ]);
      // A job priced in a zone with no CANC tariff of its own takes the national (IRELAND) one.
      await t.db
        .insert(zones)
        .values({ name: 'DUBLIN', countries: ['IE'] })
        .onConflictDoNothing();
      const [dublin] = await t.db
        .insert(tariffs)
        .values({ service: 'DOM', zone: 'DUBLIN', tariffCodeId: catalogue.tariffCodes.DOM, pricing: LEVELS })
        .returning({ id: tariffs.id });
      const local = await job({ tariffId: dublin!.id, type: 'other' });
      const national = await post('/api/pricing/review/set-tariff', { jobId: local.jobId, tariff: 'CANC' });
      expect(national.statusCode, national.body).toBe(200);
      expect(national.json()).toMatchObject({ id: catalogue.tariffs.CANC, zone: 'IRELAND' });
      const sameDay = await job({ tariffId: weightTariff });
      const refused = await post('/api/pricing/review/set-tariff', { jobId: sameDay.jobId, tariff: 'CANC' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ message: string }>().message).toContain(
        'Set Cancelled and Set Failed Collection are for ON/OS jobs',
      );
      const invoiced = await job({ tariffId: weightTariff, type: 'other', invoicePeriodId: invoicedPeriod });
      expect((await post('/api/pricing/review/set-tariff', { jobId: invoiced.jobId, tariff: 'CANC' })).statusCode).toBe(
        409,
      );
    });

    it('Set Cancelled and Set Failed Collection settle the job, each change a tracking event naming the user (issue 14)', async () => {
      const events = async (reference: string) => {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/tracking/events?jobReference=${reference}`,
          headers: bearer(pricing),
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<TrackingEventsResponse>().events;
      };
      const statusOf = async (ids: { jobId: number; bookingId: number }) => {
        const [row] = await t.db
          .select({ job: bookingJobs.status, booking: bookings.status })
          .from(bookingJobs)
          .innerJoin(bookings, eq(bookings.id, bookingJobs.bookingId))
          .where(eq(bookingJobs.id, ids.jobId));
        return row;
      };
      const byUser = { kind: 'user', name: `${pricingName.firstName} ${pricingName.lastName}` };

      const cancelled = await job({ tariffId: weightTariff, type: 'other' });
      expect(
        (await post('/api/pricing/review/set-tariff', { jobId: cancelled.jobId, tariff: 'CANC' })).statusCode,
      ).toBe(200);
      expect(await statusOf(cancelled)).toEqual({ job: 'cancelled', booking: 'cancelled' });
      expect(await events(cancelled.reference)).toMatchObject([
        {
          status: 'cancelled',
          statusLabel: 'Cancelled',
          causedBy: byUser,
          detail: 'Set Cancelled: charged with the CANC tariff',
        },
      ]);
      // Set again: nothing happened to the job, so no second event.
      expect(
        (await post('/api/pricing/review/set-tariff', { jobId: cancelled.jobId, tariff: 'CANC' })).statusCode,
      ).toBe(200);
      expect(await events(cancelled.reference)).toHaveLength(1);

      await t.db
        .insert(tariffs)
        .values({ service: 'FAIC', zone: 'IRELAND', tariffCodeId: catalogue.tariffCodes.DOM, pricing: LEVELS });
      const failed = await job({ tariffId: weightTariff, type: 'other' });
      expect((await post('/api/pricing/review/set-tariff', { jobId: failed.jobId, tariff: 'FAIC' })).statusCode).toBe(
        200,
      );
      expect(await statusOf(failed)).toEqual({ job: 'failed', booking: 'failed' });
      expect(await events(failed.reference)).toMatchObject([
        {
          status: 'failed',
          statusLabel: 'Failed',
          causedBy: byUser,
          detail: 'Set Failed Collection: charged with the FAIC tariff',
        },
      ]);

      // Another tariff only re-prices: the job keeps its status and its tracking.
      const repriced = await job({ tariffId: weightTariff, type: 'other' });
      expect((await post('/api/pricing/review/set-tariff', { jobId: repriced.jobId, tariff: 'RAPC' })).statusCode).toBe(
        200,
      );
      expect(await statusOf(repriced)).toEqual({ job: 'delivered', booking: 'delivered' });
      expect(await events(repriced.reference)).toEqual([]);
      // Refused (a same day job): nothing changes, no event.
      const sameDay = await job({ tariffId: weightTariff });
      expect((await post('/api/pricing/review/set-tariff', { jobId: sameDay.jobId, tariff: 'CANC' })).statusCode).toBe(
        400,
      );
      expect(await statusOf(sameDay)).toEqual({ job: 'delivered', booking: 'delivered' });
      expect(await events(sameDay.reference)).toEqual([]);
    });

    it("moves a booking to another company, re-pricing from that company's tariff only when asked", async () => {
      const change = (payload: object) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/pricing/review/change-company',
          headers: bearer(pricing),
          payload,
        });
      const kept = await job({ tariffId: weightTariff, type: 'other' });
      const [keptBooking] = await t.db
        .select({ reference: bookings.reference })
        .from(bookings)
        .where(eq(bookings.id, kept.bookingId));
      const moved = await change({ reference: keptBooking!.reference, companyId: companyB, recalculatePrices: false });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json<PricedJob[]>()[0]).toMatchObject({
        companyId: companyB,
        customerCharge: 30,
        tariffId: weightTariff,
      });

      const repriced = await job({ tariffId: weightTariff, type: 'other' });
      const [repricedBooking] = await t.db
        .select({ reference: bookings.reference })
        .from(bookings)
        .where(eq(bookings.id, repriced.bookingId));
      const response = await change({
        reference: repricedBooking!.reference,
        companyId: companyB,
        recalculatePrices: true,
      });
      expect(response.statusCode, response.body).toBe(200);
      // 2 kg on BVF002's special tariff: its basic €6.
      expect(response.json<PricedJob[]>()[0]).toMatchObject({
        companyId: companyB,
        tariffId: specialTariff,
        customerCharge: 6,
        version: 2,
      });
      expect((await change({ reference: 'NOPE-404', companyId: companyB, recalculatePrices: true })).statusCode).toBe(
        404,
      );
      expect(
        (await change({ reference: repricedBooking!.reference, companyId: 2_000_000, recalculatePrices: false }))
          .statusCode,
      ).toBe(400);
    });
  });

  describe('GET /api/pricing/invoice-and-driver-pay-status', () => {
    it("answers the job's invoice status and each task's pay status", async () => {
      const a = await job({ invoicePeriodId: invoicedPeriod, tasks: ['PAID', 'ACTIVE'] });
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/pricing/invoice-and-driver-pay-status?jobId=${a.jobId}`,
        headers: bearer(pricing),
      });
      expect(response.json()).toEqual({
        invoiceStatus: 'INVOICED',
        driverPayStatus: [
          { taskId: a.taskIds[0], payStatus: 'PAID' },
          { taskId: a.taskIds[1], payStatus: 'ACTIVE' },
        ],
      });
      const none = await job({ invoicePeriodId: null });
      const open = await t.app.inject({
        method: 'GET',
        url: `/api/pricing/invoice-and-driver-pay-status?jobId=${none.jobId}`,
        headers: bearer(pricing),
      });
      expect(open.json()).toMatchObject({ invoiceStatus: null });
      const missing = await t.app.inject({
        method: 'GET',
        url: '/api/pricing/invoice-and-driver-pay-status?jobId=2147483647',
        headers: bearer(pricing),
      });
      expect(missing.statusCode).toBe(404);
      const odd = await t.app.inject({
        method: 'GET',
        url: '/api/pricing/invoice-and-driver-pay-status?jobId=abc',
        headers: bearer(pricing),
      });
      expect(odd.statusCode).toBe(400);
    });
  });

  describe('POST /api/pricing/review/approve', () => {
    const approve = (payload: object, token = pricing) =>
      t.app.inject({ method: 'POST', url: '/api/pricing/review/approve', headers: bearer(token), payload });
    const flags = async (jobIds: number[]) =>
      t.db
        .select({
          sameDay: bookingJobs.needsSameDayReview,
          reason: bookingJobs.needsSameDayReviewReason,
          carrier: bookingJobs.needsCarrierReview,
        })
        .from(bookingJobs)
        .where(inArray(bookingJobs.id, jobIds))
        .orderBy(asc(bookingJobs.id));

    it('clears the same-day flag and its reason', async () => {
      const a = await job({ review: 'SAME_DAY' });
      const b = await job({ review: 'SAME_DAY' });
      const response = await approve({ jobIds: [a.jobId, b.jobId], type: 'SAME_DAY' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        approved: [
          { jobId: a.jobId, reference: a.reference },
          { jobId: b.jobId, reference: b.reference },
        ],
      });
      expect(await flags([a.jobId, b.jobId])).toEqual([
        { sameDay: false, reason: null, carrier: false },
        { sameDay: false, reason: null, carrier: false },
      ]);
    });

    it('refuses the whole approval when a job is not flagged for that review, or does not exist', async () => {
      const flagged = await job({ review: 'CARRIER' });
      const sameDay = await job({ review: 'SAME_DAY' });
      const wrongType = await approve({ jobIds: [flagged.jobId, sameDay.jobId], type: 'CARRIER' });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json<{ message: string }>().message).toBe(
        `${sameDay.reference} does not need a carrier review.`,
      );
      const missing = await approve({ jobIds: [flagged.jobId, 2_147_483_647], type: 'CARRIER' });
      expect(missing.statusCode).toBe(404);
      expect((await approve({ jobIds: [flagged.jobId], type: 'LATER' })).statusCode).toBe(400);
      expect((await approve({ jobIds: [], type: 'CARRIER' })).statusCode).toBe(400);
      expect(await flags([flagged.jobId])).toEqual([{ sameDay: false, reason: null, carrier: true }]);
    });
  });

  describe('who may edit prices', () => {
    let a: Awaited<ReturnType<typeof job>>;
    beforeEach(async () => {
      a = await job({ review: 'SAME_DAY' });
    });

    it.each([['DISPATCHER'], ['ACCOUNTS'], ['TELEPHONIST'], ['DRIVER'], ['CUSTOMER']])(
      '%s is refused every editing call and nothing changes',
      async (role) => {
        const token = await signInAs(t, [role]);
        const calls = [
          update([{ jobId: a.jobId, version: 1, customerCharge: 1 }], token),
          t.app.inject({
            method: 'POST',
            url: '/api/pricing/review/approve',
            headers: bearer(token),
            payload: { jobIds: [a.jobId], type: 'SAME_DAY' },
          }),
          t.app.inject({
            method: 'PUT',
            url: '/api/pricing/update/tasks',
            headers: bearer(token),
            payload: [{ jobId: a.jobId, version: 1, taskId: a.taskIds[0], driverPay: 1, driverExtras: 0 }],
          }),
          t.app.inject({
            method: 'POST',
            url: `/api/pricing/${a.reference}/waiting-time`,
            headers: bearer(token),
            payload: { waitingTimePerTask: [{ taskId: a.taskIds[0], waitingTime: 30 }] },
          }),
          t.app.inject({
            method: 'POST',
            url: '/api/pricing/review/set-tariff',
            headers: bearer(token),
            payload: { jobId: a.jobId, tariff: 'DOM' },
          }),
          t.app.inject({
            method: 'POST',
            url: '/api/pricing/review/alternative-tariff',
            headers: bearer(token),
            payload: { jobId: a.jobId, tariff: 'DOM' },
          }),
          t.app.inject({
            method: 'PUT',
            url: '/api/pricing/review/change-company',
            headers: bearer(token),
            payload: { reference: 'PR0001', companyId: companyB, recalculatePrices: true },
          }),
          t.app.inject({
            method: 'GET',
            url: `/api/pricing/invoice-and-driver-pay-status?jobId=${a.jobId}`,
            headers: bearer(token),
          }),
        ];
        for (const response of await Promise.all(calls)) {
          expect(response.statusCode).toBe(403);
          expect(response.json()).toMatchObject({ error: 'FORBIDDEN' });
        }
        expect(await stored(a.jobId)).toMatchObject({ customerCharge: 30, version: 1, historyRows: 0 });
        const [flag] = await t.db
          .select({ flagged: bookingJobs.needsSameDayReview })
          .from(bookingJobs)
          .where(eq(bookingJobs.id, a.jobId));
        expect(flag?.flagged).toBe(true);
      },
    );

    it('accounts, who see prices, may read a price history; a dispatcher may not', async () => {
      const url = `/api/pricing/jobs/${a.jobId}/price-history`;
      const accounts = await signInAs(t, ['ACCOUNTS']);
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(accounts) })).statusCode).toBe(200);
      const dispatcher = await signInAs(t, ['DISPATCHER']);
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(dispatcher) })).statusCode).toBe(403);
    });

    it("may use the booking list's look-ups (company and place search, one company), not the company list", async () => {
      const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(pricing) });
      expect((await get('/api/company/search?query=anna')).statusCode).toBe(200);
      expect((await get(`/api/company/${companyA}`)).statusCode).toBe(200);
      expect((await get('/api/place/search?query=liffey')).statusCode).toBe(200);
      const list = await t.app.inject({
        method: 'POST',
        url: '/api/company',
        headers: bearer(pricing),
        payload: { size: 10, skip: 0 },
      });
      expect(list.statusCode).toBe(403);
    });

    it('a manager (a higher rank) may', async () => {
      const manager = await signInAs(t, ['MANAGER']);
      expect((await update([{ jobId: a.jobId, version: 1, customerCharge: 31 }], manager)).statusCode).toBe(200);
    });

    it('answers 401 without a session', async () => {
      const response = await t.app.inject({ method: 'PUT', url: '/api/pricing/update', payload: [] });
      expect(response.statusCode).toBe(401);
    });
  });
});
