import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dublinToday } from '@courier/domain/common/calendar-days';
import { recentPayWeeks } from '@courier/domain/driver-pay/pay-weeks';
import { payPeriodListSchema } from '@courier/domain/driver-pay/schemas';
import { bearer, signInAs } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { demoInvoicingOf } from '../../test/demo-invoicing.ts';
import { seedDemoData } from './demo.ts';

// Demo driver pay (issue 13): the pay screen's six weeks show real numbers in every state.
describe.each(databaseKinds)('demo driver pay on %s', (kind) => {
  let t: TestApp;
  const weeks = recentPayWeeks(dublinToday());
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoData(t.db, { invoicing: demoInvoicingOf(t) });
  }, 300_000);
  afterAll(() => t?.close());

  it('lists six weeks of periods: this week active, last week in review, then pending payment and paid, with totals', async () => {
    const token = await signInAs(t, ['ACCOUNTS']);
    const expected = ['ACTIVE', 'IN_REVIEW', 'PENDING_PAYMENT', 'PAID', 'PAID', 'PAID'];
    for (const [index, week] of weeks.entries()) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/pay/period?start=${week.start}&end=${week.end}`,
        headers: bearer(token),
      });
      expect(response.statusCode, response.body).toBe(200);
      const periods = payPeriodListSchema.parse(response.json());
      // This week may have no work yet early on a Monday; every earlier week has.
      if (index === 0 && periods.length === 0) continue;
      expect(periods.length, week.start).toBeGreaterThan(index === 0 ? 0 : 20);
      expect(new Set(periods.map((period) => period.status))).toEqual(new Set([expected[index]]));
      expect(periods.filter((period) => period.total > 0).length).toBeGreaterThan(periods.length / 2);
    }
  });

  it("keeps tasks' pay status with their week's period, and has a week whose deductions exceed the pay", async () => {
    const result = await t.db.execute(sql`
      select p.status, t.pay_status, count(*)::int as tasks
      from pay_periods p join booking_tasks t on t.driver_id = p.driver_id
        and t.completed_at >= (p.start_day::timestamp at time zone 'Europe/Dublin')
        and t.completed_at < ((p.end_day + 1)::timestamp at time zone 'Europe/Dublin')
      group by 1, 2`);
    const rows = (result as unknown as { rows: { status: string; pay_status: string }[] }).rows;
    const expected: Record<string, string> = {
      ACTIVE: 'ACTIVE',
      IN_REVIEW: 'ACTIVE',
      PENDING_PAYMENT: 'PENDING_PAYMENT',
      PAID: 'PAID',
    };
    for (const row of rows) expect(row.pay_status, row.status).toBe(expected[row.status]);
    const credit = await t.db.execute(sql`
      select p.id from pay_periods p
      where p.base_pay + p.fuel_surcharge + p.attendance_bonus + p.cargo_bonus + p.helmet_bonus + p.back_box_bonus
        + coalesce((select sum(case when a.is_deduction then -a.amount else a.amount end) from pay_adjustments a where a.pay_period_id = p.id), 0) < 0`);
    expect((credit as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
  });
});
