import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREAS } from '@courier/domain/auth/roles';
import { apiErrorSchema, idParamSchema } from '@courier/domain/common/api';
import {
  INACTIVE_COMPANY_DAYS,
  INVOICE_REPORT_KINDS,
  INVOICE_REPORTS,
  invoiceReportInputSchemas,
  invoiceReportListQuerySchema,
  invoiceReportListResponseSchema,
  invoiceReportRequestedSchema,
  type InvoiceReportKind,
  type InvoiceReportParams,
} from '@courier/domain/invoicing/reports';
import type { AppContext } from '../../../app-context.ts';
import { access, requireSignedIn } from '../../../http/access.ts';
import { conflict, notFound } from '../../../http/errors.ts';
import { areaRoutes } from '../../../http/route-options.ts';
import { findInvoiceReportFile, listInvoiceReports } from './queries.ts';
import { requestInvoiceReport } from './request-report.ts';

// Spec 1 §6 'Invoicing, reports': accounts only.
const reportsRoute = areaRoutes({ access: access.roles(AREAS.reports), tags: ['invoice reports'] });

/** What each report's CSV holds, for the OpenAPI document. */
const CONTENTS: Record<InvoiceReportKind, string> = {
  inactive_companies: `Active companies created by \`end\` with no booking in the ${INACTIVE_COMPANY_DAYS} days up to and including \`end\` (Europe/Dublin days), longest idle first: account code, company, billing basis, created, last booking before \`end\` (empty: never booked), days since.`,
  invoice_summary:
    'Every invoice period ending in the month of `endDate`: identifier, company, interval, status, days, job count and total, Additionals (price adjustments charged in the period) count and total, total, invoice numbers; a total row.',
  invoice_turnover:
    'Invoiced turnover (jobs plus Additionals of FINALISED and INVOICED periods, ex VAT, by the month the period ends) per company for each of the 12 months up to the month of the request, with a total per company and a row for all companies.',
  minimum_charge:
    'Jobs (not quotes or cancelled) booked from the first of the month of `end` up to `end` whose customer charge is below `minimumCharge` (0 to 10 euro), with the shortfall.',
  company_profiles:
    "Every account company's invoice settings; Exceptions names the settings that differ from the defaults. `exceptionsOnly` (default true) keeps only companies with an exception.",
  blocked:
    'Companies whose bookings are blocked or that are inactive: billing basis, bookings allowed or blocked, active, hold and telephonist messages, last booking, billing email.',
  sales_rep:
    'Per sales rep (company setting) and company: bookings and jobs (not quotes or cancelled) booked from `start` to `end`, job charges, adjustments and revenue; a total per rep and for all reps.',
  atoz_approval:
    'Every price review (same day or carrier) approved from `start` to `end`: when, by whom, the review reason, the job, company, current charges and invoice period.',
  invoice_customs:
    'Jobs with customs charges (carrier customs charge, customs adjustments) in FINALISED or INVOICED periods invoiced in the month of `end` (by invoice date, or period end when not recorded); a total row.',
};

export function invoiceReportRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    for (const kind of INVOICE_REPORT_KINDS) {
      const { slug, title } = INVOICE_REPORTS[kind];
      app.post(
        `/invoice/reports/${slug}`,
        reportsRoute({
          summary: `Request the ${title} (spec 1 §7 'Report requests')`,
          description: `Queues the report; it is built in the background from the database as CSV, e-mailed to the requester as an attachment and listed by GET /api/invoice/reports with its download. Dates are yyyy-MM-dd. ${CONTENTS[kind]}`,
          body: invoiceReportInputSchemas[kind],
          response: { 200: invoiceReportRequestedSchema },
        }),
        async (request) =>
          requestInvoiceReport(db, {
            kind,
            // No body stands for {}: parsed again, it keeps the defaults (exceptionsOnly true) with the request.
            params: invoiceReportInputSchemas[kind].parse(request.body ?? {}) as InvoiceReportParams,
            userId: requireSignedIn(request).userId,
          }),
      );
    }

    app.get(
      '/invoice/reports',
      reportsRoute({
        summary: 'The reports requested, newest first, with their state and download',
        description:
          'status: queued (waiting for a runner), running, done (downloadUrl set), failed (error says what to do). rowCount counts the records in the file (header and total rows not counted). size 1 to 100 (default 25), skip from 0.',
        querystring: invoiceReportListQuerySchema,
        response: { 200: invoiceReportListResponseSchema },
      }),
      async (request) => listInvoiceReports(db, request.query),
    );

    app.get(
      '/invoice/reports/:id/file',
      reportsRoute({
        summary: "A done report's CSV, as e-mailed",
        description: '404 when no such report was requested; 409 while it is not done (queued, running or failed).',
        params: idParamSchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('The CSV file'), 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      async (request, reply) => {
        const report = await findInvoiceReportFile(db, request.params.id);
        if (!report) throw notFound(`Report ${request.params.id} does not exist.`);
        if (report.status !== 'done' || report.content === null)
          throw conflict(
            report.status === 'failed'
              ? `Report ${report.id} failed, so it has no file. Please request it again.`
              : `Report ${report.id} is not ready yet. Try again when its state is Ready.`,
          );
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${report.fileName ?? `report-${report.id}.csv`}"`)
          .send(report.content);
      },
    );
  };
}
