import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toIsoDay } from '@courier/domain/common/dates';
import {
  priceAdjustmentListSchema,
  priceAdjustmentSchema,
  syncAddonsResponseSchema,
} from '@courier/domain/pricing/price-adjustment-schemas';
import {
  SELECT_ADJUSTMENT_TYPE_MESSAGE,
  SELECT_JOB_MESSAGE,
  SELECT_TASK_MESSAGE,
} from '@courier/domain/pricing/price-edits';
import { auditLog, bookingTasks, invoicePeriods, jobPriceAdjustments, jobPriceHistory } from '../../db/schema/index.ts';
import { createBooking, createBookingCatalogue, type BookingCatalogue } from '../../test/booking-factories.ts';
import { bearer, createCompany, createUser, signIn, signInAs } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

// Issue 11: a job's price adjustments (spec 2 §4, §5, §7), on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
describe.each(databaseKinds)('price adjustments on %s', (kind) => {
  let t: TestApp;
  let pricing: string;
  let pricingUserId: number;
  let catalogue: BookingCatalogue;
  /** A company with an ACTIVE period holding today, and earlier finalised and invoiced ones. */
  let withPeriods: number;
  /** A company with no invoice period. */
  let withoutPeriods: number;
  let openToday: number;
  let invoiced: number;
  let finalised: number;
  let sequence = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    catalogue = await createBookingCatalogue(t.db);
    withPeriods = (await createCompany(t.db, { company: { name: 'Anna Liffey Couriers', accountCode: 'ALC001' } })).id;
    withoutPeriods = (await createCompany(t.db, { company: { name: 'Boyne Valley Foods', accountCode: 'BVF002' } })).id;
    const user = await createUser(t.db, { roles: ['PRICING'] });
    pricingUserId = user.id;
    pricing = await signIn(t, user);
    const now = Date.now();
    const periods = await t.db
      .insert(invoicePeriods)
      .values([
        {
          companyId: withPeriods,
          identifier: 'ALC001-OPEN',
          status: 'ACTIVE',
          start: toIsoDay(new Date(now - 10 * DAY)),
          end: toIsoDay(new Date(now + 10 * DAY)),
        },
        {
          companyId: withPeriods,
          identifier: 'ALC001-2026-01',
          status: 'INVOICED',
          start: '2026-01-01',
          end: '2026-01-31',
        },
        {
          companyId: withPeriods,
          identifier: 'ALC001-2026-02',
          status: 'FINALISED',
          start: '2026-02-01',
          end: '2026-02-28',
        },
        // ACTIVE but over: not the period an adjustment made today goes into.
        {
          companyId: withPeriods,
          identifier: 'ALC001-2000-01',
          status: 'ACTIVE',
          start: '2000-01-01',
          end: '2000-01-31',
        },
      ])
      .returning({ id: invoicePeriods.id });
    openToday = periods[0]!.id;
    invoiced = periods[1]!.id;
    finalised = periods[2]!.id;
  });
  afterAll(() => t?.close());

  /** A delivered job with `tasks` tasks (2 unless said), in the open period of the company with periods unless said. */
  async function job(
    options: {
      companyId?: number;
      invoicePeriodId?: number | null;
      tasks?: number;
      extras?: { name: string; cost: number; charge: number }[];
    } = {},
  ): Promise<{ jobId: number; reference: string; taskIds: number[]; taskReferences: string[] }> {
    sequence += 1;
    const reference = `PA${String(sequence).padStart(4, '0')}`;
    const created = await createBooking(t.db, {
      booking: {
        reference,
        companyId: options.companyId ?? withPeriods,
        serviceId: catalogue.services.bikeStandard,
        type: 'same_day',
        status: 'delivered',
      },
      jobs: [
        {
          customerCharge: 30,
          driverPrice: 12,
          invoicePeriodId: options.invoicePeriodId === undefined ? openToday : options.invoicePeriodId,
          extrasBreakdown: options.extras ?? [],
          tasks: Array.from({ length: options.tasks ?? 2 }, (_, position) => ({
            type: position === 0 ? ('COLLECTION' as const) : ('DELIVERY' as const),
          })),
        },
      ],
    });
    const jobId = created.jobIds[0]!;
    const tasks = await t.db
      .select({ id: bookingTasks.id, reference: bookingTasks.reference })
      .from(bookingTasks)
      .where(eq(bookingTasks.jobId, jobId))
      .orderBy(asc(bookingTasks.position));
    return {
      jobId,
      reference: `${reference}-1`,
      taskIds: tasks.map((task) => task.id),
      taskReferences: tasks.map((task) => task.reference),
    };
  }

  /** The modal's body with its defaults (spec 2 §5), for `jobId`. */
  const body = (jobId: number | null, values: Record<string, unknown> = {}) => ({
    jobId,
    type: 'ADMIN_FEE',
    description: '',
    internalDescription: '',
    cost: 0,
    charge: 0,
    showToCustomer: false,
    applySurcharge: false,
    ...values,
  });
  const create = (payload: unknown, token = pricing) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pricing/job-price-adjustments',
      headers: bearer(token),
      payload: payload as object,
    });
  const list = (jobId: number | string, token = pricing) =>
    t.app.inject({ method: 'GET', url: `/api/pricing/job-price-adjustments?jobId=${jobId}`, headers: bearer(token) });
  const remove = (id: number, token = pricing) =>
    t.app.inject({ method: 'DELETE', url: `/api/pricing/job-price-adjustments/${id}`, headers: bearer(token) });
  const sync = (jobId: number, token = pricing) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pricing/sync-addons-with-price-adjustments',
      headers: bearer(token),
      payload: { jobId },
    });
  const storedAdjustments = (jobId: number) =>
    t.db
      .select()
      .from(jobPriceAdjustments)
      .where(eq(jobPriceAdjustments.jobId, jobId))
      .orderBy(asc(jobPriceAdjustments.id));
  const historyOf = (jobId: number) =>
    t.db.select().from(jobPriceHistory).where(eq(jobPriceHistory.jobId, jobId)).orderBy(asc(jobPriceHistory.id));
  /** An adjustment put straight into the database, as if made earlier in another period. */
  const storedAdjustment = async (jobId: number, invoicePeriodId: number | null) => {
    const [row] = await t.db
      .insert(jobPriceAdjustments)
      .values({ jobId, type: 'ADMIN_FEE', charge: 5, invoicePeriodId })
      .returning({ id: jobPriceAdjustments.id });
    return row!.id;
  };

  describe('POST and GET /api/pricing/job-price-adjustments', () => {
    it('creates an adjustment and lists it with exactly its fields, in the period open today', async () => {
      const a = await job();
      const response = await create(
        body(a.jobId, {
          type: 'TOLL',
          taskId: a.taskIds[1],
          description: 'Port tunnel toll',
          internalDescription: 'Driver paid cash',
          cost: 0,
          charge: 4.5,
          showToCustomer: true,
          applySurcharge: true,
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
      const created = priceAdjustmentSchema.parse(response.json());
      const expected = {
        id: created.id,
        jobId: a.jobId,
        type: 'TOLL',
        typeLabel: 'Toll',
        taskId: a.taskIds[1],
        taskReference: a.taskReferences[1],
        description: 'Port tunnel toll',
        internalDescription: 'Driver paid cash',
        cost: 0,
        charge: 4.5,
        showToCustomer: true,
        applySurcharge: true,
        invoicePeriodId: openToday,
        createdAt: expect.any(String),
      };
      expect(response.json()).toEqual(expected);
      const second = await create(body(a.jobId, { type: 'ADMIN_FEE', cost: 1.25, charge: 3 }));
      expect(second.statusCode, second.body).toBe(200);

      const listed = await list(a.jobId);
      expect(listed.statusCode).toBe(200);
      const adjustments = priceAdjustmentListSchema.parse(listed.json());
      // Oldest first.
      expect(adjustments).toHaveLength(2);
      expect(adjustments[0]).toEqual({ ...expected, createdAt: created.createdAt });
      expect(adjustments[1]).toMatchObject({ type: 'ADMIN_FEE', typeLabel: 'Admin fee', cost: 1.25, charge: 3 });
      expect(adjustments[1]).toMatchObject({ taskId: null, taskReference: null });
      const [row] = await storedAdjustments(a.jobId);
      expect(row).toMatchObject({ cost: 0, charge: 4.5, invoicePeriodId: openToday, taskId: a.taskIds[1] });
    });

    it('puts the adjustment in no period when the company has no ACTIVE period holding today', async () => {
      const b = await job({ companyId: withoutPeriods, invoicePeriodId: null });
      const response = await create(body(b.jobId, { charge: 2 }));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ invoicePeriodId: null });
      // The job's own period does not decide: an invoiced job's adjustment goes on the next (open) invoice.
      const old = await job({ invoicePeriodId: invoiced });
      const next = await create(body(old.jobId, { charge: 2 }));
      expect(next.json()).toMatchObject({ invoicePeriodId: openToday });
    });

    it('keeps the customer description only when it is shown to the customer', async () => {
      const a = await job();
      const hidden = await create(
        body(a.jobId, { description: 'Not for the customer', internalDescription: 'Staff note', charge: 1 }),
      );
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect(hidden.json()).toMatchObject({
        description: '',
        internalDescription: 'Staff note',
        showToCustomer: false,
      });
      const [row] = await storedAdjustments(a.jobId);
      expect(row).toMatchObject({ description: '', internalDescription: 'Staff note' });
      // Both descriptions may be left out.
      const bare = await create({
        jobId: a.jobId,
        type: 'BOOKING_FEE',
        cost: 0,
        charge: 2,
        showToCustomer: true,
        applySurcharge: false,
      });
      expect(bare.statusCode, bare.body).toBe(200);
      expect(bare.json()).toMatchObject({ description: '', internalDescription: '' });
    });

    it('answers the spec messages as field details when no job and no type are chosen', async () => {
      const response = await create(body(null, { type: null }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'VALIDATION',
        message: SELECT_JOB_MESSAGE,
        details: [
          { field: 'body.jobId', message: SELECT_JOB_MESSAGE },
          { field: 'body.type', message: SELECT_ADJUSTMENT_TYPE_MESSAGE },
        ],
      });
      expect(SELECT_JOB_MESSAGE).toBe('Please select a job');
      expect(SELECT_ADJUSTMENT_TYPE_MESSAGE).toBe('Please select an adjustment type');
      const a = await job();
      const noType = await create(body(a.jobId, { type: null }));
      expect(noType.json()).toEqual({
        error: 'VALIDATION',
        message: SELECT_ADJUSTMENT_TYPE_MESSAGE,
        details: [{ field: 'body.type', message: SELECT_ADJUSTMENT_TYPE_MESSAGE }],
      });
      // A type that is not one of the list reads the same.
      const unknownType = await create(body(a.jobId, { type: 'DISCOUNT' }));
      expect(unknownType.statusCode).toBe(400);
      expect(unknownType.json()).toMatchObject({
        details: [{ field: 'body.type', message: SELECT_ADJUSTMENT_TYPE_MESSAGE }],
      });
      expect(await storedAdjustments(a.jobId)).toEqual([]);
    });

    it('requires a task for the driver-extra types (TOLL), and not for the others', async () => {
      const a = await job();
      const response = await create(body(a.jobId, { type: 'TOLL', charge: 4.5 }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'VALIDATION',
        message: 'Please select a task',
        details: [{ field: 'body.taskId', message: SELECT_TASK_MESSAGE }],
      });
      expect((await create(body(a.jobId, { type: 'TOLL', taskId: null }))).statusCode).toBe(400);
      expect(await storedAdjustments(a.jobId)).toEqual([]);
      expect((await create(body(a.jobId, { type: 'REMOTE_AREA', charge: 8 }))).statusCode).toBe(200);
    });

    it('refuses a task of another job, writing nothing', async () => {
      const a = await job();
      const b = await job();
      const response = await create(body(a.jobId, { type: 'TOLL', taskId: b.taskIds[0] }));
      expect(response.statusCode).toBe(400);
      const message = `Task ${b.taskIds[0]} is not one of the tasks of job ${a.reference}.`;
      expect(response.json()).toEqual({ error: 'VALIDATION', message, details: [{ field: 'body.taskId', message }] });
      expect(await storedAdjustments(a.jobId)).toEqual([]);
      expect(await storedAdjustments(b.jobId)).toEqual([]);
      expect(await historyOf(a.jobId)).toEqual([]);
    });

    it.each([
      ['letters for the cost', { cost: 'ten' }, 'body.cost'],
      ['a negative charge', { charge: -1 }, 'body.charge'],
      ['fractions of a cent', { charge: 1.005 }, 'body.charge'],
      ['a job id beyond int4', { jobId: 2_147_483_648 }, 'body.jobId'],
      ['a NUL in the description', { description: 'Toll\u0000' }, 'body.description'],
      ['a 5,000-character description', { description: 'd'.repeat(5000) }, 'body.description'],
      ['a 5,000-character internal description', { internalDescription: 'd'.repeat(5000) }, 'body.internalDescription'],
      ['no showToCustomer', { showToCustomer: undefined }, 'body.showToCustomer'],
      ['an unknown field', { discount: 5 }, 'body'],
    ])('answers 400 for %s, writing nothing', async (_, values, field) => {
      const a = await job();
      const response = await create(body(a.jobId, values));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION', message: expect.any(String) });
      expect(response.json<{ details: { field: string }[] }>().details.map((detail) => detail.field)).toContain(field);
      expect(await storedAdjustments(a.jobId)).toEqual([]);
    });

    it('answers 404 for a job that does not exist, and 400 for an id that cannot be one', async () => {
      const created = await create(body(2_147_483_647, { charge: 1 }));
      expect(created.statusCode).toBe(404);
      expect(created.json()).toMatchObject({ error: 'NOT_FOUND', message: 'Job 2147483647 does not exist.' });
      expect((await list(2_147_483_647)).statusCode).toBe(404);
      expect((await list('abc')).statusCode).toBe(400);
      expect((await list(2_147_483_648)).statusCode).toBe(400);
    });
  });

  describe('DELETE /api/pricing/job-price-adjustments/{id}', () => {
    it("deletes an adjustment while the job's period is open", async () => {
      const a = await job();
      const created = await create(body(a.jobId, { type: 'TOLL', taskId: a.taskIds[0], charge: 4.5 }));
      const { id } = created.json<{ id: number }>();
      const response = await remove(id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      expect(await storedAdjustments(a.jobId)).toEqual([]);
      expect((await list(a.jobId)).json()).toEqual([]);
      expect((await remove(id)).statusCode).toBe(404);
    });

    // Each message names the invoice's own state as staff know it from the invoice list: an invoiced
    // period's invoice has gone to the customer, a finalised one's is numbered and not sent yet.
    it.each([
      [
        'INVOICED',
        () => invoiced,
        'This price adjustment is on an invoice that has been sent to the customer and can no longer be deleted.',
      ],
      [
        'FINALISED',
        () => finalised,
        'This price adjustment is on an invoice that has been finalised and can no longer be deleted.',
      ],
    ])(
      "refuses with the message naming the state when the adjustment is on the job's own %s invoice, deleting nothing",
      async (_, period, message) => {
        const a = await job({ invoicePeriodId: period() });
        const id = await storedAdjustment(a.jobId, period());
        const response = await remove(id);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: 'VALIDATION', message });
        expect(await storedAdjustments(a.jobId)).toHaveLength(1);
        expect(await historyOf(a.jobId)).toEqual([]);
      },
    );

    it("deletes an adjustment charged in another period than the job's invoiced one, or in none", async () => {
      const a = await job({ invoicePeriodId: invoiced });
      // Made now, it goes into today's open period, not the job's invoiced one.
      const created = await create(body(a.jobId, { charge: 6 }));
      expect(created.json()).toMatchObject({ invoicePeriodId: openToday });
      expect((await remove(created.json<{ id: number }>().id)).statusCode).toBe(200);
      const inFinalised = await storedAdjustment(a.jobId, finalised);
      expect((await remove(inFinalised)).statusCode).toBe(200);
      const inNone = await storedAdjustment(a.jobId, null);
      expect((await remove(inNone)).statusCode).toBe(200);
      expect(await storedAdjustments(a.jobId)).toEqual([]);
    });

    it('answers 404 for an adjustment that does not exist, and 400 for an id that cannot be one', async () => {
      const missing = await remove(2_147_483_647);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ error: 'NOT_FOUND' });
      expect((await remove(2_147_483_648)).statusCode).toBe(400);
    });
  });

  describe('price history and audit', () => {
    it('keeps a history row and an audit row for a create and a delete', async () => {
      const a = await job();
      const created = await create(body(a.jobId, { type: 'TOLL', taskId: a.taskIds[1], charge: 4.5 }));
      const { id } = created.json<{ id: number }>();
      expect((await remove(id)).statusCode).toBe(200);
      const history = await historyOf(a.jobId);
      expect(
        history.map(({ field, taskId, before, after, note, userId, source }) => ({
          field,
          taskId,
          before,
          after,
          note,
          userId,
          source,
        })),
      ).toEqual([
        {
          field: 'adjustment',
          taskId: a.taskIds[1],
          before: null,
          after: 'Toll: cost 0.00, charge 4.50',
          note: '',
          userId: pricingUserId,
          source: 'POST /api/pricing/job-price-adjustments',
        },
        {
          field: 'adjustment',
          taskId: a.taskIds[1],
          before: 'Toll: cost 0.00, charge 4.50',
          after: null,
          note: '',
          userId: pricingUserId,
          source: `DELETE /api/pricing/job-price-adjustments/${id}`,
        },
      ]);
      const audit = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'price_adjustment'), eq(auditLog.entityId, String(id))))
        .orderBy(asc(auditLog.id));
      expect(audit.map((row) => [row.action, row.userId])).toEqual([
        ['create', pricingUserId],
        ['delete', pricingUserId],
      ]);
      expect(audit[0]?.after).toMatchObject({ id, jobId: a.jobId, type: 'TOLL', charge: 4.5 });
      expect(audit[1]?.before).toMatchObject({ id, jobId: a.jobId, type: 'TOLL', charge: 4.5 });
    });
  });

  describe('POST /api/pricing/sync-addons-with-price-adjustments', () => {
    const EXTRAS = [
      { name: 'Tail lift', cost: 10, charge: 25 },
      { name: 'Two-person delivery', cost: 0, charge: 12.5 },
    ];

    it("turns the job's add-ons into CUSTOMER_ADDON adjustments on its first task, once", async () => {
      const a = await job({ extras: EXTRAS });
      const first = await sync(a.jobId);
      expect(first.statusCode, first.body).toBe(200);
      const answer = syncAddonsResponseSchema.parse(first.json());
      expect(answer.created).toBe(2);
      const common = {
        jobId: a.jobId,
        type: 'CUSTOMER_ADDON',
        typeLabel: 'Customer add-on',
        taskId: a.taskIds[0],
        taskReference: a.taskReferences[0],
        internalDescription: '',
        showToCustomer: true,
        applySurcharge: false,
        invoicePeriodId: openToday,
      };
      expect(answer.adjustments).toEqual([
        {
          ...common,
          id: expect.any(Number),
          description: 'Tail lift',
          cost: 10,
          charge: 25,
          createdAt: expect.any(String),
        },
        {
          ...common,
          id: expect.any(Number),
          description: 'Two-person delivery',
          cost: 0,
          charge: 12.5,
          createdAt: expect.any(String),
        },
      ]);
      const again = await sync(a.jobId);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ created: 0, adjustments: answer.adjustments });
      expect(await storedAdjustments(a.jobId)).toHaveLength(2);
      expect((await historyOf(a.jobId)).map((row) => [row.after, row.source])).toEqual([
        ['Customer add-on: cost 10.00, charge 25.00', 'POST /api/pricing/sync-addons-with-price-adjustments'],
        ['Customer add-on: cost 0.00, charge 12.50', 'POST /api/pricing/sync-addons-with-price-adjustments'],
      ]);
    });

    it('skips an add-on that already has its adjustment and counts equal add-ons one by one', async () => {
      const tailLift = { name: 'Tail lift', cost: 10, charge: 25 };
      const a = await job({ extras: [tailLift, tailLift, { name: 'Tail lift', cost: 10, charge: 30 }] });
      const made = await create(
        body(a.jobId, {
          type: 'CUSTOMER_ADDON',
          taskId: a.taskIds[1],
          description: 'Tail lift',
          cost: 10,
          charge: 25,
          showToCustomer: true,
        }),
      );
      expect(made.statusCode, made.body).toBe(200);
      const response = await sync(a.jobId);
      // One of the two equal add-ons is answered by the adjustment made by hand; the other and the €30 one are new.
      expect(response.json()).toMatchObject({ created: 2 });
      expect(response.json<{ adjustments: unknown[] }>().adjustments).toHaveLength(3);
      expect((await sync(a.jobId)).json()).toMatchObject({ created: 0 });
    });

    it('links no task when the job has none, creates nothing without add-ons, and refuses a broken add-on', async () => {
      const noTasks = await job({ tasks: 0, extras: [EXTRAS[0]!], companyId: withoutPeriods, invoicePeriodId: null });
      const linked = await sync(noTasks.jobId);
      expect(linked.json()).toMatchObject({
        created: 1,
        adjustments: [{ taskId: null, taskReference: null, invoicePeriodId: null, description: 'Tail lift' }],
      });
      const none = await job();
      expect((await sync(none.jobId)).json()).toEqual({ created: 0, adjustments: [] });
      const broken = await job({ extras: [EXTRAS[0]!, { name: 'Bad', cost: -5, charge: 1 }] });
      const refused = await sync(broken.jobId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: 'STATE_CONFLICT' });
      expect(await storedAdjustments(broken.jobId)).toEqual([]);
    });

    it('answers 404 for a job that does not exist and 400 for a bad body', async () => {
      expect((await sync(2_147_483_647)).statusCode).toBe(404);
      expect((await sync(2_147_483_648)).statusCode).toBe(400);
      const noJob = await t.app.inject({
        method: 'POST',
        url: '/api/pricing/sync-addons-with-price-adjustments',
        headers: bearer(pricing),
        payload: {},
      });
      expect(noJob.statusCode).toBe(400);
    });
  });

  describe('who may change price adjustments', () => {
    it.each([['DISPATCHER'], ['ACCOUNTS'], ['TELEPHONIST']])(
      '%s is refused all four calls and nothing is written',
      async (role) => {
        const a = await job({ extras: [{ name: 'Tail lift', cost: 10, charge: 25 }] });
        const existing = await storedAdjustment(a.jobId, null);
        const token = await signInAs(t, [role]);
        const responses = [
          await list(a.jobId, token),
          await create(body(a.jobId, { charge: 3 }), token),
          await remove(existing, token),
          await sync(a.jobId, token),
        ];
        for (const response of responses) {
          expect(response.statusCode).toBe(403);
          expect(response.json()).toMatchObject({ error: 'FORBIDDEN' });
        }
        expect((await storedAdjustments(a.jobId)).map((row) => row.id)).toEqual([existing]);
        expect(await historyOf(a.jobId)).toEqual([]);
      },
    );

    it('a manager (a higher rank) may, and no session is a 401', async () => {
      const a = await job();
      const manager = await signInAs(t, ['MANAGER']);
      expect((await create(body(a.jobId, { charge: 1 }), manager)).statusCode).toBe(200);
      const anonymous = await t.app.inject({
        method: 'GET',
        url: `/api/pricing/job-price-adjustments?jobId=${a.jobId}`,
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
