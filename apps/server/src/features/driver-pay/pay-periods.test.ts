import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dublinToday } from '@courier/domain/common/calendar-days';
import { computePayPeriod, NO_PAY_SETTINGS } from '@courier/domain/driver-pay/formulas';
import { payWeekOf } from '@courier/domain/driver-pay/pay-weeks';
import { PAY_WEEK_MESSAGE, payPeriodListSchema, type PayPeriod } from '@courier/domain/driver-pay/schemas';
import { auditLog, bookingTasks, payAdjustments, payPeriods } from '../../db/schema/index.ts';
import { createBookingCatalogue, type BookingCatalogue } from '../../test/booking-factories.ts';
import { bearer, createCompany, signInAs } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { createCompletedTasks, createPayDriver, savePaySettingsRow, setPeriodStatus } from './pay-factories.ts';

// Issue 13, spec 2 §7 'Pay': GET and POST /api/pay/period and POST /api/pay/period/create, on PGlite and PostgreSQL.

/** A week in summer time (Dublin is UTC+1): Monday 1 to Sunday 7 June 2026. */
const WEEK = { start: '2026-06-01', end: '2026-06-07' };
const IN_WEEK = new Date('2026-06-03T10:00:00Z');

describe.each(databaseKinds)('pay periods on %s', (kind) => {
  let t: TestApp;
  let accounts: string;
  let catalogue: BookingCatalogue;
  let companyId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    accounts = await signInAs(t, ['ACCOUNTS']);
    catalogue = await createBookingCatalogue(t.db);
    companyId = (await createCompany(t.db)).id;
  });
  afterAll(() => t?.close());

  const list = (week = WEEK, token = accounts) =>
    t.app.inject({ method: 'GET', url: `/api/pay/period?start=${week.start}&end=${week.end}`, headers: bearer(token) });
  const save = (payload: unknown, token = accounts) =>
    t.app.inject({ method: 'POST', url: '/api/pay/period', headers: bearer(token), payload: payload as object });
  const periodsOf = async (week = WEEK): Promise<PayPeriod[]> => {
    const response = await list(week);
    expect(response.statusCode, response.body).toBe(200);
    return payPeriodListSchema.parse(response.json());
  };
  const periodOfDriver = async (driverId: number, week = WEEK) => {
    const period = (await periodsOf(week)).find((candidate) => candidate.driver.id === driverId);
    if (!period) throw new Error(`No period for driver ${driverId}`);
    return period;
  };
  const tasks = (driverId: number, rows: { completedAt: Date | null; driverPay: number; driverPayExtra?: number }[]) =>
    createCompletedTasks(t.db, { catalogue, companyId, driverId, tasks: rows });

  describe('GET /api/pay/period', () => {
    it('creates a period for each driver with a task completed in the Dublin week, base pay = pay + extras', async () => {
      const driver = await createPayDriver(t.db);
      const idle = await createPayDriver(t.db);
      await tasks(driver.id, [
        { completedAt: new Date('2026-05-31T23:30:00Z'), driverPay: 11.11 }, // Monday 00:30 in Dublin: in
        { completedAt: IN_WEEK, driverPay: 20.1, driverPayExtra: 4.95 },
        { completedAt: new Date('2026-06-07T22:59:00Z'), driverPay: 5 }, // Sunday 23:59 in Dublin: in
        { completedAt: new Date('2026-06-07T23:00:00Z'), driverPay: 1000 }, // Monday 00:00 in Dublin: next week
        { completedAt: new Date('2026-05-31T22:59:00Z'), driverPay: 2000 }, // Sunday before: last week
        { completedAt: null, driverPay: 3000 }, // not completed
      ]);

      const periods = await periodsOf();
      const period = periods.find((candidate) => candidate.driver.id === driver.id);
      expect(period).toMatchObject({
        status: 'ACTIVE',
        start: WEEK.start,
        end: WEEK.end,
        basePay: 41.16,
        total: 41.16,
        paySettingsSaved: false,
        settings: NO_PAY_SETTINGS,
        adjustments: [],
        driver: { id: driver.id, driverNumber: driver.driverNumber, vehicle: 'van' },
      });
      expect(periods.some((candidate) => candidate.driver.id === idle.id)).toBe(false);

      // Loading again creates nothing new.
      await periodsOf();
      const rows = await t.db.select().from(payPeriods).where(eq(payPeriods.driverId, driver.id));
      expect(rows).toHaveLength(1);
      const next = await periodOfDriver(driver.id, { start: '2026-06-08', end: '2026-06-14' });
      expect(next.basePay).toBe(1000);
    });

    it("works the totals out with the domain's computePayPeriod from the driver's settings", async () => {
      const driver = await createPayDriver(t.db, { vehicle: 'bike' });
      const settings = {
        ...NO_PAY_SETTINGS,
        applyFuelSurcharge: true,
        minPay: 500,
        maxBoost: 100,
        attendanceBonusOneDay: 1.5,
        cargoRentalDeduction: 2.5,
      };
      await savePaySettingsRow(t.db, driver.id, settings);
      await tasks(driver.id, [{ completedAt: IN_WEEK, driverPay: 123.47 }]);

      const period = await periodOfDriver(driver.id);
      const expected = computePayPeriod({
        basePay: 123.47,
        vehicle: 'bike',
        settings,
        daysWorked: 0,
        daysBookedOff: 0,
        daysMissed: 0,
      });
      expect(period).toMatchObject({
        paySettingsSaved: true,
        basePay: 123.47,
        fuelSurcharge: 8.03, // 6.5 % of a bike's base pay
        attendanceBonus: 1.85,
        total: expected.total,
      });
      expect(period.total).toBe(133.35);
      // The period carries what the formulas read, so the grid computes as the server does.
      expect(period.settings).toEqual(settings);
    });

    it('follows task pay edited after the first load while the period is editable, not once it is paid', async () => {
      const driver = await createPayDriver(t.db);
      const { taskIds } = await tasks(driver.id, [{ completedAt: IN_WEEK, driverPay: 10 }]);
      const first = await periodOfDriver(driver.id);
      expect(first.total).toBe(10);
      await t.db.update(bookingTasks).set({ driverPay: 15 }).where(eq(bookingTasks.id, taskIds[0]!));
      expect((await periodOfDriver(driver.id)).total).toBe(15);
      expect((await periodOfDriver(driver.id)).version).toBe(first.version); // a refresh is not an edit

      await setPeriodStatus(t.db, first.id, 'PAID');
      await t.db.update(bookingTasks).set({ driverPay: 99 }).where(eq(bookingTasks.id, taskIds[0]!));
      expect((await periodOfDriver(driver.id)).total).toBe(15);
    });

    it('refuses a window that is not Monday to Sunday with a 400 and a message', async () => {
      for (const week of [
        { start: '2026-06-02', end: '2026-06-08' },
        { start: '2026-06-01', end: '2026-06-14' },
      ]) {
        const response = await list(week);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toContain(PAY_WEEK_MESSAGE);
      }
      const garbage = await t.app.inject({
        method: 'GET',
        url: '/api/pay/period?start=2026-13-40&end=x',
        headers: bearer(accounts),
      });
      expect(garbage.statusCode).toBe(400);
      const missing = await t.app.inject({ method: 'GET', url: '/api/pay/period', headers: bearer(accounts) });
      expect(missing.statusCode).toBe(400);
    });
  });

  describe('POST /api/pay/period', () => {
    async function editablePeriod(settings: Partial<typeof NO_PAY_SETTINGS> = {}) {
      const driver = await createPayDriver(t.db);
      await savePaySettingsRow(t.db, driver.id, { ...settings });
      await tasks(driver.id, [{ completedAt: IN_WEEK, driverPay: 300 }]);
      return { driver, period: await periodOfDriver(driver.id) };
    }

    it('saves the inputs, recomputes the totals in the domain and answers the week', async () => {
      const { driver, period } = await editablePeriod({
        minPay: 500,
        maxBoost: 150,
        attendanceBonusFourDay: 2,
        equipmentRentalDeduction: 3,
      });
      const response = await save([
        {
          id: period.id,
          version: period.version,
          daysWorked: 4,
          daysBookedOff: 0,
          daysMissed: 0,
          total: 123456, // ignored: the server works the total out
          adjustments: [
            { type: 'MANUAL_ADDITION', amount: 12.5, description: ' Parking ' },
            { type: 'MANUAL_DEDUCTION', amount: 2.25, description: 'Fine' },
            { type: 'AUTO_BOOST', amount: 999, description: 'Min Pay Boost' }, // sent back: worked out again
          ],
        },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      const saved = payPeriodListSchema.parse(response.json()).find((candidate) => candidate.id === period.id);
      // 4 days: minimum 400, boost at most 120. Pay 300 + 6 attendance = 306: boost 94.
      const expected = computePayPeriod({
        basePay: 300,
        vehicle: 'van',
        settings: {
          ...NO_PAY_SETTINGS,
          minPay: 500,
          maxBoost: 150,
          attendanceBonusFourDay: 2,
          equipmentRentalDeduction: 3,
        },
        daysWorked: 4,
        daysBookedOff: 0,
        daysMissed: 0,
        adjustments: [
          { type: 'MANUAL_ADDITION', amount: 12.5, description: 'Parking', isDeduction: false },
          { type: 'MANUAL_DEDUCTION', amount: 2.25, description: 'Fine', isDeduction: true },
        ],
      });
      expect(saved).toMatchObject({
        daysWorked: 4,
        attendanceBonus: 6,
        total: expected.total,
        version: period.version + 1,
      });
      expect(saved?.total).toBe(300 + 6 + 12.5 - 2.25 - 12 + 94);
      expect(
        saved?.adjustments.map(({ type, amount, description, isDeduction, automatic }) => ({
          type,
          amount,
          description,
          isDeduction,
          automatic,
        })),
      ).toEqual([
        { type: 'MANUAL_ADDITION', amount: 12.5, description: 'Parking', isDeduction: false, automatic: false },
        { type: 'MANUAL_DEDUCTION', amount: 2.25, description: 'Fine', isDeduction: true, automatic: false },
        { type: 'EQUIPMENT_RENTAL', amount: 12, description: 'Equipment Rental', isDeduction: true, automatic: true },
        { type: 'AUTO_BOOST', amount: 94, description: 'Min Pay Boost', isDeduction: false, automatic: true },
      ]);
      expect(saved?.adjustments[0]?.userId).toEqual(expect.any(Number));
      const [row] = await t.db.select().from(payPeriods).where(eq(payPeriods.id, period.id));
      expect(row?.total).toBe(expected.total);
      const audits = await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(period.id)));
      expect(audits.some((audit) => audit.entityType === 'pay_period')).toBe(true);

      // A missed day removes the boost; a manual boost then still counts.
      const missed = await save([{ id: period.id, daysWorked: 4, daysBookedOff: 0, daysMissed: 1, adjustments: [] }]);
      const afterMissed = payPeriodListSchema
        .parse(missed.json())
        .find((candidate) => candidate.driver.id === driver.id);
      expect(afterMissed?.adjustments.map((adjustment) => adjustment.type)).toEqual(['EQUIPMENT_RENTAL']);
      expect(afterMissed?.total).toBe(300 + 6 - 12);
      const manual = await save([
        { id: period.id, daysWorked: 4, daysBookedOff: 0, daysMissed: 1, manualBoost: 20, adjustments: [] },
      ]);
      expect(payPeriodListSchema.parse(manual.json()).find((candidate) => candidate.id === period.id)?.total).toBe(314);
    });

    it('floors the total at 0 when deductions pass the pay', async () => {
      const { period } = await editablePeriod();
      const response = await save([
        {
          id: period.id,
          daysWorked: 1,
          daysBookedOff: 0,
          daysMissed: 0,
          adjustments: [{ type: 'MANUAL_DEDUCTION', amount: 400, description: 'Damage' }],
        },
      ]);
      expect(payPeriodListSchema.parse(response.json()).find((candidate) => candidate.id === period.id)?.total).toBe(0);
    });

    it.each([
      [{ type: 'MANUAL_ADDITION', amount: 0, description: 'x' }, 'Amount must be greater than 0'],
      [{ type: 'MANUAL_ADDITION', amount: -5, description: 'x' }, 'Amount must be greater than 0'],
      [{ type: 'MANUAL_ADDITION', description: 'x' }, 'Amount must be greater than 0'],
      [{ type: 'MANUAL_ADDITION', amount: '12,50', description: 'x' }, 'Enter an amount in euro, e.g. 12.50'],
      [{ type: 'MANUAL_ADDITION', amount: 'ten', description: 'x' }, 'Enter an amount in euro, e.g. 12.50'],
      [{ amount: 5, description: 'x' }, 'Please select a type'],
      [{ type: 'BONUS', amount: 5, description: 'x' }, 'Please select a type'],
      [{ type: 'MANUAL_ADDITION', amount: 5, description: '  ' }, 'Please enter a description'],
      [{ type: 'MANUAL_ADDITION', amount: 5 }, 'Please enter a description'],
    ])('refuses the adjustment %j with "%s", saving nothing', async (adjustment, message) => {
      const { period } = await editablePeriod();
      const response = await save([
        { id: period.id, daysWorked: 3, daysBookedOff: 0, daysMissed: 0, adjustments: [adjustment] },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION' });
      expect(response.json().message).toContain(message);
      const [row] = await t.db.select().from(payPeriods).where(eq(payPeriods.id, period.id));
      expect(row?.daysWorked).toBe(0);
    });

    it.each(['PAID', 'PENDING_PAYMENT'] as const)(
      'refuses a %s period with 409 and saves none of the list',
      async (status) => {
        const { period: open } = await editablePeriod();
        const { period: locked } = await editablePeriod();
        await setPeriodStatus(t.db, locked.id, status);
        const response = await save([
          { id: open.id, daysWorked: 5, daysBookedOff: 0, daysMissed: 0, adjustments: [] },
          {
            id: locked.id,
            daysWorked: 5,
            daysBookedOff: 0,
            daysMissed: 0,
            adjustments: [{ type: 'MANUAL_ADDITION', amount: 1, description: 'x' }],
          },
        ]);
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ error: 'LOCKED_PAID' });
        expect(response.json().message).toContain('can no longer be changed');
        const rows = await t.db.select().from(payPeriods).where(eq(payPeriods.id, open.id));
        expect(rows[0]?.daysWorked).toBe(0);
        expect(rows[0]?.version).toBe(open.version);
        expect(await t.db.select().from(payAdjustments).where(eq(payAdjustments.payPeriodId, locked.id))).toEqual([]);
      },
    );

    it('saves an in-review period', async () => {
      const { period } = await editablePeriod();
      await setPeriodStatus(t.db, period.id, 'IN_REVIEW');
      const response = await save([{ id: period.id, daysWorked: 2, daysBookedOff: 1, daysMissed: 0 }]);
      expect(response.statusCode, response.body).toBe(200);
      expect(payPeriodListSchema.parse(response.json()).find((candidate) => candidate.id === period.id)).toMatchObject({
        status: 'IN_REVIEW',
        daysWorked: 2,
        daysBookedOff: 1,
      });
    });

    it('refuses a stale version with 409 STALE_EDIT, an unknown period with 404', async () => {
      const { period } = await editablePeriod();
      const first = await save([
        { id: period.id, version: period.version, daysWorked: 1, daysBookedOff: 0, daysMissed: 0 },
      ]);
      expect(first.statusCode).toBe(200);
      const stale = await save([
        { id: period.id, version: period.version, daysWorked: 2, daysBookedOff: 0, daysMissed: 0 },
      ]);
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ error: 'STALE_EDIT' });
      const missing = await save([{ id: 2_147_483_647, daysWorked: 2, daysBookedOff: 0, daysMissed: 0 }]);
      expect(missing.statusCode).toBe(404);
    });

    it.each([0, -1, 1.5, 2_147_483_648, '7', null])('refuses the id %j with a 400 naming it', async (id) => {
      const response = await save([{ id, daysWorked: 1, daysBookedOff: 0, daysMissed: 0 }]);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('id must be a whole number from 1 to 2147483647.');
    });

    it.each([
      [150, 'Fuel percent must be at most 100.'],
      [-1, 'Fuel percent must be 0 or more.'],
      [8.555, 'Fuel percent has at most 2 decimal places.'],
      ['5', 'Fuel percent must be a percent.'],
    ])('refuses the fuel percent %j with a 400 naming the field, saving nothing', async (fuelPercent, message) => {
      const { period } = await editablePeriod();
      const response = await save([{ id: period.id, daysWorked: 3, daysBookedOff: 0, daysMissed: 0, fuelPercent }]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION' });
      expect(response.json().details).toContainEqual({ field: 'body.0.fuelPercent', message });
      const [row] = await t.db.select().from(payPeriods).where(eq(payPeriods.id, period.id));
      expect(row?.daysWorked).toBe(0);
      expect(row?.fuelPercent).toBeNull();
    });

    it('refuses a week whose days worked, booked off and missed add up to more than 7, saving none of the list', async () => {
      const { period: other } = await editablePeriod();
      const { period } = await editablePeriod();
      const response = await save([
        { id: other.id, daysWorked: 2, daysBookedOff: 0, daysMissed: 0 },
        { id: period.id, daysWorked: 7, daysBookedOff: 7, daysMissed: 7 },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'VALIDATION',
        message: 'Invalid body.1.daysWorked: Days worked, booked off and missed add up to 21; a week has 7.',
        details: [
          { field: 'body.1.daysWorked', message: 'Days worked, booked off and missed add up to 21; a week has 7.' },
        ],
      });
      for (const before of [other, period]) {
        const [row] = await t.db.select().from(payPeriods).where(eq(payPeriods.id, before.id));
        expect(row).toMatchObject({ daysWorked: 0, daysBookedOff: 0, daysMissed: 0, version: before.version });
      }
      // A full week of 7 still saves.
      const full = await save([{ id: period.id, daysWorked: 4, daysBookedOff: 2, daysMissed: 1 }]);
      expect(full.statusCode, full.body).toBe(200);
    });

    it('refuses days outside 0 to 7, a body that is not a list and a period listed twice', async () => {
      const { period } = await editablePeriod();
      const days = await save([{ id: period.id, daysWorked: 8, daysBookedOff: 0, daysMissed: 0 }]);
      expect(days.statusCode).toBe(400);
      expect(days.json().message).toContain('Days worked must be a whole number from 0 to 7.');
      expect((await save({ id: period.id })).statusCode).toBe(400);
      const twice = await save([
        { id: period.id, daysWorked: 1, daysBookedOff: 0, daysMissed: 0 },
        { id: period.id, daysWorked: 2, daysBookedOff: 0, daysMissed: 0 },
      ]);
      expect(twice.statusCode).toBe(400);
      expect(twice.json().message).toContain('A pay period is listed twice.');
      const nul = await save([
        {
          id: period.id,
          daysWorked: 1,
          daysBookedOff: 0,
          daysMissed: 0,
          adjustments: [{ type: 'MANUAL_ADDITION', amount: 1, description: 'a\u0000b' }],
        },
      ]);
      expect(nul.statusCode).toBe(400);
    });
  });

  describe('POST /api/pay/period/create', () => {
    const create = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/pay/period/create', headers: bearer(accounts), payload });

    it('creates a period worked out from the tasks, once per driver and week', async () => {
      const driver = await createPayDriver(t.db);
      await tasks(driver.id, [{ completedAt: IN_WEEK, driverPay: 42 }]);
      const response = await create({ driverId: driver.id, start: WEEK.start });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'ACTIVE',
        start: WEEK.start,
        end: WEEK.end,
        basePay: 42,
        total: 42,
        driver: { id: driver.id },
      });
      const again = await create({ driverId: driver.id, start: WEEK.start });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: 'ALREADY_EXISTS' });
      expect(again.json().message).toContain('already has a pay period for the week of 01/06/26');
    });

    it('defaults to the current week', async () => {
      const driver = await createPayDriver(t.db);
      const response = await create({ driverId: driver.id });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ ...payWeekOf(dublinToday()), basePay: 0 });
    });

    it('answers 404 for no such driver and 400 for an odd id or a start that is not a Monday', async () => {
      expect((await create({ driverId: 2_147_483_647 })).statusCode).toBe(404);
      for (const driverId of [0, 2_147_483_648, 'abc', 1.5]) {
        const response = await create({ driverId });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toContain('driverId must be a whole number from 1 to 2147483647.');
      }
      const driver = await createPayDriver(t.db);
      const tuesday = await create({ driverId: driver.id, start: '2026-06-02' });
      expect(tuesday.statusCode).toBe(400);
      expect(tuesday.json().message).toContain('start must be a Monday.');
    });
  });
});
