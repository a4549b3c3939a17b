import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingJobs, bookingTasks, invoiceDocuments, invoicePeriods } from '../../db/schema/index.ts';
import { createBackgroundRunner } from '../../platform/background/runner.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { createBooking, createBookingCatalogue, type BookingCatalogue } from '../../test/booking-factories.ts';
import { bearer, createCompany, createInvoicePeriod, signInAs } from '../../test/factories.ts';
import { startFinaliseThroughApi } from '../../test/finalise-through-api.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { FINALISE_RUN_KIND, finaliseRunHandler } from './finalise.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A charge edit and a finalise of the same period at the same moment, on a PostgreSQL server (PGlite
 * has one connection, so nothing there runs at once). Either the edit is refused as invoiced or the
 * invoice prints it; never an invoice that says one amount while the job says another (issue 12).
 */
describe.runIf(databaseKinds.includes('postgres'))('a price edit racing a finalise on PostgreSQL', () => {
  let t: TestApp;
  let accounts: string;
  let pricing: string;
  let services: BookingCatalogue['services'];
  let n = 0;
  // The e-mails are not what is tested here.
  const mailer: Mailer = { send: async () => {} };

  beforeAll(async () => {
    t = await createTestApp('postgres');
    accounts = await signInAs(t, ['ACCOUNTS']);
    pricing = await signInAs(t, ['PRICING']);
    services = (await createBookingCatalogue(t.db)).services;
  });
  afterAll(() => t?.close());

  /** A period in review holding one €100.00 job with one task paid €10.00. */
  async function periodWithOneJob() {
    const code = `RACE${++n}`;
    const company = await createCompany(t.db, { company: { name: code, accountCode: code, billingBasis: 'account' } });
    const period = await createInvoicePeriod(t.db, company);
    const booking = await createBooking(t.db, {
      booking: {
        reference: code,
        companyId: company.id,
        serviceId: services.bikeStandard,
        type: 'same_day',
        status: 'delivered',
      },
      jobs: [{ invoicePeriodId: period.id, customerCharge: 100, tasks: [{ driverPay: 10 }] }],
    });
    const jobId = booking.jobIds[0]!;
    const [task] = await t.db.select().from(bookingTasks).where(eq(bookingTasks.jobId, jobId));
    return { period, jobId, taskId: task!.id };
  }

  /** PUT /api/pricing/update, with a flag that says whether it has answered yet. */
  function editCharge(change: object) {
    const edit = {
      answered: false,
      response: undefined as unknown as Promise<Awaited<ReturnType<TestApp['app']['inject']>>>,
    };
    edit.response = t.app
      .inject({ method: 'PUT', url: '/api/pricing/update', headers: bearer(pricing), payload: [change] })
      .then((response) => {
        edit.answered = true;
        return response;
      });
    return edit;
  }

  const chargeOf = async (jobId: number) =>
    (await t.db.select().from(bookingJobs).where(eq(bookingJobs.id, jobId)))[0]!.customerCharge;

  it('a finalise holding the period first: the edit waits, then is refused as invoiced', async () => {
    const { period, jobId } = await periodWithOneJob();
    let edit: ReturnType<typeof editCharge> | undefined;
    await t.db.transaction(async (tx) => {
      // What a finalise step does: lock the period, print, number, mark it, commit.
      await tx.select().from(invoicePeriods).where(eq(invoicePeriods.id, period.id)).for('update');
      edit = editCharge({ jobId, version: 1, customerCharge: 150 });
      await sleep(400);
      expect(edit.answered, 'the edit must wait for the finalise').toBe(false);
      await tx.update(invoicePeriods).set({ status: 'INVOICED' }).where(eq(invoicePeriods.id, period.id));
    });
    const response = await edit!.response;
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ error: 'LOCKED_INVOICED' });
    expect(await chargeOf(jobId)).toBe(100);
  });

  it('an edit holding the job first: the finalise waits, then prints the new charge', async () => {
    const { period, jobId, taskId } = await periodWithOneJob();
    const runner = createBackgroundRunner({
      db: t.db,
      handlers: { [FINALISE_RUN_KIND]: finaliseRunHandler({ mailer, supplier: t.config.invoiceSupplier }) },
      backoff: { firstMs: 0, maxMs: 0 },
      onError: (error) => {
        throw error;
      },
    });
    let finalising: Promise<void> | undefined;
    let edit: ReturnType<typeof editCharge> | undefined;
    await t.db.transaction(async (tx) => {
      // Holding the task keeps the edit open after it has read and locked what it reads (its pay
      // change is written last), the moment a finalise could otherwise print the old charge.
      await tx.select().from(bookingTasks).where(eq(bookingTasks.id, taskId)).for('update');
      edit = editCharge({ jobId, version: 1, customerCharge: 150, driverPay: 12 });
      await sleep(300);
      await startFinaliseThroughApi(t, { token: accounts, ids: [period.id] });
      // Not awaited: the run must be under way while this transaction still holds the task.
      finalising = runner.runUntilIdle();
      await sleep(400);
      const [still] = await t.db.select().from(invoicePeriods).where(eq(invoicePeriods.id, period.id));
      expect(still!.status, 'the finalise must wait for the edit').toBe('IN_REVIEW');
    });
    const response = await edit!.response;
    expect(response.statusCode, response.body).toBe(200);
    await finalising;
    const [invoiced] = await t.db.select().from(invoicePeriods).where(eq(invoicePeriods.id, period.id));
    expect(invoiced!.status).toBe('INVOICED');
    const [document] = await t.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.periodId, period.id));
    // €150.00 plus 23% VAT: the invoice and the job agree.
    expect(document!.total).toBe(184.5);
    expect(await chargeOf(jobId)).toBe(150);
  });
});
