import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREAS } from '@courier/domain/auth/roles';
import { BOOKING_READER_ROLES, JOB_TAGGER_ROLES } from '@courier/domain/bookings/labels';
import { PRICE_VIEWER_ROLES } from '@courier/domain/bookings/price-visibility';
import {
  bookingDetailsSchema,
  bookingFilterOptionsSchema,
  bookingFilterSchema,
  bookingListQuerySchema,
  bookingListResponseSchema,
  bookingReferenceParamsSchema,
  bookingsBreakdownQuerySchema,
  bookingsBreakdownSchema,
  driverPayBreakdownSchema,
  jobReferenceParamsSchema,
  marginsResponseSchema,
  setJobTagsBodySchema,
  setJobTagsResponseSchema,
  statusSmsBodySchema,
  statusSmsResponseSchema,
  tagCountsBodySchema,
  tagCountsSchema,
  taskListSchema,
  updateClientReferencesBodySchema,
  updateClientReferencesResponseSchema,
  type BookingFilter,
} from '@courier/domain/bookings/schemas';
import { apiErrorSchema } from '@courier/domain/common/api';
import type { AppContext } from '../../app-context.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { access, requireSignedIn } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { seesPrices, withVisiblePrices } from '../../http/price-visibility.ts';
import { findJobByReference, jobNotFound } from '../../core/bookings.ts';
import { listCarriers } from '../../core/carriers.ts';
import { listTariffCodes } from '../../core/tariff-codes.ts';
import { SMS_RUN_KINDS, createSmsSender } from '../../platform/sms.ts';
import { bookingsBreakdown, driverPayBreakdown, findBookingDetails, listJobTasks } from './booking-details.ts';
import { exportBookingsCsv } from './export-csv.ts';
import { assertPriceFiltersAllowed } from './filters.ts';
import { listBookings } from './queries.ts';
import { setJobTags } from './set-job-tags.ts';
import { recordStatusSmsSent, statusSmsJob } from './status-sms-event.ts';
import { bookingMargins, countBookingsByTag } from './summaries.ts';
import { updateClientReferences } from './update-client-references.ts';

const FILTER_NOTE =
  'Booking filter of spec 2 §7. Range bounds apply only when above 0; view SAME_DAY or ON_OS picks the list tab; tags match bookings with a job carrying any of them; job conditions hold for one and the same job. Price filters and sorts need a role that sees prices (403 otherwise).';

const bookingsRoute = areaRoutes({ access: access.roles(AREAS.bookings), tags: ['bookings'] });
/** Reading bookings: the booking list's staff and pricing staff (who edit prices on the same list). */
const bookingReaderRoute = areaRoutes({ access: access.roles(BOOKING_READER_ROLES), tags: ['bookings'] });
const priceViewerRoute = areaRoutes({ access: access.roles(PRICE_VIEWER_ROLES), tags: ['bookings'] });
const taggerRoute = areaRoutes({ access: access.roles(JOB_TAGGER_ROLES), tags: ['bookings'] });
const clientReferencesRoute = areaRoutes({ access: access.roles(AREAS.editClientReferences), tags: ['bookings'] });

