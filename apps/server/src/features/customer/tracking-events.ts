import { and, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { type TrackingEventsQuery, type TrackingEventsResponse } from '@courier/domain/customer/tracking';
import { jobEventStatusLabel, type JobEventStatus } from '@courier/domain/customer/tracking-events';
import type { DbOrTx } from '../../db/client.ts';
import { bookingJobs, bookings, jobStatusEvents } from '../../db/schema/index.ts';

/** Whose events a reader sees: every job's (staff who read bookings), or those of these companies' jobs. */
export type TrackingScope = { kind: 'all' } | { kind: 'companies'; companyIds: readonly number[] };

/**
 * GET /api/tracking/events: a page of events, newest first, with the job and booking references,
 * the status and who or what caused it. A customer's scope is their companies that allow tracking.
 */
export async function listTrackingEvents(
  db: DbOrTx,
  scope: TrackingScope,
  query: TrackingEventsQuery,
): Promise<TrackingEventsResponse> {
  if (scope.kind === 'companies' && scope.companyIds.length === 0) return { count: 0, events: [] };
  const conditions: (SQL | undefined)[] = [
    scope.kind === 'companies' ? inArray(bookings.companyId, [...scope.companyIds]) : undefined,
    query.jobReference ? eq(bookingJobs.reference, query.jobReference) : undefined,
    query.from ? gte(jobStatusEvents.at, new Date(query.from)) : undefined,
    query.to ? lte(jobStatusEvents.at, new Date(query.to)) : undefined,
  ];
  const where = and(...conditions);
  const [total] = await db
    .select({ value: count() })
    .from(jobStatusEvents)
    .innerJoin(bookingJobs, eq(bookingJobs.id, jobStatusEvents.jobId))
    .innerJoin(bookings, eq(bookings.id, bookingJobs.bookingId))
    .where(where);
  const rows = await db
    .select({
      id: jobStatusEvents.id,
      at: jobStatusEvents.at,
      jobReference: bookingJobs.reference,
      bookingReference: bookings.reference,
      status: jobStatusEvents.status,
      causeKind: jobStatusEvents.causeKind,
      causedBy: jobStatusEvents.causedBy,
      detail: jobStatusEvents.detail,
    })
    .from(jobStatusEvents)
    .innerJoin(bookingJobs, eq(bookingJobs.id, jobStatusEvents.jobId))
    .innerJoin(bookings, eq(bookings.id, bookingJobs.bookingId))
    .where(where)
    .orderBy(desc(jobStatusEvents.at), desc(jobStatusEvents.id))
    .limit(query.size)
    .offset(query.skip);
  return {
    count: total?.value ?? 0,
    events: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      jobReference: row.jobReference,
      bookingReference: row.bookingReference,
      status: row.status as JobEventStatus,
      statusLabel: jobEventStatusLabel(row.status),
      causedBy: { kind: row.causeKind, name: row.causedBy },
      detail: row.detail,
    })),
  };
}
