import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasAccess } from '@courier/domain/auth/roles';
import { BOOKING_READER_ROLES } from '@courier/domain/bookings/labels';
import { trackingEventsQuerySchema, trackingEventsResponseSchema } from '@courier/domain/customer/tracking';
import type { AppContext } from '../../app-context.ts';
import { access, requireSignedIn } from '../../http/access.ts';
import { areaRoutes } from '../../http/route-options.ts';
import { companiesOfCustomer } from './customer-companies.ts';
import { listTrackingEvents } from './tracking-events.ts';

const trackingRoute = areaRoutes({
  access: access.roles([...BOOKING_READER_ROLES, 'CUSTOMER']),
  tags: ['tracking'],
});

/** Tracking events (spec 1 §7 'Other: GET /tracking/events'; issue 14). */
export function trackingRoutes({ database }: AppContext): FastifyPluginAsyncZod {
  const { db } = database;
  return async (app) => {
    app.get(
      '/tracking/events',
      trackingRoute({
        summary: 'A page of job tracking events, newest first',
        description:
          "Each event: when, the job and booking references, the status (created: Booked; collected: Collected; sms_sent: SMS sent, a status text about the job; else the job's new status: delivered, failed, cancelled, ...) and who or what caused it (a user by name, the system such as the Set call run, or a driver). Staff who read bookings see every job; a customer sees the jobs of their companies that allow tracking. from and to are ISO 8601 date-times (inclusive); size at most 100.",
        querystring: trackingEventsQuerySchema,
        response: { 200: trackingEventsResponseSchema },
      }),
      async (request) => {
        const { roles, userId } = requireSignedIn(request);
        if (hasAccess(roles, BOOKING_READER_ROLES)) return listTrackingEvents(db, { kind: 'all' }, request.query);
        const own = await companiesOfCustomer(db, userId);
        const companyIds = own.filter((company) => company.cycloneAllowTracking).map((company) => company.id);
        return listTrackingEvents(db, { kind: 'companies', companyIds }, request.query);
      },
    );
  };
}
