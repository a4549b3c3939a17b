import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AREAS } from '@courier/domain/auth/roles';
import { PRICE_VIEWER_ROLES } from '@courier/domain/bookings/price-visibility';
import { apiErrorSchema } from '@courier/domain/common/api';
import {
  approveReviewBodySchema,
  changeCompanyBodySchema,
  approveReviewResponseSchema,
  invoiceAndDriverPayStatusSchema,
  jobIdParamsSchema,
  jobIdQuerySchema,
  pricedJobListSchema,
  priceHistorySchema,
  pricingUpdateBodySchema,
  setTariffBodySchema,
  taskPayUpdateBodySchema,
  waitingTimeBodySchema,
  waitingTimeResponseSchema,
} from '@courier/domain/pricing/price-review-schemas';
import { jobReferenceParamsSchema } from '@courier/domain/bookings/schemas';
import { tariffSchema } from '@courier/domain/pricing/schemas';
import type { AppContext } from '../../app-context.ts';
import { access, requireSignedIn } from '../../http/access.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { approveReview, invoiceAndDriverPayStatus, priceHistoryOf, waitingTimePayOf } from './price-review.ts';
import { alternativeTariff, changeCompany, setTariff } from './tariff-review.ts';
import { previewPrices, updatePrices, updateTaskPay } from './update-prices.ts';

const priceEditorRoute = areaRoutes({ access: access.roles(AREAS.editPrices), tags: ['price review'] });
/** Reading what prices were: whoever sees prices (accounts, and pricing staff who edit them). */
const priceViewerRoute = areaRoutes({ access: access.roles(PRICE_VIEWER_ROLES), tags: ['price review'] });

