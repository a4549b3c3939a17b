import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dublinToday } from '@courier/domain/common/calendar-days';
import { formatDateTime } from '@courier/domain/common/dates';
import {
  auditLog,
  bookingJobs,
  companyExtendedSettings,
  companySettings,
  invoicePeriods,
} from '../../../db/schema/index.ts';
import { createMailer } from '../../../platform/mailer.ts';
import { createBackgroundRunner } from '../../../platform/background/runner.ts';
import { createBooking, createBookingCatalogue, type JobValues } from '../../../test/booking-factories.ts';
import { bearer, createCompany, createUser, signIn, type CompanyValues } from '../../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import { invoiceReportRunHandlers } from './run-handler.ts';

/*
 * Fixture (Europe/Dublin: GMT from 25 Oct 2026, IST (+1) before):
 *   ATL001 Atlantic Freight  account, weekly, two invoices (exceptions), sales rep Rita Sales
 *     B-ATL-1  2026-11-03 10:00  jobs 4.50; 20.00 (customs 12.34; adjustments ADMIN_FEE 2.50, CUSTOMS_EXCISE_DUTIES 3.21)
 *     B-ATL-2  2026-11-20 12:00  jobs 0.10; 0.20 (the first flagged for a same-day review)
 *   BOY002 Boyne Parcels     account, defaults, bookings blocked, hold message '=1+1 unpaid', no sales rep
 *     B-BOY-1  2026-11-10 09:00  jobs 9.99 (customs 7.00, period not issued); 5.00; cancelled 1.00; quote 2.00
 *     B-BOY-0  2026-10-31 23:30  job 100.00 (October in Dublin)
 *   CRK003 Cork Couriers     PAYG, inactive
 *   DUN004 Dunleer Dairy     account, credit control CIARA (an exception); B-DUN-1 2026-07-01 job 50.00
 *   ERR005 Errigal Events    account, never booked
 *   FUT006 Future Freight    PAYG, created 2026-12-05
 *   GAL007 Galway Goods      PAYG, last booked 2026-09-01 23:30 IST (the day before the 90 days to 2026-11-30)
 *   HOW008 Howth Haulage     PAYG, last booked 2026-09-02 00:30 IST (the first of those days: not inactive)
 * Periods: ATL-2026-W45 INVOICED 2026-11-02..08 (invoiced 2026-11-09, INV-0000010 and 11) holds B-ATL-1;
 *          BOY-2026-11 IN_REVIEW 2026-11-01..30 holds B-BOY-1's chargeable jobs;
 *          DUN-2026-07 INVOICED 2026-07-01..31 holds B-DUN-1.
 */
