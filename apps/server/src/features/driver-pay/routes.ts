import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREAS } from '@courier/domain/auth/roles';
import { apiErrorSchema } from '@courier/domain/common/api';
import {
  createPayPeriodBodySchema,
  finalisePayPeriodsBodySchema,
  markPayPeriodsPaidBodySchema,
  PAY_ADJUSTMENT_ERRORS,
  payPeriodListSchema,
  payPeriodSchema,
  payWindowQuerySchema,
  savePayPeriodsBodySchema,
} from '@courier/domain/driver-pay/schemas';
import type { AppContext } from '../../app-context.ts';
import { access, requireSignedIn } from '../../http/access.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { createPayPeriod } from './create-pay-period.ts';
import { exportPayPeriodsCsv } from './export-pay-csv.ts';
import { finalisePayPeriods } from './finalise-pay-periods.ts';
import { listPayPeriods } from './list-pay-periods.ts';
import { markPayPeriodsPaid } from './mark-pay-periods-paid.ts';
import { savePayPeriods } from './save-pay-periods.ts';

// Driver pay is for accounts (spec 2 §6, AREAS.driverPay).
const payRoute = areaRoutes({ access: access.roles(AREAS.driverPay), tags: ['driver-pay'] });

const WEEK_NOTE =
  'A week runs Monday to Sunday, Europe/Dublin (spec 2 §9): start must be a Monday and end the Sunday after it, else 400.';

/** The 'Pay' calls of spec 2 §7 (issue 13): pay periods, their save, creation, finalisation and CSV. */
export function payPeriodRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    app.get(
      '/pay/period',
      payRoute({
        summary: "Every driver's pay period of a week",
        description:
          `${WEEK_NOTE} Drivers with a task completed in the week get an ACTIVE period if they have none. ` +
          'Active and in-review periods are worked out again from the tasks (base pay = driver pay + extras) and the pay settings; ' +
          'pending-payment and paid ones are answered as they were locked. By driver number. Accounts only.',
        querystring: payWindowQuerySchema,
        response: { 200: payPeriodListSchema },
      }),
      async (request) => listPayPeriods(db, request.query),
    );

    app.post(
      '/pay/period',
      payRoute({
        summary: 'Saves pay periods',
        description:
          'Each period: days worked, booked off and missed (0–7 each, together at most the 7 days of the week), the fuel percent (null: the vehicle default), a manual boost (null: the automatic Min Pay Boost), ' +
          'component amounts typed over the computed ones (null: computed) and the manual adjustments. Totals are worked out by the server; ' +
          `an adjustment needs an amount above 0 ("${PAY_ADJUSTMENT_ERRORS.amount.message}"), a type ("${PAY_ADJUSTMENT_ERRORS.type.message}") and a description ("${PAY_ADJUSTMENT_ERRORS.description.message}"). ` +
          'All or nothing: a period pending payment or paid is 409 LOCKED_PAID, a version no longer current 409 STALE_EDIT, an unknown id 404. ' +
          'Answers every period of the weeks saved.',
        body: savePayPeriodsBodySchema,
        response: { 200: payPeriodListSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      async (request) => savePayPeriods(db, { userId: requireSignedIn(request).userId, body: request.body }),
    );

    app.post(
      '/pay/period/create',
      payRoute({
        summary: 'Creates a pay period for a driver',
        description:
          'An ACTIVE period in the week starting on `start` (a Monday; default the current week), worked out from the driver’s tasks. ' +
          '409 ALREADY_EXISTS when the driver has one that week; 404 when the driver does not exist.',
        body: createPayPeriodBodySchema,
        response: { 200: payPeriodSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      async (request) => createPayPeriod(db, { userId: requireSignedIn(request).userId, body: request.body }),
    );

    app.post(
      '/pay/period/finalise',
      payRoute({
        summary: 'Finalises in-review pay periods',
        description:
          'Every period named must be IN_REVIEW, else 409 STATE_CONFLICT and nothing changes. Each is worked out a last time, moved to PENDING_PAYMENT, ' +
          'and its tasks’ driver pay status set to PENDING_PAYMENT, which locks their driver pay in price editing. Answers the periods finalised.',
        body: finalisePayPeriodsBodySchema,
        response: { 200: payPeriodListSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      async (request) => finalisePayPeriods(db, { userId: requireSignedIn(request).userId, ids: request.body.ids }),
    );

    app.post(
      '/pay/period/paid',
      payRoute({
        summary: 'Marks pending-payment pay periods paid',
        description:
          'Not shown in the spec (docs/decisions/013): once the money has gone out, accounts move finalised periods from PENDING_PAYMENT to PAID (spec 2 §4). ' +
          'Every period named must be PENDING_PAYMENT, else 409 STATE_CONFLICT naming the first that is not, and nothing changes. ' +
          'In one transaction the periods become PAID and their tasks’ driver pay status moves from PENDING_PAYMENT to PAID; driver pay stays locked in price editing. ' +
          'Amounts are not worked out again. 404 unknown period. Answers the periods marked paid.',
        body: markPayPeriodsPaidBodySchema,
        response: { 200: payPeriodListSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      async (request) => markPayPeriodsPaid(db, { userId: requireSignedIn(request).userId, ids: request.body.ids }),
    );

    app.get(
      '/pay/period/csv',
      payRoute({
        summary: "A week's pay periods as CSV",
        description: `${WEEK_NOTE} One row per period, by driver number, as last worked out; additions and deductions summed.`,
        querystring: payWindowQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV text, a header row then one row per pay period') },
      }),
      async (request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="driver-pay-${request.query.start}.csv"`)
          .header('cache-control', 'no-store')
          .send(await exportPayPeriodsCsv(db, request.query)),
    );
  };
}
