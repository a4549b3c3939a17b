// The driver list's Active From filter (spec 2 §2 'Drivers', §9). Without zod, so the list's route
// reads its URL and starts its request before any schema is built (issue 10).
import { addDays } from '../common/calendar-days.ts';

/** Days before today the list's Active From filter starts at (spec 2 §9). */
export const ACTIVE_FROM_DEFAULT_DAYS = 14;

/** The Active From filter's default: 14 days before today (a yyyy-MM-dd day). */
export function defaultActiveFrom(today: string): string {
  return addDays(today, -ACTIVE_FROM_DEFAULT_DAYS);
}
