// Tracking events (spec 1 §7 GET /tracking/events; issue 14): what happened to a job and who or
// what made it happen, newest first.
import { z } from 'zod';
import { isoDateTime } from '../common/api.ts';
import { dateRangeMessage, isDateInRange, MAX_DB_ID } from '../common/input-checks.ts';
import { JOB_EVENT_CAUSES, JOB_EVENT_STATUSES, TRACKING_PAGE_DEFAULT, TRACKING_PAGE_MAX } from './tracking-events.ts';

const momentMessage = (name: string) => `${name} must be a date and time such as 2026-03-02T09:00:00Z.`;

/** A moment in a query string: ISO 8601 with its offset ('2026-03-02T09:00:00Z'), years 1900 to 2999. */
const momentParam = (name: string) =>
  z
    .string()
    .trim()
    .max(40, momentMessage(name))
    .pipe(z.iso.datetime({ offset: true, error: momentMessage(name) }))
    .refine(isDateInRange, dateRangeMessage(name));

export const trackingEventsQuerySchema = z
  .object({
    /** One job's events (its reference, e.g. B1000123-1). */
    jobReference: z.string().trim().min(1).max(64, 'jobReference must be at most 64 characters.').optional(),
    /** Events at or after this moment. */
    from: momentParam('from').optional(),
    /** Events at or before this moment. */
    to: momentParam('to').optional(),
    size: z.coerce
      .number('size must be a number.')
      .int('size must be a whole number.')
      .min(1, 'size must be at least 1.')
      .max(TRACKING_PAGE_MAX, `size must be at most ${TRACKING_PAGE_MAX}.`)
      .default(TRACKING_PAGE_DEFAULT),
    skip: z.coerce
      .number('skip must be a number.')
      .int('skip must be a whole number.')
      .min(0, 'skip cannot be below 0.')
      .max(MAX_DB_ID, `skip must be at most ${MAX_DB_ID}.`)
      .default(0),
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) <= Date.parse(query.to), {
    message: 'from must not be after to.',
    path: ['from'],
  });
export type TrackingEventsQuery = z.output<typeof trackingEventsQuerySchema>;

export const trackingEventSchema = z.object({
  id: z.number().int(),
  at: isoDateTime,
  jobReference: z.string(),
  bookingReference: z.string(),
  status: z.enum(JOB_EVENT_STATUSES),
  statusLabel: z.string(),
  causedBy: z.object({ kind: z.enum(JOB_EVENT_CAUSES), name: z.string() }),
  detail: z.string(),
});
export type TrackingEvent = z.infer<typeof trackingEventSchema>;

export const trackingEventsResponseSchema = z.object({ count: z.number().int(), events: z.array(trackingEventSchema) });
export type TrackingEventsResponse = z.infer<typeof trackingEventsResponseSchema>;
