import { lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { AREAS, parseRoles } from '@courier/domain/auth/roles';
import { BOOKING_DEFAULT_PAGE_SIZE } from '@courier/domain/bookings/enums';
import { bookingQueryOf, bookingViewOf } from '@courier/domain/bookings/filter-views';
import { canSeePrices } from '@courier/domain/bookings/price-visibility';
import { bookingFilterOptionsQuery } from '@/api/bookings.ts';
import { screenRoute, sectionRoutes } from '@/routing/area-routes.ts';
import { startQuery } from '@/routing/start-query.ts';
import { sessionStore } from '@/session/session-store.ts';
import { bookingMarginsQuery, tagCountsQuery } from './api/booking-summary.ts';
import { bookingListQuery } from './api/list-bookings.ts';
import { bookingListSearchSchema, type BookingListSearch } from './booking-search.ts';
import { preloadFilterFormIfOpen } from './filter-form.ts';
import { filtersOf } from './use-booking-search.ts';

/**
 * What /bookings/list asks for first, as booking-list.tsx builds it for the URL's filters: the page,
 * and beside it the summary's margins (roles that see prices) and tag counts (not the ON/OS view),
 * which the first rows wait for (use-applied-search-results.ts); and the filters' choices (carrier
 * names), so they are there when the filters first draw, not a second, synchronous draw of the form
 * when they come.
 */
function startBookingList(search: BookingListSearch): void {
  const seePrices = canSeePrices(parseRoles(sessionStore.get().user?.roles ?? '[]'));
  const size = search.size ?? BOOKING_DEFAULT_PAGE_SIZE;
  const filters = filtersOf(search);
  const filter = bookingQueryOf({ filters, mode: {}, seePrices });
  startQuery(bookingListQuery({ ...filter, size, skip: (search.page ?? 0) * size }));
  if (seePrices) startQuery(bookingMarginsQuery(filter));
  if (bookingViewOf(filters.view, {}) !== 'ON_OS') startQuery(tagCountsQuery(filter, false));
  startQuery(bookingFilterOptionsQuery);
  preloadFilterFormIfOpen();
}

/** /bookings: the booking list, its filter in the URL. */
export function bookingsRoutes<TApp extends AnyRoute>(appRoute: TApp) {
  return sectionRoutes(
    appRoute,
    { path: '/bookings', name: 'appBooking', section: 'Bookings', roles: AREAS.bookings, index: '/bookings/list' },
    (bookings) => [
      screenRoute(bookings, {
        path: '/list',
        name: 'bookingList',
        validateSearch: bookingListSearchSchema,
        loader: ({ location }) => startBookingList(bookingListSearchSchema.parse(location.search)),
        component: lazyRouteComponent(() => import('./booking-list-screen.tsx'), 'BookingListScreen'),
      }),
    ],
  );
}
