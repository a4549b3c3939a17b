import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { AREAS } from '@courier/domain/auth/roles';
import { guarded } from '@/routing/guards.ts';

/** /addresses: the public address book. */
export function addressesRoutes<TApp extends AnyRoute>(appRoute: TApp) {
  return createRoute({
    getParentRoute: () => appRoute,
    path: '/addresses',
    staticData: { name: 'appAddresses', section: 'Addresses' },
    beforeLoad: guarded(AREAS.addresses),
    component: lazyRouteComponent(() => import('./addresses-screen.tsx'), 'AddressesScreen'),
  });
}
