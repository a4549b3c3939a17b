import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '@courier/domain/common/dates';
import { companyExtendedSettings, invoiceDocuments, invoicePeriods } from '../../db/schema/index.ts';
import { createBackgroundRunner } from '../../platform/background/runner.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { createBooking, createBookingCatalogue, type BookingCatalogue } from '../../test/booking-factories.ts';
import { bearer, createCompany, createInvoicePeriod, signInAs } from '../../test/factories.ts';
import { finaliseThroughApi } from '../../test/finalise-through-api.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app.ts';
import { FINALISE_RUN_KIND, finaliseRunHandler } from './finalise.ts';

/** The PDF's text as a reader gets it (a real extractor), runs of white space made one space. */
async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** Escapes text for a RegExp, so amounts and names can be matched next to their labels. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const row = (label: string, amount: string) => new RegExp(`${literal(label)}\\s*${literal(amount)}`);

/**
 * What an issued invoice says (issue 12 'Invoice documents are real invoices'), read back from the
 * PDF: the billing address in full, the invoice number and date, one line per job and adjustment,
 * both discounts, the three surcharges by name and rate, VAT by the company's code, and the totals
 * to the cent.
 */
describe.each(databaseKinds)('the text of an invoice PDF on %s', (kind) => {
  let t: TestApp;
  let accounts: string;
  let services: BookingCatalogue['services'];
  let n = 0;
  // The e-mails are not what is tested here.
  const mailer: Mailer = { send: async () => {} };

  beforeAll(async () => {
    t = await createTestApp(kind);
    accounts = await signInAs(t, ['ACCOUNTS']);
    services = (await createBookingCatalogue(t.db)).services;
  });
  afterAll(() => t?.close());

  /**
   * A company in review for October 2026 with both discounts, the three surcharges and a full billing
   * address; one ground, one overnight and one international job, and a waiting-time adjustment.
   */
  async function periodWithEveryCharge(vatCode: 'STD' | 'ZER') {
    const code = `DOC${++n}`;
    const company = await createCompany(t.db, {
      company: { name: `Shannon Traders ${n}`, accountCode: code, billingBasis: 'account' },
    });
    await t.db
      .update(companyExtendedSettings)
      .set({
        defaultVatCode: vatCode,
        discountPercent: 10,
        discountTwoPercent: 5,
        surchargeNameOne: 'Nationwide fuel levy',
        surchargeRateOne: 4,
        surchargeNameTwo: 'International fuel levy',
        surchargeRateTwo: 7.5,
        surchargeNameThree: 'City congestion charge',
        surchargeRateThree: 3,
        billingAddressName: 'Shannon Traders Accounts',
        billingAddressLineOne: 'Unit 4 Harbour Point',
        billingAddressLineTwo: 'Dock Road',
        billingAddressLineThree: 'Upper Level',
        billingAddressCity: 'Limerick',
        billingAddressCounty: 'Co. Limerick',
        billingAddressPostcode: 'V94 X2Y3',
        billingAddressRegion: 'Munster',
        billingAddressCountry: 'IE',
        vatNumber: 'IE9876543W',
      })
      .where(eq(companyExtendedSettings.companyId, company.id));
    const period = await createInvoicePeriod(t.db, company);
    const job = (suffix: string, values: { serviceId: number; type: 'same_day' | 'other'; charge: number }) =>
      createBooking(t.db, {
        booking: {
          reference: `${code}${suffix}`,
          companyId: company.id,
          serviceId: values.serviceId,
          type: values.type,
          status: 'delivered',
          createdAt: new Date('2026-10-14T10:00:00Z'),
        },
        jobs: [
          {
            invoicePeriodId: period.id,
            customerCharge: values.charge,
            adjustments:
              suffix === 'G'
                ? [
                    {
                      type: 'WAITING_TIME',
                      description: 'Waiting time at Shannon Foynes',
                      charge: 5,
                      cost: 2,
                      applySurcharge: true,
                      showToCustomer: true,
                      invoicePeriodId: period.id,
                    },
                  ]
                : [],
          },
        ],
      });
    await job('G', { serviceId: services.bikeStandard, type: 'same_day', charge: 100 });
    await job('N', { serviceId: services.overnight, type: 'other', charge: 50 });
    await job('I', { serviceId: services.international, type: 'other', charge: 20 });
    return { company, period, code };
  }

  it('prints the billing address, number, date, lines, discounts, surcharges, VAT STD and totals to the cent', async () => {
    const { period, code } = await periodWithEveryCharge('STD');
    const runner = createBackgroundRunner({
      db: t.db,
      handlers: { [FINALISE_RUN_KIND]: finaliseRunHandler({ mailer, supplier: t.config.invoiceSupplier }) },
      onError: (error) => {
        throw error;
      },
    });
    await finaliseThroughApi(t, { token: accounts, ids: [period.id], runner });
    const [issued] = await t.db.select().from(invoicePeriods).where(eq(invoicePeriods.id, period.id));
    const number = issued!.invoiceNumbers[0]!;
    expect(number).toMatch(/^INV-\d{7}$/);
    const [stored] = await t.db.select().from(invoiceDocuments).where(eq(invoiceDocuments.number, number));
    const text = await pdfText(stored!.pdf);

    // Billing address: every line, the region, and the country by its name (stored as IE).
    expect(text).toContain(
      'Shannon Traders Accounts Unit 4 Harbour Point Dock Road Upper Level Limerick Co. Limerick V94 X2Y3 Munster IRELAND, REPUBLIC OF',
    );
    expect(text).toContain('VAT number: IE9876543W');
    // The invoice number and date (the day it was numbered, dd/MM/yy).
    expect(text).toMatch(row('Invoice number', number));
    expect(text).toMatch(row('Invoice date', formatDate(issued!.finalisedAt!)));
    expect(text).toContain(`Please quote ${number} with your payment.`);
    // One line per job and per adjustment.
    expect(text).toMatch(new RegExp(`${code}G-1 .*€100\\.00`));
    expect(text).toMatch(new RegExp(`${code}N-1 .*€50\\.00`));
    expect(text).toMatch(new RegExp(`${code}I-1 .*€20\\.00`));
    expect(text).toMatch(new RegExp(`${code}G-1 Waiting time at Shannon Foynes .*€5\\.00`));
    // 175.00 less 10% (17.50) = 157.50, less 5% (7.875 → 7.88) = 149.62.
    expect(text).toMatch(row('Subtotal', '€175.00'));
    expect(text).toMatch(row('Discount (10%)', '-€17.50'));
    expect(text).toMatch(row('Second discount (5%)', '-€7.88'));
    // Each surcharge on its own kind's discounted work: ground 105.00 → 89.77 × 3% = 2.69;
    // overnight 50.00 → 42.75 × 4% = 1.71; international 20.00 → 17.10 × 7.5% = 1.2825 → 1.28.
    expect(text).toMatch(row('City congestion charge (3%)', '€2.69'));
    expect(text).toMatch(row('Nationwide fuel levy (4%)', '€1.71'));
    expect(text).toMatch(row('International fuel levy (7.5%)', '€1.28'));
    // 149.62 + 2.69 + 1.71 + 1.28 = 155.30; VAT 23% 35.719 → 35.72; 191.02.
    expect(text).toMatch(row('Net', '€155.30'));
    expect(text).toMatch(row('VAT (23%)', '€35.72'));
    expect(text).toMatch(row('Total (EUR)', '€191.02'));
    expect(stored!.total).toBe(191.02);
  });

  it('charges no VAT under ZER and says so', async () => {
    const { period } = await periodWithEveryCharge('ZER');
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/invoice/pdf?periodId=${period.id}&invoiceType=single`,
      headers: bearer(accounts),
    });
    expect(response.statusCode, response.body).toBe(200);
    const text = await pdfText(Buffer.from(response.json<{ body: string }>().body, 'base64'));
    expect(text).toContain('DRAFT INVOICE');
    expect(text).toMatch(row('Net', '€155.30'));
    expect(text).toMatch(row('VAT (0%, zero-rated)', '€0.00'));
    expect(text).toMatch(row('Total (EUR)', '€155.30'));
    expect(text).toContain('Munster IRELAND, REPUBLIC OF');
  });
});
