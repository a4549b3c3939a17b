import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AREAS } from '@courier/domain/auth/roles';
import { BOOKING_READER_ROLES } from '@courier/domain/bookings/labels';
import { apiErrorSchema } from '@courier/domain/common/api';
import { invoicePeriodListQuerySchema, invoicePeriodListResponseSchema } from '@courier/domain/invoicing/list-schemas';
import { invoicePeriodParamsSchema, invoicePeriodSchema } from '@courier/domain/invoicing/schemas';
import type { AppContext } from '../../app-context.ts';
import { access } from '../../http/access.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { notFound } from '../../http/errors.ts';
import { findInvoicePeriod } from '../../core/invoice-periods.ts';
import { listInvoicePeriods } from './queries.ts';

// Booking details show every job's period (spec 2 §2) to every role that sees the booking list,
// pricing staff included (issue 11); the period's name, status and days carry no prices.
const invoicingRoute = areaRoutes({ access: access.roles(BOOKING_READER_ROLES), tags: ['invoicing'] });
// The invoice list carries money and is the accounts area's own (spec 1 §6 'Invoicing, reports').
const accountsRoute = areaRoutes({ access: access.roles(AREAS.invoicing), tags: ['invoicing'] });

export function invoicingRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
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
          'Filters: companyId (one company); end (yyyy-MM-dd: periods ending on that day); pending=true',
          '(periods awaiting invoicing: IN_REVIEW, shown Ready to send, and FINALISED, numbered but not yet',
          'sent; not ACTIVE, not INVOICED); weekly and monthly (default true each: the periods of companies',
          'invoiced per week, per month; both false lists none). size 1 to 5000 (default 10), skip from 0.',
        ].join(' '),
        querystring: invoicePeriodListQuerySchema,
        response: { 200: invoicePeriodListResponseSchema },
      }),
      async (request) => listInvoicePeriods(db, request.query),
    );
  };
}
