import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREAS } from '@courier/domain/auth/roles';
import { BOOKING_READER_ROLES } from '@courier/domain/bookings/labels';
import { apiErrorSchema } from '@courier/domain/common/api';
import {
  finaliseAllBodySchema,
  invoicePeriodListQuerySchema,
  invoicePeriodListResponseSchema,
} from '@courier/domain/invoicing/list-schemas';
import { invoicePeriodParamsSchema, invoicePeriodSchema } from '@courier/domain/invoicing/schemas';
import {
  NO_CHARGES_MESSAGE,
  currentFinaliseRunSchema,
  finaliseBodySchema,
  finaliseForDateRangeBodySchema,
  finaliseRunParamsSchema,
  finaliseRunSchema,
  finaliseStartedSchema,
  invoiceDownloadQuerySchema,
  invoiceNumberParamsSchema,
  invoicePdfResponseSchema,
} from '@courier/domain/invoicing/finalise-schemas';
import { hasCharges, invoiceTypesFor, type InvoiceType } from '@courier/domain/invoicing/invoice-totals';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { invoiceDocuments } from '../../db/schema/index.ts';
import { access, requireSignedIn } from '../../http/access.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { findInvoicePeriod } from '../../core/invoice-periods.ts';
import { requestFinalise, requestFinaliseForDateRange } from './finalise.ts';
import { issuedInvoicePdf } from './issued-invoices.ts';
import { invoiceOf, loadInvoicePeriodData, type InvoicePeriodData } from './invoice-data.ts';
import { renderInvoiceCsv } from './invoice-csv.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { findFinaliseRun, findUnfinishedFinaliseRun, listInvoicePeriods } from './queries.ts';
import { requestFinaliseAll } from './request-finalise-all.ts';

/**
 * The period's data for a download of one of its invoices: refused when the company does not get
 * that type of invoice, and when there is nothing to charge (spec 1 §5 'No job charges found').
 */
async function downloadData(context: AppContext, periodId: number, type: InvoiceType): Promise<InvoicePeriodData> {
  const data = await loadInvoicePeriodData(context.database.db, periodId);
  const types = invoiceTypesFor(data.company.singleInvoice);
  if (!types.includes(type))
    throw badRequest(
      data.company.singleInvoice
        ? `${data.company.name} gets one invoice per period: ask for invoiceType single.`
        : `${data.company.name} gets separate Ground and Overnight invoices: ask for invoiceType ground or overnight.`,
      [{ field: 'querystring.invoiceType', message: `invoiceType must be ${types.join(' or ')} for this period.` }],
    );
  if (!hasCharges(invoiceOf(data, type).lines)) throw conflict(NO_CHARGES_MESSAGE);
  return data;
}

/** The number of the period's issued invoice of this type, if it has one: by its kept document. */
async function issuedNumberOf(context: AppContext, data: InvoicePeriodData, type: InvoiceType) {
  const [stored] = await context.database.db
    .select({ number: invoiceDocuments.number })
    .from(invoiceDocuments)
    .where(and(eq(invoiceDocuments.periodId, data.period.id), eq(invoiceDocuments.invoiceType, type)));
  return stored?.number ?? null;
}

// Booking details show every job's period (spec 2 §2) to every role that sees the booking list,
// pricing staff included (issue 11); the period's name, status and days carry no prices.
const invoicingRoute = areaRoutes({ access: access.roles(BOOKING_READER_ROLES), tags: ['invoicing'] });
// The invoice list carries money and is the accounts area's own (spec 1 §6 'Invoicing, reports').
const accountsRoute = areaRoutes({ access: access.roles(AREAS.invoicing), tags: ['invoicing'] });

