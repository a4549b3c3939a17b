import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AREAS } from '@courier/domain/auth/roles';
import { apiErrorSchema } from '@courier/domain/common/api';
import {
  DRIVER_DOCUMENT_LABELS,
  DRIVER_DOCUMENT_TYPES,
  DRIVER_VAT_PERCENT,
  driverDocumentQuerySchema,
  driverPayReportBodySchema,
  messageResponseSchema,
  payPdfResponseSchema,
  payWeekBodySchema,
  pushMessageBodySchema,
  runStartedSchema,
  sendDriverDocumentBodySchema,
  sendStartedSchema,
  timesheetQuerySchema,
} from '@courier/domain/driver-pay/documents';
import { DRIVER_PAY_REPORT_GENERATED } from '@courier/domain/driver-pay/pay-report';
import type { AppContext } from '../../app-context.ts';
import { access, requireSignedIn } from '../../http/access.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { driverDocumentPdf, timesheetPdf } from './download-pay-documents.ts';
import {
  DRIVER_EXPORTS_RUN_KIND,
  LEDGER_CSV_COLUMNS,
  NEW_DRIVERS_CSV_COLUMNS,
  NEW_DRIVERS_CSV_RUN_KIND,
  requestDriverExports,
} from './driver-exports.ts';
import { requestDriverPayReport } from './driver-pay-report.ts';
import { requestDriverDocuments } from './send-driver-documents.ts';
import { sendPushMessage } from './send-push-message.ts';
import { PAY_CSV_COLUMNS } from './export-pay-csv.ts';

// Driver pay is for accounts (spec 2 §6, AREAS.driverPay).
const payRoute = areaRoutes({ access: access.roles(AREAS.driverPay), tags: ['driver-pay'] });

const TYPES_NOTE = DRIVER_DOCUMENT_TYPES.map((type) => `${type} (${DRIVER_DOCUMENT_LABELS[type]})`).join(', ');

