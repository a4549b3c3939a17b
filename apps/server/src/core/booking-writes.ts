import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { bookingJobs, bookings, bookingTasks } from '../db/schema/index.ts';
import { recordJobEvents, SYSTEM_CAUSE, type JobEventCause } from './job-events.ts';

export type NewBookingValues = Omit<typeof bookings.$inferInsert, 'id' | 'exVatPrice' | 'driverPrice'>;
export type NewJobValues = Omit<typeof bookingJobs.$inferInsert, 'id' | 'bookingId' | 'reference'>;
export type NewTaskValues = Omit<typeof bookingTasks.$inferInsert, 'id' | 'jobId' | 'reference' | 'position'>;

/** A booking to write, with its jobs and each job's stops in order. */
export interface NewBooking {
  booking: NewBookingValues;
  jobs: { job: NewJobValues; tasks: NewTaskValues[] }[];
}

/**
 * Writes new bookings with their jobs and tasks, a few statements for the whole list, inside the
 * caller's transaction. Job references are `{booking}-{n}` and task references `{job}-T{n}`, as
 * everywhere else. A booking that would repeat a unique key (its reference, or a set call's day) is
 * left out with its jobs, so writing the same list twice writes it once. The booking's charge and
 * driver pay are its jobs' sums, summed in SQL. Each job written gets its 'created' tracking event,
 * caused by `cause`. Returns the ids of the bookings written, by reference.
 */
export async function insertNewBookings(
  tx: DbOrTx,
  list: readonly NewBooking[],
  cause: JobEventCause = SYSTEM_CAUSE,
): Promise<Map<string, number>> {
  if (list.length === 0) return new Map();
  const written = await tx
    .insert(bookings)
    .values(list.map((entry) => entry.booking))
    .onConflictDoNothing()
    .returning({ id: bookings.id, reference: bookings.reference });
  const idOf = new Map(written.map((row) => [row.reference, row.id]));
  if (idOf.size === 0) return idOf;

  const jobs = list.flatMap((entry) => {
    const bookingId = idOf.get(entry.booking.reference);
    if (bookingId === undefined) return [];
    return entry.jobs.map(({ job, tasks }, index) => ({
      values: { ...job, bookingId, reference: `${entry.booking.reference}-${index + 1}` },
      tasks,
    }));
  });
  const jobRows = await tx
    .insert(bookingJobs)
    .values(jobs.map((entry) => entry.values))
    .returning({ id: bookingJobs.id, reference: bookingJobs.reference });
  const jobIdOf = new Map(jobRows.map((row) => [row.reference, row.id]));
  const tasks = jobs.flatMap(({ values, tasks: stops }) =>
    stops.map((task, position) => ({
      ...task,
      jobId: jobIdOf.get(values.reference) as number,
      reference: `${values.reference}-T${position + 1}`,
      position,
    })),
  );
  if (tasks.length > 0) await tx.insert(bookingTasks).values(tasks);
  await recordJobEvents(
    tx,
    jobRows.map((row) => ({ jobId: row.id, status: 'created' as const, cause })),
  );

  await tx
    .update(bookings)
    .set({
      exVatPrice: sql`(select coalesce(sum(${bookingJobs.customerCharge}), 0) from ${bookingJobs} where ${bookingJobs.bookingId} = ${bookings.id})`,
      driverPrice: sql`(select coalesce(sum(${bookingJobs.driverPrice}), 0) from ${bookingJobs} where ${bookingJobs.bookingId} = ${bookings.id})`,
    })
    .where(inArray(bookings.id, [...idOf.values()]));
  return idOf;
}
