import { BOOKING_MAX_PAGE_SIZE } from '@courier/domain/bookings/enums';
import {
  BOOKING_FILTER_FIELDS,
  FILTER_AMOUNT_MAX,
  FILTER_COUNT_MAX,
  FILTER_LIST_MAX_VALUES,
  FILTER_TEXT_MAX_LENGTH,
  isWindowText,
  type BookingFilterField,
} from '@courier/domain/bookings/filter-fields';
import { MODE_FILTER_KEYS, type BookingUserFilters } from '@courier/domain/bookings/filter-views';
import { isDateInRange } from '@courier/domain/common/input-checks';
import {
  choiceListParam,
  choiceParam,
  flagParam,
  idParam,
  numberParam,
  pageParam,
  searchParams,
  textParam,
  wholeNumberParam,
  type SearchOf,
  type SearchParam,
} from '@/routing/search-params.ts';

type UserFilterKey = keyof BookingUserFilters;

/** A filter as the URL carries it: checked as the API checks it (bookings/schemas.ts), a bad value dropped. */
function filterParam(field: BookingFilterField): SearchParam<unknown> {
  switch (field.kind) {
    case 'choice':
      return choiceParam(field.values, { anyCase: field.anyCase });
    case 'choices':
      return choiceListParam(field.values, { maxItems: FILTER_LIST_MAX_VALUES });
    case 'id':
      return idParam;
    case 'text':
      return textParam({ trim: true, maxLength: FILTER_TEXT_MAX_LENGTH });
    case 'window':
      return textParam({ trim: true, test: (text) => isWindowText(text) && isDateInRange(text) });
    case 'amount':
      return numberParam({ min: 0, max: FILTER_AMOUNT_MAX, coerce: true });
    case 'count':
      return wholeNumberParam({ min: 0, max: FILTER_COUNT_MAX, coerce: true });
    case 'flag':
      return flagParam;
  }
}

/**
 * Every filter the user may choose, checked exactly as the API checks it, under the API's names
 * (spec 2 §7), without the API's defaults (an unchosen sort stays out of the URL). Built from the
 * domain's filter fields, so a new filter reaches the URL, the query and the Run search logic by itself.
 */
const urlFilterParams = Object.fromEntries(
  Object.entries(BOOKING_FILTER_FIELDS)
    .filter(([key]) => !(MODE_FILTER_KEYS as readonly string[]).includes(key))
    .map(([key, field]) => [key, filterParam(field)]),
) as { [K in UserFilterKey]-?: SearchParam<NonNullable<BookingUserFilters[K]>> };

/** The filters' names, from the domain's fields: changing one resets the page and marks the search ready (spec 2 §4). */
export const BOOKING_FILTER_KEYS = Object.keys(urlFilterParams) as UserFilterKey[];

/**
 * The booking list's state in the URL (spec 2 §2: a filtered list is a link to share; back and
 * forward work): the filters, the page, the page size and the chosen place's name for its label.
 */
const bookingListParams = {
  ...urlFilterParams,
  // Bounded for the largest page size: a page whose skip the API refuses is a broken link.
  page: pageParam(BOOKING_MAX_PAGE_SIZE, { coerce: true }),
  size: wholeNumberParam({ min: 1, max: BOOKING_MAX_PAGE_SIZE, coerce: true }),
  placeName: textParam({ maxLength: 200 }),
};
export const bookingListSearchSchema = searchParams(bookingListParams);
export type BookingListSearch = SearchOf<typeof bookingListParams>;
