import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingJobs, companyExtendedSettings, invoicePeriods, jobPriceAdjustments } from '../../db/schema/index.ts';
import { createBackgroundRunner } from '../../platform/background/runner.ts';
import { enqueueRun } from '../../platform/background/enqueue.ts';
import { createBooking, createBookingCatalogue } from '../../test/booking-factories.ts';
import { createCompany } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { PERIODS_RUN_KIND, invoicePeriodsRunHandler } from './period-schedule.ts';

describe.each(databaseKinds)('the invoice periods run on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  // Wednesday 25 November 2026, 09:00 in Dublin.
  const now = () => new Date('2026-11-25T09:00:00Z');
  async function run() {
    await enqueueRun(t.db, { kind: PERIODS_RUN_KIND, params: {} });
    await createBackgroundRunner({
      db: t.db,
      handlers: { [PERIODS_RUN_KIND]: invoicePeriodsRunHandler({ now }) },
      onError: (error) => {
        throw error;
      },
    }).runUntilIdle();
  }

  it('sends ended periods to review, and puts chargeable jobs in their company open period, once', async () => {
    const { services } = await createBookingCatalogue(t.db);
    const weekly = await createCompany(t.db, {
      company: { name: 'Weekly Co', accountCode: 'WKL', billingBasis: 'account' },
    });
    await t.db
      .update(companyExtendedSettings)
      .set({ invoiceInterval: 'W' })
      .where(eq(companyExtendedSettings.companyId, weekly.id));
    const cardPayer = await createCompany(t.db, { company: { name: 'Card Co', billingBasis: 'stripe' } });
    const [ended, running] = await t.db
      .insert(invoicePeriods)
      .values([
        { companyId: weekly.id, identifier: 'WKL-2026-W47', status: 'ACTIVE', start: '2026-11-16', end: '2026-11-22' },
        { companyId: weekly.id, identifier: 'WKL-2026-W49', status: 'ACTIVE', start: '2026-11-30', end: '2026-12-06' },
      ])
      .returning();
    const booking = (reference: string, companyId: number, status: 'delivered' | 'confirmed', charge: number) =>
      createBooking(t.db, {
        booking: { reference, companyId, serviceId: services.bikeStandard, type: 'same_day', status },
        jobs: [{ customerCharge: charge, adjustments: [{ type: 'WAITING_TIME', charge: 5, cost: 2 }] }],
      });
    const delivered = await booking('S1', weekly.id, 'delivered', 20);
    const notYet = await booking('S2', weekly.id, 'confirmed', 20);
    const free = await booking('S3', weekly.id, 'delivered', 0);
    const card = await booking('S4', cardPayer.id, 'delivered', 20);

    await run();
    await run(); // a second slot changes nothing more

    const periods = await t.db
      .select()
      .from(invoicePeriods)
      .where(eq(invoicePeriods.companyId, weekly.id))
      .orderBy(asc(invoicePeriods.start));
    expect(periods.map((p) => [p.identifier, p.status])).toEqual([
      ['WKL-2026-W47', 'IN_REVIEW'],
      ['WKL-2026-W48', 'ACTIVE'],
      ['WKL-2026-W49', 'ACTIVE'],
    ]);
    expect(periods[0]!.id).toBe(ended!.id);
    expect(periods[2]!.id).toBe(running!.id);
    const open = periods[1]!;
    expect([open.start, open.end]).toEqual(['2026-11-23', '2026-11-29']);
    const periodOf = async (jobId: number) =>
      (await t.db.select().from(bookingJobs).where(eq(bookingJobs.id, jobId)))[0]!.invoicePeriodId;
    expect(await periodOf(delivered.jobIds[0]!)).toBe(open.id);
    expect(await periodOf(notYet.jobIds[0]!)).toBeNull();
    expect(await periodOf(free.jobIds[0]!)).toBeNull();
    expect(await periodOf(card.jobIds[0]!)).toBeNull();
    const [adjustment] = await t.db
      .select()
      .from(jobPriceAdjustments)
      .where(eq(jobPriceAdjustments.jobId, delivered.jobIds[0]!));
    expect(adjustment!.invoicePeriodId).toBe(open.id);
    // An adjustment belongs to the period open when it is made, even when its job is in none yet.
    const [lateAdjustment] = await t.db
      .select()
      .from(jobPriceAdjustments)
      .where(eq(jobPriceAdjustments.jobId, notYet.jobIds[0]!));
    expect(lateAdjustment!.invoicePeriodId).toBe(open.id);
  });
});
