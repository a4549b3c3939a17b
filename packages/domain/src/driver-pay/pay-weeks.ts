// Pay windows (spec 2 §9): weekly, Monday to Sunday (Europe/Dublin days), the page listing the past
// 6 weeks, newest first. Days are yyyy-MM-dd texts, as the API sends them.
import { addDays, dayPartsOf, recentWeeks, weekOf, weekdayOf, type CalendarWeek } from '../common/calendar-days.ts';

/** How many weeks the pay period dropdown lists (spec 2 §9). */
export const PAY_WEEKS_LISTED = 6;

/** A pay week: Monday to Sunday. */
export type PayWeek = CalendarWeek;

/** The pay week a day falls in. */
export const payWeekOf: (day: string) => PayWeek = weekOf;

/** The weeks the pay page offers: the one `today` is in and the ones before it, newest first. */
export function recentPayWeeks(today: string, count: number = PAY_WEEKS_LISTED): PayWeek[] {
  return recentWeeks(today, count);
}

/** True when start is a Monday and end the Sunday after it: the only windows pay periods have. */
export function isPayWeek(start: string, end: string): boolean {
  if (!dayPartsOf(start) || !dayPartsOf(end)) return false;
  return weekdayOf(start) === 1 && addDays(start, 6) === end;
}