/** The 'Pay' calls of spec 2 §7 that make documents and send them (issue 13). */
export function payDocumentRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { db } = context.database;
  const supplier = context.config.invoiceSupplier;
  return async (app) => {
    app.get(
      '/pay/period/timesheet',
      payRoute({
        summary: "A driver's timesheet for a pay week, as a base64 PDF",
        description:
          'Every task the driver completed in the week (date, time, job, PU/DROP/STOP/RTB, pay and extras; with mergeExtras=true pay and extras in one column), ' +
          'the days with tasks, days worked, booked off and missed, and the totals. A period still active or in review is worked out again first. ' +
          '404 unknown period; 409 when the driver completed no task that week.',
        querystring: timesheetQuerySchema,
        response: { 200: payPdfResponseSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      async (request) => timesheetPdf(db, { query: request.query, supplier }),
    );

    app.get(
      '/pay/period/driver-document',
      payRoute({
        summary: 'A driver document of a pay period, as a base64 PDF (spec 2 §3 Document types)',
        description:
          `documentType: ${TYPES_NOTE}. Each prints the supplier (INVOICE_SUPPLIER_*) and the driver (name, number, address from the pay settings or profile, tax number, VAT status), ` +
          'a document number (type prefix and period id) and date (the Monday after the week, or today while it runs), the week’s tasks, the pay components (base, fuel, bonuses, boost, adjustments) and totals to the cent. ' +
          `driver_proforma: always. driver_invoice: a self-billing invoice for VAT-registered drivers paid above 0, with VAT at ${DRIVER_VAT_PERCENT}% on the pay. ` +
          'driver_credit: when deductions exceed the pay (total below 0 before the floor); the amount the driver owes. ' +
          `cyclone_invoice: the company's invoice for cargo and equipment rental deducted in the week (VAT ${DRIVER_VAT_PERCENT}% included). contra: pay set off against the week's deductions. ` +
          'Every type but the proforma needs the driver’s pay settings. A type that does not apply is 400 with the reason; documents of periods not yet finalised are marked draft. 404 unknown period.',
        querystring: driverDocumentQuerySchema,
        response: { 200: payPdfResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      }),
      async (request) => driverDocumentPdf(db, { query: request.query, supplier }),
    );

    app.put(
      '/pay/period/send-driver-document',
      payRoute({
        summary: 'E-mails each driver their document of the chosen pay periods, in the background',
        description:
          'Each period is checked first: a document type that does not apply, or a driver with no e-mail address, is listed in failures and left out. ' +
          'The rest are e-mailed, PDF attached, to the tripsheet e-mail of the driver’s pay settings, else the driver’s e-mail, by a background run (kind driver-documents) ' +
          'whose log names every message sent or failed. 404 unknown period; 409 when none can be sent.',
        body: sendDriverDocumentBodySchema,
        response: { 200: sendStartedSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      async (request) => requestDriverDocuments(db, { body: request.body, userId: requireSignedIn(request).userId }),
    );

    app.put(
      '/pay/period/send-driver-exports',
      payRoute({
        summary: "E-mails the week's driver pay exports to the requester",
        description:
          'Body: start, the Monday of the week. Built in the background (kind driver-exports) and e-mailed to the signed-in user with two CSV files: ' +
          `driver-pay-{start}.csv (${PAY_CSV_COLUMNS.join(', ')}) and driver-ledger-{start}.csv (${LEDGER_CSV_COLUMNS.join(', ')}): ` +
          'one row per pay period, the document the week gets (self-billing invoice for VAT-registered drivers, credit note below 0, else proforma), VAT to the cent.',
        body: payWeekBodySchema,
        response: { 200: runStartedSchema },
      }),
      async (request) =>
        requestDriverExports(db, {
          body: request.body,
          userId: requireSignedIn(request).userId,
          kind: DRIVER_EXPORTS_RUN_KIND,
        }),
    );

    app.put(
      '/pay/period/send-new-drivers-csv',
      payRoute({
        summary: 'E-mails the drivers paid for the first time in a week to the requester, as CSV',
        description:
          'Body: start, the Monday of the week. The drivers whose first pay period is that week, for setting them up in the ledger, built in the background (kind new-drivers-csv) ' +
          `and e-mailed to the signed-in user as new-drivers-{start}.csv: ${NEW_DRIVERS_CSV_COLUMNS.join(', ')}.`,
        body: payWeekBodySchema,
        response: { 200: runStartedSchema },
      }),
      async (request) =>
        requestDriverExports(db, {
          body: request.body,
          userId: requireSignedIn(request).userId,
          kind: NEW_DRIVERS_CSV_RUN_KIND,
        }),
    );

    app.put(
      '/pay/period/generate-driver-pay-report',
      payRoute({
        summary: 'Builds the driver pay analysis and e-mails it to the requester',
        description:
          'Body: weeks (1 to 52; the pay screen sends 12, spec 2 §9). The complete weeks before the current one: per driver each week’s total, weeks paid, base pay, bonuses, ' +
          'adjustments, total and average per week, and a row for all drivers, as CSV built in the background (kind driver-pay-report) and e-mailed to the signed-in user. ' +
          `Answers '${DRIVER_PAY_REPORT_GENERATED}' and the run.`,
        body: driverPayReportBodySchema,
        response: { 200: runStartedSchema },
      }),
      async (request) => requestDriverPayReport(db, { body: request.body, userId: requireSignedIn(request).userId }),
    );

    app.put(
      '/pay/period/push-message',
      payRoute({
        summary: "A push message to a driver's app",
        description:
          'The message is queued as a background run (kind push-message, on the Dispatch queue log); no push provider is configured, so the run holds it in the outbox (channel push, recipient driver:{driverNumber}, subject the title) for a provider to deliver. ' +
          'title 1 to 100 characters, message 1 to 1000. 404 unknown driver.',
        body: pushMessageBodySchema,
        response: { 200: messageResponseSchema, 404: apiErrorSchema },
      }),
      async (request) => sendPushMessage(db, request.body),
    );
  };
}
