import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BOOKING_READER_ROLES } from '@courier/domain/bookings/labels';
import { apiErrorSchema } from '@courier/domain/common/api';
import { invoicePeriodParamsSchema, invoicePeriodSchema } from '@courier/domain/invoicing/schemas';
import type { AppContext } from '../../app-context.ts';
import { access } from '../../http/access.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { notFound } from '../../http/errors.ts';
import { findInvoicePeriod } from '../../core/invoice-periods.ts';

// Booking details show every job's period (spec 2 §2) to every role that sees the booking list,
// pricing staff included (issue 11); the period's name, status and days carry no prices.
const invoicingRoute = areaRoutes({ access: access.roles(BOOKING_READER_ROLES), tags: ['invoicing'] });

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
  };
}
