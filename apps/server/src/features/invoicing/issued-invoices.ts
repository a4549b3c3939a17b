import { eq, sql } from 'drizzle-orm';
import { invoiceTypesToIssue, typesOfInvoiceNumbers, type InvoiceType } from '@courier/domain/invoicing/invoice-totals';
import type { InvoiceSupplier } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { invoiceDocuments, invoicePeriods } from '../../db/schema/index.ts';
import { invoiceOf, loadInvoicePeriodData, type InvoicePeriodData } from './invoice-data.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

// Invoices already numbered: their documents as kept when issued (decision 012). An invoice numbered
// before documents were kept (the demo's) is printed once from its period, dated the day it was
// numbered, and kept, so it reads the same every time after.

/** One issued invoice: its type, number, PDF and total including VAT. */
export interface IssuedInvoiceFile {
  type: InvoiceType;
  number: string;
  pdf: Buffer;
  total: number;
}

/** Prints a numbered invoice of the period that has no kept document, and keeps it. */
async function printAndKeep(
  db: DbOrTx,
  data: InvoicePeriodData,
  invoice: { number: string; type: InvoiceType; supplier: InvoiceSupplier },
): Promise<IssuedInvoiceFile> {
  const { number, type } = invoice;
  const date = data.period.finalisedAt ?? new Date(`${data.period.end}T12:00:00Z`);
  const pdf = await renderInvoicePdf(data, type, invoice.supplier, { number, date });
  const total = invoiceOf(data, type).totals.total;
  await db
    .insert(invoiceDocuments)
    .values({ periodId: data.period.id, invoiceType: type, number, total, pdf })
    .onConflictDoNothing();
  return { type, number, pdf, total };
}

/** The type of a period's nth invoice number that has no kept document: by what the period charges. */
function typeOfNumber(data: InvoicePeriodData, index: number): InvoiceType {
  const types = typesOfInvoiceNumbers({
    count: data.period.invoiceNumbers.length,
    singleInvoice: data.company.singleInvoice,
    issued: invoiceTypesToIssue(data.company.singleInvoice, data.lines),
  });
  return types[index] ?? 'single';
}

/** The invoices a FINALISED period was numbered with (not yet sent), in number order of the period. */
export async function keptInvoices(
  tx: DbOrTx,
  data: InvoicePeriodData,
  supplier: InvoiceSupplier,
): Promise<IssuedInvoiceFile[]> {
  const kept = await tx
    .select({
      type: invoiceDocuments.invoiceType,
      number: invoiceDocuments.number,
      pdf: invoiceDocuments.pdf,
      total: invoiceDocuments.total,
    })
    .from(invoiceDocuments)
    .where(eq(invoiceDocuments.periodId, data.period.id));
  const invoices: IssuedInvoiceFile[] = [];
  for (const [index, number] of data.period.invoiceNumbers.entries()) {
    const found = kept.find((document) => document.number === number);
    invoices.push(found ?? (await printAndKeep(tx, data, { number, type: typeOfNumber(data, index), supplier })));
  }
  return invoices;
}

/** An issued invoice's PDF by its number (GET /api/invoice/document/{number}), or undefined. */
export async function issuedInvoicePdf(
  db: DbOrTx,
  number: string,
  supplier: InvoiceSupplier,
): Promise<{ pdf: Buffer; periodId: number; type: InvoiceType } | undefined> {
  const [stored] = await db
    .select({ pdf: invoiceDocuments.pdf, periodId: invoiceDocuments.periodId, type: invoiceDocuments.invoiceType })
    .from(invoiceDocuments)
    .where(eq(invoiceDocuments.number, number));
  if (stored) return stored;
  const [period] = await db
    .select({ id: invoicePeriods.id, numbers: invoicePeriods.invoiceNumbers })
    .from(invoicePeriods)
    .where(sql`${number} = any(${invoicePeriods.invoiceNumbers})`)
    .limit(1);
  if (!period) return undefined;
  const data = await loadInvoicePeriodData(db, period.id);
  const printed = await printAndKeep(db, data, {
    number,
    type: typeOfNumber(data, period.numbers.indexOf(number)),
    supplier,
  });
  return { pdf: printed.pdf, periodId: period.id, type: printed.type };
}
