import { dublinToday } from '@courier/domain/common/calendar-days';
import { recentPayWeeks, type PayWeek } from '@courier/domain/driver-pay/pay-weeks';
import { booleanParam, searchParams, textParam, type SearchOf } from '@/routing/search-params.ts';

/**
 * The pay screen's URL: the week shown (its Monday) and the Display Zero Totals toggle. A bad or
 * old week is dropped (the current week shows), never an error page.
 */
const driverPayParams = {
  week: textParam({ test: (text) => /^\d{4}-\d{2}-\d{2}$/.test(text) }),
  zeros: booleanParam,
};
export const driverPaySearchSchema = searchParams(driverPayParams);

export type DriverPaySearch = SearchOf<typeof driverPayParams>;

/** The week the screen shows: the URL's when it is one of the weeks listed, else the current one. */
export function payWeekOfSearch(search: DriverPaySearch, today: string = dublinToday()): PayWeek {
  const weeks = recentPayWeeks(today);
  return weeks.find((week) => week.start === search.week) ?? (weeks[0] as PayWeek);
}
