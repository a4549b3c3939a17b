// A job's tracking events (spec 1 §7 GET /tracking/events; issue 14): their statuses and causes, the
// words people read for them, and how many a page holds. Without zod, so the booking list's timeline
// and its request need no schema (issue 10).
import { BOOKING_STATUSES, bookingStatusLabel } from '../bookings/enums.ts';

/**
 * 'created' for a job's creation, 'collected' when its goods are picked up, 'sms_sent' when a status
 * text about it goes out; else the job's status after the change (delivered, failed, cancelled, ...).
 */
export const JOB_EVENT_STATUSES = ['created', 'collected', 'sms_sent', ...BOOKING_STATUSES] as const;
export type JobEventStatus = (typeof JOB_EVENT_STATUSES)[number];

export const JOB_EVENT_CAUSES = ['user', 'system', 'driver'] as const;
export type JobEventCause = (typeof JOB_EVENT_CAUSES)[number];

const EVENT_LABELS: Partial<Record<JobEventStatus, string>> = {
  created: 'Booked',
  collected: 'Collected',
  sms_sent: 'SMS sent',
};

/** The words office staff and customers read for an event's status; a job status reads as the booking list shows it. */
export function jobEventStatusLabel(status: string): string {
  return (EVENT_LABELS as Record<string, string | undefined>)[status] ?? bookingStatusLabel(status);
}

export const TRACKING_PAGE_MAX = 100;
export const TRACKING_PAGE_DEFAULT = 25;
