import { formatDay, dublinToday } from '@courier/domain/common/calendar-days';
import {
  driverDocumentDay,
  driverDocumentProblem,
  type DriverDocumentQuery,
  type PayPdfResponse,
  type TimesheetQuery,
} from '@courier/domain/driver-pay/documents';
import type { InvoiceSupplier } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { loadPayDocumentData, refreshEditablePeriods } from './document-data.ts';
import { driverDocumentFileName, renderDriverDocumentPdf } from './driver-document-pdf.ts';
import { renderTimesheetPdf, timesheetFileName } from './timesheet-pdf.ts';

const pdfResponse = (fileName: string, pdf: Buffer): PayPdfResponse => ({
  fileName,
  contentType: 'application/pdf',
  body: pdf.toString('base64'),
});

/**
 * GET /api/pay/period/timesheet: the week's tasks of the period's driver as a PDF. A period still
 * active or in review is worked out again first; 409 when the driver completed no task that week.
 */
export async function timesheetPdf(
  db: Db,
  options: { query: TimesheetQuery; supplier: InvoiceSupplier },
): Promise<PayPdfResponse> {
  const { payPeriodId, mergeExtras } = options.query;
  const data = await db.transaction(async (tx) => {
    await refreshEditablePeriods(tx, [payPeriodId]);
    return loadPayDocumentData(tx, payPeriodId);
  });
  if (data.tasks.length === 0)
    throw conflict(
      `${data.driver.name} completed no tasks in the week ${formatDay(data.period.startDay)} to ${formatDay(data.period.endDay)}, so there is no timesheet.`,
    );
  return pdfResponse(
    timesheetFileName(data),
    await renderTimesheetPdf(data, { supplier: options.supplier, mergeExtras }),
  );
}

/**
 * GET /api/pay/period/driver-document: one of the period's documents as a PDF; 400 with the reason
 * when the type does not apply to it (domain driverDocumentProblem).
 */
export async function driverDocumentPdf(
  db: Db,
  options: { query: DriverDocumentQuery; supplier: InvoiceSupplier; now?: Date },
): Promise<PayPdfResponse> {
  const { payPeriodId, documentType, mergeExtras } = options.query;
  const data = await db.transaction(async (tx) => {
    await refreshEditablePeriods(tx, [payPeriodId]);
    return loadPayDocumentData(tx, payPeriodId);
  });
  const problem = driverDocumentProblem(documentType, data.facts);
  if (problem) throw badRequest(problem, [{ field: 'querystring.documentType', message: problem }]);
  const pdf = await renderDriverDocumentPdf(data, documentType, {
    supplier: options.supplier,
    mergeExtras,
    day: driverDocumentDay(data.period.endDay, dublinToday(options.now)),
  });
  return pdfResponse(driverDocumentFileName(data, documentType), pdf);
}
