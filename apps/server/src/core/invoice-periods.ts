import { eq } from 'drizzle-orm';
import type { InvoicePeriod } from '@courier/domain/invoicing/schemas';
import type { DbOrTx } from '../db/client.ts';
import { invoicePeriods } from '../db/schema/index.ts';

/** A period's own columns as every period read answers them (start and end as yyyy-MM-dd). */
export const invoicePeriodColumns = {
  id: invoicePeriods.id,
  companyId: invoicePeriods.companyId,
  identifier: invoicePeriods.identifier,
  status: invoicePeriods.status,
  start: invoicePeriods.start,
  end: invoicePeriods.end,
};

/** One invoice period as booking details show it, or undefined. */
export async function findInvoicePeriod(db: DbOrTx, id: number): Promise<InvoicePeriod | undefined> {
  const [row] = await db.select(invoicePeriodColumns).from(invoicePeriods).where(eq(invoicePeriods.id, id));
  return row;
}
