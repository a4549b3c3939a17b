import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingJobs,
  companies,
  companyExtendedSettings,
  invoicePeriods,
  jobPriceAdjustments,
} from '../../db/schema/index.ts';
import { createBackgroundRunner } from '../../platform/background/runner.ts';
import { enqueueRun } from '../../platform/background/enqueue.ts';
import { createBooking, createBookingCatalogue, type BookingCatalogue } from '../../test/booking-factories.ts';
import { createCompany } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { PERIODS_RUN_KIND, invoicePeriodsRunHandler } from './period-schedule.ts';

describe.each(databaseKinds)('the invoice periods run on %s', (kind) => {
  let t: TestApp;
  let services: BookingCatalogue['services'];
  beforeAll(async () => {
    t = await createTestApp(kind);
    services = (await createBookingCatalogue(t.db)).services;
  });
  afterAll(() => t?.close());

  // Wednesday 25 November 2026, 09:00 in Dublin.
  const now = () => new Date('2026-11-25T09:00:00Z');
  async function run(at: () => Date = now) {
    await enqueueRun(t.db, { kind: PERIODS_RUN_KIND, params: {} });
    await createBackgroundRunner({
      db: t.db,
      handlers: { [PERIODS_RUN_KIND]: invoicePeriodsRunHandler({ now: at }) },
      onError: (error) => {
        throw error;
      },
    }).runUntilIdle();
  }

  it('sends ended periods to review, and puts chargeable jobs in their company open period, once', async () => {
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

  /** A weekly account customer; `code` keeps its period identifiers apart from other tests'. */
  async function weeklyCustomer(code: string) {
    const company = await createCompany(t.db, {
      company: { name: `Weekly ${code}`, accountCode: code, billingBasis: 'account' },
    });
    await t.db
      .update(companyExtendedSettings)
      .set({ invoiceInterval: 'W' })
      .where(eq(companyExtendedSettings.companyId, company.id));
    return company;
  }
  const periodsOfCompany = (companyId: number) =>
    t.db
      .select()
      .from(invoicePeriods)
      .where(eq(invoicePeriods.companyId, companyId))
      .orderBy(asc(invoicePeriods.start));
  const periodOfJob = async (jobId: number) =>
    (await t.db.select().from(bookingJobs).where(eq(bookingJobs.id, jobId)))[0]!.invoicePeriodId;

  it('puts a job delivered at 23:59 on the Sunday the clocks go forward into that week, not the one the run sees', async () => {
    const company = await weeklyCustomer('DST');
    const [week13] = await t.db
      .insert(invoicePeriods)
      .values({
        companyId: company.id,
        identifier: 'DST-2026-W13',
        status: 'ACTIVE',
        start: '2026-03-23',
        end: '2026-03-29',
      })
      .returning();
    const delivered = (reference: string, at: string) =>
      createBooking(t.db, {
        booking: {
          reference,
          companyId: company.id,
          serviceId: services.bikeStandard,
          type: 'same_day',
          status: 'delivered',
        },
        jobs: [{ customerCharge: 30, lastStatusUpdate: new Date(at), deliveryTime: new Date(at) }],
      });
    // Summer time began at 01:00 on Sunday 29 March 2026: 23:59 that night in Dublin is 22:59 UTC.
    const sunday = await delivered('DST1', '2026-03-29T22:59:00Z');
    // Five minutes past midnight on Monday in Dublin, still Sunday in UTC.
    const monday = await delivered('DST2', '2026-03-29T23:05:00Z');

    // The run after midnight, at 00:15 on Monday 30 March in Dublin.
    await run(() => new Date('2026-03-29T23:15:00Z'));

    const periods = await periodsOfCompany(company.id);
    expect(periods.map((p) => [p.identifier, p.status, p.start, p.end])).toEqual([
      ['DST-2026-W13', 'IN_REVIEW', '2026-03-23', '2026-03-29'],
      ['DST-2026-W14', 'ACTIVE', '2026-03-30', '2026-04-05'],
    ]);
    expect(await periodOfJob(sunday.jobIds[0]!)).toBe(week13!.id);
    expect(await periodOfJob(monday.jobIds[0]!)).toBe(periods[1]!.id);
  });

  it('puts a job that became chargeable in a week already invoiced into the open period, and one in a week in review there', async () => {
    const company = await weeklyCustomer('LATE');
    const [invoiced, inReview] = await t.db
      .insert(invoicePeriods)
      .values([
        {
          companyId: company.id,
          identifier: 'LATE-2026-W46',
          status: 'INVOICED',
          start: '2026-11-09',
          end: '2026-11-15',
        },
        {
          companyId: company.id,
          identifier: 'LATE-2026-W47',
          status: 'IN_REVIEW',
          start: '2026-11-16',
          end: '2026-11-22',
        },
      ])
      .returning();
    const job = (reference: string, status: 'delivered' | 'cancelled', at: string | null) =>
      createBooking(t.db, {
        booking: { reference, companyId: company.id, serviceId: services.bikeStandard, type: 'same_day', status },
        jobs: [{ customerCharge: 12.5, lastStatusUpdate: at === null ? null : new Date(at) }],
      });
    // Delivered on Friday 13 November, but first seen by the run after that week was invoiced.
    const late = await job('LATE1', 'delivered', '2026-11-13T15:00:00Z');
    // Cancelled with a charge on Saturday 21 November: its week is in review, not yet numbered.
    const cancelled = await job('LATE2', 'cancelled', '2026-11-21T10:00:00Z');
    // Delivered in week 44, when the company had no period: the period is made, and goes straight to review.
    const older = await job('LATE3', 'delivered', '2026-10-28T10:00:00Z');

    await run();

    const periods = await periodsOfCompany(company.id);
    expect(periods.map((p) => [p.identifier, p.status])).toEqual([
      ['LATE-2026-W44', 'IN_REVIEW'],
      ['LATE-2026-W46', 'INVOICED'],
      ['LATE-2026-W47', 'IN_REVIEW'],
      ['LATE-2026-W48', 'ACTIVE'],
    ]);
    const open = periods[3]!;
    expect(await periodOfJob(late.jobIds[0]!)).toBe(open.id);
    expect(await periodOfJob(late.jobIds[0]!)).not.toBe(invoiced!.id);
    expect(await periodOfJob(cancelled.jobIds[0]!)).toBe(inReview!.id);
    expect(await periodOfJob(older.jobIds[0]!)).toBe(periods[0]!.id);
  });

  it('puts work done before the company billed on account into its first account period, not backdated ones', async () => {
    const company = await weeklyCustomer('SWITCH');
    // Billed by card until Monday 23 November 2026, on account since.
    await t.db
      .update(companies)
      .set({ accountBillingStarted: new Date('2026-11-23T10:00:00Z') })
      .where(eq(companies.id, company.id));
    const { jobIds } = await createBooking(t.db, {
      booking: {
        reference: 'SWITCH1',
        companyId: company.id,
        serviceId: services.bikeStandard,
        type: 'same_day',
        status: 'delivered',
      },
      jobs: [{ customerCharge: 18, lastStatusUpdate: new Date('2026-10-05T10:00:00Z') }],
    });

    await run();

    const periods = await periodsOfCompany(company.id);
    expect(periods.map((p) => [p.identifier, p.status])).toEqual([['SWITCH-2026-W48', 'ACTIVE']]);
    expect(await periodOfJob(jobIds[0]!)).toBe(periods[0]!.id);
  });
});
