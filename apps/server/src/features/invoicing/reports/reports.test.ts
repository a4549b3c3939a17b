import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, addMonthsToDay, dublinToday } from '@courier/domain/common/calendar-days';
import {
  INVOICE_REPORT_KINDS,
  INVOICE_REPORTS,
  invoiceReportListResponseSchema,
  type InvoiceReport,
} from '@courier/domain/invoicing/reports';
import { backgroundRuns, invoicePeriods, invoiceReportRequests, outbox } from '../../../db/schema/index.ts';
import { createMailer, type Mailer } from '../../../platform/mailer.ts';
import { messageRunHandlers } from '../../../platform/message-runs.ts';
import { createBackgroundRunner } from '../../../platform/background/runner.ts';
import { createBooking, createBookingCatalogue } from '../../../test/booking-factories.ts';
import { bearer, createCompany, createUser, signIn, signInAs, type TestUser } from '../../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import { REPORT_FAILED_TEXT, invoiceReportRunHandlers } from './run-handler.ts';

/** A body every report accepts, by slug. */
const VALID_BODIES: Record<string, object | undefined> = {
  'inactive-companies': { end: '2026-11-30' },
  'invoice-period-summary': { endDate: '2026-11-30' },
  'invoice-turnover': undefined,
  'minimum-charge': { minimumCharge: 7.5, end: '2026-11-30' },
  'company-invoice-settings': { exceptionsOnly: true },
  'companies-blocked': undefined,
  'sales-rep': { start: '2026-11-01', end: '2026-11-30' },
  'invoiced-customs': { end: '2026-11-30' },
  'a-to-z-approval': { start: '2026-11-01', end: '2026-11-30' },
};

