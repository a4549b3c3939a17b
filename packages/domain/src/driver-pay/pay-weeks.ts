// Pay windows (spec 2 §9): weekly, Monday to Sunday (Europe/Dublin days), the page listing the past
// 6 weeks, newest first. Days are yyyy-MM-dd texts, as the API sends them.
import { addDays, dayPartsOf, weekdayOf } from '../common/calendar-days.ts';

/** How many weeks the pay period dropdown lists (spec 2 §9). */
export const PAY_WEEKS_LISTED = 6;

export interface PayWeek {
  /** The Monday. */
  start: string;
  /** The Sunday. */
  end: string;
}

/** The pay week a day falls in. */
export function payWeekOf(day: string): PayWeek {
  // weekdayOf: 0 = Sunday, so Sunday goes back 6 days and Monday 0.
  const start = addDays(day, -((weekdayOf(day) + 6) % 7));
  return { start, end: addDays(start, 6) };
}

/** The weeks the pay page offers: the one `today` is in and the ones before it, newest first. */
export function recentPayWeeks(today: string, count: number = PAY_WEEKS_LISTED): PayWeek[] {
  const current = payWeekOf(today);
  return Array.from({ length: count }, (_, index) => {
    const start = addDays(current.start, -7 * index);
    return { start, end: addDays(start, 6) };
  });
}

/** True when start is a Monday and end the Sunday after it: the only windows pay periods have. */
export function isPayWeek(start: string, end: string): boolean {
  if (!dayPartsOf(start) || !dayPartsOf(end)) return false;
  return weekdayOf(start) === 1 && addDays(start, 6) === end;
}
