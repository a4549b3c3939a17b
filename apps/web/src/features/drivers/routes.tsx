import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { AREAS } from '@courier/domain/auth/roles';
import { guarded, placeholder, redirectIndex } from '@/routing/guards.ts';

// The drivers' screens (and driver pay) arrive with their own issue; until then each route names itself.
/** /drivers: the driver list, driver setup, driver pay. */
export function driversRoutes<TApp extends AnyRoute>(appRoute: TApp) {
  const driversRoute = createRoute({
    getParentRoute: () => appRoute,
    path: '/drivers',
    staticData: { name: 'appDrivers', section: 'Drivers' },
    beforeLoad: guarded(AREAS.driverList),
  });
  // Declared before addChildren rather than inside it, so each child's types are inferred on their own.
  const children = [
    createRoute({
      getParentRoute: () => driversRoute,
      path: '/',
      beforeLoad: redirectIndex('/drivers/list'),
    }),
    createRoute({
      getParentRoute: () => driversRoute,
      path: '/list',
      staticData: { name: 'driverList' },
      ...placeholder('The driver list'),
    }),
    createRoute({
      getParentRoute: () => driversRoute,
      path: '/setup',
      staticData: { name: 'driverSetupList' },
      beforeLoad: guarded(AREAS.driverSetup),
      ...placeholder('Driver setup'),
    }),
    createRoute({
      getParentRoute: () => driversRoute,
      path: '/pay',
      staticData: { name: 'driverPay' },
      beforeLoad: guarded(AREAS.driverPay),
      ...placeholder('Driver pay'),
    }),
  ] as const;
  return driversRoute.addChildren([...children]);
}
