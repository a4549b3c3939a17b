import type { AddressInfo } from 'node:net';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FINALISE_BLOCKED_MESSAGE, NO_CHARGES_MESSAGE } from '@courier/domain/invoicing/finalise-schemas';
import {
  backgroundRuns,
  billingContacts,
  companyExtendedSettings,
  invoiceDocuments,
  invoiceNumberSeries,
  invoicePeriods,
  outbox,
} from '../../db/schema/index.ts';
import { createBackgroundRunner } from '../../platform/background/runner.ts';
import { EMAIL_RUN_KIND, createMailer, type Mailer } from '../../platform/mailer.ts';
import { messageRunHandlers } from '../../platform/message-runs.ts';
import { createBooking, createBookingCatalogue, type BookingCatalogue } from '../../test/booking-factories.ts';
import { bearer, createCompany, signInAs } from '../../test/factories.ts';
import { finaliseThroughApi, startFinaliseThroughApi } from '../../test/finalise-through-api.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { FINALISE_RUN_KIND, finaliseRunHandler, type FinaliseOptions } from './finalise.ts';

async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe.each(databaseKinds)('finalising invoice periods on %s', (kind) => {
  let t: TestApp;
  let accounts: string;
  let catalogue: BookingCatalogue;
  let mailer: Mailer;
  let bookingNumber = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    accounts = await signInAs(t, ['ACCOUNTS']);
    catalogue = await createBookingCatalogue(t.db);
    mailer = createMailer();
  });
  afterAll(() => t?.close());

  /** A company in review for October 2026 with billing contacts and two same-day jobs and one ON job. */
  async function periodInReview(
    options: {
      charges?: string[];
      settings?: Partial<typeof companyExtendedSettings.$inferInsert>;
      status?: 'ACTIVE' | 'IN_REVIEW' | 'INVOICED';
      overnight?: string;
    } = {},
  ) {
    const n = ++bookingNumber; // taken before any await: periods are made in parallel
    const company = await createCompany(t.db, {
      company: {
        name: `Atlantic Freight ${n}`,
        accountCode: `ATL${n}`,
        billingBasis: 'account',
      },
    });
    if (options.settings)
      await t.db
        .update(companyExtendedSettings)
        .set(options.settings)
        .where(eq(companyExtendedSettings.companyId, company.id));
    await t.db.insert(billingContacts).values([
      { companyId: company.id, name: 'Aoife', email: `aoife${n}@atlantic.ie` },
      {
        companyId: company.id,
        name: 'Ground only',
        email: `ground${n}@atlantic.ie`,
        overnightInvoices: false,
      },
    ]);
    const [period] = await t.db
      .insert(invoicePeriods)
      .values({
        companyId: company.id,
        identifier: `ATL${n}-2026-10`,
        status: options.status ?? 'IN_REVIEW',
        start: '2026-10-01',
        end: '2026-10-31',
      })
      .returning();
    const charges = options.charges ?? ['100.00', '23.45'];
    for (const [index, charge] of charges.entries()) {
      await createBooking(t.db, {
        booking: {
          reference: `F${n}-${index}`,
          companyId: company.id,
          serviceId: catalogue.services.bikeStandard,
          type: 'same_day',
          status: 'delivered',
          createdAt: new Date(`2026-10-${String(10 + index).padStart(2, '0')}T10:00:00Z`),
        },
        jobs: [{ invoicePeriodId: period!.id, customerCharge: Number(charge) }],
      });
    }
    if (options.overnight)
      await createBooking(t.db, {
        booking: {
          reference: `N${n}`,
          companyId: company.id,
          serviceId: catalogue.services.overnight,
          type: 'other',
          status: 'delivered',
          createdAt: new Date('2026-10-20T10:00:00Z'),
        },
        jobs: [{ invoicePeriodId: period!.id, customerCharge: Number(options.overnight) }],
      });
    return { company, period: period! };
  }

  /** Finalise runs, and the e-mail runs they queue (over `smtpUrl`, else held in the outbox). */
  function runner(options: Partial<FinaliseOptions> = {}, smtpUrl?: string) {
    return createBackgroundRunner({
      db: t.db,
      handlers: {
        [FINALISE_RUN_KIND]: finaliseRunHandler({
          mailer,
          supplier: t.config.invoiceSupplier,
          batchSize: 2,
          ...options,
        }),
        ...messageRunHandlers({ smtpUrl, from: 'accounts@courier.ie' }),
      },
      backoff: { firstMs: 0, maxMs: 0 },
      onError: () => {},
    });
  }

  const post = (url: string, payload: unknown, token = accounts) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) });
  const get = (url: string, token = accounts) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const periodsOf = (ids: number[]) =>
    t.db.select().from(invoicePeriods).where(inArray(invoicePeriods.id, ids)).orderBy(asc(invoicePeriods.id));
  const numberOf = (text: string) => Number(text.replace('INV-', ''));

  beforeEach(async () => {
    await t.db.delete(outbox);
  });

  it('numbers, prints and e-mails two periods in review, and they become invoiced', async () => {
    const a = await periodInReview({ settings: { purchaseOrderNumber: 'PO-7788', discountPercent: 10 } });
    const b = await periodInReview({ charges: ['50.00'], settings: { defaultVatCode: 'ZER' } });

    const { runId, count } = await startFinaliseThroughApi(t, { token: accounts, ids: [a.period.id, b.period.id] });
    expect(count).toBe(2);
    expect((await get(`/api/invoice/finalise-runs/${runId}`)).json()).toMatchObject({ status: 'queued', total: 2 });

    await runner().runUntilIdle();

    expect((await get(`/api/invoice/finalise-runs/${runId}`)).json()).toMatchObject({
      status: 'completed',
      total: 2,
      done: 2,
    });
    const [first, second] = await periodsOf([a.period.id, b.period.id]);
    expect(first!.status).toBe('INVOICED');
    expect(second!.status).toBe('INVOICED');
    expect(first!.invoiceNumbers).toHaveLength(1);
    expect(numberOf(second!.invoiceNumbers[0]!)).toBe(numberOf(first!.invoiceNumbers[0]!) + 1);

    // The PDF as stored and as the list's url serves it: supplier, customer, PO, lines, discount, VAT, total.
    const number = first!.invoiceNumbers[0]!;
    const document = await get(`/api/invoice/document/${number}`);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(document.rawPayload);
    expect(text).toContain('INVOICE');
    expect(text).not.toContain('DRAFT');
    expect(text).toContain(number);
    expect(text).toContain(t.config.invoiceSupplier.name);
    expect(text).toContain(a.company.name);
    expect(text).toContain('PO-7788');
    expect(text).toContain(`F${a.company.accountCode!.slice(3)}-0-1`);
    expect(text).toContain('€100.00');
    expect(text).toContain('€23.45');
    // 123.45 less 10% (12.35 rounded half up from 12.345) = 111.10; VAT 23% 25.55; total 136.65
    expect(text).toMatch(/Subtotal\s*€123\.45/);
    expect(text).toMatch(/Discount \(10%\)\s*-€12\.35/);
    expect(text).toMatch(/VAT \(23%\)\s*€25\.55/);
    expect(text).toMatch(/Total \(EUR\)\s*€136\.65/);
    expect(
      await pdfText(
        (await t.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.number, second!.invoiceNumbers[0]!)))[0]!
          .pdf,
      ),
    ).toMatch(/VAT \(0%, zero-rated\)\s*€0\.00.*Total \(EUR\)\s*€50\.00/);

    // Each billing contact who takes the invoice got it, with the PDF attached.
    const mail = await t.db.select().from(outbox).orderBy(asc(outbox.id));
    expect(mail.map((m) => m.recipient).sort()).toEqual(
      [a, b]
        .flatMap(({ company }) => {
          const n = company.accountCode!.slice(3);
          return [`aoife${n}@atlantic.ie`, `ground${n}@atlantic.ie`];
        })
        .sort(),
    );
    expect(mail[0]!.subject).toContain('INV-');
    expect(mail[0]!.attachments).toEqual([
      expect.objectContaining({ filename: expect.stringMatching(/^INV-\d{7}\.pdf$/), contentType: 'application/pdf' }),
    ]);

    // Finalising them again is refused, and nothing is queued.
    const runsBefore = await t.db.select().from(backgroundRuns);
    const again = await post('/api/invoice/finalise', { ids: [a.period.id] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(FINALISE_BLOCKED_MESSAGE);
    expect(await t.db.select().from(backgroundRuns)).toHaveLength(runsBefore.length);
  });

  it('issues separate Ground and Overnight invoices when the company has no single invoice', async () => {
    const split = await periodInReview({ settings: { singleInvoice: false }, overnight: '40.00' });
    await finaliseThroughApi(t, { token: accounts, ids: [split.period.id], runner: runner() });
    const [period] = await periodsOf([split.period.id]);
    expect(period!.invoiceNumbers).toHaveLength(2);
    const docs = await t.db
      .select({ type: invoiceDocuments.invoiceType, total: invoiceDocuments.total })
      .from(invoiceDocuments)
      .where(eq(invoiceDocuments.periodId, split.period.id))
      .orderBy(asc(invoiceDocuments.number));
    expect(docs).toEqual([
      { type: 'ground', total: 151.84 }, // 123.45 + 23% VAT
      { type: 'overnight', total: 49.2 },
    ]);
    // The ground-only contact gets the ground invoice only.
    const mail = await t.db.select().from(outbox);
    const n = split.company.accountCode!.slice(3);
    expect(mail.filter((m) => m.recipient === `ground${n}@atlantic.ie`)).toHaveLength(1);
    expect(mail.filter((m) => m.recipient === `aoife${n}@atlantic.ie`)).toHaveLength(2);
  });

  it('refuses the whole request when any chosen period is not in review, with the spec message', async () => {
    const inReview = await periodInReview();
    const active = await periodInReview({ status: 'ACTIVE' });
    const response = await post('/api/invoice/finalise', { ids: [inReview.period.id, active.period.id] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'STATE_CONFLICT' });
    // The spec's text exactly; the period in the way is named in details, at its place in ids.
    expect(response.json().message).toBe(FINALISE_BLOCKED_MESSAGE);
    expect(response.json().details).toEqual([
      { field: 'body.ids.1', message: `${active.period.identifier} is Active, not in review.` },
    ]);
    const [still] = await periodsOf([inReview.period.id]);
    expect(still!.status).toBe('IN_REVIEW');
    expect(
      await t.db.select().from(backgroundRuns).where(eq(backgroundRuns.kind, FINALISE_RUN_KIND)),
    ).not.toContainEqual(
      expect.objectContaining({ params: { ids: [inReview.period.id, active.period.id].sort((x, y) => x - y) } }),
    );
  });

  it.each([
    [{ ids: [] }, 'Choose at least one invoice period to finalise.'],
    [{ ids: ['abc'] }, undefined],
    [{ ids: [0] }, undefined],
    [{ ids: [2147483648] }, undefined],
    [{}, undefined],
  ])('answers 400 for %j', async (body, message) => {
    const response = await post('/api/invoice/finalise', body);
    expect(response.statusCode, response.body).toBe(400);
    if (message) expect(response.json().details[0].message).toBe(message);
  });

  it('answers 404 naming a period that does not exist', async () => {
    const response = await post('/api/invoice/finalise', { ids: [2147483000] });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Invoice period 2147483000 does not exist.');
  });

  it('numbers each period once when two finalise requests for overlapping periods run at once', async () => {
    const periods = await Promise.all([1, 2, 3, 4].map(() => periodInReview({ charges: ['10.00'] })));
    const ids = periods.map((p) => p.period.id);
    const [[seriesBefore]] = [await t.db.select().from(invoiceNumberSeries)];
    await startFinaliseThroughApi(t, { token: accounts, ids: ids.slice(0, 3) });
    await startFinaliseThroughApi(t, { token: accounts, ids: ids.slice(1) });
    // Two runners (two servers) share the queue.
    await Promise.all([runner().runUntilIdle(), runner().runUntilIdle()]);
    const rows = await periodsOf(ids);
    expect(rows.map((row) => row.status)).toEqual(['INVOICED', 'INVOICED', 'INVOICED', 'INVOICED']);
    const numbers = rows
      .flatMap((row) => row.invoiceNumbers)
      .map(numberOf)
      .sort((x, y) => x - y);
    const first = (seriesBefore?.lastNumber ?? 0) + 1;
    expect(numbers).toEqual([first, first + 1, first + 2, first + 3]);
    expect(await t.db.select().from(invoiceDocuments).where(inArray(invoiceDocuments.periodId, ids))).toHaveLength(4);
  });

  it('a failure half-way through a batch numbers none of that batch and leaves no gap', async () => {
    const periods = await Promise.all([1, 2, 3, 4].map(() => periodInReview({ charges: ['10.00'] })));
    // In id order, the order the run takes them in (the periods were made in parallel).
    const ids = periods.map((p) => p.period.id).sort((a, b) => a - b);
    const [seriesBefore] = await t.db.select().from(invoiceNumberSeries);
    const { runId } = await startFinaliseThroughApi(t, { token: accounts, ids });
    // The fourth period (second of the second batch) cannot be printed: the third is numbered first.
    await runner({
      beforePeriod: (id) => {
        if (id === ids[3]) throw new Error('printer on fire');
      },
    }).runUntilIdle();
    const run = (await get(`/api/invoice/finalise-runs/${runId}`)).json();
    expect(run).toMatchObject({ status: 'failed', done: 2 });
    expect(run.error).toContain('printer on fire');
    let rows = await periodsOf(ids);
    expect(rows.map((row) => row.status)).toEqual(['INVOICED', 'INVOICED', 'IN_REVIEW', 'IN_REVIEW']);
    expect(rows[2]!.invoiceNumbers).toEqual([]);
    expect(
      await t.db
        .select()
        .from(invoiceDocuments)
        .where(inArray(invoiceDocuments.periodId, ids.slice(2))),
    ).toEqual([]);

    // Once fixed, finalising the rest continues the series with no gap.
    await finaliseThroughApi(t, { token: accounts, ids: ids.slice(2), runner: runner() });
    rows = await periodsOf(ids);
    const first = (seriesBefore?.lastNumber ?? 0) + 1;
    expect(rows.flatMap((row) => row.invoiceNumbers).map(numberOf)).toEqual([first, first + 1, first + 2, first + 3]);
  });

  it('finalises every period in review ending on a day, for the chosen intervals only', async () => {
    const monthly = await periodInReview({ charges: ['10.00'] });
    const weekly = await periodInReview({ charges: ['10.00'], settings: { invoiceInterval: 'W' } });
    const response = await post('/api/invoice/finalise-for-user', {
      endDate: '2026-10-31',
      weekly: false,
      monthly: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    await runner().runUntilIdle();
    const [m, w] = await periodsOf([monthly.period.id, weekly.period.id]);
    expect(m!.status).toBe('INVOICED');
    expect(w!.status).toBe('IN_REVIEW');
    const none = await post('/api/invoice/finalise-for-user', { endDate: '2026-10-30', weekly: true, monthly: true });
    expect(none.statusCode).toBe(409);
    const neither = await post('/api/invoice/finalise-for-user', {
      endDate: '2026-10-31',
      weekly: false,
      monthly: false,
    });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().details[0]).toEqual({ field: 'body.weekly', message: 'Switch on Weekly, Monthly or both.' });
  });

  describe('downloads', () => {
    it('gives a draft PDF and the CSV of a period in review, with every cell guarded', async () => {
      const { period } = await periodInReview({ charges: ['12.50'] });
      await createBooking(t.db, {
        booking: {
          reference: `INJ${period.id}`,
          companyId: period.companyId,
          serviceId: catalogue.services.bikeStandard,
          type: 'same_day',
          status: 'delivered',
          companyReferences: [{ id: 1, name: 'PO', header: 'PO', value: '=HYPERLINK("http://evil")' }],
          createdAt: new Date('2026-10-15T10:00:00Z'),
        },
        jobs: [{ invoicePeriodId: period.id, customerCharge: 7.5 }],
      });
      const pdf = await get(`/api/invoice/pdf?periodId=${period.id}&invoiceType=single`);
      expect(pdf.statusCode, pdf.body).toBe(200);
      const body = pdf.json<{ fileName: string; body: string }>();
      expect(body.fileName).toBe(`${period.identifier}-draft.pdf`);
      const text = await pdfText(Buffer.from(body.body, 'base64'));
      expect(text).toContain('DRAFT INVOICE');
      expect(text).toMatch(/Subtotal\s*€20\.00/);

      const csv = await get(`/api/invoice/csv?periodId=${period.id}&invoiceType=single&format=staff`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const lines = csv.body.trim().split('\n');
      expect(lines[0]).toBe(
        'Invoice number,Invoice,Period,Account,Date,Job,Line,Work,Description,Your reference,Service,Amount ex VAT',
      );
      expect(lines).toContainEqual(expect.stringContaining(`"'=HYPERLINK(""http://evil"")"`));
      expect(lines.at(-1)).toMatch(/,Total,,Total,,,24\.60$/);
    });

    it(`refuses at zero: '${NO_CHARGES_MESSAGE}'`, async () => {
      const { period } = await periodInReview({ charges: ['0.00'] });
      for (const url of [
        `/api/invoice/pdf?periodId=${period.id}&invoiceType=single`,
        `/api/invoice/csv?periodId=${period.id}&invoiceType=single&format=staff`,
      ]) {
        const response = await get(url);
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe(NO_CHARGES_MESSAGE);
      }
    });

    it('refuses an invoice type the company does not get, and odd input, with 400', async () => {
      const { period } = await periodInReview();
      const ground = await get(`/api/invoice/pdf?periodId=${period.id}&invoiceType=ground`);
      expect(ground.statusCode).toBe(400);
      expect(ground.json().details[0].field).toBe('querystring.invoiceType');
      for (const query of ['periodId=abc', 'periodId=0', 'periodId=1&invoiceType=both', 'periodId=1&format=pretty']) {
        expect((await get(`/api/invoice/pdf?${query}`)).statusCode, query).toBe(400);
      }
      expect((await get('/api/invoice/document/INV-9999999')).statusCode).toBe(404);
      expect((await get('/api/invoice/document/%00x')).statusCode).toBe(400);
    });
  });

  it('serves an issued invoice as its kept document, and prints none for a number without one', async () => {
    const split = await periodInReview({ settings: { singleInvoice: false }, overnight: '40.00' });
    await finaliseThroughApi(t, { token: accounts, ids: [split.period.id], runner: runner() });
    const [overnight] = await t.db
      .select()
      .from(invoiceDocuments)
      .where(and(eq(invoiceDocuments.periodId, split.period.id), eq(invoiceDocuments.invoiceType, 'overnight')));
    const pdf = await get(`/api/invoice/pdf?periodId=${split.period.id}&invoiceType=overnight`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.json()).toEqual({
      fileName: `${overnight!.number}.pdf`,
      contentType: 'application/pdf',
      body: overnight!.pdf.toString('base64'),
    });
    expect((await get(`/api/invoice/document/${overnight!.number}`)).rawPayload.equals(overnight!.pdf)).toBe(true);

    // Every number this app issues has its document (issued-invoices.ts); one without is not printed
    // from its period with a type guessed from what the period charges.
    const { period } = await periodInReview({ status: 'INVOICED' });
    await t.db
      .update(invoicePeriods)
      .set({ invoiceNumbers: ['INV-0000901'] })
      .where(eq(invoicePeriods.id, period.id));
    expect((await get('/api/invoice/document/INV-0000901')).statusCode).toBe(404);
    expect(await t.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.periodId, period.id))).toEqual([]);
  });

  it.each([['DISPATCHER'], ['TELEPHONIST'], ['PRICING']])('refuses %s', async (role) => {
    const token = await signInAs(t, [role]);
    const { period } = await periodInReview();
    expect((await post('/api/invoice/finalise', { ids: [period.id] }, token)).statusCode).toBe(403);
    expect(
      (await post('/api/invoice/finalise-for-user', { endDate: '2026-10-31', weekly: true, monthly: true }, token))
        .statusCode,
    ).toBe(403);
    expect((await get(`/api/invoice/pdf?periodId=${period.id}`, token)).statusCode).toBe(403);
    expect((await get(`/api/invoice/csv?periodId=${period.id}`, token)).statusCode).toBe(403);
    const [stillInReview] = await periodsOf([period.id]);
    expect(stillInReview!.status).toBe('IN_REVIEW');
  });

  /** A real SMTP server on a free port, keeping every message it receives. */
  async function smtpServer() {
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
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    return {
      received,
      url: `smtp://127.0.0.1:${port}`,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  it('sends no e-mail for the periods of a batch that failed half-way: they go out once it commits', async () => {
    const smtp = await smtpServer();
    try {
      const periods = await Promise.all([1, 2].map(() => periodInReview({ charges: ['10.00'] })));
      const ids = periods.map((p) => p.period.id).sort((a, b) => a - b);
      const { runId } = await startFinaliseThroughApi(t, { token: accounts, ids });
      // The first period is numbered, printed and given its e-mails; the second fails the batch, every attempt.
      await runner(
        {
          beforePeriod: (id) => {
            if (id === ids[1]) throw new Error('printer on fire');
          },
        },
        smtp.url,
      ).runUntilIdle();
      expect((await get(`/api/invoice/finalise-runs/${runId}`)).json()).toMatchObject({ status: 'failed', done: 0 });
      expect((await periodsOf(ids)).map((row) => row.status)).toEqual(['IN_REVIEW', 'IN_REVIEW']);
      expect(smtp.received).toEqual([]);
      expect(await t.db.select().from(outbox)).toEqual([]);
      const emailRuns = () =>
        t.db
          .select()
          .from(backgroundRuns)
          .where(and(eq(backgroundRuns.kind, EMAIL_RUN_KIND), gt(backgroundRuns.id, runId)));
      expect(await emailRuns()).toEqual([]);

      // Retried once fixed: each period's invoice goes to its two contacts, once.
      await post(`/api/background/runs/${runId}/retry`, {}, await signInAs(t, ['SUPERADMIN']));
      await runner({}, smtp.url).runUntilIdle();
      expect((await periodsOf(ids)).map((row) => row.status)).toEqual(['INVOICED', 'INVOICED']);
      expect(smtp.received.map((mail) => mail.subject).sort()).toEqual(
        (await periodsOf(ids))
          .flatMap((row) => [row.invoiceNumbers[0], row.invoiceNumbers[0]])
          .map((n) => expect.stringContaining(n!)),
      );
      expect((await emailRuns()).map((run) => [run.status, run.attempts])).toEqual([
        ['completed', 1],
        ['completed', 1],
        ['completed', 1],
        ['completed', 1],
      ]);
    } finally {
      await smtp.close();
    }
  });

  it('delivers the invoice with its PDF to a real SMTP server', async () => {
    const { received, url, close } = await smtpServer();
    try {
      const { period } = await periodInReview({ charges: ['80.00'] });
      await finaliseThroughApi(t, { token: accounts, ids: [period.id], runner: runner({}, url) });
      expect(received).toHaveLength(2);
      const [number] = (await periodsOf([period.id]))[0]!.invoiceNumbers;
      expect(received[0]!.subject).toContain(number);
      expect(received[0]!.attachments.map((a) => [a.filename, a.contentType])).toEqual([
        [`${number}.pdf`, 'application/pdf'],
      ]);
      expect(await pdfText(received[0]!.attachments[0]!.content)).toMatch(/Total \(EUR\)\s*€98\.40/);
      expect((await t.db.select().from(outbox)).map((m) => m.status)).toEqual(['sent', 'sent']);
    } finally {
      await close();
    }
  });
});