export function invoicingRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { db } = context.database;
  const supplier = context.config.invoiceSupplier;
  return async (app) => {
    app.get(
      '/invoice/period/:periodId',
      invoicingRoute({
        summary: 'One invoice period: identifier, status and days (spec 1 §7, spec 2 §7)',
        params: invoicePeriodParamsSchema,
        response: { 200: invoicePeriodSchema, 404: apiErrorSchema },
      }),
      async (request) => {
        const period = await findInvoicePeriod(db, request.params.periodId);
        if (!period) throw notFound(`Invoice period ${request.params.periodId} does not exist.`);
        return period;
      },
    );

    app.get(
      '/invoice/periods',
      accountsRoute({
        summary: 'A page of invoice periods with their job and adjustment totals (spec 1 §2 Invoice list, §7)',
        description: [
          'Newest end first, then newest id. Each period names its company, the company invoice interval',
          '(W weekly, M monthly) and singleInvoice setting, its invoice numbers, its job count and jobs total',
          '(the sum of its jobs customerCharge), the count and total of the price adjustments charged in it',
          '(Additionals), and total = jobs plus adjustments, to the cent.',
          'Filters: companyId (one company); end (yyyy-MM-dd: periods ending on or before that day, the Invoice',
          'Date); endFrom and endTo (periods ending in that window, both days included); pending=true',
          '(periods awaiting invoicing: IN_REVIEW, shown Ready to send, and FINALISED, numbered but not yet',
          'sent; not ACTIVE, not INVOICED); weekly and monthly (default true each: the periods of companies',
          'invoiced per week, per month; both false lists none). size 1 to 5000 (default 10), skip from 0.',
        ].join(' '),
        querystring: invoicePeriodListQuerySchema,
        response: { 200: invoicePeriodListResponseSchema },
      }),
      async (request) => listInvoicePeriods(db, request.query),
    );

    app.post(
      '/invoice/finalise',
      accountsRoute({
        summary: 'Finalise chosen invoice periods: number, print and e-mail their invoices (spec 1 §4, §7)',
        description: [
          'Every chosen period must be IN_REVIEW (Ready to send); otherwise nothing is queued and the answer',
          `is 409 '${'Please ensure all invoice periods are in review before finalising'}', with \`details\` naming`,
          'each period that is not (field body.ids.N: its place in ids). The work runs in the',
          'background: each period gets gap-free invoice numbers (one invoice, or Ground and Overnight),',
          'its PDFs, is e-mailed to its billing contacts and becomes INVOICED. Follow the returned run with',
          'GET /api/invoice/finalise-runs/{runId}.',
        ].join(' '),
        body: finaliseBodySchema,
        response: { 200: finaliseStartedSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      async (request) => requestFinalise(db, request.body.ids, requireSignedIn(request).userId),
    );

    app.post(
      '/invoice/finalise-for-user',
      accountsRoute({
        summary: 'Finalise for date range: every period ready to send ending on or before a day (spec 1 §2)',
        description:
          'Queues the same background run as /invoice/finalise for every IN_REVIEW period ending on or before endDate of the companies invoiced at the chosen intervals (weekly and/or monthly); 409 when there is none.',
        body: finaliseForDateRangeBodySchema,
        response: { 200: finaliseStartedSchema, 409: apiErrorSchema },
      }),
      async (request) => requestFinaliseForDateRange(db, request.body, requireSignedIn(request).userId),
    );

    app.post(
      '/invoice/finalise-all',
      accountsRoute({
        summary: "Finalise every period in review the invoice list's filters match ('Finalise All N Invoices')",
        description: [
          'The body is the filters of GET /api/invoice/periods (without size and skip) and count, the number of',
          'periods in review the list showed. The periods are found on the server, however many; when they are',
          'no longer exactly count (or none), nothing is queued and the answer is 409 with the number now.',
          'Otherwise the same background run as /invoice/finalise is queued for them.',
        ].join(' '),
        body: finaliseAllBodySchema,
        response: { 200: finaliseStartedSchema, 409: apiErrorSchema },
      }),
      async (request) => requestFinaliseAll(db, request.body, requireSignedIn(request).userId),
    );

    app.get(
      '/invoice/finalise-runs/current',
      accountsRoute({
        summary: "The signed-in user's finalise run still queued or running, if any",
        description:
          'The invoice list asks for it when it opens, so the progress of a run started before the user went elsewhere shows again. run is null when none is going.',
        response: { 200: currentFinaliseRunSchema },
      }),
      async (request) => {
        const run = await findUnfinishedFinaliseRun(db, requireSignedIn(request).userId);
        return { run: run && { ...run, finishedAt: run.finishedAt?.toISOString() ?? null } };
      },
    );

    app.get(
      '/invoice/finalise-runs/:runId',
      accountsRoute({
        summary: 'A finalise run: queued, running, completed or failed, with periods done of total',
        params: finaliseRunParamsSchema,
        response: { 200: finaliseRunSchema, 404: apiErrorSchema },
      }),
      async (request) => {
        const run = await findFinaliseRun(db, request.params.runId);
        return { ...run, finishedAt: run.finishedAt?.toISOString() ?? null };
      },
    );

    app.get(
      '/invoice/pdf',
      accountsRoute({
        summary: 'An invoice of a period as a PDF, base64 (spec 1 §7): the issued invoice, else a draft',
        description: `invoiceType single, or ground / overnight for a company with separate invoices (400 otherwise). 409 '${NO_CHARGES_MESSAGE}' when the invoice's jobs and adjustments total zero.`,
        querystring: invoiceDownloadQuerySchema,
        response: { 200: invoicePdfResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      async (request) => {
        const { periodId, invoiceType } = request.query;
        const data = await downloadData(context, periodId, invoiceType);
        const number = await issuedNumberOf(context, data, invoiceType);
        const issued = number ? await issuedInvoicePdf(db, number) : undefined;
        const pdf = issued?.pdf ?? (await renderInvoicePdf(data, invoiceType, supplier, null));
        const name = number ?? `${data.period.identifier}${invoiceType === 'single' ? '' : `-${invoiceType}`}-draft`;
        return { fileName: `${name}.pdf`, contentType: 'application/pdf' as const, body: pdf.toString('base64') };
      },
    );

    app.get(
      '/invoice/csv',
      accountsRoute({
        summary: "An invoice of a period as CSV (format 'staff'): its lines and totals",
        description: `Same invoiceType rules as the PDF; 409 '${NO_CHARGES_MESSAGE}' at zero. Cells are guarded against formula injection.`,
        querystring: invoiceDownloadQuerySchema,
        produces: ['text/csv'],
        response: {
          200: z.string().describe('CSV: one row per job and adjustment, then the totals'),
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      }),
      async (request, reply) => {
        const { periodId, invoiceType } = request.query;
        const data = await downloadData(context, periodId, invoiceType);
        const number = await issuedNumberOf(context, data, invoiceType);
        const name = number ?? `${data.period.identifier}${invoiceType === 'single' ? '' : `-${invoiceType}`}-draft`;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .send(renderInvoiceCsv(data, invoiceType, number));
      },
    );

    app.get(
      '/invoice/document/:number',
      accountsRoute({
        summary: 'An issued invoice as it was sent, by its number (the url the invoice list links)',
        params: invoiceNumberParamsSchema,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('The PDF'), 404: apiErrorSchema },
      }),
      async (request, reply) => {
        const issued = await issuedInvoicePdf(db, request.params.number);
        if (!issued) throw notFound(`Invoice ${request.params.number} does not exist.`);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${request.params.number}.pdf"`)
          .send(issued.pdf);
      },
    );
  };
}
