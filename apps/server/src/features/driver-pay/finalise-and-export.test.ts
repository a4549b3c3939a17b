import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOfDublinTime } from '@courier/domain/common/calendar-days';
import { nextSlotAfter } from '@courier/domain/common/schedule-rule';
import { payPeriodListSchema, type PayPeriod } from '@courier/domain/driver-pay/schemas';
import { backgroundRuns, bookingTasks, payPeriods } from '../../db/schema/index.ts';
import { enqueueRun } from '../../platform/background/enqueue.ts';
import { createBackgroundRunner } from '../../platform/background/runner.ts';
import { createBookingCatalogue, type BookingCatalogue } from '../../test/booking-factories.ts';
import { bearer, createCompany, signInAs } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { driverPayArea } from './area.ts';
import {
  moveEndedPeriodsToReview,
  PAY_PERIOD_REVIEW_KIND,
  payPeriodReviewHandler,
  payPeriodReviewSchedule,
} from './move-ended-periods-to-review.ts';
import { createCompletedTasks, createPayDriver, savePaySettingsRow, setPeriodStatus } from './pay-factories.ts';

// Issue 13, spec 2 §4 and §7 'Pay': finalise, the CSV, the move of ended weeks to review, and who may
// call the pay routes, on PGlite and PostgreSQL.

/** Monday 12 to Sunday 18 October 2026 (the clocks go back on the 25th). */
const WEEK = { start: '2026-10-12', end: '2026-10-18' };
const IN_WEEK = new Date('2026-10-14T09:00:00Z');

