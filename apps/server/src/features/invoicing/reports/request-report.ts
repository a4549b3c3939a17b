import { eq } from 'drizzle-orm';
import {
  invoiceReportRequestedText,
  type InvoiceReportKind,
  type InvoiceReportParams,
  type InvoiceReportRequested,
} from '@courier/domain/invoicing/reports';
import type { Db } from '../../../db/client.ts';
import { invoiceReportRequests } from '../../../db/schema/index.ts';
import { enqueueRun } from '../../../platform/background/enqueue.ts';

/** The background-run kind that builds and e-mails a requested report (run-handler.ts). */
export const INVOICE_REPORT_RUN_KIND = 'invoice-report';

/**
 * Records the request and queues its background run in one transaction, so a request is never
 * left without the run that builds it (spec 1 §7 'Report requests': answered at once with a text).
 */
export async function requestInvoiceReport(
  db: Db,
  options: { kind: InvoiceReportKind; params: InvoiceReportParams; userId: number },
): Promise<InvoiceReportRequested> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .insert(invoiceReportRequests)
      .values({ kind: options.kind, params: options.params, requestedBy: options.userId })
      .returning({ id: invoiceReportRequests.id });
    if (!request) throw new Error('The report request was not recorded.');
    const run = await enqueueRun(tx, {
      kind: INVOICE_REPORT_RUN_KIND,
      params: { requestId: request.id },
      total: 1,
      createdBy: options.userId,
    });
    await tx.update(invoiceReportRequests).set({ runId: run.id }).where(eq(invoiceReportRequests.id, request.id));
    return { message: invoiceReportRequestedText(options.kind), id: request.id };
  });
}
