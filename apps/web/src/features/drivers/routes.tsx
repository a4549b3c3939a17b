import type { AnyRoute } from '@tanstack/react-router';
import { AREAS } from '@courier/domain/auth/roles';
import { screenRoute, sectionRoutes } from '@/routing/area-routes.ts';
import { placeholder } from '@/routing/guards.ts';

// The drivers' screens (and driver pay) arrive with their own issue; until then each route names itself.
/** /drivers: the driver list, driver setup, driver pay. */
export function driversRoutes<TApp extends AnyRoute>(appRoute: TApp) {
  return sectionRoutes(
    appRoute,
    { path: '/drivers', name: 'appDrivers', section: 'Drivers', roles: AREAS.driverList, index: '/drivers/list' },
    (drivers) => [
      screenRoute(drivers, { path: '/list', name: 'driverList', ...placeholder('The driver list') }),
      screenRoute(drivers, {
        path: '/setup',
        name: 'driverSetupList',
        roles: AREAS.driverSetup,
        ...placeholder('Driver setup'),
      }),
      screenRoute(drivers, { path: '/pay', name: 'driverPay', roles: AREAS.driverPay, ...placeholder('Driver pay') }),
    ],
  );
}
