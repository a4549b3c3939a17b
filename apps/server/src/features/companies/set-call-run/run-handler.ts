import { dayPartsOf, formatDay } from '@courier/domain/common/calendar-days';
import { formatTime, toIsoDay } from '@courier/domain/common/dates';
import { irishDayOff, isIrishWorkingDay } from '@courier/domain/common/irish-holidays';
import { setCallRunsForDay, type SetCallRun } from '@courier/domain/companies/set-call-runs';
import { scheduleEntrySchema } from '@courier/domain/companies/set-call-schedule';
import { insertNewBookings, type NewBooking } from '../../../core/booking-writes.ts';
import { SET_CALL_RUN_CAUSE } from '../../../core/job-events.ts';
import type { BackgroundRun, RunHandler } from '../../../platform/background/runner.ts';
import type { RunLogEntry } from '../../../platform/background/run-log.ts';
import { loadBookingContext, nextActiveSetCalls, type SetCallRow } from './queries.ts';
import { setCallBooking } from './set-call-booking.ts';

/** The background run kind that books a day's set calls. */
export const SET_CALL_RUN_KIND = 'set-call-run';
export const DEFAULT_SET_CALL_BATCH = 200;

/** What a set call run is queued with: the day to book; a scheduled run books the day of its slot. */
export interface SetCallRunParams {
  /** yyyy-MM-dd */
  day?: string;
}

interface SetCallRunState {
  cursor: number;
  made: number;
  existing: number;
}

/** The Dublin day a run books: its params' day, else its slot's (or, queued by hand, its creation's). */
function dayOfRun(run: BackgroundRun): string {
  const { day } = run.params as SetCallRunParams;
  if (day !== undefined) {
    if (typeof day !== 'string' || !dayPartsOf(day))
      throw new Error(`The day to book, "${String(day)}", is not a yyyy-MM-dd day.`);
    return day;
  }
  return toIsoDay(run.slot ?? run.createdAt);
}

const schedulesOf = (row: SetCallRow) => scheduleEntrySchema.array().safeParse(row.schedule);

/**
 * Books a day's set calls (issue 14), one batch of active set calls (by id) per step, each step
 * committing its bookings with the run's cursor, so 5,000 set calls commit 200 at a time and a
 * crashed run resumes after its last batch. A set call's day is booked once whatever happens: a
 * repeated step, the same day run twice, or two servers at once all meet the unique (set call, day)
 * of bookings, and the later insert leaves the booking out. On a day off nothing is booked; set calls
 * with pushHolidays are booked on the next working day, the others skip it (set-call-runs.ts).
 */
export function setCallRunHandler({ batchSize = DEFAULT_SET_CALL_BATCH }: { batchSize?: number } = {}): RunHandler {
  return {
    async step({ tx, run, log }) {
      const day = dayOfRun(run);
      const state: SetCallRunState = { cursor: 0, made: 0, existing: 0, ...(run.state as Partial<SetCallRunState>) };
      if (!isIrishWorkingDay(day)) {
        const dayOff = irishDayOff(day);
        await log([
          {
            level: 'info',
            message: `${formatDay(day)} is ${dayOff ? dayOff.name : 'a weekend'}: no set calls run. Those that push holidays are booked on the next working day.`,
          },
        ]);
        return { state, done: 0, errors: 0, finished: true };
      }

      const rows = await nextActiveSetCalls(tx, state.cursor, batchSize);
      const entries: RunLogEntry[] = [];
      const due: { row: SetCallRow; run: SetCallRun }[] = [];
      let errors = 0;
      for (const row of rows) {
        const schedule = schedulesOf(row);
        if (!schedule.success) {
          errors++;
          entries.push({
            level: 'error',
            entityId: String(row.id),
            message: `Set call ${row.id}: not booked, its schedule is not valid. Save its schedule again.`,
          });
          continue;
        }
        for (const setCallRun of setCallRunsForDay({ ...row, schedule: schedule.data }, day))
          due.push({ row, run: setCallRun });
      }

      const context = await loadBookingContext(
        tx,
        due.map((entry) => entry.row),
      );
      const drafts: { booking: NewBooking; setCallId: number; priced: string; run: SetCallRun }[] = [];
      const failed = new Set<number>();
      for (const { row, run: setCallRun } of due) {
        const built = setCallBooking(row, setCallRun, context);
        if (built.ok) drafts.push({ booking: built.booking, setCallId: row.id, priced: built.priced, run: setCallRun });
        else {
          failed.add(row.id);
          entries.push({
            level: 'error',
            entityId: String(row.id),
            message: `Set call ${row.id}: not booked for ${formatDay(setCallRun.scheduledDay)}, ${built.message}`,
          });
        }
      }
      errors += failed.size;

      const written = await insertNewBookings(
        tx,
        drafts.map((draft) => draft.booking),
        SET_CALL_RUN_CAUSE,
      );
      for (const draft of drafts) {
        const reference = draft.booking.booking.reference;
        const time = draft.run.collectionAt;
        if (written.has(reference)) {
          state.made++;
          entries.push({
            level: 'change',
            entityId: reference,
            message: `Set call ${draft.setCallId}: booked ${reference} for collection at ${formatDay(draft.run.day)} ${formatTime(time)}${draft.run.pushedFrom ? ` (moved from ${draft.run.pushedFrom.name})` : ''}, priced with ${draft.priced}.`,
          });
        } else state.existing++;
      }
      state.cursor = rows.at(-1)?.id ?? state.cursor;

      const finished = rows.length < batchSize;
      if (finished) {
        const totalErrors = run.errors + errors;
        entries.push({
          level: 'info',
          message: `Finished ${formatDay(day)}: ${state.made} set call bookings made${state.existing > 0 ? `, ${state.existing} already booked` : ''}${totalErrors > 0 ? `, ${totalErrors} set calls could not be booked (see the errors above)` : ', no errors'}.`,
        });
      }
      await log(entries);
      return { state: { ...state }, done: rows.length, errors, finished };
    },
  };
}

/** The background-run handlers of the companies area, for the server's runner. */
export function setCallRunHandlers(options: { batchSize?: number } = {}): Record<string, RunHandler> {
  return { [SET_CALL_RUN_KIND]: setCallRunHandler(options) };
}
