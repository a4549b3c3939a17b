import { lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { AREAS } from '@courier/domain/auth/roles';
import { areaRoute } from '@/routing/area-routes.ts';

/** /addresses: the public address book. */
export function addressesRoutes<TApp extends AnyRoute>(appRoute: TApp) {
  return areaRoute(appRoute, {
    path: '/addresses',
    name: 'appAddresses',
    section: 'Addresses',
    roles: AREAS.addresses,
    component: lazyRouteComponent(() => import('./addresses-screen.tsx'), 'AddressesScreen'),
  });
}
