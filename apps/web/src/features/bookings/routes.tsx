import { lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { AREAS } from '@courier/domain/auth/roles';
import { screenRoute, sectionRoutes } from '@/routing/area-routes.ts';
import { bookingListSearchSchema } from './booking-search.ts';

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
        component: lazyRouteComponent(() => import('./booking-list-screen.tsx'), 'BookingListScreen'),
      }),
    ],
  );
}
