import { and, asc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dublinToday } from '@courier/domain/common/calendar-days';
import { DRIVER_PAY_REPORT_GENERATED } from '@courier/domain/driver-pay/pay-report';
import { recentPayWeeks } from '@courier/domain/driver-pay/pay-weeks';
import { payPeriodListSchema, type PayPeriod } from '@courier/domain/driver-pay/schemas';
import { backgroundRuns, outbox } from '../../db/schema/index.ts';
import { createBackgroundRunner } from '../../platform/background/runner.ts';
import { createMailer, type EmailMessage, type Mailer } from '../../platform/mailer.ts';
import { messageRunHandlers } from '../../platform/message-runs.ts';
import { createBookingCatalogue, type BookingCatalogue } from '../../test/booking-factories.ts';
import { bearer, createCompany, createUser, signIn } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { driverPayArea } from './area.ts';
import { createCompletedTasks, createPayDriver, savePaySettingsRow } from './pay-factories.ts';

// Issue 13, spec 2 §7 'Pay': documents e-mailed to drivers, exports and the pay analysis e-mailed to
// the accounts user who asked, and push messages held in the outbox; on PGlite and PostgreSQL.

async function pdfText(pdf: Buffer | string): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(typeof pdf === 'string' ? Buffer.from(pdf) : pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe.each(databaseKinds)('driver pay sends on %s', (kind) => {
  let t: TestApp;
  let accounts: string;
  let accountsEmail: string;
  let catalogue: BookingCatalogue;
  let companyId: number;
  /** Every message the runs sent, with its files, besides the outbox's record. */
  let sent: EmailMessage[];
  // Last week (complete, so inside the pay analysis) and a Tuesday in it.
  const week = recentPayWeeks(dublinToday(), 2)[1]!;
  const tuesday = new Date(`${week.start}T00:00:00Z`);
  tuesday.setUTCDate(tuesday.getUTCDate() + 1);
  tuesday.setUTCHours(11, 0, 0, 0);

  beforeAll(async () => {
    t = await createTestApp(kind);
    const user = await createUser(t.db, { roles: ['ACCOUNTS'], firstName: 'Aoife' });
    accountsEmail = user.email;
    accounts = await signIn(t, user);
    catalogue = await createBookingCatalogue(t.db);
    companyId = (await createCompany(t.db)).id;
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    sent = [];
    await t.db.delete(outbox);
  });

  function runner() {
    const outboxMailer = createMailer();
    const mailer: Mailer = {
      async send(db, message) {
        await outboxMailer.send(db, message);
        sent.push(message);
      },
    };
    return createBackgroundRunner({
      db: t.db,
      handlers: {
        ...driverPayArea.runHandlers!({ database: t.database, config: t.config, mailer }),
        // The e-mails and push messages the runs and calls queue, held in the outbox.
        ...messageRunHandlers({ smtpUrl: undefined, from: t.config.mailFrom }),
      },
      backoff: { firstMs: 0, maxMs: 0 },
      onError: () => {},
    });
  }

  const put = (url: string, payload: object, token = accounts) =>
    t.app.inject({ method: 'PUT', url, payload, headers: bearer(token) });

  /** A driver with €30 + €12.50 of tasks last week, settings as given, and the week's period saved. */
  async function periodOf(settings: Parameters<typeof savePaySettingsRow>[2] | null = {}): Promise<PayPeriod> {
    const driver = await createPayDriver(t.db);
    if (settings !== null) await savePaySettingsRow(t.db, driver.id, settings);
    await createCompletedTasks(t.db, {
      catalogue,
      companyId,
      driverId: driver.id,
      tasks: [
        { completedAt: tuesday, driverPay: 30 },
        { completedAt: tuesday, driverPay: 12.5 },
      ],
    });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/pay/period?start=${week.start}&end=${week.end}`,
      headers: bearer(accounts),
    });
    const period = payPeriodListSchema.parse(list.json()).find((row) => row.driver.id === driver.id)!;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/pay/period',
      headers: bearer(accounts),
      payload: [{ id: period.id, daysWorked: 2, daysBookedOff: 0, daysMissed: 0 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return payPeriodListSchema.parse(saved.json()).find((row) => row.id === period.id)!;
  }

  it('e-mails each driver their proforma in the background, PDF attached, and lists the ones left out', async () => {
    const first = await periodOf({ tripsheetEmail: 'tripsheets@driver.ie' });
    const second = await periodOf(null); // no settings: the driver's own e-mail
    const response = await put('/api/pay/period/send-driver-document', {
      payPeriodIds: [first.id, second.id],
      documentType: 'driver_proforma',
    });
    expect(response.statusCode, response.body).toBe(200);
    const started = response.json<{ message: string; runId: number; count: number; failures: unknown[] }>();
    expect(started).toMatchObject({ message: 'Sending 2 proformas by e-mail.', count: 2, failures: [] });

    await runner().runUntilIdle();
    const [run] = await t.db.select().from(backgroundRuns).where(eq(backgroundRuns.id, started.runId));
    expect(run).toMatchObject({ kind: 'driver-documents', status: 'completed', done: 2, errors: 0 });

    const mail = await t.db.select().from(outbox).orderBy(asc(outbox.id));
    expect(mail.map((row) => row.recipient)).toEqual([
      'tripsheets@driver.ie',
      expect.stringMatching(/^pay\..+@test\.ie$/),
    ]);
    expect(mail[0]).toMatchObject({ channel: 'email', status: 'held' });
    expect(mail[0]!.subject).toContain(`Proforma PF-${String(first.id).padStart(7, '0')}`);
    expect(mail[0]!.attachments).toEqual([
      expect.objectContaining({ contentType: 'application/pdf', filename: expect.stringMatching(/^PF-\d{7}-\d+-/) }),
    ]);
    expect(mail[0]!.attachments[0]!.size).toBeGreaterThan(1000);
    const text = await pdfText(sent[0]!.attachments![0]!.content as Buffer);
    expect(text).toContain('PROFORMA STATEMENT');
    expect(text).toMatch(/Total payable \(EUR\) €42\.50/);
  });

  it('leaves out drivers whose document does not apply, and answers 409 when none can be sent', async () => {
    const registered = await periodOf({ vatRegistered: true });
    const plain = await periodOf();
    const response = await put('/api/pay/period/send-driver-document', {
      payPeriodIds: [registered.id, plain.id],
      documentType: 'driver_invoice',
    });
    expect(response.statusCode, response.body).toBe(200);
    const started = response.json<{
      message: string;
      runId: number;
      count: number;
      failures: { payPeriodId: number; message: string }[];
    }>();
    expect(started.count).toBe(1);
    expect(started.message).toBe('Sending 1 self-billing invoice by e-mail. 1 driver left out: see the list.');
    expect(started.failures).toEqual([
      expect.objectContaining({ payPeriodId: plain.id, message: expect.stringContaining('is not VAT registered') }),
    ]);
    await runner().runUntilIdle();
    const mail = await t.db.select().from(outbox);
    expect(mail).toHaveLength(1);
    expect(await pdfText(sent[0]!.attachments![0]!.content as Buffer)).toMatch(
      /Net €42\.50 VAT \(23%\) €9\.78 Total \(EUR\) €52\.28/,
    );

    const none = await put('/api/pay/period/send-driver-document', {
      payPeriodIds: [plain.id],
      documentType: 'contra',
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toContain('No contra statement could be sent');
    const missing = await put('/api/pay/period/send-driver-document', {
      payPeriodIds: [2147483647],
      documentType: 'driver_proforma',
    });
    expect(missing.statusCode).toBe(404);
    for (const payload of [
      { payPeriodIds: [], documentType: 'driver_proforma' },
      { payPeriodIds: [0], documentType: 'driver_proforma' },
      { payPeriodIds: [2147483648], documentType: 'driver_proforma' },
      { payPeriodIds: [plain.id, plain.id], documentType: 'driver_proforma' },
      { payPeriodIds: [plain.id], documentType: 'receipt' },
    ]) {
      const bad = await put('/api/pay/period/send-driver-document', payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await t.db.select().from(outbox)).toHaveLength(1);
  });

  it("e-mails the week's pay and ledger CSVs, and the new drivers CSV, to the accounts user who asked", async () => {
    const period = await periodOf({ vatRegistered: true, creditorsLedger: 'C0042' });
    const response = await put('/api/pay/period/send-driver-exports', { start: week.start });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toContain('will be e-mailed to you');
    const newDrivers = await put('/api/pay/period/send-new-drivers-csv', { start: week.start });
    expect(newDrivers.statusCode, newDrivers.body).toBe(200);
    await runner().runUntilIdle();

    const mail = await t.db.select().from(outbox).orderBy(asc(outbox.id));
    expect(mail.map((row) => row.recipient)).toEqual([accountsEmail, accountsEmail]);
    expect(mail[0]!.attachments.map((file) => file.filename)).toEqual([
      `driver-pay-${week.start}.csv`,
      `driver-ledger-${week.start}.csv`,
    ]);
    const ledger = String(sent[0]!.attachments![1]!.content).trim().split('\n');
    expect(ledger[0]).toBe(
      'Driver Number,Driver,Creditors Ledger,Debtors Ledger,Grouped Account,Tax Number,VAT Registered,Status,Document,Net Pay,VAT,Gross Pay,Rentals,Paid,Owed By Driver',
    );
    expect(ledger).toContainEqual(
      `${period.driver.driverNumber},${period.driver.firstName} ${period.driver.lastName},C0042,,,1234567T,Yes,ACTIVE,Self-billing invoice,42.50,9.78,52.28,0.00,42.50,0.00`,
    );
    expect(mail[1]!.attachments.map((file) => file.filename)).toEqual([`new-drivers-${week.start}.csv`]);
    const fresh = String(sent[1]!.attachments![0]!.content);
    expect(fresh).toContain(`${period.driver.driverNumber},${period.driver.firstName},`);
    expect(fresh).toContain('1 Quay, Galway');

    for (const start of ['2026-10-13', 'next monday', '']) {
      const bad = await put('/api/pay/period/send-driver-exports', { start });
      expect(bad.statusCode).toBe(400);
    }
  });

  it('builds the 12-week driver pay analysis in the background and e-mails it to the requester', async () => {
    const period = await periodOf();
    const response = await put('/api/pay/period/generate-driver-pay-report', { weeks: 12 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(DRIVER_PAY_REPORT_GENERATED);
    await runner().runUntilIdle();
    const mail = await t.db.select().from(outbox);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.recipient).toBe(accountsEmail);
    const csv = String(sent[0]!.attachments![0]!.content).trim().split('\n');
    expect(csv[0]!.split(',')).toHaveLength(4 + 12 + 6);
    // Last week is the twelfth week column.
    const row = csv.find((line) => line.startsWith(`${period.driver.driverNumber},`))!;
    const cells = row.split(',');
    expect(cells[4 + 11]).toBe('42.50');
    expect(cells.slice(16)).toEqual(['1', '42.50', '0.00', '0.00', '42.50', '42.50']);
    expect(csv.at(-1)).toMatch(/^,All drivers,/);

    for (const weeks of [0, 53, 2.5, '12'])
      expect((await put('/api/pay/period/generate-driver-pay-report', { weeks })).statusCode).toBe(400);
  });

  it('queues a push message for the driver app, held in the outbox (channel push) by its run', async () => {
    const period = await periodOf();
    const response = await put('/api/pay/period/push-message', {
      driverId: period.driver.id,
      title: ' Pay ready ',
      message: 'Your proforma for last week is ready.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toContain(`driver ${period.driver.driverNumber}`);
    await runner().runUntilIdle(); // the push-message run delivers it
    const [held] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'push'), eq(outbox.recipient, `driver:${period.driver.driverNumber}`)));
    expect(held).toMatchObject({ subject: 'Pay ready', body: 'Your proforma for last week is ready.', status: 'held' });

    expect(
      (await put('/api/pay/period/push-message', { driverId: 2147483647, title: 'a', message: 'b' })).statusCode,
    ).toBe(404);
    const blank = await put('/api/pay/period/push-message', { driverId: period.driver.id, title: '  ', message: 'b' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain('Please enter a title.');
    const nul = await put('/api/pay/period/push-message', {
      driverId: period.driver.id,
      title: 'a\u0000',
      message: 'b',
    });
    expect(nul.statusCode).toBe(400);
    expect((await put('/api/pay/period/push-message', { driverId: 0, title: 'a', message: 'b' })).statusCode).toBe(400);
  });

  it('refuses (409) to send to a driver without an e-mail address, sending nothing', async () => {
    const period = await periodOf({ tripsheetEmail: '' });
    await t.db.execute(`update drivers set email = '' where id = ${period.driver.id}`);
    const response = await put('/api/pay/period/send-driver-document', {
      payPeriodIds: [period.id],
      documentType: 'driver_proforma',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('has no e-mail address on file');
    expect(await t.db.select().from(outbox)).toEqual([]);
  });
});
