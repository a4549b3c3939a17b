import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invoicePeriodListResponseSchema,
  type InvoicePeriodListItem,
  type InvoicePeriodListResponse,
} from '@courier/domain/invoicing/list-schemas';
import type { InvoicePeriodStatus } from '@courier/domain/invoicing/enums';
import type { InvoiceType } from '@courier/domain/invoicing/invoice-totals';
import { companyExtendedSettings, invoiceDocuments, invoicePeriods } from '../../db/schema/index.ts';
import { createBooking, createBookingCatalogue, type JobValues } from '../../test/booking-factories.ts';
import { bearer, createCompany, signInAs } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';

/*
 * Fixture, newest end first (the list's order):
 *   BOY-2026-11   monthly  ACTIVE     2026-11-01 – 2026-11-30  no jobs
 *   ATL-2026-W44  weekly   ACTIVE     2026-10-26 – 2026-11-01  job 12.34; adjustment 1.11 (on a W43 job)
 *   BOY-2026-10   monthly  FINALISED  2026-10-01 – 2026-10-31  jobs 100.00 + 0.99; no adjustments; invoice 4
 *   ATL-2026-W43  weekly   IN_REVIEW  2026-10-19 – 2026-10-25  jobs 0.10 + 0.20 + 0.01; adjustments 5.05 + 0.10
 *   ATL-2026-W42  weekly   INVOICED   2026-10-12 – 2026-10-18  no jobs; invoice 3, its document an Overnight one
 *   BOY-2026-09   monthly  INVOICED   2026-09-01 – 2026-09-30  one job at 0.00; number 1 with no document
 */
