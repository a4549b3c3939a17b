import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { AREAS } from '@courier/domain/auth/roles';
import { guarded, redirectIndex } from '@/routing/guards.ts';
import { bookingListSearchSchema } from './booking-search.ts';

/** /bookings: the booking list, its filter in the URL. */
export function bookingsRoutes<TApp extends AnyRoute>(appRoute: TApp) {
  const bookingsRoute = createRoute({
    getParentRoute: () => appRoute,
    path: '/bookings',
    staticData: { name: 'appBooking', section: 'Bookings' },
    beforeLoad: guarded(AREAS.bookings),
  });
  // Declared before addChildren rather than inside it, so each child's types are inferred on their own.
  const children = [
    createRoute({
      getParentRoute: () => bookingsRoute,
      path: '/',
      beforeLoad: redirectIndex('/bookings/list'),
    }),
    createRoute({
      getParentRoute: () => bookingsRoute,
      path: '/list',
      staticData: { name: 'bookingList' },
      validateSearch: bookingListSearchSchema,
      component: lazyRouteComponent(() => import('./booking-list-screen.tsx'), 'BookingListScreen'),
    }),
  ] as const;
  return bookingsRoute.addChildren([...children]);
}
