import { eq } from 'drizzle-orm';
import type { InvoicePeriod } from '@courier/domain/invoicing/schemas';
import type { DbOrTx } from '../db/client.ts';
import { invoicePeriods } from '../db/schema/index.ts';

/** One invoice period as booking details show it (start and end as yyyy-MM-dd), or undefined. */
export async function findInvoicePeriod(db: DbOrTx, id: number): Promise<InvoicePeriod | undefined> {
  const [row] = await db
    .select({
      id: invoicePeriods.id,
      companyId: invoicePeriods.companyId,
      identifier: invoicePeriods.identifier,
      status: invoicePeriods.status,
      start: invoicePeriods.start,
      end: invoicePeriods.end,
    })
    .from(invoicePeriods)
    .where(eq(invoicePeriods.id, id));
  return row;
}