describe.each(databaseKinds)('GET /api/invoice/periods on %s', (kind) => {
  let t: TestApp;
  let accounts: string;
  let weeklyCompany: number;
  let monthlyCompany: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    weeklyCompany = (
      await createCompany(t.db, { company: { name: 'Atlantic Freight', accountCode: 'ATL', billingBasis: 'account' } })
    ).id;
    monthlyCompany = (
      await createCompany(t.db, { company: { name: 'Boyne Parcels', accountCode: 'BOY', billingBasis: 'account' } })
    ).id;
    await t.db
      .update(companyExtendedSettings)
      .set({ invoiceInterval: 'W', singleInvoice: false })
      .where(eq(companyExtendedSettings.companyId, weeklyCompany));

    const period = async (
      companyId: number,
      identifier: string,
      status: InvoicePeriodStatus,
      [start, end]: [string, string],
      invoiceNumbers: string[] = [],
      documents: InvoiceType[] = [],
    ) => {
      const [row] = await t.db
        .insert(invoicePeriods)
        .values({ companyId, identifier, status, start, end, invoiceNumbers })
        .returning({ id: invoicePeriods.id });
      ids[identifier] = row?.id ?? 0;
      // The documents kept when the numbers were issued (issued-invoices.ts), one a type, in number order.
      if (documents.length > 0)
        await t.db.insert(invoiceDocuments).values(
          documents.map((invoiceType, index) => ({
            periodId: row!.id,
            invoiceType,
            number: invoiceNumbers[index]!,
            total: 0,
            pdf: Buffer.from('%PDF-1.4'),
          })),
        );
    };
    await period(monthlyCompany, 'BOY-2026-09', 'INVOICED', ['2026-09-01', '2026-09-30'], ['INV-0000001']);
    await period(
      weeklyCompany,
      'ATL-2026-W42',
      'INVOICED',
      ['2026-10-12', '2026-10-18'],
      ['INV-0000003'],
      ['overnight'],
    );
    await period(weeklyCompany, 'ATL-2026-W43', 'IN_REVIEW', ['2026-10-19', '2026-10-25']);
    await period(monthlyCompany, 'BOY-2026-10', 'FINALISED', ['2026-10-01', '2026-10-31'], ['INV-0000004'], ['single']);
    await period(weeklyCompany, 'ATL-2026-W44', 'ACTIVE', ['2026-10-26', '2026-11-01']);
    await period(monthlyCompany, 'BOY-2026-11', 'ACTIVE', ['2026-11-01', '2026-11-30']);

    const serviceId = (await createBookingCatalogue(t.db)).services.bikeStandard;
    const booking = (reference: string, companyId: number, jobs: JobValues[]) =>
      createBooking(t.db, {
        booking: { reference, companyId, serviceId, type: 'same_day', status: 'delivered' },
        jobs,
      });
    const w43 = ids['ATL-2026-W43'];
    const w44 = ids['ATL-2026-W44'];
    // 0.10 + 0.20 is 0.30000000000000004 in floats: the list must say 0.31 with the 0.01.
    await booking('B1001', weeklyCompany, [
      {
        customerCharge: 0.1,
        invoicePeriodId: w43,
        adjustments: [
          { charge: 5.05, invoicePeriodId: w43 },
          { charge: 0.1, invoicePeriodId: w43 },
          // Made after W43 closed: charged in W44, not in its job's period (spec 2 §4).
          { charge: 1.11, invoicePeriodId: w44 },
        ],
      },
      { customerCharge: 0.2, invoicePeriodId: w43 },
      { customerCharge: 0.01, invoicePeriodId: w43 },
    ]);
    await booking('B1002', weeklyCompany, [{ customerCharge: 12.34, invoicePeriodId: w44 }]);
    await booking('B1003', monthlyCompany, [
      { customerCharge: 100, invoicePeriodId: ids['BOY-2026-10'] },
      { customerCharge: 0.99, invoicePeriodId: ids['BOY-2026-10'] },
    ]);
    await booking('B1004', monthlyCompany, [{ customerCharge: 0, invoicePeriodId: ids['BOY-2026-09'] }]);
    // A job in no period counts nowhere.
    await booking('B1005', weeklyCompany, [{ customerCharge: 999 }]);

    accounts = await signInAs(t, ['ACCOUNTS']);
  });
  afterAll(() => t?.close());

  const get = (query: string, headers: Record<string, string> = bearer(accounts)) =>
    t.app.inject({ method: 'GET', url: `/api/invoice/periods${query ? `?${query}` : ''}`, headers });
  const list = async (query: string): Promise<InvoicePeriodListResponse> => {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const identifiers = async (query: string) => (await list(query)).invoicePeriods.map((period) => period.identifier);

  it('lists every period newest end first, each with its company, settings and totals to the cent', async () => {
    const body = await list('');
    expect(invoicePeriodListResponseSchema.safeParse(body).success).toBe(true);
    expect(body.count).toBe(6);
    expect(body.invoicePeriods.map((period) => period.identifier)).toEqual([
      'BOY-2026-11',
      'ATL-2026-W44',
      'BOY-2026-10',
      'ATL-2026-W43',
      'ATL-2026-W42',
      'BOY-2026-09',
    ]);
    const byIdentifier = new Map(body.invoicePeriods.map((period) => [period.identifier, period]));
    expect(byIdentifier.get('ATL-2026-W43')).toEqual<InvoicePeriodListItem>({
      id: ids['ATL-2026-W43'] ?? 0,
      companyId: weeklyCompany,
      identifier: 'ATL-2026-W43',
      status: 'IN_REVIEW',
      start: '2026-10-19',
      end: '2026-10-25',
      company: { id: weeklyCompany, accountCode: 'ATL', name: 'Atlantic Freight' },
      companyExtSettings: { invoiceInterval: 'W', singleInvoice: false },
      invoiceNumbers: [],
      invoices: [],
      jobCount: 3,
      jobsTotal: 0.31,
      adjustmentCount: 2,
      adjustmentsTotal: 5.15,
      total: 5.46,
    });
    expect(byIdentifier.get('ATL-2026-W44')).toMatchObject({
      jobCount: 1,
      jobsTotal: 12.34,
      adjustmentCount: 1,
      adjustmentsTotal: 1.11,
      total: 13.45,
    });
    expect(byIdentifier.get('BOY-2026-10')).toMatchObject({
      status: 'FINALISED',
      company: { id: monthlyCompany, accountCode: 'BOY', name: 'Boyne Parcels' },
      companyExtSettings: { invoiceInterval: 'M', singleInvoice: true },
      invoiceNumbers: ['INV-0000004'],
      invoices: [{ number: 'INV-0000004', type: 'single', url: '/api/invoice/document/INV-0000004' }],
      jobCount: 2,
      jobsTotal: 100.99,
      adjustmentCount: 0,
      adjustmentsTotal: 0,
      total: 100.99,
    });
    expect(byIdentifier.get('ATL-2026-W42')).toMatchObject({
      invoiceNumbers: ['INV-0000003'],
      // The type its kept document names: the period's only invoice is its Overnight one, not the
      // Ground one its place among the company's types would suggest.
      invoices: [{ number: 'INV-0000003', type: 'overnight', url: '/api/invoice/document/INV-0000003' }],
      jobCount: 0,
      jobsTotal: 0,
      adjustmentsTotal: 0,
      total: 0,
    });
    // A job charged nothing still counts; its total is exactly zero. A number with no kept document
    // (this app issues none such) links no invoice: the list does not guess what it invoiced.
    expect(byIdentifier.get('BOY-2026-09')).toMatchObject({
      invoiceNumbers: ['INV-0000001'],
      invoices: [],
      jobCount: 1,
      jobsTotal: 0,
      total: 0,
    });
  });

  it('0.10 + 0.20 + 0.01 totals 0.31, not a float sum', async () => {
    const [only] = (await list('search=W43')).invoicePeriods;
    expect(only?.jobsTotal).toBe(0.31);
    expect(only?.total).toBe(5.46);
  });

  it('pending=true keeps the periods awaiting invoicing: IN_REVIEW and FINALISED', async () => {
    const body = await list('pending=true');
    expect(body.count).toBe(2);
    expect(body.invoicePeriods.map((period) => [period.identifier, period.status])).toEqual([
      ['BOY-2026-10', 'FINALISED'],
      ['ATL-2026-W43', 'IN_REVIEW'],
    ]);
    expect(await identifiers('pending=false')).toHaveLength(6);
  });

  it('weekly and monthly keep the periods of companies invoiced per week or per month', async () => {
    expect(await identifiers('monthly=false')).toEqual(['ATL-2026-W44', 'ATL-2026-W43', 'ATL-2026-W42']);
    expect(await identifiers('weekly=false')).toEqual(['BOY-2026-11', 'BOY-2026-10', 'BOY-2026-09']);
    expect(await identifiers('weekly=true&monthly=true')).toHaveLength(6);
    expect(await list('weekly=false&monthly=false')).toEqual({ count: 0, invoicePeriods: [] });
    const pendingWeekly = await list('pending=true&weekly=true&monthly=false');
    expect(pendingWeekly.count).toBe(1);
    expect(pendingWeekly.invoicePeriods.map((period) => period.identifier)).toEqual(['ATL-2026-W43']);
  });

  it('end keeps the periods ending on or before that day (the Invoice Date)', async () => {
    expect(await identifiers('end=2026-10-31')).toEqual(['BOY-2026-10', 'ATL-2026-W43', 'ATL-2026-W42', 'BOY-2026-09']);
    expect(await identifiers('end=2026-10-30')).toEqual(['ATL-2026-W43', 'ATL-2026-W42', 'BOY-2026-09']);
    expect(await identifiers('end=2026-11-01')).toHaveLength(5);
    expect(await list('end=2026-09-29')).toEqual({ count: 0, invoicePeriods: [] });
    // The non-classic view's list: pending, monthly only, Invoice Date before the month ended.
    expect(await identifiers('pending=true&end=2026-10-31')).toEqual(['BOY-2026-10', 'ATL-2026-W43']);
    expect(await identifiers('pending=true&weekly=false&end=2026-10-30')).toEqual([]);
  });

  it("companyId keeps one company's periods", async () => {
    const body = await list(`companyId=${monthlyCompany}`);
    expect(body.count).toBe(3);
    expect(body.invoicePeriods.every((period) => period.company.id === monthlyCompany)).toBe(true);
    expect(await identifiers(`companyId=${weeklyCompany}&pending=true`)).toEqual(['ATL-2026-W43']);
    expect(await list('companyId=999999')).toEqual({ count: 0, invoicePeriods: [] });
  });

  it('pages with size and skip; count stays the whole match', async () => {
    const body = await list('size=2&skip=1');
    expect(body.count).toBe(6);
    expect(body.invoicePeriods.map((period) => period.identifier)).toEqual(['ATL-2026-W44', 'BOY-2026-10']);
    expect((await list('skip=6')).invoicePeriods).toEqual([]);
    expect(await identifiers('size=5000')).toHaveLength(6);
  });

  it.each([
    ['size=0', 'querystring.size', 'size must be at least 1.'],
    ['size=5001', 'querystring.size', 'size must be at most 5000.'],
    ['size=1.5', 'querystring.size', 'size must be a whole number.'],
    ['skip=-1', 'querystring.skip', 'skip must be at least 0.'],
    ['companyId=abc', 'querystring.companyId', 'companyId must be a whole number.'],
    ['companyId=0', 'querystring.companyId', 'companyId must be at least 1.'],
    ['companyId=2147483648', 'querystring.companyId', 'companyId is too large.'],
    ['end=2026-02-30', 'querystring.end', 'end must be a date (yyyy-MM-dd).'],
    ['end=25/10/26', 'querystring.end', 'end must be a date (yyyy-MM-dd).'],
    ['end=0999-01-01', 'querystring.end', 'end must be a date from 1900 to 2999.'],
    ['pending=maybe', 'querystring.pending', 'pending must be true or false.'],
    ['weekly=yes', 'querystring.weekly', 'weekly must be true or false.'],
    ['monthly=2', 'querystring.monthly', 'monthly must be true or false.'],
  ])('answers 400 for %s, naming the field', async (query, field, message) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION', details: [{ field, message }] });
  });

  it('status keeps one status; endFrom and endTo keep the periods closed during a window', async () => {
    expect(await identifiers('status=IN_REVIEW')).toEqual(['ATL-2026-W43']);
    expect(await identifiers('endFrom=2026-10-26&endTo=2026-11-01')).toEqual(['ATL-2026-W44', 'BOY-2026-10']);
    expect(await identifiers('endFrom=2026-10-19&endTo=2026-10-31&pending=true')).toEqual([
      'BOY-2026-10',
      'ATL-2026-W43',
    ]);
  });

  it('search finds a period by identifier, company name or account code, or invoice number (Find Invoice)', async () => {
    expect(await identifiers('search=w43')).toEqual(['ATL-2026-W43']);
    expect(await identifiers('search=boyne')).toEqual(['BOY-2026-11', 'BOY-2026-10', 'BOY-2026-09']);
    expect(await identifiers('search=INV-0000003')).toEqual(['ATL-2026-W42']);
    // LIKE's wildcards are searched for as text.
    expect(await identifiers('search=%25')).toEqual([]);
    expect(await identifiers('search=_')).toEqual([]);
    expect((await list('search=')).count).toBe(6);
    const long = await get(`search=${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().details[0]).toEqual({
      field: 'querystring.search',
      message: 'search must be at most 100 characters.',
    });
    expect((await get('status=PAID')).statusCode).toBe(400);
    expect((await get('endFrom=2026-13-01')).statusCode).toBe(400);
  });

  it('answers 400 for a parameter it does not know', async () => {
    const response = await get('colour=blue');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'VALIDATION' });
  });

  it('answers 401 without a session', async () => {
    const response = await get('', {});
    expect(response.statusCode).toBe(401);
  });

  // Spec 1 §6: invoicing is the accounts area; a manager or superadmin outranks it.
  it.each([['MANAGER'], ['SUPERADMIN']])('lets a %s list periods', async (role) => {
    expect((await get('', bearer(await signInAs(t, [role])))).statusCode).toBe(200);
  });

  it.each([['DISPATCHER'], ['TELEPHONIST'], ['PRICING'], ['CUSTOMER'], ['DRIVER']])(
    'refuses a %s with 403',
    async (role) => {
      const response = await get('', bearer(await signInAs(t, [role])));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'FORBIDDEN' });
    },
  );
});
