import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  describeInvoiceReportParams,
  INVOICE_REPORT_KINDS,
  INVOICE_REPORTS,
  type InvoiceReport,
  type InvoiceReportKind,
  type InvoiceReportListQuery,
  type InvoiceReportListResponse,
  type InvoiceReportParams,
} from '@courier/domain/invoicing/reports';
import type { Db } from '../../../db/client.ts';
import { isoOrNull } from '../../../db/columns.ts';
import { invoiceReportRequests, users } from '../../../db/schema/index.ts';

export const invoiceReportFileUrl = (id: number) => `/api/invoice/reports/${id}/file`;

const knownKind = inArray(invoiceReportRequests.kind, [...INVOICE_REPORT_KINDS]);

/** GET /api/invoice/reports: the history, newest first. */
export async function listInvoiceReports(db: Db, query: InvoiceReportListQuery): Promise<InvoiceReportListResponse> {
  const [total] = await db.select({ count: count() }).from(invoiceReportRequests).where(knownKind);
  const rows = await db
    .select({
      id: invoiceReportRequests.id,
      kind: invoiceReportRequests.kind,
      params: invoiceReportRequests.params,
      status: invoiceReportRequests.status,
      rowCount: invoiceReportRequests.rowCount,
      error: invoiceReportRequests.error,
      createdAt: invoiceReportRequests.createdAt,
      finishedAt: invoiceReportRequests.finishedAt,
      requestedBy: sql<
        string | null
      >`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`,
    })
    .from(invoiceReportRequests)
    .leftJoin(users, eq(users.id, invoiceReportRequests.requestedBy))
    .where(knownKind)
    .orderBy(desc(invoiceReportRequests.createdAt), desc(invoiceReportRequests.id))
    .limit(query.size)
    .offset(query.skip);
  return {
    count: total?.count ?? 0,
    reports: rows.map((row): InvoiceReport => {
      const kind = row.kind as InvoiceReportKind; // knownKind keeps only these
      const params = row.params as InvoiceReportParams;
      return {
        id: row.id,
        kind,
        title: INVOICE_REPORTS[kind].title,
        params,
        inputs: describeInvoiceReportParams(kind, params),
        status: row.status,
        rowCount: row.rowCount,
        error: row.error,
        createdAt: row.createdAt.toISOString(),
        finishedAt: isoOrNull(row.finishedAt),
        requestedBy: row.requestedBy,
        downloadUrl: row.status === 'done' ? invoiceReportFileUrl(row.id) : null,
      };
    }),
  };
}

/** One request with its file, for the download. */
export async function findInvoiceReportFile(db: Db, id: number) {
  const [row] = await db
    .select({
      id: invoiceReportRequests.id,
      status: invoiceReportRequests.status,
      fileName: invoiceReportRequests.fileName,
      content: invoiceReportRequests.content,
    })
    .from(invoiceReportRequests)
    .where(eq(invoiceReportRequests.id, id));
  return row ?? null;
}
