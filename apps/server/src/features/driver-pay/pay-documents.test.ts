import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payPeriodListSchema, type PayPeriod } from '@courier/domain/driver-pay/schemas';
import { bookingTasks } from '../../db/schema/index.ts';
import { createBookingCatalogue, type BookingCatalogue } from '../../test/booking-factories.ts';
import { bearer, createCompany, signInAs } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { createCompletedTasks, createPayDriver, savePaySettingsRow, setPeriodStatus } from './pay-factories.ts';

// Issue 13, spec 2 §3 'Document types' and §7 'Pay': the timesheet and the five driver documents as
// PDFs read back as text, on PGlite and PostgreSQL.

async function pdfText(base64: string): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(Buffer.from(base64, 'base64')));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** Monday 12 to Sunday 18 October 2026. */
const WEEK = { start: '2026-10-12', end: '2026-10-18' };
const TUESDAY = new Date('2026-10-13T09:15:00Z');
const THURSDAY = new Date('2026-10-15T14:40:00Z');

describe.each(databaseKinds)('driver pay documents on %s', (kind) => {
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

  const get = (url: string, token = accounts) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  /**
   * A driver with three tasks in the week (pay 40 + extras 1, 2.50, and 10 on Thursday: base €53.50),
   * pay settings when asked, the period loaded and saved with 5 days worked and the adjustments given.
   */
  async function periodOf(
    options: {
      settings?: Parameters<typeof savePaySettingsRow>[2] | null;
      adjustments?: { type: 'MANUAL_ADDITION' | 'MANUAL_DEDUCTION'; amount: number; description: string }[];
    } = {},
  ): Promise<{ period: PayPeriod; name: string; driverNumber: number }> {
    const driver = await createPayDriver(t.db);
    if (options.settings !== null) await savePaySettingsRow(t.db, driver.id, options.settings ?? {});
    const { taskIds } = await createCompletedTasks(t.db, {
      catalogue,
      companyId,
      driverId: driver.id,
      tasks: [
        { completedAt: TUESDAY, driverPay: 40, driverPayExtra: 1 },
        { completedAt: TUESDAY, driverPay: 2.5 },
      ],
    });
    // The second stop is the delivery (the factory makes collections).
    await t.db.update(bookingTasks).set({ type: 'DELIVERY' }).where(eq(bookingTasks.id, taskIds[1]!));
    await createCompletedTasks(t.db, {
      catalogue,
      companyId,
      driverId: driver.id,
      tasks: [{ completedAt: THURSDAY, driverPay: 10 }],
    });
    await get(`/api/pay/period?start=${WEEK.start}&end=${WEEK.end}`);
    const list = await get(`/api/pay/period?start=${WEEK.start}&end=${WEEK.end}`);
    const loaded = payPeriodListSchema.parse(list.json()).find((period) => period.driver.id === driver.id)!;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/pay/period',
      headers: bearer(accounts),
      payload: [
        { id: loaded.id, daysWorked: 5, daysBookedOff: 0, daysMissed: 0, adjustments: options.adjustments ?? [] },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const period = payPeriodListSchema.parse(saved.json()).find((row) => row.id === loaded.id)!;
    return { period, name: `${driver.firstName} ${driver.lastName}`, driverNumber: driver.driverNumber };
  }

  const document = (id: number, type: string, extra = '') =>
    get(`/api/pay/period/driver-document?payPeriodId=${id}&documentType=${type}${extra}`);

  describe('GET /api/pay/period/timesheet', () => {
    it("prints the week's tasks with pay and extras, the days and the totals", async () => {
      const { period, name, driverNumber } = await periodOf();
      const response = await get(`/api/pay/period/timesheet?payPeriodId=${period.id}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ fileName: string; contentType: string; body: string }>();
      expect(body).toMatchObject({
        fileName: `timesheet-${driverNumber}-${WEEK.start}.pdf`,
        contentType: 'application/pdf',
      });
      const text = await pdfText(body.body);
      expect(text).toContain('TIMESHEET');
      expect(text).toContain(name);
      expect(text).toContain('12/10/26 to 18/10/26');
      expect(text).toContain('Tasks (3)');
      // One row a task: date, time (Dublin), job, PU/DROP, pay, extras.
      expect(text).toMatch(/13\/10\/26 10:15 PAY\w+-1 PU €40\.00 €1\.00/);
      expect(text).toMatch(/13\/10\/26 10:15 PAY\w+-1 DROP €2\.50 €0\.00/);
      expect(text).toMatch(/15\/10\/26 15:40 PAY\w+-1 PU €10\.00 €0\.00/);
      // Days: Tuesday 2 tasks, Thursday 1.
      expect(text).toMatch(/13\/10\/26 2 €42\.50 €1\.00/);
      expect(text).toMatch(/15\/10\/26 1 €10\.00 €0\.00/);
      expect(text).toMatch(/Days worked 5/);
      expect(text).toMatch(/Task pay €52\.50 Extras €1\.00 Base pay €53\.50/);
      expect(text).toMatch(/Total pay for the week €53\.50/);
    });

    it('merges pay and extras into one column with mergeExtras=true', async () => {
      const { period } = await periodOf();
      const response = await get(`/api/pay/period/timesheet?payPeriodId=${period.id}&mergeExtras=true`);
      expect(response.statusCode, response.body).toBe(200);
      const text = await pdfText(response.json().body);
      expect(text).toContain('Pay (incl. extras)');
      expect(text).toMatch(/PAY\w+-1 PU €41\.00/);
      expect(text).not.toMatch(/PU €40\.00 €1\.00/);
      expect(text).toMatch(/13\/10\/26 2 €43\.50/);
      expect(text).toMatch(/Task pay \(incl\. extras\) €53\.50/);
    });

    it('answers 409 with a message for a week without tasks, 404 for an unknown period and 400 for a bad id', async () => {
      const { period, name } = await periodOf();
      await setPeriodStatus(t.db, period.id, 'PAID'); // locked: not worked out again
      await t.db.execute(
        `update booking_tasks set completed_at = null where driver_id = (select driver_id from pay_periods where id = ${period.id})`,
      );
      const empty = await get(`/api/pay/period/timesheet?payPeriodId=${period.id}`);
      expect(empty.statusCode).toBe(409);
      expect(empty.json().message).toBe(
        `${name} completed no tasks in the week 12/10/26 to 18/10/26, so there is no timesheet.`,
      );

      const missing = await get('/api/pay/period/timesheet?payPeriodId=2147483647');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toContain('Pay period 2147483647 does not exist');
      for (const bad of ['0', '2147483648', 'abc', '1.5']) {
        const response = await get(`/api/pay/period/timesheet?payPeriodId=${bad}`);
        expect(response.statusCode, bad).toBe(400);
        expect(response.json().message).toContain('payPeriodId');
      }
      const flag = await get(`/api/pay/period/timesheet?payPeriodId=${period.id}&mergeExtras=maybe`);
      expect(flag.statusCode).toBe(400);
      expect(flag.json().message).toContain('mergeExtras must be true or false.');
    });
  });

  describe('GET /api/pay/period/driver-document', () => {
    it('prints a proforma with supplier, driver, number, tasks, components and the total', async () => {
      const { period, name, driverNumber } = await periodOf({
        adjustments: [{ type: 'MANUAL_ADDITION', amount: 12.25, description: 'Sunday cover' }],
      });
      expect(period.total).toBe(65.75);
      const response = await document(period.id, 'driver_proforma');
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ fileName: string; body: string }>();
      const number = `PF-${String(period.id).padStart(7, '0')}`;
      expect(body.fileName).toBe(`${number}-${driverNumber}-${WEEK.start}.pdf`);
      const text = await pdfText(body.body);
      expect(text).toContain('PROFORMA STATEMENT');
      expect(text).toContain(t.config.invoiceSupplier.name);
      expect(text).toContain(`VAT number: ${t.config.invoiceSupplier.vatNumber}`);
      expect(text).toContain(`Document number ${number}`);
      expect(text).toContain('Date 19/10/26');
      expect(text).toContain(name);
      expect(text).toContain('1 Quay');
      expect(text).toContain('Tax number: 1234567T');
      expect(text).toContain('VAT status: Not VAT registered');
      expect(text).toMatch(/PU €40\.00 €1\.00/);
      expect(text).toMatch(/Base pay \(tasks and extras\) €53\.50/);
      expect(text).toMatch(/Sunday cover €12\.25/);
      expect(text).toMatch(/Total payable \(EUR\) €65\.75/);
      expect(text).not.toContain('DRAFT');
    });

    it('prints a self-billing invoice for a VAT-registered driver with VAT at 23% to the cent, marked draft until finalised', async () => {
      const { period } = await periodOf({ settings: { vatRegistered: true } });
      const draft = await pdfText((await document(period.id, 'driver_invoice')).json().body);
      expect(draft).toContain('DRAFT SELF-BILLING INVOICE');

      await setPeriodStatus(t.db, period.id, 'PENDING_PAYMENT');
      const response = await document(period.id, 'driver_invoice');
      expect(response.statusCode, response.body).toBe(200);
      const text = await pdfText(response.json().body);
      expect(text).not.toContain('DRAFT');
      expect(text).toContain('SELF-BILLING INVOICE');
      expect(text).toContain(`SB-${String(period.id).padStart(7, '0')}`);
      expect(text).toContain('VAT status: VAT registered');
      // 53.50 × 23% = 12.305: the half cent rounds up.
      expect(text).toMatch(/Net €53\.50 VAT \(23%\) €12\.31 Total \(EUR\) €65\.81/);
    });

    it('refuses with 400 and the reason a type that does not apply', async () => {
      const plain = await periodOf();
      const invoice = await document(plain.period.id, 'driver_invoice');
      expect(invoice.statusCode).toBe(400);
      expect(invoice.json().message).toBe(
        `${plain.name} is not VAT registered: a self-billing invoice is only for VAT-registered drivers. Send a proforma instead.`,
      );
      const credit = await document(plain.period.id, 'driver_credit');
      expect(credit.statusCode).toBe(400);
      expect(credit.json().message).toContain('there is nothing to credit');
      const rental = await document(plain.period.id, 'cyclone_invoice');
      expect(rental.statusCode).toBe(400);
      expect(rental.json().message).toContain('no cargo or equipment rental');
      const contra = await document(plain.period.id, 'contra');
      expect(contra.statusCode).toBe(400);
      expect(contra.json().message).toContain('no deductions');

      const unsettled = await periodOf({ settings: null });
      const noSettings = await document(unsettled.period.id, 'contra');
      expect(noSettings.statusCode).toBe(400);
      expect(noSettings.json().message).toContain(`Driver pay settings not found for ${unsettled.name}`);
      // A proforma needs no settings.
      expect((await document(unsettled.period.id, 'driver_proforma')).statusCode).toBe(200);

      const unknownType = await document(plain.period.id, 'driver_receipt');
      expect(unknownType.statusCode).toBe(400);
      expect(unknownType.json().message).toContain('documentType must be one of');
      expect((await document(2147483647, 'driver_proforma')).statusCode).toBe(404);
      expect((await document(0, 'driver_proforma')).statusCode).toBe(400);
    });

    it('prints a credit note for the amount owed when deductions exceed the pay, and the rental invoice and contra', async () => {
      // Equipment rental €2 a day × 5 days = €10; a €100 deduction: 53.50 − 10 − 100 = −56.50.
      const { period } = await periodOf({
        settings: { equipmentRentalDeduction: 2 },
        adjustments: [{ type: 'MANUAL_DEDUCTION', amount: 100, description: 'Van damage excess' }],
      });
      expect(period.total).toBe(0);

      const credit = await document(period.id, 'driver_credit');
      expect(credit.statusCode, credit.body).toBe(200);
      const creditText = await pdfText(credit.json().body);
      expect(creditText).toContain('CREDIT NOTE');
      expect(creditText).toContain(`Credit note number CN-${String(period.id).padStart(7, '0')}`);
      expect(creditText).toMatch(/Equipment Rental -€10\.00/);
      expect(creditText).toMatch(/Van damage excess -€100\.00/);
      expect(creditText).toMatch(/Total for the week -€56\.50 Paid for the week €0\.00/);
      expect(creditText).toMatch(/Credit note amount, owed by the driver \(EUR\) €56\.50/);

      const rental = await document(period.id, 'cyclone_invoice');
      expect(rental.statusCode, rental.body).toBe(200);
      const rentalText = await pdfText(rental.json().body);
      expect(rentalText).toContain('Bill to');
      expect(rentalText).toMatch(/Equipment Rental 5 €10\.00/);
      // €10.00 including 23% VAT: net 8.13, VAT 1.87.
      expect(rentalText).toMatch(/Net €8\.13 VAT \(23%, included\) €1\.87 Total \(EUR\) €10\.00/);

      const contra = await document(period.id, 'contra');
      expect(contra.statusCode, contra.body).toBe(200);
      const contraText = await pdfText(contra.json().body);
      expect(contraText).toContain('CONTRA STATEMENT');
      expect(contraText).toMatch(/Pay before deductions €53\.50/);
      expect(contraText).toMatch(/Deductions set off -€110\.00 Balance -€56\.50 Paid to the driver \(EUR\) €0\.00/);
      expect(contraText).toMatch(/Carried forward, owed by the driver €56\.50/);

      // Not a proforma's business to refuse; but no self-billing invoice below zero.
      const proforma = await pdfText((await document(period.id, 'driver_proforma')).json().body);
      expect(proforma).toMatch(/Total before the floor at €0\.00 -€56\.50 Total payable \(EUR\) €0\.00/);
    });
  });

  it('refuses dispatcher and pricing staff (403) on every document and send route', async () => {
    const { period } = await periodOf();
    const calls: { method: 'GET' | 'PUT'; url: string; payload?: object }[] = [
      { method: 'GET', url: `/api/pay/period/timesheet?payPeriodId=${period.id}` },
      { method: 'GET', url: `/api/pay/period/driver-document?payPeriodId=${period.id}&documentType=driver_proforma` },
      {
        method: 'PUT',
        url: '/api/pay/period/send-driver-document',
        payload: { payPeriodIds: [period.id], documentType: 'driver_proforma' },
      },
      { method: 'PUT', url: '/api/pay/period/send-driver-exports', payload: { start: WEEK.start } },
      { method: 'PUT', url: '/api/pay/period/send-new-drivers-csv', payload: { start: WEEK.start } },
      { method: 'PUT', url: '/api/pay/period/generate-driver-pay-report', payload: { weeks: 12 } },
      {
        method: 'PUT',
        url: '/api/pay/period/push-message',
        payload: { driverId: period.driver.id, title: 'Hi', message: 'Hello' },
      },
    ];
    for (const call of calls)
      for (const token of [dispatcher, pricing]) {
        const response = await t.app.inject({ ...call, headers: bearer(token) });
        expect(response.statusCode, call.url).toBe(403);
      }
  });
});
