import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AREAS } from '@courier/domain/auth/roles';
import { DRIVER_EXTRA_ADJUSTMENT_TYPES } from '@courier/domain/bookings/enums';
import { apiErrorSchema, idParamSchema, okSchema } from '@courier/domain/common/api';
import {
  createPriceAdjustmentBodySchema,
  priceAdjustmentListSchema,
  priceAdjustmentSchema,
  syncAddonsBodySchema,
  syncAddonsResponseSchema,
} from '@courier/domain/pricing/price-adjustment-schemas';
import { jobIdQuerySchema } from '@courier/domain/pricing/price-review-schemas';
import type { AppContext } from '../../app-context.ts';
import { access, requireSignedIn } from '../../http/access.ts';
import { areaRoutes } from '../../http/route-options.ts';
import {
  createPriceAdjustment,
  deletePriceAdjustment,
  listPriceAdjustments,
  syncAddonsWithPriceAdjustments,
} from './price-adjustments.ts';

const adjustmentRoute = areaRoutes({ access: access.roles(AREAS.editPrices), tags: ['price adjustments'] });

/** A job's price adjustments (spec 2 §7 'Pricing', issue 11); PRICING (or a higher rank) only. */
export function priceAdjustmentRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    app.get(
      '/pricing/job-price-adjustments',
      adjustmentRoute({
        summary: "A job's price adjustments",
        description:
          'Oldest first, each with its type label, its task reference and the invoice period it is charged in. 404 when the job does not exist.',
        querystring: jobIdQuerySchema,
        response: { 200: priceAdjustmentListSchema, 404: apiErrorSchema },
      }),
      async (request) => listPriceAdjustments(db, request.query.jobId),
    );

    app.post(
      '/pricing/job-price-adjustments',
      adjustmentRoute({
        summary: 'Adds a price adjustment to a job (the Add Pricing Adjustment modal)',
        description:
          'jobId and type may be null (nothing chosen): the answer is then a 400 whose details carry "Please select a job" and "Please select an adjustment type". ' +
          `A task is required for the driver-extra types (${DRIVER_EXTRA_ADJUSTMENT_TYPES.join(', ')}): "Please select a task"; it must be one of the job's tasks (400). ` +
          'The customer description is kept only when showToCustomer is true. The adjustment is charged in the invoice period open when it is made: ' +
          "the job's company's ACTIVE period whose days hold today (Europe/Dublin), else none (invoicePeriodId null). " +
          'Kept in the price history and audited. 404 when the job does not exist. Answers the adjustment.',
        body: createPriceAdjustmentBodySchema,
        response: { 200: priceAdjustmentSchema, 404: apiErrorSchema },
      }),
      async (request) =>
        createPriceAdjustment(db, {
          userId: requireSignedIn(request).userId,
          input: request.body,
          source: 'POST /api/pricing/job-price-adjustments',
        }),
    );

    app.delete(
      '/pricing/job-price-adjustments/:id',
      adjustmentRoute({
        summary: 'Deletes a price adjustment',
        description:
          "Refused with 400 VALIDATION and a message to show the user when the adjustment is in the job's own invoice period and that invoice is FINALISED or INVOICED; " +
          'an adjustment charged in another period, or in none, may always be deleted. Kept in the price history and audited. 404 when it does not exist.',
        params: idParamSchema,
        response: { 200: okSchema, 404: apiErrorSchema },
      }),
      async (request) => {
        await deletePriceAdjustment(db, {
          userId: requireSignedIn(request).userId,
          id: request.params.id,
          source: `DELETE /api/pricing/job-price-adjustments/${request.params.id}`,
        });
        return { ok: true as const };
      },
    );

    app.post(
      '/pricing/sync-addons-with-price-adjustments',
      adjustmentRoute({
        summary: "Turns a job's add-ons into CUSTOMER_ADDON price adjustments",
        description:
          'The spec does not show this body; ours is `{ jobId }`. Each add-on of the job (its extras breakdown: name, cost, charge) becomes a CUSTOMER_ADDON adjustment ' +
          "shown to the customer (description = the add-on's name), on the job's first task (none if it has no tasks), in the invoice period open today as for a new adjustment. " +
          'An add-on that already has a CUSTOMER_ADDON adjustment with the same description, cost and charge is skipped (one adjustment per add-on), so a second run creates nothing. ' +
          '404 when the job does not exist; 409 when an add-on is not a name with amounts of 0 or more in whole cents. ' +
          "Answers how many adjustments were created and the job's adjustments after.",
        body: syncAddonsBodySchema,
        response: { 200: syncAddonsResponseSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      async (request) =>
        syncAddonsWithPriceAdjustments(db, {
          userId: requireSignedIn(request).userId,
          jobId: request.body.jobId,
          source: 'POST /api/pricing/sync-addons-with-price-adjustments',
        }),
    );
  };
}