describe.each(databaseKinds)('finalising and exporting pay periods on %s', (kind) => {
  let t: TestApp;
  let accounts: string;
  let manager: string;
  let pricing: string;
  let dispatcher: string;
  let catalogue: BookingCatalogue;
  let companyId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [accounts, manager, pricing, dispatcher] = await Promise.all([
      signInAs(t, ['ACCOUNTS']),
      signInAs(t, ['MANAGER']),
      signInAs(t, ['PRICING']),
      signInAs(t, ['DISPATCHER']),
    ]);
    catalogue = await createBookingCatalogue(t.db);
    companyId = (await createCompany(t.db)).id;
  });
  afterAll(() => t?.close());

  const inject = (method: 'GET' | 'POST', url: string, token = accounts, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const finalise = (ids: unknown[], token = accounts) => inject('POST', '/api/pay/period/finalise', token, { ids });

  /** A driver with two tasks in the week and the week's period loaded (ACTIVE). */
  async function driverWithPeriod(pay = [40, 2.5]) {
    const driver = await createPayDriver(t.db);
    const { jobId, taskIds } = await createCompletedTasks(t.db, {
      catalogue,
      companyId,
      driverId: driver.id,
      tasks: [
        { completedAt: IN_WEEK, driverPay: pay[0]!, driverPayExtra: 1 },
        { completedAt: IN_WEEK, driverPay: pay[1]! },
      ],
    });
    const response = await inject('GET', `/api/pay/period?start=${WEEK.start}&end=${WEEK.end}`);
    const period = payPeriodListSchema
      .parse(response.json())
      .find((candidate) => candidate.driver.id === driver.id) as PayPeriod;
    return { driver, jobId, taskIds, period };
  }

  const statusOf = async (id: number) =>
    (await t.db.select({ status: payPeriods.status }).from(payPeriods).where(eq(payPeriods.id, id)))[0]?.status;
  const taskPayStatuses = async (ids: number[]) =>
    (await t.db.select({ payStatus: bookingTasks.payStatus }).from(bookingTasks).where(inArray(bookingTasks.id, ids)))
      .map((row) => row.payStatus)
      .sort();

  describe('POST /api/pay/period/finalise', () => {
    it('moves in-review periods to pending payment and locks their tasks’ driver pay in pricing', async () => {
      const { period, taskIds, jobId } = await driverWithPeriod();
      await setPeriodStatus(t.db, period.id, 'IN_REVIEW');
      // Task pay edited after the last load is counted in the finalised total.
      await t.db.update(bookingTasks).set({ driverPay: 50 }).where(eq(bookingTasks.id, taskIds[0]!));

      const response = await finalise([period.id]);
      expect(response.statusCode, response.body).toBe(200);
      expect(payPeriodListSchema.parse(response.json())).toMatchObject([
        { id: period.id, status: 'PENDING_PAYMENT', basePay: 53.5, total: 53.5, version: period.version + 1 },
      ]);
      expect(await taskPayStatuses(taskIds)).toEqual(['PENDING_PAYMENT', 'PENDING_PAYMENT']);

      // The pricing area reads the lock.
      const status = await inject('GET', `/api/pricing/invoice-and-driver-pay-status?jobId=${jobId}`, pricing);
      expect(status.statusCode, status.body).toBe(200);
      expect(status.json().driverPayStatus).toEqual(
        expect.arrayContaining(taskIds.map((taskId) => ({ taskId, payStatus: 'PENDING_PAYMENT' }))),
      );

      // Finalising again is refused, and a save of the finalised period too.
      const again = await finalise([period.id]);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toContain('Only pay periods in review can be finalised');
      expect(again.json().message).toContain('is pending payment.');
      const saved = await inject('POST', '/api/pay/period', accounts, [
        { id: period.id, daysWorked: 5, daysBookedOff: 0, daysMissed: 0 },
      ]);
      expect(saved.statusCode).toBe(409);
    });

    it('refuses the whole list with 409 when one period is not in review, changing nothing', async () => {
      const ready = await driverWithPeriod();
      const active = await driverWithPeriod();
      await setPeriodStatus(t.db, ready.period.id, 'IN_REVIEW');
      const response = await finalise([ready.period.id, active.period.id]);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'STATE_CONFLICT' });
      expect(response.json().message).toContain(`pay period ${active.period.id}`);
      expect(await statusOf(ready.period.id)).toBe('IN_REVIEW');
      expect(await statusOf(active.period.id)).toBe('ACTIVE');
      expect(await taskPayStatuses([...ready.taskIds, ...active.taskIds])).toEqual([
        'ACTIVE',
        'ACTIVE',
        'ACTIVE',
        'ACTIVE',
      ]);
    });

    it('answers 404 for an unknown period and 400 for odd ids', async () => {
      expect((await finalise([2_147_483_647])).statusCode).toBe(404);
      for (const ids of [[0], [-3], [2_147_483_648], ['1'], [1.5]]) {
        const response = await finalise(ids);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toContain('ids must be a whole number from 1 to 2147483647.');
      }
      expect((await finalise([])).statusCode).toBe(400);
      expect((await inject('POST', '/api/pay/period/finalise', accounts, {})).statusCode).toBe(400);
    });
  });

  describe('GET /api/pay/period/csv', () => {
    it("lists the week's periods by driver number with the amounts as stored", async () => {
      const { driver, period } = await driverWithPeriod([100, 0]);
      await savePaySettingsRow(t.db, driver.id, { cargoRentalDeduction: 5 });
      await inject('POST', '/api/pay/period', accounts, [
        {
          id: period.id,
          daysWorked: 2,
          daysBookedOff: 0,
          daysMissed: 0,
          adjustments: [{ type: 'MANUAL_ADDITION', amount: 7.5, description: 'Tolls' }],
        },
      ]);
      const response = await inject('GET', `/api/pay/period/csv?start=${WEEK.start}&end=${WEEK.end}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      const lines = response.body.trim().split('\n');
      expect(lines[0]).toBe(
        'Driver Number,First Name,Last Name,Vehicle,Week Start,Week End,Status,Days Worked,Days Booked Off,Days Missed,Base Pay,Fuel Surcharge,Attendance Bonus,Cargo Bonus,Helmet Bonus,Back Box Bonus,Additions,Deductions,Total',
      );
      const line = lines.find((candidate) => candidate.startsWith(`${driver.driverNumber},`));
      // 101 base + 7.50 added − 10.00 cargo rental (2 days × 5)
      expect(line).toBe(
        `${driver.driverNumber},Niamh,${driver.lastName},Van,12/10/26,18/10/26,Active,2,0,0,101.00,0.00,0.00,0.00,0.00,0.00,7.50,10.00,98.50`,
      );
    });

    it.each([
      ['PENDING_PAYMENT', 'Pending payment'],
      ['IN_REVIEW', 'In review'],
      ['PAID', 'Paid'],
    ] as const)('writes the status %s and the vehicle as the screen shows them', async (status, label) => {
      const { driver, period } = await driverWithPeriod();
      await setPeriodStatus(t.db, period.id, status);
      const response = await inject('GET', `/api/pay/period/csv?start=${WEEK.start}&end=${WEEK.end}`);
      const line = response.body.split('\n').find((candidate) => candidate.startsWith(`${driver.driverNumber},`));
      expect(line?.split(',').slice(3, 7)).toEqual(['Van', '12/10/26', '18/10/26', label]);
    });

    it('refuses a window that is not a pay week', async () => {
      expect((await inject('GET', '/api/pay/period/csv?start=2026-10-13&end=2026-10-19')).statusCode).toBe(400);
    });
  });

  describe('moving ended weeks to review', () => {
    it('runs every Monday at 00:05 in Dublin', () => {
      const slot = nextSlotAfter(
        payPeriodReviewSchedule.rule,
        instantOfDublinTime({ day: '2026-10-18', hour: 23, minute: 0 }),
        payPeriodReviewSchedule.timeZone,
      );
      expect(slot).toEqual(instantOfDublinTime({ day: '2026-10-19', hour: 0, minute: 5 }));
      expect(driverPayArea.schedules).toContain(payPeriodReviewSchedule);
      expect(Object.keys(driverPayArea.runHandlers?.({ config: t.config } as never) ?? {})).toContain(
        PAY_PERIOD_REVIEW_KIND,
      );
    });

    it('moves ACTIVE periods whose Sunday has passed, not the current week nor locked ones', async () => {
      const ended = await driverWithPeriod();
      const paid = await driverWithPeriod();
      await setPeriodStatus(t.db, paid.period.id, 'PAID');
      const current = await createPayDriver(t.db);
      const [running] = await t.db
        .insert(payPeriods)
        .values({ driverId: current.id, startDay: '2026-10-19', endDay: '2026-10-25' })
        .returning();

      // Sunday 18 October, 23:59 in Dublin: the week has not ended yet.
      expect(
        await moveEndedPeriodsToReview(t.db, instantOfDublinTime({ day: '2026-10-18', hour: 23, minute: 59 })),
      ).toBe(0);
      expect(await statusOf(ended.period.id)).toBe('ACTIVE');

      // Through the background runner, on Wednesday 21 October.
      const runner = createBackgroundRunner({
        db: t.db,
        handlers: {
          [PAY_PERIOD_REVIEW_KIND]: payPeriodReviewHandler({
            now: () => instantOfDublinTime({ day: '2026-10-21', hour: 9, minute: 0 }),
          }),
        },
      });
      const run = await enqueueRun(t.db, { kind: PAY_PERIOD_REVIEW_KIND, params: {} });
      await runner.runUntilIdle();
      const [done] = await t.db.select().from(backgroundRuns).where(eq(backgroundRuns.id, run.id));
      expect(done?.status).toBe('completed');
      expect(await statusOf(ended.period.id)).toBe('IN_REVIEW');
      expect(await statusOf(paid.period.id)).toBe('PAID');
      expect(await statusOf(running!.id)).toBe('ACTIVE');
    });
  });

  describe('who may call the pay routes (spec 2 §6: accounts)', () => {
    const routes: [method: 'GET' | 'POST', url: string, payload?: object][] = [
      ['GET', `/api/pay/period?start=${WEEK.start}&end=${WEEK.end}`],
      ['POST', '/api/pay/period', [{ id: 1, daysWorked: 0, daysBookedOff: 0, daysMissed: 0 }] as unknown as object],
      ['POST', '/api/pay/period/create', { driverId: 1 }],
      ['POST', '/api/pay/period/finalise', { ids: [1] }],
      ['GET', `/api/pay/period/csv?start=${WEEK.start}&end=${WEEK.end}`],
    ];

    it.each(routes)(
      '%s %s is refused to pricing and dispatch staff (403) and to no session (401)',
      async (method, url, payload) => {
        for (const token of [pricing, dispatcher]) {
          const response = await inject(method, url, token, payload);
          expect(response.statusCode).toBe(403);
        }
        const anonymous = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
        expect(anonymous.statusCode).toBe(401);
      },
    );

    it('lets a manager in (a higher rank than accounts)', async () => {
      const response = await inject('GET', `/api/pay/period?start=${WEEK.start}&end=${WEEK.end}`, manager);
      expect(response.statusCode).toBe(200);
    });
  });
});
