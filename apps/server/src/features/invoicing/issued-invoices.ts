import { asc, eq, sql } from 'drizzle-orm';
import { invoiceTypesToIssue, type InvoiceType } from '@courier/domain/invoicing/invoice-totals';
import type { InvoiceSupplier } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { invoiceDocuments, invoiceNumberSeries, invoicePeriods } from '../../db/schema/index.ts';
import { invoiceOf, type InvoicePeriodData } from './invoice-data.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

// Issued invoices (decision 012): numbered from the series, printed once and kept in invoice_documents
// as issued. Every invoice is issued through issuePeriodInvoices (by finalise, and by the demo data),
// so every invoice number has its document: the list, the downloads and the e-mails read them from
// invoice_documents, and nothing works out an invoice's type from what its period charges.

/** One issued invoice: its type, number, PDF and total including VAT. */
export interface IssuedInvoiceFile {
  type: InvoiceType;
  number: string;
  pdf: Buffer;
  total: number;
}

/** The invoice number printed and stored: INV- and seven digits. */
export const formatInvoiceNumber = (value: number) => `INV-${String(value).padStart(7, '0')}`;

/**
 * The next `howMany` numbers of the invoice series, taken in the caller's transaction: its row lock
 * makes concurrent finalisers wait their turn, and a rollback returns the numbers, so the series has
 * neither gaps nor repeats.
 */
async function takeInvoiceNumbers(tx: DbOrTx, howMany: number): Promise<string[]> {
  if (howMany === 0) return [];
  const [row] = await tx
    .insert(invoiceNumberSeries)
    .values({ name: 'invoice', lastNumber: howMany })
    .onConflictDoUpdate({
      target: invoiceNumberSeries.name,
      set: { lastNumber: sql`${invoiceNumberSeries.lastNumber} + ${howMany}` },
    })
    .returning({ lastNumber: invoiceNumberSeries.lastNumber });
  const last = row!.lastNumber;
  return Array.from({ length: howMany }, (_, index) => formatInvoiceNumber(last - howMany + 1 + index));
}

/**
 * Prints the period's invoices of these types and numbers, dated `issuedAt`, and keeps each as issued
 * (one invoice_documents row). The documents of a numbered period are written here and nowhere else.
 */
export async function printAndKeepInvoices(
  tx: DbOrTx,
  data: InvoicePeriodData,
  invoices: readonly { type: InvoiceType; number: string }[],
  options: { supplier: InvoiceSupplier; issuedAt: Date },
): Promise<IssuedInvoiceFile[]> {
  const issued = await Promise.all(
    invoices.map(async ({ type, number }) => ({
      type,
      number,
      pdf: await renderInvoicePdf(data, type, options.supplier, { number, date: options.issuedAt }),
      total: invoiceOf(data, type).totals.total,
    })),
  );
  if (issued.length > 0)
    await tx.insert(invoiceDocuments).values(
      issued.map((invoice) => ({
        periodId: data.period.id,
        invoiceType: invoice.type,
        number: invoice.number,
        total: invoice.total,
        pdf: invoice.pdf,
      })),
    );
  return issued;
}

/**
 * Issues a period's invoices, in the caller's transaction: one for each type with something to charge
 * (invoiceTypesToIssue), numbered from the series in type order, printed and kept; the period records
 * its numbers and the moment, and becomes FINALISED (numbered, not yet sent). A period with nothing
 * charged takes no number.
 */
export async function issuePeriodInvoices(
  tx: DbOrTx,
  data: InvoicePeriodData,
  options: { supplier: InvoiceSupplier; issuedAt: Date },
): Promise<IssuedInvoiceFile[]> {
  const types = invoiceTypesToIssue(data.company.singleInvoice, data.lines);
  const numbers = await takeInvoiceNumbers(tx, types.length);
  const issued = await printAndKeepInvoices(
    tx,
    data,
    types.map((type, index) => ({ type, number: numbers[index]! })),
    options,
  );
  await tx
    .update(invoicePeriods)
    .set({ status: 'FINALISED', invoiceNumbers: numbers, finalisedAt: options.issuedAt })
    .where(eq(invoicePeriods.id, data.period.id));
  return issued;
}

/**
 * The kept invoices of a numbered period, in the order of its numbers. A number without a document
 * is left out: the caller compares with the period's numbers (finalise refuses to send such a period).
 */
export async function keptInvoices(tx: DbOrTx, data: InvoicePeriodData): Promise<IssuedInvoiceFile[]> {
  const kept = await tx
    .select({
      type: invoiceDocuments.invoiceType,
      number: invoiceDocuments.number,
      pdf: invoiceDocuments.pdf,
      total: invoiceDocuments.total,
    })
    .from(invoiceDocuments)
    .where(eq(invoiceDocuments.periodId, data.period.id))
    .orderBy(asc(invoiceDocuments.number));
  return data.period.invoiceNumbers.flatMap((number) => kept.filter((document) => document.number === number));
}

/** An issued invoice's PDF by its number (GET /api/invoice/document/{number}), or undefined. */
export async function issuedInvoicePdf(
  db: DbOrTx,
  number: string,
): Promise<{ pdf: Buffer; periodId: number; type: InvoiceType } | undefined> {
  const [stored] = await db
    .select({ pdf: invoiceDocuments.pdf, periodId: invoiceDocuments.periodId, type: invoiceDocuments.invoiceType })
    .from(invoiceDocuments)
    .where(eq(invoiceDocuments.number, number));
  return stored;
}
