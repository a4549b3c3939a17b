import { and, asc, eq, inArray } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoicePeriodListResponse } from '@courier/domain/invoicing/list-schemas';
import { NO_CHARGES_MESSAGE } from '@courier/domain/invoicing/finalise-schemas';
import {
  companyExtendedSettings,
  invoiceDocuments,
  invoiceNumberSeries,
  invoicePeriods,
} from '../../db/schema/index.ts';
import { seedDemoDataIfEmpty } from '../../db/seed/demo.ts';
import { seedInvoicePeriods } from '../../db/seed/invoicing.ts';
import { createBackgroundRunner } from '../../platform/background/runner.ts';
import { createMailer } from '../../platform/mailer.ts';
import { createBooking, createBookingCatalogue } from '../../test/booking-factories.ts';
import { bearer, createCompany, signInAs } from '../../test/factories.ts';
import { finaliseThroughApi } from '../../test/finalise-through-api.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { demoInvoicing } from './demo-invoicing.ts';
import { FINALISE_RUN_KIND, finaliseRunHandler } from './finalise.ts';

async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/*
 * The demo data's invoices (db/seed/invoicing.ts), issued through finalise's own issuing
 * (issued-invoices.ts), on a small fixture seeded as if today were Friday 2026-11-20:
 *   SPL  weekly, Ground and Overnight invoices, 10% discount, 5% overnight surcharge
 *     SPL-2026-W41  2026-10-05 – 11  same-day 40.00 (+ a 5.00 adjustment), ON 25.00: Ground and Overnight
 *     SPL-2026-W42  2026-10-12 – 18  ON 30.00 only: one invoice, its Overnight one
 *     SPL-2026-W43  2026-10-19 – 25  no work: no invoice
 *     ... to the running week, ACTIVE
 *   SNG  monthly, one invoice
 *     SNG-2026-09   same-day 100.00, international 50.00: one invoice
 *     SNG-2026-10, SNG-2026-11 (running)
 */
