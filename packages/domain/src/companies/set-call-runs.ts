// When a set call runs (spec 1 §3 'Set call', 'Schedule entry'; §4 'Set call'; issue 14): its
// schedule (set-call-schedule.ts) names the days; on an Irish day off (irish-holidays.ts: a public
// holiday or the working day observed for one on a weekend) it is skipped, or, when the set call's
// pushHolidays ('reschedule') is on, collected on the next working day instead, at its own time.
import { addDays, instantOfDublinTime } from '../common/calendar-days.ts';
import { irishDayOff, isIrishWorkingDay, type IrishDayOff } from '../common/irish-holidays.ts';
import { setCallRunsOn, type CollectionTime, type ScheduleEntry } from './set-call-schedule.ts';

/** What decides when a set call runs: the set_calls columns of the same names. */
export interface SetCallTimetable {
  active: boolean;
  pushHolidays: boolean;
  schedule: readonly ScheduleEntry[];
}

/** One collection of a set call on a day. */
export interface SetCallRun {
  /** The day the schedule names (yyyy-MM-dd): a day off when the run was pushed. */
  scheduledDay: string;
  /** The day of the collection (yyyy-MM-dd). */
  day: string;
  collectionTime: CollectionTime;
  /** The collection time on `day` in Europe/Dublin, as an instant. */
  collectionAt: Date;
  /** The day off the run was pushed from, or null for a run on its own day. */
  pushedFrom: IrishDayOff | null;
}

// The longest run of days off is four (Christmas 2026: Friday 25 to Monday 28, St Stephen's observed);
// two weeks is a safe bound on looking back.
const LONGEST_LOOK_BACK_DAYS = 14;

function runOn(entry: ScheduleEntry, scheduledDay: string, day: string, pushedFrom: IrishDayOff | null): SetCallRun {
  return {
    scheduledDay,
    day,
    collectionTime: { ...entry.collectionTime },
    collectionAt: instantOfDublinTime({ day, ...entry.collectionTime }),
    pushedFrom,
  };
}

/**
 * The collections of a set call on a day (yyyy-MM-dd), earliest scheduled day first. None when the
 * set call is inactive or the day is not a working day (a weekend, a public holiday, an observed
 * holiday). On a working day: its own scheduled run, and, with pushHolidays, the runs scheduled on
 * the days off just before it (since the last working day), each at its own collection time. Each
 * pushed run stays a run of its own: a set call scheduled on Christmas Day, St Stephen's Day and the
 * next Monday gives three collections that Monday, so no collection is lost. Without pushHolidays a
 * run scheduled on a day off is skipped.
 */
export function setCallRunsForDay(setCall: SetCallTimetable, day: string): SetCallRun[] {
  if (!setCall.active || !isIrishWorkingDay(day)) return [];
  const runs: SetCallRun[] = [];
  const own = setCallRunsOn(setCall, day);
  if (own) runs.push(runOn(own, day, day, null));
  if (!setCall.pushHolidays) return runs;
  for (let back = 1; back <= LONGEST_LOOK_BACK_DAYS; back++) {
    const earlier = addDays(day, -back);
    if (isIrishWorkingDay(earlier)) break;
    const dayOff = irishDayOff(earlier);
    if (!dayOff) continue; // a weekend: set calls never run then
    const entry = setCallRunsOn(setCall, earlier);
    if (entry) runs.unshift(runOn(entry, earlier, day, dayOff));
  }
  return runs;
}
