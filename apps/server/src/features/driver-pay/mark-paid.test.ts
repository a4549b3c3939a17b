import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payPeriodListSchema, type PayPeriod } from '@courier/domain/driver-pay/schemas';
import { DRIVER_PAY_PAID_MESSAGE } from '@courier/domain/pricing/price-edits';
import { auditLog, bookingJobs, bookingTasks, payPeriods } from '../../db/schema/index.ts';
import { createBookingCatalogue, type BookingCatalogue } from '../../test/booking-factories.ts';
import { bearer, createCompany, signInAs } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { createCompletedTasks, createPayDriver, setPeriodStatus } from './pay-factories.ts';

// docs/decisions/013, spec 2 §4: POST /api/pay/period/paid moves pending-payment periods, and their
// tasks' driver pay status, to PAID; on PGlite and PostgreSQL.

/** Monday 2 to Sunday 8 November 2026. */
const WEEK = { start: '2026-11-02', end: '2026-11-08' };
const IN_WEEK = new Date('2026-11-04T10:00:00Z');

describe.each(databaseKinds)('marking pay periods paid on %s', (kind) => {
  let t: TestApp;
  let accounts: string;
  let dispatcher: string;
  let pricing: string;
  let catalogue: BookingCatalogue;
  let companyId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [accounts, dispatcher, pricing] = await Promise.all([
      signInAs(t, ['ACCOUNTS']),
      signInAs(t, ['DISPATCHER']),
      signInAs(t, ['PRICING']),
    ]);
    catalogue = await createBookingCatalogue(t.db);
    companyId = (await createCompany(t.db)).id;
  });
  afterAll(() => t?.close());

  const markPaid = (ids: unknown[], token = accounts) =>
    t.app.inject({ method: 'POST', url: '/api/pay/period/paid', headers: bearer(token), payload: { ids } });

  /** A driver with two tasks in the week and the week's period loaded (ACTIVE). */
  async function driverWithPeriod() {
    const driver = await createPayDriver(t.db);
    const { jobId, taskIds } = await createCompletedTasks(t.db, {
      catalogue,
      companyId,
      driverId: driver.id,
      tasks: [
        { completedAt: IN_WEEK, driverPay: 30, driverPayExtra: 2 },
        { completedAt: IN_WEEK, driverPay: 12.5 },
      ],
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/pay/period?start=${WEEK.start}&end=${WEEK.end}`,
      headers: bearer(accounts),
    });
    const period = payPeriodListSchema
      .parse(response.json())
      .find((candidate) => candidate.driver.id === driver.id) as PayPeriod;
    return { driver, jobId, taskIds, period };
  }

  /** A driver whose period was finalised: pending payment, its tasks locked. */
  async function pendingPayment() {
    const made = await driverWithPeriod();
    await setPeriodStatus(t.db, made.period.id, 'IN_REVIEW');
    const finalised = await t.app.inject({
      method: 'POST',
      url: '/api/pay/period/finalise',
      headers: bearer(accounts),
      payload: { ids: [made.period.id] },
    });
    expect(finalised.statusCode, finalised.body).toBe(200);
    return made;
  }

  const statusOf = async (id: number) =>
    (await t.db.select({ status: payPeriods.status }).from(payPeriods).where(eq(payPeriods.id, id)))[0]?.status;
  const taskPayStatuses = async (ids: number[]) =>
    (await t.db.select({ payStatus: bookingTasks.payStatus }).from(bookingTasks).where(inArray(bookingTasks.id, ids)))
      .map((row) => row.payStatus)
      .sort();

  it('moves pending-payment periods and their tasks to PAID in one go, keeping the amounts finalised', async () => {
    const first = await pendingPayment();
    const second = await pendingPayment();
    const before = payPeriodListSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/pay/period?start=${WEEK.start}&end=${WEEK.end}`,
          headers: bearer(accounts),
        })
      ).json(),
    );
    const firstBefore = before.find((period) => period.id === first.period.id)!;

    const response = await markPaid([first.period.id, second.period.id]);
    expect(response.statusCode, response.body).toBe(200);
    const answered = payPeriodListSchema.parse(response.json());
    expect(answered.map((period) => [period.id, period.status]).sort()).toEqual(
      [
        [first.period.id, 'PAID'],
        [second.period.id, 'PAID'],
      ].sort(),
    );
    expect(answered.find((period) => period.id === first.period.id)).toMatchObject({
      total: firstBefore.total,
      basePay: 44.5,
      version: firstBefore.version + 1,
    });
    expect(await taskPayStatuses([...first.taskIds, ...second.taskIds])).toEqual(['PAID', 'PAID', 'PAID', 'PAID']);
    const audit = await t.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(first.period.id)));
    expect(audit).toContainEqual({ action: 'mark-paid', after: 'PAID' });

    // Paid is final: marking it again is refused, and so is a save.
    const again = await markPaid([first.period.id]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(`pay period ${first.period.id}`);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/pay/period',
      headers: bearer(accounts),
      payload: [{ id: first.period.id, daysWorked: 5, daysBookedOff: 0, daysMissed: 0 }],
    });
    expect(saved.statusCode).toBe(409);
    expect(saved.json()).toMatchObject({ error: 'LOCKED_PAID' });
  });

  it('leaves driver pay locked in price editing with the spec text once paid', async () => {
    const { period, jobId, taskIds } = await pendingPayment();
    expect((await markPaid([period.id])).statusCode).toBe(200);
    const [job] = await t.db
      .select({ reference: bookingJobs.reference, version: bookingJobs.version })
      .from(bookingJobs)
      .where(eq(bookingJobs.id, jobId));

    const taskEdit = await t.app.inject({
      method: 'PUT',
      url: '/api/pricing/update/tasks',
      headers: bearer(pricing),
      payload: [{ jobId, version: job!.version, taskId: taskIds[0], driverPay: 31, driverExtras: 2 }],
    });
    expect(taskEdit.statusCode).toBe(409);
    expect(taskEdit.json()).toEqual({
      error: 'LOCKED_PAID',
      message: `Job ${job!.reference}: ${DRIVER_PAY_PAID_MESSAGE}`,
    });

    const jobEdit = await t.app.inject({
      method: 'PUT',
      url: '/api/pricing/update',
      headers: bearer(pricing),
      payload: [{ jobId, version: job!.version, driverPay: 50 }],
    });
    expect(jobEdit.statusCode).toBe(409);
    expect(jobEdit.json()).toEqual({
      error: 'LOCKED_PAID',
      message: `Job ${job!.reference}: ${DRIVER_PAY_PAID_MESSAGE}`,
    });

    const status = await t.app.inject({
      method: 'GET',
      url: `/api/pricing/invoice-and-driver-pay-status?jobId=${jobId}`,
      headers: bearer(pricing),
    });
    expect(status.json().driverPayStatus).toEqual(
      expect.arrayContaining(taskIds.map((taskId) => ({ taskId, payStatus: 'PAID' }))),
    );
  });

  it('refuses the whole list with 409 naming a period not pending payment, changing nothing', async () => {
    const pending = await pendingPayment();
    const active = await driverWithPeriod();
    const inReview = await driverWithPeriod();
    await setPeriodStatus(t.db, inReview.period.id, 'IN_REVIEW');

    for (const other of [active, inReview]) {
      const response = await markPaid([pending.period.id, other.period.id]);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: 'STATE_CONFLICT' });
      expect(response.json().message).toContain('Only pay periods pending payment can be marked paid');
      expect(response.json().message).toContain(`pay period ${other.period.id}`);
      // In words staff use, not the status's code name.
      expect(response.json().message).toMatch(other === active ? /is active\./ : /is in review\./);
    }
    expect(await statusOf(pending.period.id)).toBe('PENDING_PAYMENT');
    expect(await statusOf(active.period.id)).toBe('ACTIVE');
    expect(await statusOf(inReview.period.id)).toBe('IN_REVIEW');
    expect(await taskPayStatuses(pending.taskIds)).toEqual(['PENDING_PAYMENT', 'PENDING_PAYMENT']);
    expect(await taskPayStatuses([...active.taskIds, ...inReview.taskIds])).toEqual([
      'ACTIVE',
      'ACTIVE',
      'ACTIVE',
      'ACTIVE',
    ]);
  });

  it('refuses a dispatcher, an unknown period and odd ids', async () => {
    const pending = await pendingPayment();
    const refused = await markPaid([pending.period.id], dispatcher);
    expect(refused.statusCode).toBe(403);
    expect(await statusOf(pending.period.id)).toBe('PENDING_PAYMENT');
    expect((await markPaid([pending.period.id], pricing)).statusCode).toBe(403);

    expect((await markPaid([2_147_483_647])).statusCode).toBe(404);
    for (const ids of [[], [0], ['1'], [1.5], [pending.period.id, pending.period.id]])
      expect((await markPaid(ids)).statusCode).toBe(400);
    expect(await statusOf(pending.period.id)).toBe('PENDING_PAYMENT');
  });
});