describe.each(databaseKinds)('invoice report contents on %s', (kind) => {
  let t: TestApp;
  let accounts: string;
  let pricing: string;
  let flaggedJob: number;
  const runner = () =>
    createBackgroundRunner({
      db: t.db,
      handlers: invoiceReportRunHandlers({ mailer: createMailer() }),
      onError: () => {},
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const accountsUser = await createUser(t.db, { roles: ['ACCOUNTS'] });
    accounts = await signIn(t, accountsUser);
    pricing = await signIn(t, await createUser(t.db, { roles: ['PRICING'], firstName: 'Paula', lastName: 'Pricer' }));
    const rep = await createUser(t.db, { roles: ['ACCOUNTS'], firstName: 'Rita', lastName: 'Sales' });
    const { services } = await createBookingCatalogue(t.db);

    const company = async (accountCode: string, name: string, values: CompanyValues = {}, salesRepId?: number) =>
      (
        await createCompany(t.db, {
          company: {
            accountCode,
            name,
            billingBasis: 'account',
            createdAt: new Date('2026-01-01T12:00:00Z'),
            ...values,
          },
          settings: { salesRepId: salesRepId ?? null },
        })
      ).id;
    const atl = await company('ATL001', 'Atlantic Freight', {}, rep.id);
    const boy = await company('BOY002', 'Boyne Parcels');
    await company('CRK003', 'Cork Couriers', { billingBasis: 'stripeCompany', active: false });
    const dun = await company('DUN004', 'Dunleer Dairy');
    await company('ERR005', 'Errigal Events');
    await company('FUT006', 'Future Freight', {
      billingBasis: 'stripeCompany',
      createdAt: new Date('2026-12-05T12:00:00Z'),
    });
    const gal = await company('GAL007', 'Galway Goods', { billingBasis: 'stripeCompany' });
    const how = await company('HOW008', 'Howth Haulage', { billingBasis: 'stripeCompany' });
    const ext = (companyId: number, values: Partial<typeof companyExtendedSettings.$inferInsert>) =>
      t.db.update(companyExtendedSettings).set(values).where(eq(companyExtendedSettings.companyId, companyId));
    await ext(atl, { invoiceInterval: 'W', singleInvoice: false });
    await ext(boy, { holdMessage: '=1+1 unpaid' });
    await ext(dun, { creditControlCode: 'CIARA' });
    await t.db.update(companySettings).set({ cycloneAllowBooking: false }).where(eq(companySettings.companyId, boy));

    const period = async (
      companyId: number,
      identifier: string,
      status: 'ACTIVE' | 'IN_REVIEW' | 'FINALISED' | 'INVOICED',
      [start, end]: [string, string],
      extra: { invoiceNumbers?: string[]; finalisedAt?: Date } = {},
    ) =>
      (
        await t.db
          .insert(invoicePeriods)
          .values({ companyId, identifier, status, start, end, ...extra })
          .returning({ id: invoicePeriods.id })
      )[0]!.id;
    const w45 = await period(atl, 'ATL-2026-W45', 'INVOICED', ['2026-11-02', '2026-11-08'], {
      invoiceNumbers: ['INV-0000010', 'INV-0000011'],
      finalisedAt: new Date('2026-11-09T10:00:00Z'),
    });
    const boyNov = await period(boy, 'BOY-2026-11', 'IN_REVIEW', ['2026-11-01', '2026-11-30']);
    const dunJul = await period(dun, 'DUN-2026-07', 'INVOICED', ['2026-07-01', '2026-07-31'], {
      invoiceNumbers: ['INV-0000001'],
      finalisedAt: new Date('2026-08-01T09:00:00Z'),
    });

    const booking = (reference: string, companyId: number, createdAt: string, jobs: JobValues[]) =>
      createBooking(t.db, {
        booking: {
          reference,
          companyId,
          serviceId: services.bikeStandard,
          type: 'same_day',
          status: 'delivered',
          createdAt: new Date(createdAt),
        },
        jobs,
      });
    await booking('B-ATL-1', atl, '2026-11-03T10:00:00Z', [
      { customerCharge: 4.5, invoicePeriodId: w45 },
      {
        customerCharge: 20,
        carrierCustomsCharge: 12.34,
        invoicePeriodId: w45,
        adjustments: [
          { type: 'ADMIN_FEE', charge: 2.5, invoicePeriodId: w45 },
          { type: 'CUSTOMS_EXCISE_DUTIES', charge: 3.21, invoicePeriodId: w45 },
        ],
      },
    ]);
    const atl2 = await booking('B-ATL-2', atl, '2026-11-20T12:00:00Z', [
      { customerCharge: 0.1, needsSameDayReview: true, needsSameDayReviewReason: 'Under quoted' },
      { customerCharge: 0.2 },
    ]);
    flaggedJob = atl2.jobIds[0]!;
    await booking('B-BOY-1', boy, '2026-11-10T09:00:00Z', [
      { customerCharge: 9.99, carrierCustomsCharge: 7, invoicePeriodId: boyNov },
      { customerCharge: 5, invoicePeriodId: boyNov },
      { customerCharge: 1, status: 'cancelled' },
      { customerCharge: 2, status: 'quote' },
    ]);
    await booking('B-BOY-0', boy, '2026-10-31T23:30:00Z', [{ customerCharge: 100 }]);
    await booking('B-DUN-1', dun, '2026-07-01T09:00:00Z', [{ customerCharge: 50, invoicePeriodId: dunJul }]);
    await booking('B-GAL-1', gal, '2026-09-01T22:30:00Z', [{ customerCharge: 8 }]);
    await booking('B-HOW-1', how, '2026-09-01T23:30:00Z', [{ customerCharge: 8 }]);
  });
  afterAll(() => t?.close());

  /** Requests a report as accounts, runs the background work, and downloads the CSV's lines. */
  async function reportLines(slug: string, payload?: object) {
    const requested = await t.app.inject({
      method: 'POST',
      url: `/api/invoice/reports/${slug}`,
      headers: bearer(accounts),
      ...(payload === undefined ? {} : { payload }),
    });
    expect(requested.statusCode, requested.body).toBe(200);
    await runner().runUntilIdle();
    const { id } = requested.json<{ id: number }>();
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/invoice/reports/${id}/file`,
      headers: bearer(accounts),
    });
    expect(file.statusCode, file.body).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/invoice/reports', headers: bearer(accounts) });
    const row = list.json<{ reports: { id: number; rowCount: number | null }[] }>().reports.find((r) => r.id === id);
    return {
      lines: file.body.trimEnd().split('\n'),
      rowCount: row?.rowCount,
      fileName: file.headers['content-disposition'],
    };
  }

  it('Inactive Companies: active companies without a booking in the 90 days to the date, never-booked first', async () => {
    const { lines, rowCount, fileName } = await reportLines('inactive-companies', { end: '2026-11-30' });
    expect(lines).toEqual([
      'Account Code,Company,Billing Basis,Company Created,Last Booking (none in the 90 days to 2026-11-30),Days Since Last Booking',
      'ERR005,Errigal Events,ACCOUNT,2026-01-01,,',
      'DUN004,Dunleer Dairy,ACCOUNT,2026-01-01,2026-07-01,152',
      'GAL007,Galway Goods,PAYG,2026-01-01,2026-09-01,90',
    ]);
    expect(rowCount).toBe(3);
    expect(fileName).toBe('attachment; filename="inactive-companies-2026-11-30.csv"');
  });

  it('Invoice Summary: the periods ending in the month, jobs, Additionals and totals to the cent', async () => {
    const { lines, rowCount } = await reportLines('invoice-period-summary', { endDate: '2026-11-15' });
    expect(lines).toEqual([
      'Identifier,Account Code,Company,Interval,Status,Start,End,Jobs,Jobs Total,Additionals,Additionals Total,Total,Invoice Numbers',
      'ATL-2026-W45,ATL001,Atlantic Freight,Weekly,Invoiced,2026-11-02,2026-11-08,2,24.50,2,5.71,30.21,INV-0000010 INV-0000011',
      'BOY-2026-11,BOY002,Boyne Parcels,Monthly,Ready to send,2026-11-01,2026-11-30,2,14.99,0,0.00,14.99,',
      'Total,,,,,,,4,39.49,2,5.71,45.20,',
    ]);
    expect(rowCount).toBe(2);
  });

  it('Minimum Charge: chargeable jobs of the month to the date below the minimum, with the shortfall', async () => {
    const { lines, rowCount } = await reportLines('minimum-charge', { minimumCharge: 5, end: '2026-11-20' });
    expect(lines).toEqual([
      'Booked,Job Reference,Account Code,Company,Job Status,Customer Charge,Minimum Charge,Shortfall',
      '2026-11-03 10:00,B-ATL-1-1,ATL001,Atlantic Freight,Delivered,4.50,5.00,0.50',
      '2026-11-20 12:00,B-ATL-2-1,ATL001,Atlantic Freight,Delivered,0.10,5.00,4.90',
      '2026-11-20 12:00,B-ATL-2-2,ATL001,Atlantic Freight,Delivered,0.20,5.00,4.80',
    ]);
    expect(rowCount).toBe(3);
  });

  it('Company Settings: account companies with their exceptions, all of them when asked', async () => {
    const exceptions = await reportLines('company-invoice-settings', { exceptionsOnly: true });
    expect(exceptions.lines[0]).toMatch(/^Account Code,Company,Exceptions,Invoice Interval,Invoice Format,/);
    expect(exceptions.lines.slice(1).map((line) => line.split(',').slice(0, 4).join(','))).toEqual([
      'ATL001,Atlantic Freight,Invoice Interval; Single Invoice,Weekly',
      'DUN004,Dunleer Dairy,Credit Control Code,Monthly',
    ]);
    const all = await reportLines('company-invoice-settings', { exceptionsOnly: false });
    expect(all.lines.slice(1).map((line) => line.split(',').slice(0, 3).join(','))).toEqual([
      'ATL001,Atlantic Freight,Invoice Interval; Single Invoice',
      'BOY002,Boyne Parcels,',
      'DUN004,Dunleer Dairy,Credit Control Code',
      'ERR005,Errigal Events,',
    ]);
    expect(all.rowCount).toBe(4);
    expect(all.fileName).toMatch(/filename="company-invoice-settings-all-\d{4}-\d{2}-\d{2}\.csv"/);
  });

  it('Companies Blocked: blocked or inactive companies, a hold message that looks like a formula kept as text', async () => {
    const { lines } = await reportLines('companies-blocked');
    expect(lines).toEqual([
      'Account Code,Company,Billing Basis,Bookings,Company Status,Hold Message,Telephonist Message,Last Booking,Billing Email',
      "BOY002,Boyne Parcels,ACCOUNT,Blocked,Active,'=1+1 unpaid,,,",
      'CRK003,Cork Couriers,PAYG,Allowed,Inactive,,,,',
    ]);
  });

  it('Sales Rep: per rep and company for the booking days, with totals per rep and for all', async () => {
    const { lines, rowCount, fileName } = await reportLines('sales-rep', { start: '2026-11-01', end: '2026-11-30' });
    expect(lines).toEqual([
      'Sales Rep,Account Code,Company,Bookings,Jobs,Job Charges,Adjustments,Revenue',
      '(no sales rep),BOY002,Boyne Parcels,1,2,14.99,0.00,14.99',
      '(no sales rep),,Total for (no sales rep),1,2,14.99,0.00,14.99',
      'Rita Sales,ATL001,Atlantic Freight,2,4,24.80,5.71,30.51',
      'Rita Sales,,Total for Rita Sales,2,4,24.80,5.71,30.51',
      'All sales reps,,,3,6,39.79,5.71,45.50',
    ]);
    expect(rowCount).toBe(2);
    expect(fileName).toBe('attachment; filename="sales-rep-2026-11-01-2026-11-30.csv"');
  });

  it('Invoiced Customs: customs of jobs in periods invoiced in the month, with a total', async () => {
    const { lines } = await reportLines('invoiced-customs', { end: '2026-11-30' });
    expect(lines).toEqual([
      'Period,Invoice Numbers,Invoice Date,Account Code,Company,Job Reference,Booked,Carrier,Carrier Customs Charge,Customs Adjustments,Customs Total,Customer Charge',
      'ATL-2026-W45,INV-0000010 INV-0000011,2026-11-09,ATL001,Atlantic Freight,B-ATL-1-2,2026-11-03 10:00,,12.34,3.21,15.55,20.00',
      'Total,,,,,,,,12.34,3.21,15.55,20.00',
    ]);
    const october = await reportLines('invoiced-customs', { end: '2026-10-01' });
    expect(october.lines).toEqual([october.lines[0], 'Total,,,,,,,,0.00,0.00,0.00,0.00']);
    expect(october.rowCount).toBe(0);
  });

  it('A to Z Approval: the price reviews approved in the days, by whom and why', async () => {
    const approved = await t.app.inject({
      method: 'POST',
      url: '/api/pricing/review/approve',
      headers: bearer(pricing),
      payload: { jobIds: [flaggedJob], type: 'SAME_DAY' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'approve'));
    // An approval long before the days asked for stays out.
    await t.db.insert(auditLog).values({
      userId: null,
      action: 'approve',
      entityType: 'job',
      entityId: String(flaggedJob),
      field: 'needsCarrierReview',
      before: { flagged: true, reason: 'Old' },
      createdAt: new Date('2026-01-05T12:00:00Z'),
    });
    const today = dublinToday();
    const { lines, rowCount } = await reportLines('a-to-z-approval', { start: today, end: today });
    const approvedAt = formatDateTime(audit!.createdAt).replace(/^(\d\d)\/(\d\d)\/(\d\d)/, '20$3-$2-$1');
    expect(lines).toEqual([
      'Approved,Approved By,Review,Reason,Job Reference,Account Code,Company,Customer Charge,Driver Price,Carrier Price,Invoice Period',
      `${approvedAt},Paula Pricer,Same day,Under quoted,B-ATL-2-1,ATL001,Atlantic Freight,0.10,0.00,0.00,`,
    ]);
    expect(rowCount).toBe(1);
    const [job] = await t.db.select().from(bookingJobs).where(eq(bookingJobs.id, flaggedJob));
    expect(job!.needsSameDayReview).toBe(false);
  });
});
