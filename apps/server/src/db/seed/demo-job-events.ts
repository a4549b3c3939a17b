import { toIsoDay } from '@courier/domain/common/dates';
import type { bookingJobs, bookings, jobStatusEvents } from '../schema/index.ts';

export type DemoEventRow = Omit<typeof jobStatusEvents.$inferInsert, 'id' | 'jobId'>;

interface DemoBooking {
  booking: typeof bookings.$inferInsert;
  jobs: { job: Omit<typeof bookingJobs.$inferInsert, 'bookingId'>; events?: DemoEventRow[] }[];
}

/** Who the demo's events name: users by id, carriers by id. */
export interface DemoEventNames {
  users: Map<number, string>;
  carriers: Map<number, string>;
}

type Cause = Pick<DemoEventRow, 'causeKind' | 'causedByUserId' | 'causedBy'>;

const SYSTEM: Cause = { causeKind: 'system', causedByUserId: null, causedBy: 'System' };
const SET_CALL_RUN: Cause = { causeKind: 'system', causedByUserId: null, causedBy: 'Set call run' };

const latest = (...stamps: (Date | null | undefined)[]): Date =>
  new Date(Math.max(...stamps.flatMap((stamp) => (stamp ? [stamp.getTime()] : []))));

function userCause(names: DemoEventNames, userId: number | null | undefined): Cause | undefined {
  const name = userId ? names.users.get(userId) : undefined;
  return userId && name ? { causeKind: 'user', causedByUserId: userId, causedBy: name } : undefined;
}

/**
 * The tracking history of the demo's jobs (issue 14), from the times the demo gave them: booked (by
 * the set call's run, the staff member who placed it, or the customer), collected when their goods
 * were, then delivered, failed or cancelled as their status says. The collecting and delivering is
 * the job's driver's (a carrier's on ON / OS work without one). Times never run backwards: an ending
 * is never before the collection it follows. A quote is not booked yet: it has no history.
 */
export function addDemoJobEvents(entry: DemoBooking, names: DemoEventNames): void {
  const { booking } = entry;
  const booker =
    booking.setCallId !== null && booking.setCallId !== undefined
      ? SET_CALL_RUN
      : (userCause(names, booking.staffId) ?? userCause(names, booking.userId) ?? SYSTEM);
  const canceller = userCause(names, booking.staffId) ?? userCause(names, booking.userId) ?? SYSTEM;
  for (const entryJob of entry.jobs) {
    const { job } = entryJob;
    if (job.status === 'quote') {
      entryJob.events = [];
      continue;
    }
    const carrier = job.carrierId ? names.carriers.get(job.carrierId) : undefined;
    const mover: Cause = job.driverNumber
      ? { causeKind: 'driver', causedByUserId: null, causedBy: `Driver ${job.driverNumber}` }
      : carrier
        ? { causeKind: 'system', causedByUserId: null, causedBy: carrier }
        : SYSTEM;
    const created = job.createdAt ?? booking.createdAt ?? new Date();
    const events: DemoEventRow[] = [{ status: 'created', at: created, ...booker, detail: '' }];
    const collected = job.collectedAt ? latest(created, job.collectedAt) : null;
    if (collected) events.push({ status: 'collected', at: collected, ...mover, detail: '' });
    if (job.status === 'delivered')
      events.push({
        status: 'delivered',
        at: latest(created, collected, job.deliveryTime ?? job.lastStatusUpdate),
        ...mover,
        detail: job.signedBy ? `Signed for by ${job.signedBy}` : '',
      });
    else if (job.status === 'failed')
      events.push({ status: 'failed', at: latest(created, collected, job.lastStatusUpdate), ...mover, detail: '' });
    else if (job.status === 'cancelled')
      events.push({ status: 'cancelled', at: latest(created, job.lastStatusUpdate), ...canceller, detail: '' });
    entryJob.events = events;
  }
}

/**
 * Demo bookings tagged SET_CALL that their company's set calls made (issue 14: a set call's booking
 * links to it): each takes one of its company's set calls, in turn, for the Dublin day it was
 * booked, once per set call and day (the unique key a real run keeps). Today's are left unlinked, so
 * the set call run of the day the demo starts still books them. No random draw: the rest of the demo
 * stays the same.
 */
export function linkDemoSetCalls(generated: DemoBooking[], setCallsOf: Map<number, number[]>, today: string): void {
  const taken = new Set<string>();
  let turn = 0;
  for (const { booking, jobs } of generated) {
    if (!jobs.some(({ job }) => job.tags?.includes('SET_CALL'))) continue;
    const choices = setCallsOf.get(booking.companyId);
    if (!choices || choices.length === 0 || !booking.createdAt || booking.status === 'quote') continue;
    const day = toIsoDay(booking.createdAt);
    if (day >= today) continue;
    const setCallId = choices[turn++ % choices.length] as number;
    const key = `${setCallId} ${day}`;
    if (taken.has(key)) continue;
    taken.add(key);
    booking.setCallId = setCallId;
    booking.setCallDate = day;
  }
}
