import { z } from 'zod';
import { dublinToday } from '@courier/domain/common/calendar-days';
import { defaultActiveFrom, isInputDay } from '@courier/domain/drivers/rules';

/** The Active From value that lists every driver (the filter cleared). */
export const ANY_ACTIVE_FROM = 'any';

/**
 * The driver list's filter in the URL (a bad value is dropped, never an error page). Without
 * activeFrom the list starts 14 days before today (spec 2 §9); 'any' lists every driver. `driver`
 * is the driver whose slide-in is open.
 */
export const driverListSearchSchema = z.object({
  activeFrom: z
    .string()
    .refine((value) => value === ANY_ACTIVE_FROM || isInputDay(value))
    .optional()
    .catch(undefined),
  driver: z.number().int().min(1).optional().catch(undefined),
});

export type DriverListSearch = z.infer<typeof driverListSearchSchema>;

/** The day GET /drivers is asked for: the URL's, else the default; undefined lists every driver. */
export function activeFromOf(search: DriverListSearch, today: string = dublinToday()): string | undefined {
  if (search.activeFrom === ANY_ACTIVE_FROM) return undefined;
  return search.activeFrom ?? defaultActiveFrom(today);
}