export function bookingRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  const sms = createSmsSender();
  return async (app) => {
    app.get(
      '/bookings',
      bookingReaderRoute({
        summary: 'A page of bookings (size up to 5000) with the total matching the filter',
        description: FILTER_NOTE,
        querystring: bookingListQuerySchema,
        response: { 200: bookingListResponseSchema },
      }),
      async (request) => {
        const { size, skip, ...filter } = request.query;
        assertPriceFiltersAllowed(filter, seesPrices(request));
        return withVisiblePrices(request, await listBookings(db, { filter, size, skip }));
      },
    );

    app.get(
      '/bookings/filter-options',
      bookingReaderRoute({
        summary: 'Choices for the list filters that come from data: the carriers and the tariff codes with their names',
        response: { 200: bookingFilterOptionsSchema },
      }),
      async () => ({
        carriers: await listCarriers(db, 'name'),
        tariffCodes: await listTariffCodes(db),
      }),
    );

    app.get(
      '/bookings/csv',
      bookingReaderRoute({
        summary: 'The bookings of the filter as bookings.csv, streamed; refused (400) at 100,000 rows or more',
        description: `${FILTER_NOTE} Price columns only for roles that see prices.`,
        querystring: bookingFilterSchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV text, one row per booking after a header row') },
      }),
      async (request, reply) => {
        const filter: BookingFilter = request.query;
        const seePrices = seesPrices(request);
        assertPriceFiltersAllowed(filter, seePrices);
        const { count, stream } = await exportBookingsCsv(db, { filter, seePrices });
        return (
          reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', 'attachment; filename="bookings.csv"')
            .header('x-booking-count', String(count))
            .header('cache-control', 'no-store')
            // A stream is piped as it is (no serializer); the 200 schema documents it as text.
            .send(stream as unknown as string)
        );
      },
    );

    app.get(
      '/bookings/margins',
      priceViewerRoute({
        summary: 'Margin report and summary totals of the filter, with driver-pay and margin percent (spec 2 §3, §9)',
        description: FILTER_NOTE,
        querystring: bookingFilterSchema,
        response: { 200: marginsResponseSchema },
      }),
      async (request) => bookingMargins(db, request.query),
    );

    app.post(
      '/bookings/tagged',
      bookingReaderRoute({
        summary: 'How many bookings of the filter carry each job tag, and the total',
        description: `${FILTER_NOTE} The body is the filter as JSON; omitTags counts as if no tag were chosen.`,
        body: tagCountsBodySchema,
        response: { 200: tagCountsSchema },
      }),
      async (request) => {
        const { omitTags, ...filter } = request.body;
        assertPriceFiltersAllowed(filter, seesPrices(request));
        return countBookingsByTag(db, { filter, omitTags });
      },
    );

    app.put(
      '/bookings/tag',
      taggerRoute({
        summary: "Replaces a job's tags (the booking list's staff: accounts, dispatcher, telephonist)",
        body: setJobTagsBodySchema,
        response: { 200: setJobTagsResponseSchema, 404: apiErrorSchema },
      }),
      async (request) =>
        setJobTags(db, { jobId: request.body.jobId, tags: request.body.tags, userId: requireSignedIn(request).userId }),
    );

    app.put(
      '/bookings/reference',
      clientReferencesRoute({
        summary: "Replaces a booking's client references, checked against the company's reference definitions",
        body: updateClientReferencesBodySchema,
        response: { 200: updateClientReferencesResponseSchema, 404: apiErrorSchema },
      }),
      async (request) => updateClientReferences(db, { body: request.body, userId: requireSignedIn(request).userId }),
    );

    app.post(
      '/bookings/status/sms',
      bookingsRoute({
        summary: 'Sends a status text message',
        description:
          'Queued as a background run (kind status-sms, on the Dispatch queue log) that sends it, or holds it in the outbox while no SMS provider is configured; a refusal is retried there and shows with its error. Answers the run: id and status queued.',
        body: statusSmsBodySchema,
        response: { 200: statusSmsResponseSchema },
      }),
      async (request) => {
        const { userId } = requireSignedIn(request);
        const { phoneNumber, statusMessage, jobReference } = request.body;
        const message = { to: phoneNumber, text: statusMessage };
        // The run and the job's 'SMS sent' event commit together; an unknown job sends nothing (404).
        return db.transaction(async (tx) => {
          const job = await statusSmsJob(tx, jobReference);
          const { runId } = await sms.send(tx, message, SMS_RUN_KINDS.status);
          if (job) await recordStatusSmsSent(tx, { jobId: job.id, userId, phoneNumber, statusMessage });
          return { id: runId, status: 'queued' as const };
        });
      },
    );

    app.get(
      '/bookings/jobs/bookings-breakdown',
      bookingReaderRoute({
        summary:
          'Related charge dockets of jobs: booking reference, job reference and (for roles that see prices) customer charge',
        querystring: bookingsBreakdownQuerySchema,
        response: { 200: bookingsBreakdownSchema },
      }),
      async (request) => withVisiblePrices(request, await bookingsBreakdown(db, { jobIds: request.query.jobIds })),
    );

    app.get(
      '/bookings/job/:ref/tasks',
      bookingReaderRoute({
        summary: "A job's tasks (stops) in order",
        params: jobReferenceParamsSchema,
        response: { 200: taskListSchema, 404: apiErrorSchema },
      }),
      async (request) => {
        const job = await findJobByReference(db, request.params.ref);
        if (!job) throw jobNotFound(request.params.ref);
        return withVisiblePrices(request, await listJobTasks(db, { jobId: job.id }));
      },
    );

    app.get(
      '/bookings/job/:ref/driver-pay-breakdown',
      priceViewerRoute({
        summary: "A job's driver pay per task",
        params: jobReferenceParamsSchema,
        response: { 200: driverPayBreakdownSchema, 404: apiErrorSchema },
      }),
      async (request) => {
        const job = await findJobByReference(db, request.params.ref);
        if (!job) throw notFound(`Failed to find ${request.params.ref} related driver pay`);
        return driverPayBreakdown(db, job);
      },
    );

    app.get(
      '/booking/:reference',
      bookingReaderRoute({
        summary: 'One booking with its jobs, by booking reference (or the reference of one of its jobs)',
        params: bookingReferenceParamsSchema,
        response: { 200: bookingDetailsSchema, 404: apiErrorSchema },
      }),
      async (request) => {
        const booking = await findBookingDetails(db, { reference: request.params.reference });
        if (!booking) throw notFound(`Failed to find related booking ${request.params.reference}`);
        return withVisiblePrices(request, booking);
      },
    );
  };
}
