import { z } from 'zod';
import { dublinToday } from '@courier/domain/common/calendar-days';
import { recentPayWeeks, type PayWeek } from '@courier/domain/driver-pay/pay-weeks';

/**
 * The pay screen's URL: the week shown (its Monday) and the Display Zero Totals toggle. A bad or
 * old week is dropped (the current week shows), never an error page.
 */
export const driverPaySearchSchema = z.object({
  week: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
  zeros: z.boolean().optional().catch(undefined),
});

export type DriverPaySearch = z.infer<typeof driverPaySearchSchema>;

/** The week the screen shows: the URL's when it is one of the weeks listed, else the current one. */
export function payWeekOfSearch(search: DriverPaySearch, today: string = dublinToday()): PayWeek {
  const weeks = recentPayWeeks(today);
  return weeks.find((week) => week.start === search.week) ?? (weeks[0] as PayWeek);
}
