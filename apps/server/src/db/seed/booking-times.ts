import type { bookingJobs, bookingTasks, bookings } from '../schema/index.ts';

type Stamp = Date | null | undefined;

interface BookingTimes {
  booking: typeof bookings.$inferInsert;
  jobs: {
    job: Omit<typeof bookingJobs.$inferInsert, 'bookingId'>;
    tasks: Omit<typeof bookingTasks.$inferInsert, 'jobId'>[];
  }[];
}

const SETTLED = new Set(['delivered', 'cancelled', 'failed']);

const later = (a: number, stamp: Stamp) => (stamp ? Math.max(a, stamp.getTime()) : a);
const earlier = (stamp: Stamp, ms: number): Stamp => (stamp ? new Date(stamp.getTime() - ms) : stamp);
const windowEarlier = (value: string | null, ms: number) =>
  value ? new Date(Date.parse(value) - ms).toISOString() : value;

/**
 * The latest moment of a generated booking that has already happened: its creation, every status
 * update, collection, delivery and completed stop, and for settled work (delivered, cancelled,
 * failed) its collection time and ETAs too, which by then lie in the past.
 */
export function latestHappened(entry: BookingTimes): number {
  const settled = SETTLED.has(entry.booking.status);
  let latest = later(0, entry.booking.createdAt);
  if (settled) latest = later(latest, entry.booking.collectionTime);
  for (const { job, tasks } of entry.jobs) {
    for (const stamp of [job.createdAt, job.lastStatusUpdate, job.collectedAt, job.deliveryTime])
      latest = later(latest, stamp);
    if (settled) for (const stamp of [job.collectionEta, job.deliveryEta]) latest = later(latest, stamp);
    for (const task of tasks) latest = later(latest, task.completedAt);
  }
  return latest;
}

/**
 * Demo work is never stamped later than now (issue 10: a delivery 'done' at 15:00 when the demo
 * starts at 09:00). The days are counted from today's noon so every run of a day makes the same
 * data; a booking whose past reaches beyond `now` moves back as a whole, its times keeping their
 * spacing, with no random draw, so the rest of the demo data stays the same.
 */
export function keepInThePast(entry: BookingTimes, now: Date): void {
  const shift = latestHappened(entry) - now.getTime();
  if (shift <= 0) return;
  const { booking } = entry;
  booking.createdAt = earlier(booking.createdAt, shift) ?? booking.createdAt;
  booking.collectionTime = earlier(booking.collectionTime, shift);
  for (const { job, tasks } of entry.jobs) {
    job.createdAt = earlier(job.createdAt, shift) ?? job.createdAt;
    job.lastStatusUpdate = earlier(job.lastStatusUpdate, shift);
    job.collectionEta = earlier(job.collectionEta, shift);
    job.deliveryEta = earlier(job.deliveryEta, shift);
    job.collectedAt = earlier(job.collectedAt, shift);
    job.deliveryTime = earlier(job.deliveryTime, shift);
    if (job.windows)
      job.windows = {
        collectionStart: windowEarlier(job.windows.collectionStart, shift),
        collectionEnd: windowEarlier(job.windows.collectionEnd, shift),
        deliveryStart: windowEarlier(job.windows.deliveryStart, shift),
        deliveryEnd: windowEarlier(job.windows.deliveryEnd, shift),
      };
    for (const task of tasks) task.completedAt = earlier(task.completedAt, shift);
  }
}