describe.each(databaseKinds)("the demo data's invoices on %s", (kind) => {
  let t: TestApp;
  let accounts: string;
  const companyIds: Record<'split' | 'single', number> = { split: 0, single: 0 };

  beforeAll(async () => {
    t = await createTestApp(kind);
    accounts = await signInAs(t, ['ACCOUNTS']);
    const { services } = await createBookingCatalogue(t.db);
    const split = await createCompany(t.db, {
      company: { name: 'Split Freight', accountCode: 'SPL', billingBasis: 'account' },
    });
    const single = await createCompany(t.db, {
      company: { name: 'Single Parcels', accountCode: 'SNG', billingBasis: 'account' },
    });
    companyIds.split = split.id;
    companyIds.single = single.id;
    await t.db
      .update(companyExtendedSettings)
      .set({ invoiceInterval: 'W', singleInvoice: false, discountPercent: 10, surchargeRateOne: 5 })
      .where(eq(companyExtendedSettings.companyId, split.id));
    await t.db
      .update(companyExtendedSettings)
      .set({ invoiceInterval: 'M', singleInvoice: true })
      .where(eq(companyExtendedSettings.companyId, single.id));

    const booking = (
      reference: string,
      companyId: number,
      day: string,
      work: 'ground' | 'overnight' | 'international',
      jobs: Parameters<typeof createBooking>[1]['jobs'],
    ) =>
      createBooking(t.db, {
        booking: {
          reference,
          companyId,
          serviceId:
            work === 'ground'
              ? services.bikeStandard
              : work === 'overnight'
                ? services.overnight
                : services.international,
          type: work === 'ground' ? 'same_day' : 'other',
          status: 'delivered',
          createdAt: new Date(`${day}T10:00:00Z`),
        },
        jobs,
      });
    await booking('SPL1', split.id, '2026-10-06', 'ground', [
      { customerCharge: 40, adjustments: [{ charge: 5, description: 'Waiting time', applySurcharge: true }] },
    ]);
    await booking('SPL2', split.id, '2026-10-08', 'overnight', [{ customerCharge: 25 }]);
    await booking('SPL3', split.id, '2026-10-14', 'overnight', [{ customerCharge: 30 }]);
    await booking('SNG1', single.id, '2026-09-10', 'ground', [{ customerCharge: 100 }]);
    await booking('SNG2', single.id, '2026-09-20', 'international', [{ customerCharge: 50 }]);

    await seedInvoicePeriods(t.db, {
      anchor: new Date('2026-11-20T12:00:00Z'),
      seed: 7,
      invoicing: demoInvoicing(t.config.invoiceSupplier),
    });
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(accounts) });
  const periodCalled = async (identifier: string) =>
    (await t.db.select().from(invoicePeriods).where(eq(invoicePeriods.identifier, identifier)))[0]!;
  const documentsOf = (periodIds: number[]) =>
    t.db
      .select()
      .from(invoiceDocuments)
      .where(inArray(invoiceDocuments.periodId, periodIds))
      .orderBy(asc(invoiceDocuments.number));
  /** The periods the demo issued, in the order it issued them (by end, then company). */
  const endedPeriods = () =>
    t.db
      .select()
      .from(invoicePeriods)
      .where(inArray(invoicePeriods.status, ['FINALISED', 'INVOICED']))
      .orderBy(asc(invoicePeriods.end), asc(invoicePeriods.companyId), asc(invoicePeriods.id));

  it('keeps a document for every number it issues, of the type it invoices, and numbers nothing with no charges', async () => {
    const issued = await endedPeriods();
    expect(issued.length).toBeGreaterThan(4);
    const documents = await documentsOf(issued.map((period) => period.id));
    // Every number has its document, and every document is a number of its period.
    expect(documents.map((d) => [d.periodId, d.number]).sort()).toEqual(
      issued.flatMap((period) => period.invoiceNumbers.map((number) => [period.id, number])).sort(),
    );
    const typesOf = (identifier: string) =>
      documents
        .filter((d) => d.periodId === issued.find((period) => period.identifier === identifier)?.id)
        .map((d) => d.invoiceType);
    expect(typesOf('SPL-2026-W41')).toEqual(['ground', 'overnight']);
    expect(typesOf('SPL-2026-W42')).toEqual(['overnight']);
    expect(typesOf('SNG-2026-09')).toEqual(['single']);
    expect(await periodCalled('SPL-2026-W43')).toMatchObject({ status: 'INVOICED', invoiceNumbers: [] });
    // Numbered in the order they were finalised, from the demo's first number, and the series carries on.
    const numbers = issued.flatMap((period) => period.invoiceNumbers);
    expect(numbers[0]).toBe('INV-1200000');
    expect(numbers).toEqual(numbers.map((_, index) => `INV-${1_200_000 + index}`));
    const [series] = await t.db.select().from(invoiceNumberSeries);
    expect(series?.lastNumber).toBe(1_200_000 + numbers.length - 1);
    // Totals as issued: W41 ground 45.00 less 10% = 40.50 + 23% VAT = 49.82; overnight 25.00 less 10%
    // = 22.50, + 5% surcharge 1.13 = 23.63, + VAT 5.43 = 29.06.
    const w41 = documents.filter((d) => d.periodId === issued.find((p) => p.identifier === 'SPL-2026-W41')?.id);
    expect(w41.map((d) => [d.invoiceType, d.total])).toEqual([
      ['ground', 49.82],
      ['overnight', 29.06],
    ]);
  });

  it('lists each issued invoice with the type its kept document names', async () => {
    const response = await get(`/api/invoice/periods?companyId=${companyIds.split}&size=100`);
    expect(response.statusCode, response.body).toBe(200);
    const listed = new Map(
      response
        .json<InvoicePeriodListResponse>()
        .invoicePeriods.map((period) => [
          period.identifier,
          period.invoices.map((invoice) => [invoice.number, invoice.type, invoice.url]),
        ]),
    );
    const w41 = await periodCalled('SPL-2026-W41');
    const w42 = await periodCalled('SPL-2026-W42');
    expect(listed.get('SPL-2026-W41')).toEqual([
      [w41.invoiceNumbers[0], 'ground', `/api/invoice/document/${w41.invoiceNumbers[0]}`],
      [w41.invoiceNumbers[1], 'overnight', `/api/invoice/document/${w41.invoiceNumbers[1]}`],
    ]);
    // The period's only invoice is its Overnight one.
    expect(listed.get('SPL-2026-W42')).toEqual([
      [w42.invoiceNumbers[0], 'overnight', `/api/invoice/document/${w42.invoiceNumbers[0]}`],
    ]);
    expect(listed.get('SPL-2026-W43')).toEqual([]);
  });

  it('prints each issued invoice as kept: the charges of its type, dated the day after its period', async () => {
    const w42 = await periodCalled('SPL-2026-W42');
    const [number] = w42.invoiceNumbers;
    const document = await get(`/api/invoice/document/${number}`);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(document.rawPayload);
    expect(text).toMatch(new RegExp(`Invoice number\\s*${number}`));
    expect(text).toMatch(/Invoice for\s*Overnight work/);
    expect(text).toMatch(/Invoice date\s*19\/10\/26/);
    expect(text).toContain('SPL3-1');
    // 30.00 less 10% = 27.00, + 5% surcharge 1.35 = 28.35, + 23% VAT 6.52 = 34.87.
    expect(text).toMatch(/Total \(EUR\)\s*€34\.87/);
    expect(text).not.toContain('No charges on this invoice');
    // The period's PDF download of that type is the same kept document; it has no Ground invoice.
    const pdf = await get(`/api/invoice/pdf?periodId=${w42.id}&invoiceType=overnight`);
    expect(pdf.json()).toMatchObject({ fileName: `${number}.pdf`, body: document.rawPayload.toString('base64') });
    const ground = await get(`/api/invoice/pdf?periodId=${w42.id}&invoiceType=ground`);
    expect(ground.statusCode).toBe(409);
    expect(ground.json().message).toBe(NO_CHARGES_MESSAGE);
  });

  it('writes the rows finalising the same periods writes', async () => {
    const runner = createBackgroundRunner({
      db: t.db,
      handlers: {
        [FINALISE_RUN_KIND]: finaliseRunHandler({ mailer: createMailer(), supplier: t.config.invoiceSupplier }),
      },
      onError: (error) => {
        throw error;
      },
    });
    // The run the demo queued for its FINALISED periods sends them first (they become INVOICED).
    await runner.runUntilIdle();
    const seeded = await endedPeriods();
    const seededDocuments = await documentsOf(seeded.map((period) => period.id));

    // The same periods back in review, unnumbered, and the series where the demo started it ...
    await t.db.delete(invoiceDocuments).where(
      inArray(
        invoiceDocuments.periodId,
        seeded.map((period) => period.id),
      ),
    );
    await t.db
      .update(invoicePeriods)
      .set({ status: 'IN_REVIEW', invoiceNumbers: [], finalisedAt: null })
      .where(
        inArray(
          invoicePeriods.id,
          seeded.map((period) => period.id),
        ),
      );
    await t.db.update(invoiceNumberSeries).set({ lastNumber: 1_199_999 });
    // ... finalised by accounts one after another, in the order the demo issued them.
    for (const period of seeded) await finaliseThroughApi(t, { token: accounts, ids: [period.id], runner });

    const finalised = await endedPeriods();
    const withoutIssueDay = ({ finalisedAt: _issued, ...period }: (typeof finalised)[number]) => period;
    expect(finalised.map(withoutIssueDay)).toEqual(seeded.map(withoutIssueDay));
    const documents = await documentsOf(finalised.map((period) => period.id));
    const row = ({ periodId, invoiceType, number, total }: (typeof documents)[number]) => ({
      periodId,
      invoiceType,
      number,
      total,
    });
    expect(documents.map(row)).toEqual(seededDocuments.map(row));
    // The same document, but for the day it was issued (the demo's: the day after the period ended).
    const printed = async (pdf: Buffer) =>
      (await pdfText(pdf)).replace(/Invoice date\s*\d{2}\/\d{2}\/\d{2}/, 'Invoice date (issued)');
    for (const [index, document] of documents.entries())
      expect(await printed(document.pdf), document.number).toBe(await printed(seededDocuments[index]!.pdf));
  });

  it('gives a demo seeded before it kept documents the documents its numbers lack, as it numbered them', async () => {
    const w41 = await periodCalled('SPL-2026-W41');
    const w42 = await periodCalled('SPL-2026-W42');
    const before = await documentsOf([w41.id, w42.id]);
    // As an older demo left them: W41's numbers without documents; W42 numbered, as the demo once
    // numbered every type, for its (empty) Ground invoice too.
    await t.db.delete(invoiceDocuments).where(inArray(invoiceDocuments.periodId, [w41.id, w42.id]));
    await t.db
      .update(invoicePeriods)
      .set({ invoiceNumbers: ['INV-0009001', 'INV-0009002'] })
      .where(eq(invoicePeriods.id, w42.id));

    // The demo is not seeded again (the database has users); the numbers get their documents.
    expect(await seedDemoDataIfEmpty(t.db, { invoicing: demoInvoicing(t.config.invoiceSupplier) })).toBe(false);
    const after = await documentsOf([w41.id, w42.id]);
    const row = ({ periodId, invoiceType, number, total }: (typeof after)[number]) => ({
      periodId,
      invoiceType,
      number,
      total,
    });
    expect(after.map(row)).toEqual(
      [
        ...before.filter((d) => d.periodId === w41.id).map(row),
        { periodId: w42.id, invoiceType: 'ground' as const, number: 'INV-0009001', total: 0 },
        { periodId: w42.id, invoiceType: 'overnight' as const, number: 'INV-0009002', total: 34.87 },
      ].sort((a, b) => a.number.localeCompare(b.number)),
    );
    const [keptGround] = after.filter((d) => d.number === 'INV-0009001');
    expect(await pdfText(keptGround!.pdf)).toMatch(/Invoice date\s*\d{2}\/\d{2}\/\d{2}.*No charges on this invoice/);
    // Printed as when it was issued: the same text as the document it replaces.
    const [w41Ground] = after.filter((d) => d.periodId === w41.id && d.invoiceType === 'ground');
    expect(await pdfText(w41Ground!.pdf)).toBe(
      await pdfText(before.find((d) => d.periodId === w41.id && d.invoiceType === 'ground')!.pdf),
    );
    // Done once: a second start finds nothing to keep.
    expect(await seedDemoDataIfEmpty(t.db, { invoicing: demoInvoicing(t.config.invoiceSupplier) })).toBe(false);
    expect(await documentsOf([w41.id, w42.id])).toHaveLength(after.length);
    const listed = await get(`/api/invoice/periods?companyId=${companyIds.split}&search=SPL-2026-W42`);
    expect(listed.json<InvoicePeriodListResponse>().invoicePeriods[0]?.invoices.map((invoice) => invoice.type)).toEqual(
      ['ground', 'overnight'],
    );
    expect(
      await t.db
        .select({ number: invoiceDocuments.number })
        .from(invoiceDocuments)
        .where(and(eq(invoiceDocuments.periodId, w42.id), eq(invoiceDocuments.invoiceType, 'overnight'))),
    ).toEqual([{ number: 'INV-0009002' }]);
  });
});