describe.each(databaseKinds)('invoice report requests on %s', (kind) => {
  let t: TestApp;
  let requester: TestUser;
  let accounts: string;
  let outboxMailer: Mailer;

  beforeAll(async () => {
    t = await createTestApp(kind);
    requester = await createUser(t.db, { roles: ['ACCOUNTS'], firstName: 'Aoife', lastName: 'Byrne' });
    accounts = await signIn(t, requester);
    outboxMailer = createMailer();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.db.delete(invoiceReportRequests);
    await t.db.delete(backgroundRuns);
    await t.db.delete(outbox);
  });

  /** Report runs, and the e-mail runs they queue (over `smtpUrl`, else held in the outbox). */
  const runner = (mailer: Mailer = outboxMailer, smtpUrl?: string) =>
    createBackgroundRunner({
      db: t.db,
      handlers: {
        ...invoiceReportRunHandlers({ mailer }),
        ...messageRunHandlers({ smtpUrl, from: t.config.mailFrom }),
      },
      onError: () => {},
    });
  const request = (slug: string, payload?: unknown, token = accounts) =>
    t.app.inject({
      method: 'POST',
      url: `/api/invoice/reports/${slug}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const get = (url: string, token = accounts) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const history = async (): Promise<InvoiceReport[]> => {
    const response = await get('/api/invoice/reports');
    expect(response.statusCode).toBe(200);
    return invoiceReportListResponseSchema.parse(response.json()).reports;
  };

  it('queues a report, builds it in the background, e-mails it and lists it with its download', async () => {
    const requested = await request('sales-rep', { start: '2026-11-01', end: '2026-11-30' });
    expect(requested.statusCode).toBe(200);
    const { id, message } = requested.json<{ id: number; message: string }>();
    expect(message).toBe('The Sales Rep report has been requested. It will be e-mailed to you when it is ready.');

    const [queued] = await history();
    expect(queued).toMatchObject({
      id,
      kind: 'sales_rep',
      title: 'Sales Rep Report',
      params: { start: '2026-11-01', end: '2026-11-30' },
      inputs: '01/11/26 to 30/11/26',
      status: 'queued',
      rowCount: null,
      requestedBy: 'Aoife Byrne',
      downloadUrl: null,
      finishedAt: null,
    });
    const early = await get(`/api/invoice/reports/${id}/file`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(`Report ${id} is not ready yet. Try again when its state is Ready.`);

    // The first step marks it running, as the screen shows while it is built.
    await runner().runUntilIdle({ stepLimit: 1 });
    expect((await history())[0]?.status).toBe('running');
    await t.db.update(backgroundRuns).set({ leaseUntil: new Date(0) }); // the "crashed" runner's lease lapses
    await runner().runUntilIdle();

    const [done] = await history();
    expect(done).toMatchObject({
      id,
      status: 'done',
      rowCount: 0,
      error: null,
      downloadUrl: `/api/invoice/reports/${id}/file`,
    });
    expect(done?.finishedAt).not.toBeNull();

    const file = await get(done!.downloadUrl!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="sales-rep-2026-11-01-2026-11-30.csv"');
    expect(file.body).toBe(
      'Sales Rep,Account Code,Company,Bookings,Jobs,Job Charges,Adjustments,Revenue\nAll sales reps,,,0,0,0.00,0.00,0.00\n',
    );

    const mails = await t.db.select().from(outbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      channel: 'email',
      recipient: requester.email,
      subject: 'Sales Rep Report: 01/11/26 to 30/11/26',
      status: 'held',
      attachments: [
        {
          filename: 'sales-rep-2026-11-01-2026-11-30.csv',
          contentType: 'text/csv',
          size: Buffer.byteLength(file.body),
        },
      ],
    });
    expect(mails[0]?.body).toContain('is attached as sales-rep-2026-11-01-2026-11-30.csv: 0 rows.');
  });

  it('takes every kind of report and lists them newest first', async () => {
    for (const [slug, body] of Object.entries(VALID_BODIES)) {
      const response = await request(slug, body);
      expect(response.statusCode, `${slug}: ${response.body}`).toBe(200);
    }
    await runner().runUntilIdle();
    const reports = await history();
    expect(reports.map((report) => report.kind)).toEqual(
      Object.keys(VALID_BODIES)
        .map((slug) => INVOICE_REPORT_KINDS.find((k) => INVOICE_REPORTS[k].slug === slug))
        .reverse(),
    );
    expect(reports.every((report) => report.status === 'done')).toBe(true);
    expect(reports.find((report) => report.kind === 'company_profiles')?.inputs).toBe('Just exceptions');
    expect(await t.db.select().from(outbox)).toHaveLength(Object.keys(VALID_BODIES).length);

    const page = await get('/api/invoice/reports?size=2&skip=1');
    const body = invoiceReportListResponseSchema.parse(page.json());
    expect(body.count).toBe(9);
    expect(body.reports.map((report) => report.id)).toEqual(reports.slice(1, 3).map((report) => report.id));
  });

  it('keeps Just exceptions? on when the Company Settings request has no body', async () => {
    const response = await request('company-invoice-settings');
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(invoiceReportRequests);
    expect(row?.params).toEqual({ exceptionsOnly: true });
  });

  it('answers bad input with a 400 naming the field, and queues nothing', async () => {
    const cases: [string, unknown, { field: string; message: string }][] = [
      [
        'sales-rep',
        { start: '2026-11-02', end: '2026-11-01' },
        { field: 'body.end', message: 'To must be on or after From.' },
      ],
      [
        'a-to-z-approval',
        { start: '2026-13-01', end: '2026-11-30' },
        { field: 'body.start', message: 'From must be a date (yyyy-MM-dd), e.g. 2026-11-30.' },
      ],
      [
        'minimum-charge',
        { minimumCharge: 'abc', end: '2026-11-30' },
        { field: 'body.minimumCharge', message: 'Minimum Charge must be a number of euro, e.g. 7.50.' },
      ],
      [
        'minimum-charge',
        { minimumCharge: -1, end: '2026-11-30' },
        { field: 'body.minimumCharge', message: 'Minimum Charge must be from €0.00 to €10.00.' },
      ],
      [
        'minimum-charge',
        { minimumCharge: 11, end: '2026-11-30' },
        { field: 'body.minimumCharge', message: 'Minimum Charge must be from €0.00 to €10.00.' },
      ],
      [
        'inactive-companies',
        { end: '30/11/2026' },
        { field: 'body.end', message: 'As At Date must be a date (yyyy-MM-dd), e.g. 2026-11-30.' },
      ],
      [
        'invoice-period-summary',
        { endDate: '2026-11-30\u0000' },
        { field: 'body.endDate', message: expect.stringMatching(/NUL/) as unknown as string },
      ],
      [
        'company-invoice-settings',
        { exceptionsOnly: 'yes' },
        { field: 'body.exceptionsOnly', message: 'Just exceptions? must be true or false.' },
      ],
    ];
    for (const [slug, payload, detail] of cases) {
      const response = await request(slug, payload);
      expect(response.statusCode, `${slug} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json().error).toBe('VALIDATION');
      expect(response.json().details).toContainEqual(detail);
    }
    expect(await t.db.select().from(invoiceReportRequests)).toEqual([]);
    expect(await t.db.select().from(backgroundRuns)).toEqual([]);
  });

  it('answers 404 for a report never requested and 400 for an id out of range', async () => {
    expect((await get('/api/invoice/reports/2147483647/file')).statusCode).toBe(404);
    for (const id of ['0', '2147483648', 'abc']) {
      const response = await get(`/api/invoice/reports/${id}/file`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().details[0].field).toBe('params.id');
    }
    expect((await get('/api/invoice/reports?size=101')).statusCode).toBe(400);
  });

  it('refuses dispatchers, telephonists and pricing staff (403)', async () => {
    const requested = await request('companies-blocked');
    const { id } = requested.json<{ id: number }>();
    await runner().runUntilIdle();
    for (const role of ['DISPATCHER', 'TELEPHONIST', 'PRICING'] as const) {
      const token = await signInAs(t, [role]);
      expect((await request('companies-blocked', undefined, token)).statusCode, role).toBe(403);
      expect((await request('sales-rep', VALID_BODIES['sales-rep'], token)).statusCode, role).toBe(403);
      expect((await get('/api/invoice/reports', token)).statusCode, role).toBe(403);
      expect((await get(`/api/invoice/reports/${id}/file`, token)).statusCode, role).toBe(403);
    }
    expect(await t.db.select().from(invoiceReportRequests)).toHaveLength(1);
  });

  it('marks the report failed after its last attempt, with no file', async () => {
    const failing: Mailer = {
      send: () => Promise.reject(new Error('mail server unreachable')),
    };
    const { id } = (await request('companies-blocked')).json<{ id: number }>();
    await t.db.update(backgroundRuns).set({ maxAttempts: 1 });
    await runner(failing).runUntilIdle();
    const [failed] = await history();
    expect(failed).toMatchObject({
      id,
      status: 'failed',
      error: REPORT_FAILED_TEXT,
      downloadUrl: null,
      rowCount: null,
    });
    const file = await get(`/api/invoice/reports/${id}/file`);
    expect(file.statusCode).toBe(409);
    expect(file.json().message).toBe(`Report ${id} failed, so it has no file. Please request it again.`);
  });

  it('retries a failed e-mail and succeeds on a later attempt', async () => {
    let calls = 0;
    const flaky: Mailer = {
      send: (db, message) => (++calls === 1 ? Promise.reject(new Error('timeout')) : outboxMailer.send(db, message)),
    };
    await request('companies-blocked');
    await runner(flaky).runUntilIdle();
    expect((await history())[0]?.status).toBe('running');
    await t.db.update(backgroundRuns).set({ runAfter: new Date(0) }); // the back-off has passed
    await runner(flaky).runUntilIdle();
    expect((await history())[0]?.status).toBe('done');
    expect(await t.db.select().from(outbox)).toHaveLength(1);
  });

  it('Invoice Turnover: invoiced totals per company for the 12 months to this one', async () => {
    const today = dublinToday();
    const thisMonth = `${today.slice(0, 7)}-01`;
    const lastDay = (first: string) => addDays(addMonthsToDay(first, 1), -1);
    const company = await createCompany(t.db, { company: { name: 'Atlantic Freight', accountCode: 'ATL001' } });
    const other = await createCompany(t.db, { company: { name: 'Boyne Parcels', accountCode: 'BOY002' } });
    const { services } = await createBookingCatalogue(t.db);
    const period = async (
      companyId: number,
      first: string,
      status: 'INVOICED' | 'FINALISED' | 'IN_REVIEW',
      charge: number,
    ) => {
      const [row] = await t.db
        .insert(invoicePeriods)
        .values({ companyId, identifier: `P-${companyId}-${first}`, status, start: first, end: lastDay(first) })
        .returning({ id: invoicePeriods.id });
      await createBooking(t.db, {
        booking: {
          reference: `B-${companyId}-${first}-${status}`,
          companyId,
          serviceId: services.bikeStandard,
          type: 'same_day',
          status: 'delivered',
        },
        jobs: [
          {
            customerCharge: charge,
            invoicePeriodId: row!.id,
            adjustments: [{ charge: 0.01, invoicePeriodId: row!.id }],
          },
        ],
      });
    };
    const elevenAgo = addMonthsToDay(thisMonth, -11);
    await period(company.id, thisMonth, 'INVOICED', 0.1);
    await period(company.id, thisMonth, 'FINALISED', 0.2);
    await period(company.id, elevenAgo, 'INVOICED', 100);
    await period(company.id, addMonthsToDay(thisMonth, -12), 'INVOICED', 1000); // before the 12 months
    await period(other.id, thisMonth, 'IN_REVIEW', 50); // not invoiced yet
    await period(other.id, addMonthsToDay(thisMonth, -1), 'INVOICED', 9.99);

    const { id } = (await request('invoice-turnover')).json<{ id: number }>();
    await runner().runUntilIdle();
    const lines = (await get(`/api/invoice/reports/${id}/file`)).body.trimEnd().split('\n');
    const months = Array.from({ length: 12 }, (_, index) => addMonthsToDay(thisMonth, index - 11).slice(0, 7));
    const zeros = (count: number) => Array.from({ length: count }, () => '0.00');
    expect(lines).toEqual([
      ['Account Code', 'Company', ...months, 'Total'].join(','),
      ['ATL001', 'Atlantic Freight', '100.01', ...zeros(10), '0.32', '100.33'].join(','),
      ['BOY002', 'Boyne Parcels', ...zeros(10), '10.00', '0.00', '10.00'].join(','),
      ['All companies', '', '100.01', ...zeros(9), '10.00', '0.32', '110.33'].join(','),
    ]);
    expect((await history())[0]?.rowCount).toBe(2);
  });

  it('delivers the report with its CSV to a real SMTP server', async () => {
    const received: ParsedMail[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening'); // this smtp-server version emits 'listening' on its net.Server only
    const { port } = server.server.address() as AddressInfo;
    try {
      await createCompany(t.db, {
        company: { name: 'Kildare Kegs', accountCode: 'KIL009', active: false },
      });
      const { id } = (await request('companies-blocked')).json<{ id: number }>();
      await runner(outboxMailer, `smtp://127.0.0.1:${port}`).runUntilIdle();
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toMatchObject({ text: requester.email });
      expect(received[0]!.subject).toBe('Companies Blocked Report');
      const [attachment] = received[0]!.attachments;
      expect(attachment?.filename).toMatch(/^companies-blocked-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(attachment?.contentType).toBe('text/csv');
      const csv = attachment!.content.toString('utf8');
      expect(csv).toContain('KIL009,Kildare Kegs,PAYG,Allowed,Inactive,,,,');
      expect(csv).toBe((await get(`/api/invoice/reports/${id}/file`)).body);
      expect((await t.db.select().from(outbox)).map((mail) => mail.status)).toEqual(['sent']);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