/** Price review and job price editing (spec 2 §7 'Pricing', issue 11); PRICING (or a higher rank) only. */
export function priceReviewRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    app.put(
      '/pricing/update',
      priceEditorRoute({
        summary: "Saves pending price changes of jobs (the booking list's Save)",
        description:
          "One change per job, each naming the job's `version` as loaded. All or nothing: one invalid change and nothing is written. " +
          '`driverPay` is split equally across the tasks to the cent (the first tasks take the odd cents); `driverPayBreakdown` sets named tasks. ' +
          'A change of `weight`, `numberOfPackages` or `tariffId` re-prices the customer charge from the tariff (plus the customs passed on) unless `customerCharge` is sent too. ' +
          '`weight`, `numberOfPackages` and `companyId` belong to the booking. `note` is kept with the price history and added to the internal notes. ' +
          '404 when a job does not exist; 409 STALE_EDIT when a version is not the current one (someone else changed the job); 409 LOCKED_INVOICED for a charge or account change of a job whose invoice is finalised or invoiced; 409 LOCKED_PAID for a pay change of a paid or pending-payment task. ' +
          'Answers the changed jobs with their new versions.',
        body: pricingUpdateBodySchema,
        response: { 200: pricedJobListSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      async (request) => {
        const { userId } = requireSignedIn(request);
        return db.transaction((tx) =>
          updatePrices(tx, { userId, changes: request.body, source: 'PUT /api/pricing/update' }),
        );
      },
    );

    app.post(
      '/pricing/update/preview',
      priceEditorRoute({
        summary: 'What PUT /pricing/update would make of these changes, saving nothing',
        description:
          'The same body, rules and answers as PUT /api/pricing/update, but nothing is written and no history is kept: the booking list re-prices a pending weight, package count or tariff change with it (spec 2 §9). ' +
          '404, 409 and 400 as the save would answer them, so a change that could not be saved is known before Save.',
        body: pricingUpdateBodySchema,
        response: { 200: pricedJobListSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      async (request) => {
        const { userId } = requireSignedIn(request);
        return previewPrices(db, { userId, changes: request.body });
      },
    );

    app.put(
      '/pricing/update/tasks',
      priceEditorRoute({
        summary: "Saves tasks' driver pay and extras (the Pricing Extras modal's Save Pay)",
        description:
          "Rows of spec 2 §3 'Driver pay row', each naming its job and the job's `version` as loaded. All or nothing. The job's driver pay becomes the sum of its tasks' pay. " +
          '`newDriver` is informative. 404 unknown job; 400 a task of another job or named twice; 409 STALE_EDIT; 409 LOCKED_PAID for a task paid or pending payment. Answers the changed jobs.',
        body: taskPayUpdateBodySchema,
        response: { 200: pricedJobListSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      async (request) => {
        const { userId } = requireSignedIn(request);
        return db.transaction((tx) => updateTaskPay(tx, { userId, rows: request.body }));
      },
    );

    app.post(
      '/pricing/:ref/waiting-time',
      priceEditorRoute({
        summary: "The pay for the minutes waited at a job's tasks",
        description:
          'Per task, the minutes beyond the first 10 at €0.25 a minute, to the cent, and their total. Nothing is saved: put the pay into the driver extras and save them with PUT /api/pricing/update/tasks. 404 unknown job; 400 a task of another job.',
        params: jobReferenceParamsSchema,
        body: waitingTimeBodySchema,
        response: { 200: waitingTimeResponseSchema, 404: apiErrorSchema },
      }),
      async (request) =>
        waitingTimePayOf(db, { jobReference: request.params.ref, rows: request.body.waitingTimePerTask }),
    );

    app.post(
      '/pricing/review/set-tariff',
      priceEditorRoute({
        summary: 'Prices a job with the tariff of a service (Set Cancelled: CANC; Set Failed Collection: FAIC)',
        description:
          "`tariff` is a tariff service; `account` an account code whose special tariff is preferred (else, or when null, the base tariff), in the zone of the job's tariff (IRELAND when it has none). " +
          'The job takes that tariff and its charge is re-priced from it, with the rules and history of PUT /api/pricing/update. CANC and FAIC are for ON/OS jobs only (400). 404 unknown job or no such tariff; 409 LOCKED_INVOICED. Answers the tariff.',
        body: setTariffBodySchema,
        response: { 200: tariffSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      async (request) => {
        const { userId } = requireSignedIn(request);
        return db.transaction((tx) => setTariff(tx, { userId, body: request.body }));
      },
    );

    app.post(
      '/pricing/review/alternative-tariff',
      priceEditorRoute({
        summary: 'The tariff a job would be priced with under another service or account',
        description:
          'The same choice as set-tariff (special tariff of the account, else the base tariff, in the job zone), without changing anything. 404 unknown job or no such tariff.',
        body: setTariffBodySchema,
        response: { 200: tariffSchema, 404: apiErrorSchema },
      }),
      async (request) => alternativeTariff(db, request.body),
    );

    app.put(
      '/pricing/review/change-company',
      priceEditorRoute({
        summary: 'Moves a booking to another company (the Choose Company modal)',
        description:
          "With `recalculatePrices` each tariff-priced job takes the new company's special tariff for its service (else the base tariff) and is re-priced; same-day jobs keep their charge. Rules and history of PUT /api/pricing/update. 404 unknown booking; 400 unknown company; 409 LOCKED_INVOICED when a job's invoice is finalised or invoiced. Answers the booking's jobs.",
        body: changeCompanyBodySchema,
        response: { 200: pricedJobListSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      async (request) => {
        const { userId } = requireSignedIn(request);
        return db.transaction((tx) => changeCompany(tx, { userId, ...request.body }));
      },
    );

    app.get(
      '/pricing/jobs/:jobId/price-history',
      priceViewerRoute({
        summary: "A job's price history",
        description:
          'Every change to a price field of the job or its tasks, newest first: who, when, the field, the value before and after, the note and the call that made it.',
        params: jobIdParamsSchema,
        response: { 200: priceHistorySchema, 404: apiErrorSchema },
      }),
      async (request) => priceHistoryOf(db, request.params.jobId),
    );

    app.get(
      '/pricing/invoice-and-driver-pay-status',
      priceEditorRoute({
        summary: "A job's invoice status and its tasks' driver pay status",
        description:
          'invoiceStatus is the status of the invoice period the job is in (null while in none): FINALISED and INVOICED lock its customer charge. A task PENDING_PAYMENT or PAID has its driver pay locked.',
        querystring: jobIdQuerySchema,
        response: { 200: invoiceAndDriverPayStatusSchema, 404: apiErrorSchema },
      }),
      async (request) => invoiceAndDriverPayStatus(db, request.query.jobId),
    );

    app.post(
      '/pricing/review/approve',
      priceEditorRoute({
        summary: "Approves jobs' same-day or carrier price review",
        description:
          'Clears the review flag of the type and its reason on every job, audited. 404 when a job does not exist; 400 when a job is not flagged for that review; nothing changes then.',
        body: approveReviewBodySchema,
        response: { 200: approveReviewResponseSchema, 404: apiErrorSchema },
      }),
      async (request) =>
        approveReview(db, {
          jobIds: request.body.jobIds,
          type: request.body.type,
          userId: requireSignedIn(request).userId,
        }),
    );
  };
}
