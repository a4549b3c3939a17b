import { and, eq, inArray, ne, notExists, sql } from 'drizzle-orm';
import type { JobEventStatus } from '@courier/domain/customer/tracking-events';
import type { DbOrTx } from '../db/client.ts';
import { bookingJobs, bookings, jobStatusEvents } from '../db/schema/index.ts';
import { findUserById } from './users.ts';

/** Who or what made a job's event happen (issue 14): a user by name, the system, or a driver. */
export interface JobEventCause {
  kind: 'user' | 'system' | 'driver';
  userId: number | null;
  /** The user's name, 'System', 'Set call run', 'Driver 101', ... as the tracking list shows it. */
  name: string;
}

export const SYSTEM_CAUSE: JobEventCause = { kind: 'system', userId: null, name: 'System' };
/** Bookings a set call's daily run makes are caused by that run, not by a person. */
export const SET_CALL_RUN_CAUSE: JobEventCause = { kind: 'system', userId: null, name: 'Set call run' };

/** A signed-in user as the cause of an event: named by their first and last name (else their e-mail). */
export async function userCause(db: DbOrTx, userId: number): Promise<JobEventCause> {
  const user = await findUserById(db, userId);
  const name = user ? `${user.firstName} ${user.lastName}`.trim() || user.email : `User ${userId}`;
  return { kind: 'user', userId, name };
}

export interface JobEvent {
  jobId: number;
  status: JobEventStatus;
  cause: JobEventCause;
  /** When it happened; now when left out. */
  at?: Date;
  /** A line of detail the timeline shows under it ('Cancelled online by the customer', the text sent). */
  detail?: string;
}

/**
 * Records what happened to jobs (spec 1 §7 tracking events; issue 14), one statement for the list,
 * inside the caller's transaction: every path that creates a job or changes its status, and every
 * status text sent about it, writes its event through here, so the tracking list is the whole story.
 */
export async function recordJobEvents(tx: DbOrTx, events: readonly JobEvent[]): Promise<void> {
  if (events.length === 0) return;
  // Stamped here to the millisecond, not by the database's now() (microseconds): the time the list
  // shows is the time stored, so a window ending at an event's shown time still finds it.
  const now = new Date();
  await tx.insert(jobStatusEvents).values(
    events.map((event) => ({
      jobId: event.jobId,
      status: event.status,
      at: event.at ?? now,
      causeKind: event.cause.kind,
      causedByUserId: event.cause.userId,
      causedBy: event.cause.name,
      detail: event.detail ?? '',
    })),
  );
}

type JobStatus = (typeof bookingJobs.$inferSelect)['status'];

/**
 * Moves jobs to a status and records each change as an event caused by `cause`. A job already in
 * that status is left alone (no event: nothing happened to it). A booking whose jobs all end in that
 * status takes it too, so the booking list's status follows its jobs. Returns the ids of the jobs
 * that changed. Runs in the caller's transaction; the caller locks the rows it decided on.
 */
export async function changeJobStatus(
  tx: DbOrTx,
  options: { jobIds: readonly number[]; status: JobStatus; cause: JobEventCause; detail?: string; at?: Date },
): Promise<number[]> {
  if (options.jobIds.length === 0) return [];
  const at = options.at ?? new Date();
  const changed = await tx
    .update(bookingJobs)
    .set({ status: options.status, lastStatusUpdate: at })
    .where(and(inArray(bookingJobs.id, [...options.jobIds]), ne(bookingJobs.status, options.status)))
    .returning({ id: bookingJobs.id, bookingId: bookingJobs.bookingId });
  if (changed.length === 0) return [];
  await recordJobEvents(
    tx,
    changed.map((job) => ({
      jobId: job.id,
      status: options.status,
      cause: options.cause,
      at,
      ...(options.detail ? { detail: options.detail } : {}),
    })),
  );
  const otherJobs = tx
    .select({ one: sql`1` })
    .from(bookingJobs)
    .where(and(eq(bookingJobs.bookingId, bookings.id), ne(bookingJobs.status, options.status)));
  await tx
    .update(bookings)
    .set({ status: options.status })
    .where(
      and(
        inArray(bookings.id, [...new Set(changed.map((job) => job.bookingId))]),
        ne(bookings.status, options.status),
        notExists(otherJobs),
      ),
    );
  return changed.map((job) => job.id);
}
