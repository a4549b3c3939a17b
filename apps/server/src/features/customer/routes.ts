import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { placeSchema, placeSearchResultSchema } from '@courier/domain/addresses/schemas';
import { apiErrorSchema } from '@courier/domain/common/api';
import {
  customerBookingBodySchema,
  customerBookingParamsSchema,
  customerBookingSchema,
  customerBookingsQuerySchema,
  customerBookingsResponseSchema,
  customerCancelBodySchema,
  customerCompaniesSchema,
  customerDriversQuerySchema,
  customerDriversSchema,
  customerPlaceParamsSchema,
  customerPlaceSearchQuerySchema,
  customerQuoteBodySchema,
  customerQuoteSchema,
} from '@courier/domain/customer/schemas';
import type { AppContext } from '../../app-context.ts';
import { findPlaceByPlaceId } from '../../core/places.ts';
import { access } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { bookCustomerBooking } from './book-customer-booking.ts';
import { cancelCustomerBooking } from './cancel-customer-booking.ts';
import { createQuote } from './create-quote.ts';
import { companiesInScope, companiesOfCustomer, requireCustomer, toCustomerCompany } from './customer-companies.ts';
import { driversOnActiveJobs } from './customer-drivers.ts';
import { exportCustomerBookingsCsv } from './export-customer-csv.ts';
import { listCustomerBookings, searchPlacesForCustomer } from './queries.ts';

const customerRoute = areaRoutes({ access: access.roles(['CUSTOMER']), tags: ['customer'] });

const OWN_NOTE =
  'For users with the CUSTOMER role only (staff are refused, whatever their rank). A companyId that is not one of the customer’s companies is refused with 403; a booking or quote of another company is not found (404).';

/** The customer interface group (spec 1 §7; issue 14): a customer's own companies, bookings, quotes and drivers. */
export function customerRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    // Every route here acts for the customer signed in; the rank rule would let staff through the route
    // table. onRequest (after the app's access hook), so staff are refused before their input is read.
    app.addHook('onRequest', async (request) => {
      requireCustomer(request);
    });

    app.get(
      '/customer/user/companies',
      customerRoute({
        summary: 'The companies the signed-in customer belongs to, with what they may do online',
        description: OWN_NOTE,
        response: { 200: customerCompaniesSchema },
      }),
      async (request) => (await companiesOfCustomer(db, requireCustomer(request).userId)).map(toCustomerCompany),
    );

    app.post(
      '/customer/quote',
      customerRoute({
        summary: 'Prices an order and keeps it as a quote for 30 minutes',
        description: `${OWN_NOTE} The charge (EUR, ex VAT) is the tariff engine's price for the weight on the company's tariff for the service and the delivery's zone; distance is the straight line (haversine) between the places, in metres. The charge is null when the company is not shown prices. 409 when no tariff prices the order.`,
        body: customerQuoteBodySchema,
        response: { 200: customerQuoteSchema, 409: apiErrorSchema },
      }),
      async (request) => createQuote(db, requireCustomer(request), request.body),
    );

    app.post(
      '/customer/booking/:reference',
      customerRoute({
        summary: 'Books a quote (reference = its uid) or an order given in full (reference = new)',
        description: `${OWN_NOTE} With a quote uid the booking takes the quote's company, places, service, packages and charge; the quote must not be booked already or expired (409). With reference new, body.order is priced as a quote (kept too) and booked. Either way the body adds contacts, collectionTime (null for ASAP), notes, goodsDescription and clientReference. The job gets its 'created' tracking event.`,
        params: customerBookingParamsSchema,
        body: customerBookingBodySchema,
        response: { 200: customerBookingSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      async (request) =>
        bookCustomerBooking(db, {
          customer: requireCustomer(request),
          reference: request.params.reference,
          body: request.body,
        }),
    );

    app.post(
      '/customer/booking/:reference/cancel',
      customerRoute({
        summary: 'Cancels a booking of the customer while its goods are not collected',
        description: `${OWN_NOTE} userUUID must be the signed-in customer's own. Each job gets a 'cancelled' tracking event. 409 once collected, under way, done or already cancelled.`,
        params: z.object({ reference: z.string().trim().min(1).max(64, 'reference must be at most 64 characters.') }),
        body: customerCancelBodySchema,
        response: { 200: customerBookingSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      }),
      async (request) =>
        cancelCustomerBooking(db, {
          customer: requireCustomer(request),
          reference: request.params.reference,
          userUuid: request.body.userUUID,
        }),
    );

    app.get(
      '/customer/bookings',
      customerRoute({
        summary: "A page of the customer's bookings, newest first",
        description: `${OWN_NOTE} Without companyId, the bookings of all the customer's companies. search matches part of the booking or client reference; from and to bound the creation time (to excluded). size at most 100. Prices are customer charges ex VAT, null for a company not shown prices.`,
        querystring: customerBookingsQuerySchema,
        response: { 200: customerBookingsResponseSchema },
      }),
      async (request) => {
        const { userId } = requireCustomer(request);
        return listCustomerBookings(db, await companiesInScope(db, userId, request.query.companyId), request.query);
      },
    );

    app.get(
      '/customer/bookings/csv',
      customerRoute({
        summary: "The customer's bookings of the filter as bookings.csv (size and skip are ignored)",
        description: `${OWN_NOTE} Refused (400) at 100,000 rows or more.`,
        querystring: customerBookingsQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV text, one row per booking after a header row') },
      }),
      async (request, reply) => {
        const { userId } = requireCustomer(request);
        const scope = await companiesInScope(db, userId, request.query.companyId);
        const { count, stream } = await exportCustomerBookingsCsv(db, scope, request.query);
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
      '/customer/drivers',
      customerRoute({
        summary: "The drivers on the customer's active jobs: name, vehicle and jobs",
        description: `${OWN_NOTE} Active jobs are confirmed, in progress or out for delivery. Never pay or contact details.`,
        querystring: customerDriversQuerySchema,
        response: { 200: customerDriversSchema },
      }),
      async (request) => {
        const { userId } = requireCustomer(request);
        const scope = await companiesInScope(db, userId, request.query.companyId);
        return driversOnActiveJobs(
          db,
          scope.map((company) => company.id),
        );
      },
    );

    app.get(
      '/customer/place/search',
      customerRoute({
        summary: 'Address search for booking (from 3 characters; 20 at most)',
        description:
          'Searches the shared address catalogue (not company data) by name, address or eircode; every word must match.',
        querystring: customerPlaceSearchQuerySchema,
        response: { 200: placeSearchResultSchema },
      }),
      async (request) => searchPlacesForCustomer(db, request.query.q),
    );

    app.get(
      '/customer/place/:placeId',
      customerRoute({
        summary: 'One address of the catalogue by its place id',
        params: customerPlaceParamsSchema,
        response: { 200: placeSchema, 404: apiErrorSchema },
      }),
      async (request) => {
        const place = await findPlaceByPlaceId(db, request.params.placeId);
        if (!place) throw notFound(`Place ${request.params.placeId} does not exist.`);
        return place;
      },
    );
  };
}
