import { lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { AREAS } from '@courier/domain/auth/roles';
import { addressBookQuery } from '@/api/address-book.ts';
import { screenAreaRoute } from '@/routing/area-routes.ts';
import { startQuery } from '@/routing/start-query.ts';

/** /addresses: the public address book. */
export function addressesRoutes<TApp extends AnyRoute>(appRoute: TApp) {
  return screenAreaRoute(appRoute, {
    path: '/addresses',
    name: 'appAddresses',
    section: 'Addresses',
    roles: AREAS.addresses,
    // The public address book starts loading with the screen's code.
    loader: () => startQuery(addressBookQuery(null)),
    component: lazyRouteComponent(() => import('./addresses-screen.tsx'), 'AddressesScreen'),
  });
}
