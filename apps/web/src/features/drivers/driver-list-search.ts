import { dublinToday } from '@courier/domain/common/calendar-days';
import { isInputDay } from '@courier/domain/common/input-checks';
import { defaultActiveFrom } from '@courier/domain/drivers/active-from';
import { choiceParam, searchParams, textParam, wholeNumberParam, type SearchOf } from '@/routing/search-params.ts';

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
const driverListParams = {
  activeFrom: textParam({ test: (text) => text === ANY_ACTIVE_FROM || isInputDay(text) }),
  driver: wholeNumberParam({ min: 1 }),
  /** The part of the driver's slide-in opened first: the equipment register from the Equipment column. */
  section: choiceParam(DRIVER_SLIDE_IN_SECTIONS),
};
export const driverListSearchSchema = searchParams(driverListParams);

export type DriverListSearch = SearchOf<typeof driverListParams>;

/** The day GET /drivers is asked for: the URL's, else the default; undefined lists every driver. */
export function activeFromOf(search: DriverListSearch, today: string = dublinToday()): string | undefined {
  if (search.activeFrom === ANY_ACTIVE_FROM) return undefined;
  return search.activeFrom ?? defaultActiveFrom(today);
}
