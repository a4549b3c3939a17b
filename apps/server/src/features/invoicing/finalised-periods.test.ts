import { asc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINALISE_BLOCKED_MESSAGE } from '@courier/domain/invoicing/finalise-schemas';
import {
  billingContacts,
  invoiceDocuments,
  invoiceNumberSeries,
  invoicePeriods,
  outbox,
} from '../../db/schema/index.ts';
import { enqueueRun } from '../../platform/background/enqueue.ts';
import { createBackgroundRunner } from '../../platform/background/runner.ts';
import { createMailer } from '../../platform/mailer.ts';
import { messageRunHandlers } from '../../platform/message-runs.ts';
import { createBooking, createBookingCatalogue, type BookingCatalogue } from '../../test/booking-factories.ts';
import { bearer, createCompany, createInvoicePeriod, signInAs } from '../../test/factories.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { FINALISE_RUN_KIND, finaliseRunHandler } from './finalise.ts';
import { loadInvoicePeriodData } from './invoice-data.ts';
import { issuePeriodInvoices } from './issued-invoices.ts';

async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/**
 * A FINALISED period is numbered but not yet sent (decision 012): the finalise run that names it
 * e-mails the invoices it was issued with (their kept documents) and makes it INVOICED, taking no new
 * number. The demo data queues that run with its FINALISED periods, so none is left FINALISED for ever.
 */
describe.each(databaseKinds)('completing a FINALISED invoice period on %s', (kind) => {
  let t: TestApp;
  let accounts: string;
  let services: BookingCatalogue['services'];
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    accounts = await signInAs(t, ['ACCOUNTS']);
    services = (await createBookingCatalogue(t.db)).services;
  });
  afterAll(() => t?.close());

  /** An October period in review holding one €80.00 job, with one billing contact. */
  async function periodInReview() {
    const code = `FIN${++n}`;
    const company = await createCompany(t.db, {
      company: { name: `Finalised Co ${n}`, accountCode: code, billingBasis: 'account' },
    });
    await t.db.insert(billingContacts).values({ companyId: company.id, name: 'Niamh', email: `niamh${n}@fin.ie` });
    const period = await createInvoicePeriod(t.db, company);
    await createBooking(t.db, {
      booking: {
        reference: code,
        companyId: company.id,
        serviceId: services.bikeStandard,
        type: 'same_day',
        status: 'delivered',
        createdAt: new Date('2026-10-12T10:00:00Z'),
      },
      jobs: [{ invoicePeriodId: period.id, customerCharge: 80 }],
    });
    return { period, email: `niamh${n}@fin.ie` };
  }

  /** A FINALISED period: numbered `number`, without a kept document unless the test keeps one. */
  async function finalisedPeriod(number: string) {
    const made = await periodInReview();
    await t.db
      .update(invoicePeriods)
      .set({ status: 'FINALISED', invoiceNumbers: [number], finalisedAt: new Date('2026-11-01T12:00:00Z') })
      .where(eq(invoicePeriods.id, made.period.id));
    return made;
  }

  const runner = () =>
    createBackgroundRunner({
      db: t.db,
      handlers: {
        [FINALISE_RUN_KIND]: finaliseRunHandler({ mailer: createMailer(), supplier: t.config.invoiceSupplier }),
        ...messageRunHandlers({ smtpUrl: undefined, from: 'accounts@courier.ie' }),
      },
      onError: (error) => {
        throw error;
      },
    });

  it('e-mails the invoice it was issued with and becomes INVOICED, taking no new number', async () => {
    // Numbered, printed and kept as finalise issues it (as the demo data issues its FINALISED periods).
    const { period, email } = await periodInReview();
    const [issued] = await issuePeriodInvoices(t.db, await loadInvoicePeriodData(t.db, period.id), {
      supplier: t.config.invoiceSupplier,
      issuedAt: new Date('2026-11-01T12:00:00Z'),
    });
    const number = issued!.number;
    const [numbered] = await t.db.select().from(invoicePeriods).where(eq(invoicePeriods.id, period.id));
    expect(numbered).toMatchObject({ status: 'FINALISED', invoiceNumbers: [number] });
    // Staff cannot choose it: finalising takes periods in review only (spec 1 §4).
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/invoice/finalise',
      headers: bearer(accounts),
      payload: { ids: [period.id] },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(FINALISE_BLOCKED_MESSAGE);

    const [seriesBefore] = await t.db.select().from(invoiceNumberSeries);
    // The run the demo data queues with its FINALISED periods.
    await enqueueRun(t.db, { kind: FINALISE_RUN_KIND, params: { ids: [period.id] }, total: 1 });
    await runner().runUntilIdle();

    const [after] = await t.db.select().from(invoicePeriods).where(eq(invoicePeriods.id, period.id));
    expect(after).toMatchObject({ status: 'INVOICED', invoiceNumbers: [number] });
    expect((await t.db.select().from(invoiceNumberSeries))[0]?.lastNumber).toBe(seriesBefore?.lastNumber);
    const documents = await t.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.periodId, period.id));
    expect(documents.map((d) => [d.number, d.invoiceType, d.total])).toEqual([[number, 'single', 98.4]]);
    const text = await pdfText(documents[0]!.pdf);
    expect(text).toMatch(new RegExp(`Invoice number\\s*${number}`));
    expect(text).toMatch(/Invoice date\s*01\/11\/26/);

    const mail = await t.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(asc(outbox.id));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain(number);
    expect(mail[0]!.attachments).toEqual([
      { filename: `${number}.pdf`, contentType: 'application/pdf', size: documents[0]!.pdf.length },
    ]);
  });

  it('leaves a FINALISED period whose number has no kept document unsent, and counts it as an error', async () => {
    const { period, email } = await finalisedPeriod('INV-0000777');
    const run = await enqueueRun(t.db, { kind: FINALISE_RUN_KIND, params: { ids: [period.id] }, total: 1 });
    await runner().runUntilIdle();

    const [after] = await t.db.select().from(invoicePeriods).where(eq(invoicePeriods.id, period.id));
    expect(after).toMatchObject({ status: 'FINALISED', invoiceNumbers: ['INV-0000777'] });
    // Nothing printed from the period with a type guessed from its charges, nothing e-mailed.
    expect(await t.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.periodId, period.id))).toEqual([]);
    expect(await t.db.select().from(outbox).where(eq(outbox.recipient, email))).toEqual([]);
    const followed = await t.app.inject({
      method: 'GET',
      url: `/api/invoice/finalise-runs/${run.id}`,
      headers: bearer(accounts),
    });
    expect(followed.json()).toMatchObject({ status: 'completed', total: 1, done: 1, errors: 1 });
  });

  it('sends the document kept when it was numbered, as it was', async () => {
    const { period, email } = await finalisedPeriod('INV-0000778');
    const kept = Buffer.from('%PDF-1.4 kept as issued');
    await t.db
      .insert(invoiceDocuments)
      .values({ periodId: period.id, invoiceType: 'single', number: 'INV-0000778', total: 98.4, pdf: kept });
    await enqueueRun(t.db, { kind: FINALISE_RUN_KIND, params: { ids: [period.id] }, total: 1 });
    await runner().runUntilIdle();

    const [after] = await t.db.select().from(invoicePeriods).where(eq(invoicePeriods.id, period.id));
    expect(after!.status).toBe('INVOICED');
    expect(await t.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.periodId, period.id))).toHaveLength(1);
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.recipient, email));
    // The kept bytes, not a new print of the period.
    expect(mail!.attachments).toEqual([
      { filename: 'INV-0000778.pdf', contentType: 'application/pdf', size: kept.length },
    ]);
  });
});
