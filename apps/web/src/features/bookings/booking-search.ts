import { z } from 'zod';
import { BOOKING_MAX_PAGE_SIZE } from '@courier/domain/bookings/enums';
import { MODE_FILTER_KEYS, type BookingUserFilters } from '@courier/domain/bookings/filter-views';
import { bookingFilterShape } from '@courier/domain/bookings/schemas';

/** A value read from the URL: never an error page, a bad value is simply dropped. */
const loose = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

type UserFilterKey = keyof BookingUserFilters;
type UrlFilterShape = {
  [K in UserFilterKey]-?: z.ZodCatch<z.ZodOptional<z.ZodType<NonNullable<BookingUserFilters[K]>>>>;
};

/**
 * Every filter the user may choose, checked exactly as the API checks it, under the API's names
 * (spec 2 §7), without the API's defaults (an unchosen sort stays out of the URL). Derived from the
 * domain's filter, so a new filter reaches the URL, the query and the Run search logic by itself.
 */
const urlFilterShape = Object.fromEntries(
  Object.entries(bookingFilterShape)
    .filter(([key]) => !(MODE_FILTER_KEYS as readonly string[]).includes(key))
    .map(([key, schema]) => [key, loose(schema instanceof z.ZodDefault ? schema.removeDefault() : schema)]),
) as unknown as UrlFilterShape;

/** The filters' names, from the domain's shape: changing one resets the page and marks the search ready (spec 2 §4). */
export const BOOKING_FILTER_KEYS = Object.keys(urlFilterShape) as UserFilterKey[];

/**
 * The booking list's state in the URL (spec 2 §2: a filtered list is a link to share; back and
 * forward work): the filters, the page, the page size and the chosen place's name for its label.
 */
export const bookingListSearchSchema = z.object({
  ...urlFilterShape,
  page: loose(z.coerce.number().int().min(0)),
  size: loose(z.coerce.number().int().min(1).max(BOOKING_MAX_PAGE_SIZE)),
  placeName: loose(z.string().max(200)),
});
export type BookingListSearch = z.infer<typeof bookingListSearchSchema>;
