import { asc, inArray, sql } from 'drizzle-orm';
import { invoiceTypesFor, invoiceTypesToIssue } from '@courier/domain/invoicing/invoice-totals';
import type { InvoiceSupplier } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { invoiceDocuments, invoicePeriods } from '../../db/schema/index.ts';
import type { DemoInvoicing } from '../../db/seed/invoicing.ts';
import { loadInvoicePeriodsData, type InvoicePeriodData } from './invoice-data.ts';
import { issuePeriodInvoices, printAndKeepInvoices } from './issued-invoices.ts';

/** Periods whose invoice data is read together (a few reads a batch, not four a period). */
const LOAD_BATCH = 200;

/** Each batch of the periods' invoice data, in order. */
async function* invoiceDataOf(tx: DbOrTx, periodIds: readonly number[]): AsyncGenerator<InvoicePeriodData[]> {
  for (let start = 0; start < periodIds.length; start += LOAD_BATCH)
    yield await loadInvoicePeriodsData(tx, periodIds.slice(start, start + LOAD_BATCH));
}

/**
 * What the demo data (db/seed/invoicing.ts) issues its invoices with: finalise's own issuing
 * (issuePeriodInvoices), so a demo invoice is numbered, printed and kept exactly as a finalised one.
 * db/ sits below the areas and imports none, so whoever seeds (main.ts, tests) passes this in.
 */
export function demoInvoicing(supplier: InvoiceSupplier): DemoInvoicing {
  return {
    async issuePeriods(tx, periods) {
      const numbers: string[][] = [];
      let index = 0;
      for await (const batch of invoiceDataOf(
        tx,
        periods.map((period) => period.id),
      ))
        for (const data of batch) {
          const issued = await issuePeriodInvoices(tx, data, { supplier, issuedAt: periods[index++]!.issuedAt });
          numbers.push(issued.map((invoice) => invoice.number));
        }
      return numbers;
    },
    documentOlderInvoices: (db) => documentOlderDemoInvoices(db, supplier),
  };
}

/**
 * Demo databases seeded before the demo issued through issuePeriodInvoices hold invoice numbers with
 * no document (only the demo data ever numbered a period without keeping its documents: finalise
 * writes both in one transaction). Keeps a document for each such number, with the type that older
 * demo numbered it for: it numbered a period's types in order, either every type (before it left out
 * types with nothing charged) or the types with something charged. A count that fits neither was not
 * numbered by the demo and is left as it is. Dated the day it was numbered; returns how many it kept.
 */
async function documentOlderDemoInvoices(db: Db, supplier: InvoiceSupplier): Promise<number> {
  return db.transaction(async (tx) => {
    const undocumented = await tx
      .select({ id: invoicePeriods.id })
      .from(invoicePeriods)
      .where(
        sql`exists (select 1 from unnest(${invoicePeriods.invoiceNumbers}) as n(number)
                    where not exists (select 1 from ${invoiceDocuments} d where d.number = n.number))`,
      )
      .orderBy(asc(invoicePeriods.id));
    if (undocumented.length === 0) return 0;
    const periodIds = undocumented.map((period) => period.id);
    const documented = new Set(
      (
        await tx
          .select({ number: invoiceDocuments.number })
          .from(invoiceDocuments)
          .where(inArray(invoiceDocuments.periodId, periodIds))
      ).map((document) => document.number),
    );
    let kept = 0;
    for await (const batch of invoiceDataOf(tx, periodIds))
      for (const data of batch) {
        const { invoiceNumbers: numbers, finalisedAt, end } = data.period;
        const types = [
          invoiceTypesFor(data.company.singleInvoice),
          invoiceTypesToIssue(data.company.singleInvoice, data.lines),
        ].find((candidate) => candidate.length === numbers.length);
        if (!types) continue;
        const missing = numbers
          .map((number, index) => ({ number, type: types[index]! }))
          .filter(({ number }) => !documented.has(number));
        const issuedAt = finalisedAt ?? new Date(`${end}T12:00:00Z`);
        kept += (await printAndKeepInvoices(tx, data, missing, { supplier, issuedAt })).length;
      }
    return kept;
  });
}
