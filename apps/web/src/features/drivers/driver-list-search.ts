import { z } from 'zod';
import { dublinToday } from '@courier/domain/common/calendar-days';
import { defaultActiveFrom } from '@courier/domain/drivers/active-from';
import { isInputDay } from '@courier/domain/common/input-checks';

/** The Active From value that lists every driver (the filter cleared). */
export const ANY_ACTIVE_FROM = 'any';

/** Parts of the driver slide-in a button of the list opens at. */
export const DRIVER_SLIDE_IN_SECTIONS = ['equipment'] as const;
export type DriverSlideInSection = (typeof DRIVER_SLIDE_IN_SECTIONS)[number];

/**
 * The driver list's filter in the URL (a bad value is dropped, never an error page). Without
 * activeFrom the list starts 14 days before today (spec 2 §9); 'any' lists every driver. `driver`
 * is the driver whose slide-in is open, `section` the part of it shown first.
 */
export const driverListSearchSchema = z.object({
  activeFrom: z
    .string()
    .refine((value) => value === ANY_ACTIVE_FROM || isInputDay(value))
    .optional()
    .catch(undefined),
  driver: z.number().int().min(1).optional().catch(undefined),
  /** The part of the driver's slide-in opened first: the equipment register from the Equipment column. */
  section: z.enum(DRIVER_SLIDE_IN_SECTIONS).optional().catch(undefined),
});

export type DriverListSearch = z.infer<typeof driverListSearchSchema>;

/** The day GET /drivers is asked for: the URL's, else the default; undefined lists every driver. */
export function activeFromOf(search: DriverListSearch, today: string = dublinToday()): string | undefined {
  if (search.activeFrom === ANY_ACTIVE_FROM) return undefined;
  return search.activeFrom ?? defaultActiveFrom(today);
}
